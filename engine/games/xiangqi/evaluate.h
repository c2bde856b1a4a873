// Static evaluation of Xiangqi: material, mobility of the rook, horse and cannon, soldier
// advancement after the river and basic king safety (defenders left, attackers in and
// around the enemy palace), tapered between middlegame and endgame. Every weight is a named
// parameter (XiangqiEvalSpecs), so SPSA jobs on the farm can tune it.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_EVALUATE_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_EVALUATE_H_

#include <vector>

#include "engine/core/params.h"
#include "engine/games/xiangqi/position.h"

namespace tumen::xiangqi {

// Indexes into XiangqiEvalSpecs(); Mg/Eg pairs are middlegame and endgame weights.
enum EvalParam : int {
  kSoldierMg,
  kSoldierEg,
  kAdvisorMg,
  kAdvisorEg,
  kElephantMg,
  kElephantEg,
  kHorseMg,
  kHorseEg,
  kCannonMg,
  kCannonEg,
  kRookMg,
  kRookEg,
  kHorseMobilityMg,
  kHorseMobilityEg,
  kCannonMobilityMg,
  kCannonMobilityEg,
  kRookMobilityMg,
  kRookMobilityEg,
  kSoldierCrossedMg,  // once across the river
  kSoldierCrossedEg,
  kSoldierAdvanceMg,  // per rank beyond the river
  kSoldierAdvanceEg,
  kSoldierCentreMg,    // on the three middle files after the river
  kSoldierLastRankEg,  // a soldier on the last rank can only go sideways
  kMissingAdvisorMg,   // per missing advisor, scaled by the enemy's attackers
  kMissingElephantMg,
  kPalaceAttackWeight,  // per attacking piece reaching the enemy palace
  kKingOffFileMg,       // king left its start file
  kCentralCannonMg,     // a cannon on the king's file facing it
  kTempo,
  kEvalParamCount
};

const std::vector<ParamSpec>& XiangqiEvalSpecs();

// Score in centipawns for the side to move.
int Evaluate(const Position& pos, const ParamValues& params);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_EVALUATE_H_
