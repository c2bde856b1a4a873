// Tunable constants of the search (pruning, reductions, aspiration), as named parameters.
#ifndef TUMEN_ENGINE_SEARCH_SEARCH_PARAMS_H_
#define TUMEN_ENGINE_SEARCH_SEARCH_PARAMS_H_

#include <vector>

#include "engine/core/params.h"

namespace tumen::search {

enum SearchParam : int {
  kAspirationWindow,
  kNullMoveBase,
  kNullMoveDepthDivisor,
  kReverseFutilityMargin,
  kReverseFutilityDepth,
  kLmrBase,  // reduction = (base + log(depth) * log(moves) * 100 / divisor) / 100
  kLmrDivisor,
  kLateMovePruningBase,
  kFutilityBase,  // a quiet move is pruned when eval + base + margin * depth <= alpha
  kFutilityMargin,
  kLowDepthPruningDepth,  // futility and SEE pruning apply up to this depth
  kSeeCaptureMargin,      // a capture losing more than margin * depth in SEE is pruned
  kSeeQuietMargin,        // a quiet move losing more than margin * depth^2 in SEE is pruned
  kLmrHistoryDivisor,     // LMR reduces one ply less per this much history (+-16384)
  kQsDeltaMargin,         // quiescence skips a capture whose SEE + margin cannot reach alpha
  kSingularDepth,         // the table move is tested for singularity from this depth
  kSingularMargin,        // ... against its table value less margin * depth
  kCorrectionDivisor,     // the static evaluation gains its correction history / divisor
  kHistoryBonusScale,     // a quiet cutoff's history bonus is min(scale * depth - scale / 2, max)
  kHistoryBonusMax,
  kLateMovePruningScale,  // late move pruning skips quiet moves from base + depth^2 * scale / 10
  kQuietCheckOrder,       // a quiet check that keeps material is ordered this far up
  kQuietCheckSeeMargin,   // ... where it loses no more than this in the exchange
  kLateMovePruningDepth,  // late move pruning applies up to this depth
  kNullMoveMinDepth,      // the null move is tried from this depth
  kSingularTableDepth,    // the singular test needs a table entry at most this much shallower
  kLmrMinDepth,           // late moves are reduced from this depth
  kTimeMovesLeft,         // the clock's optimum: the usable time over this many moves ...
  kTimeIncrementPercent,  // ... plus this percentage of the increment (time_manager.h)
  kTimeIterationPercent,  // no new iteration after this percentage of the optimum (scaled)
  kSearchParamCount
};

inline const std::vector<ParamSpec>& SearchSpecs() {
  static const std::vector<ParamSpec> specs = {
      {"AspirationWindow", 25, 5, 100, 3},
      {"NullMoveBase", 3, 1, 6, 1},
      {"NullMoveDepthDivisor", 4, 2, 8, 1},
      {"ReverseFutilityMargin", 90, 30, 200, 8},
      {"ReverseFutilityDepth", 6, 0, 10, 1},
      {"LmrBase", 60, 0, 150, 8},
      {"LmrDivisor", 230, 120, 400, 15},
      {"LateMovePruningBase", 4, 1, 12, 1},
      {"FutilityBase", 80, 0, 300, 15},
      {"FutilityMargin", 100, 30, 250, 10},
      {"LowDepthPruningDepth", 6, 0, 10, 1},
      {"SeeCaptureMargin", 100, 0, 300, 15},
      {"SeeQuietMargin", 25, 0, 100, 5},
      {"LmrHistoryDivisor", 8000, 2000, 30000, 1000},
      {"QsDeltaMargin", 150, 0, 500, 20},
      {"SingularDepth", 6, 4, 12, 1},
      {"SingularMargin", 2, 1, 6, 1},
      {"CorrectionDivisor", 32, 8, 128, 8},
      {"HistoryBonusScale", 200, 50, 600, 25},
      {"HistoryBonusMax", 1600, 400, 4000, 200},
      {"LateMovePruningScale", 20, 5, 60, 4},
      {"QuietCheckOrder", 5000, 0, 20000, 1000},
      {"QuietCheckSeeMargin", 75, 0, 300, 15},
      {"LateMovePruningDepth", 3, 1, 8, 1},
      {"NullMoveMinDepth", 3, 1, 6, 1},
      {"SingularTableDepth", 3, 1, 6, 1},
      {"LmrMinDepth", 3, 1, 6, 1},
      {"TimeMovesLeft", 22, 8, 40, 2},
      {"TimeIncrementPercent", 75, 0, 150, 10},
      {"TimeIterationPercent", 60, 30, 100, 5},
  };
  return specs;
}

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_SEARCH_PARAMS_H_
