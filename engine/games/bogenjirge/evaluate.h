// Static evaluation of bogenjirge: deer mobility and jump threats against dog enclosure,
// dogs remaining and in hand, and the deer's distance to the big square. Every weight is a
// named parameter (BogenjirgeEvalSpecs), so SPSA jobs on the farm can tune it.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_EVALUATE_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_EVALUATE_H_

#include <vector>

#include "engine/core/params.h"
#include "engine/games/bogenjirge/position.h"

namespace tumen::bogenjirge {

enum EvalParam : int {
  kDeerMobility,    // per deer step or jump available (deer's view)
  kDeerJumpThreat,  // per jump capture available to the deer
  kDogEnclosure,    // per point next to a deer that a dog covers
  kDogValue,        // per dog left (on the board or in hand)
  kDogInHand,       // per dog still in hand (flexibility)
  kDeerOutside,     // per deer outside the big square
  kDeerDistance,    // per step from a deer to the big square
  kTempo,
  kEvalParamCount
};

const std::vector<ParamSpec>& BogenjirgeEvalSpecs();

// Score in centipawns for the side to move.
int Evaluate(const Position& pos, const ParamValues& params);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_EVALUATE_H_
