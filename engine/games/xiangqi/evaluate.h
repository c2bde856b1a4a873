// Static evaluation of Xiangqi: material, mobility of the rook, horse and cannon, soldier
// advancement after the river, piece-square terms, threats and basic king safety (defenders left,
// attackers in and around the enemy palace), tapered between middlegame and endgame. Every weight
// is a named parameter (XiangqiEvalSpecs), so SPSA jobs on the farm can tune it.
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
  kThreatBySoldierMg,  // an enemy horse, cannon or rook our soldier attacks
  kThreatBySoldierEg,
  kThreatOnRookMg,  // an enemy rook our horse or cannon attacks
  kThreatOnRookEg,
  kHangingMg,  // an enemy piece (not the king) we attack that nothing of theirs defends
  kHangingEg,
  // Piece-square terms (PstIndex below): the rest of the enum.
  kPstFirst,
};

// Piece-square terms: for each piece type and phase, a weight per file pair (a/i .. d/f, and
// e alone) and one per rank counted from its own side, added (0 by default).
constexpr int kPstKinds = 7;  // soldier .. king, in PieceType order
constexpr int kPstFiles = 5;
constexpr int kPstWeightsPerTable = kPstFiles + 10;
constexpr int kEvalParamCount = kPstFirst + kPstKinds * 2 * kPstWeightsPerTable;

// The index of a piece-square weight: `file_or_rank` is 0..4 (a/i .. e) for a file weight,
// 5 + the relative rank (0..9) for a rank weight; `endgame` picks the phase.
constexpr int PstIndex(PieceType type, bool endgame, int file_or_rank) {
  return kPstFirst + ((int(type) - 1) * 2 + (endgame ? 1 : 0)) * kPstWeightsPerTable + file_or_rank;
}

const std::vector<ParamSpec>& XiangqiEvalSpecs();

// Score in centipawns for the side to move.
int Evaluate(const Position& pos, const ParamValues& params);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_EVALUATE_H_
