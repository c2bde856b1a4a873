// How long a clock search thinks about one move. Two budgets: after the optimum share has
// passed, the search starts no new iteration; at the maximum it stops where it stands. The
// optimum stretches while the iterations disagree on the best move or the score falls below
// the one this engine gave its previous move, and shrinks when both are calm: time goes to
// the moves where thinking changes the answer (docs/strength.md, line 89). What each reply
// costs beyond the search (measured, OverheadMeter) is paid from the increment, and the clock
// keeps back a few of the largest recent costs, so a busy machine does not flag (line 96).
#ifndef TUMEN_ENGINE_SEARCH_TIME_MANAGER_H_
#define TUMEN_ENGINE_SEARCH_TIME_MANAGER_H_

#include <algorithm>
#include <cstdint>

#include "engine/core/score.h"
#include "engine/search/limits.h"
#include "engine/search/overhead_meter.h"

namespace tumen::search {

// The clock's shares, search parameters (search_params.h) so that a match can try others.
struct TimePolicy {
  int moves_left = 22;         // the optimum is this share of the usable clock ...
  int increment_percent = 75;  // ... plus this much of the increment, net of overhead
  int iteration_percent = 60;  // no new iteration once this much of the optimum (scaled) passed
};

class TimeManager {
 public:
  // A new game: the previous move's score no longer applies.
  void NewGame() {
    previous_move_score_ = -kInfiniteScore;
    overhead_.Forget();
  }

  // Sets the budgets of a search for `side` (0 or 1) under `limits`: both 0 (none) without a
  // clock or a move time.
  void Start(const Limits& limits, int side, const TimePolicy& policy = {}) {
    optimum_ms_ = maximum_ms_ = 0;
    iteration_percent_ = policy.iteration_percent;
    adaptive_ = false;
    best_move_changes_ = 0;
    last_best_move_ = 0;
    if (limits.movetime_ms > 0 || !limits.HasClock()) {
      overhead_.Forget();
      optimum_ms_ = maximum_ms_ = std::max<int64_t>(0, limits.movetime_ms);
      return;
    }
    adaptive_ = true;
    const int64_t time = limits.time_ms[side], inc = limits.inc_ms[side];
    overhead_.SearchStarts(side, time, inc);
    const int moves_left =
        limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::max(1, policy.moves_left);
    // A tenth of the clock (at most 50 ms) as before line 96, but never less than a few of
    // the largest recent reply costs: that part does not shrink as the clock drains.
    const int64_t reserve =
        std::max(std::min<int64_t>(time / 10, 50), kCushionOverheads * overhead_.worst_ms());
    const int64_t usable = std::max<int64_t>(0, time - reserve);
    const int64_t net_inc = std::max<int64_t>(0, inc - overhead_.typical_ms());
    optimum_ms_ =
        std::max<int64_t>(1, usable / moves_left + net_inc * policy.increment_percent / 100);
    maximum_ms_ = std::max<int64_t>(1, std::min<int64_t>(usable * 4 / 10, optimum_ms_ * 4));
    optimum_ms_ = std::min(optimum_ms_, maximum_ms_);
  }

  // How many of the largest recent reply costs the clock keeps back.
  static constexpr int kCushionOverheads = 3;

  int64_t optimum_ms() const { return optimum_ms_; }
  // The search stops once this much time has passed (0: no limit).
  int64_t maximum_ms() const { return maximum_ms_; }

  // After each completed iteration of a clock search (main thread): whether to start no new
  // one, given the time spent and the iteration's best move (raw encoding) and score.
  bool IterationEnds(int64_t elapsed_ms, uint16_t best_move, int score, int depth) {
    best_move_changes_ /= 2;
    if (depth > 1 && best_move != last_best_move_) best_move_changes_ += 1;
    last_best_move_ = best_move;
    return elapsed_ms >= double(optimum_ms_ * iteration_percent_ / 100) *
                             Scale(best_move_changes_, previous_move_score_, score);
  }

  // The search's answer, remembered for the next move's `falling` term, and the time it took
  // by its own timer, from which the next clock tells what the reply cost.
  void Finish(int score, int64_t elapsed_ms) {
    previous_move_score_ = score;
    overhead_.SearchEnds(elapsed_ms);
  }

  const OverheadMeter& overhead() const { return overhead_; }

  // Whether this search's budgets adapt to how the iterations go (a clock, not a move time).
  bool adaptive() const { return adaptive_; }

  // The optimum's factor: 0.8 (calm) to 1.85 with the recent best-move changes (halved every
  // iteration), times 0.8 to 1.5 with the score's fall from the previous move's (a pawn's
  // fall gives the most; mate scores and a first move leave it at 1).
  static double Scale(double best_move_changes, int previous_move_score, int score) {
    const double instability = std::clamp(0.8 + 0.55 * best_move_changes, 0.8, 1.85);
    double falling = 1.0;
    if (previous_move_score > -kInfiniteScore && !IsMateScore(previous_move_score) &&
        !IsMateScore(score))
      falling = std::clamp(1.0 + (previous_move_score - score) / 100.0, 0.8, 1.5);
    return instability * falling;
  }

 private:
  int64_t optimum_ms_ = 0, maximum_ms_ = 0;
  bool adaptive_ = false;
  int iteration_percent_ = TimePolicy{}.iteration_percent;
  double best_move_changes_ = 0;
  uint16_t last_best_move_ = 0;
  int previous_move_score_ = -kInfiniteScore;
  OverheadMeter overhead_;
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_TIME_MANAGER_H_
