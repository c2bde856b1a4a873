// What each move costs on the controller's clock beyond this engine's own search: the pipes,
// a busy machine's scheduler, the controller itself. A UCI controller sends the clock with
// every `go`, so the cost of the previous reply can be read off: the clock then, less the
// search's own time, plus the increment, less the clock now. The cost is measured rather than
// set (as Stockfish's `Move Overhead` is) because it is tiny on a quiet machine and tens of ms
// on a loaded one: a fixed figure either wastes time or flags (docs/strength.md, lines 91 to 97).
#ifndef TUMEN_ENGINE_SEARCH_OVERHEAD_METER_H_
#define TUMEN_ENGINE_SEARCH_OVERHEAD_METER_H_

#include <algorithm>
#include <cstdint>

namespace tumen::search {

class OverheadMeter {
 public:
  // A larger gap is not a reply's cost but a clock the controller set anew (a new game
  // without `ucinewgame`, an analysis position): it is not a sample.
  static constexpr int64_t kLargestSampleMs = 1'000;

  // A new game, or a search without a clock between two with one: the last clocks no longer
  // lead to the next. What was measured of the machine is kept.
  void Forget() { last_clock_ms_[0] = last_clock_ms_[1] = -1; }

  // A clock search for `side` (0 or 1) starts at `clock_ms` with increment `inc_ms`: measures
  // the cost of this side's previous reply, if its previous search ran on the clock too.
  void SearchStarts(int side, int64_t clock_ms, int64_t inc_ms) {
    if (last_clock_ms_[side] >= 0 && last_elapsed_ms_[side] >= 0) {
      // Negative: a rounding of both timers, or a pondering search that ran before the clock.
      const int64_t sample =
          std::max<int64_t>(0, last_clock_ms_[side] - last_elapsed_ms_[side] + inc_ms - clock_ms);
      if (sample <= kLargestSampleMs) Add(double(sample));
    }
    last_clock_ms_[side] = clock_ms;
    last_elapsed_ms_[side] = -1;
    side_ = side;
  }

  // The search started by the last SearchStarts ended after `elapsed_ms` by its own timer.
  void SearchEnds(int64_t elapsed_ms) {
    if (side_ >= 0) last_elapsed_ms_[side_] = elapsed_ms;
    side_ = -1;
  }

  // The cost of a reply: the recent mean (each sample weighs a quarter), and the largest
  // recent one, which fades by a 32nd with each later sample (to half in 22), so that slow
  // replies a few dozen moves apart are still planned for. 0 before any sample.
  int64_t typical_ms() const { return int64_t(typical_ + 0.5); }
  int64_t worst_ms() const { return int64_t(worst_ + 0.5); }

 private:
  void Add(double sample) {
    typical_ = samples_++ == 0 ? sample : typical_ + (sample - typical_) / 4;
    worst_ = std::max(sample, worst_ * 31 / 32);
  }

  int64_t last_clock_ms_[2] = {-1, -1};
  int64_t last_elapsed_ms_[2] = {-1, -1};
  int side_ = -1;
  int64_t samples_ = 0;
  double typical_ = 0, worst_ = 0;
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_OVERHEAD_METER_H_
