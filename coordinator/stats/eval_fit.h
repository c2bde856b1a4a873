// Fitting evaluation parameters to game results ("Texel tuning"): the predicted score of a
// position is sigmoid(K * eval), eval its static evaluation from the side to move's view;
// the loss is the mean squared error against the label (the game's result for the side to
// move: 1, 1/2 or 0). K is fitted first with the starting parameters and then held, so the
// parameters cannot lower the loss by scaling the evaluation; a coordinate descent then moves
// each parameter by its step while that lowers the loss.
#ifndef TUMEN_COORDINATOR_STATS_EVAL_FIT_H_
#define TUMEN_COORDINATOR_STATS_EVAL_FIT_H_

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/api/game_session.h"

namespace tumen::coordinator {

struct EvalFitOptions {
  std::vector<std::string> params;  // the evaluation parameters to fit; empty: all of them
  int max_passes = 10;              // passes over the parameters; fewer when one changes none
  int threads = 2;
  std::function<void(const std::string&)> progress;  // one line per pass; may be empty
};

struct EvalFitResult {
  double k = 0;  // the sigmoid's scale, per centipawn
  double loss_before = 0, loss_after = 0;
  int passes = 0;
  std::vector<std::pair<std::string, int>> fitted;  // every fitted parameter's new value
  int changed = 0;                                  // how many of them moved from the start
};

// Fits `session`'s evaluation parameters (left set to the fitted values) to `labels`, one per
// position of `positions` (parsed by that session).
absl::StatusOr<EvalFitResult> FitEvalParams(GameSession& session, const EvalPositions& positions,
                                            const std::vector<double>& labels,
                                            const EvalFitOptions& options);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_EVAL_FIT_H_
