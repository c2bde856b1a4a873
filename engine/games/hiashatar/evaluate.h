// Static evaluation of the 10x10 family: material (bodyguard and envoy included), mobility
// under the zone and envoy rules, pawn advancement and centralisation. Every weight is a
// named parameter (HiaShatarEvalSpecs), so SPSA jobs on the farm can tune it.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_EVALUATE_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_EVALUATE_H_

#include <vector>

#include "engine/core/params.h"
#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar {

// Indexes into HiaShatarEvalSpecs().
enum EvalParam : int {
  kPawnValue,
  kKnightValue,
  kBishopValue,
  kRookValue,
  kQueenValue,
  kBodyguardValue,
  kEnvoyValue,
  kKnightMobility,
  kBishopMobility,
  kRookMobility,
  kQueenMobility,
  kBodyguardMobility,
  kPawnAdvance,
  kPassedPawnAdvance,
  kKnightCentre,
  kKingShelter,
  kTempo,
  kEvalParamCount
};

const std::vector<ParamSpec>& HiaShatarEvalSpecs();

// Score in centipawns for the side to move.
int Evaluate(const Position& pos, const ParamValues& params);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_EVALUATE_H_
