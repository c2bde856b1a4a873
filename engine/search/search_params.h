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
  kSearchParamCount
};

inline const std::vector<ParamSpec>& SearchSpecs() {
  static const std::vector<ParamSpec> specs = {
      {"AspirationWindow", 25, 5, 100, 3},   {"NullMoveBase", 3, 1, 6, 1},
      {"NullMoveDepthDivisor", 4, 2, 8, 1},  {"ReverseFutilityMargin", 90, 30, 200, 8},
      {"ReverseFutilityDepth", 6, 0, 10, 1}, {"LmrBase", 60, 0, 150, 8},
      {"LmrDivisor", 230, 120, 400, 15},     {"LateMovePruningBase", 4, 1, 12, 1},
  };
  return specs;
}

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_SEARCH_PARAMS_H_
