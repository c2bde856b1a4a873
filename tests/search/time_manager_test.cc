// The clock budgets of one move and how they stretch with the search's course.
#include "engine/search/time_manager.h"

#include "gtest/gtest.h"

namespace tumen::search {
namespace {

Limits Clock(int64_t ms, int64_t inc_ms) {
  Limits limits;
  limits.time_ms[0] = limits.time_ms[1] = ms;
  limits.inc_ms[0] = limits.inc_ms[1] = inc_ms;
  return limits;
}

TEST(TimeManager, MoveTimeIsBothBudgetsAndDoesNotAdapt) {
  TimeManager tm;
  Limits limits;
  limits.movetime_ms = 250;
  tm.Start(limits, 0);
  EXPECT_EQ(tm.optimum_ms(), 250);
  EXPECT_EQ(tm.maximum_ms(), 250);
  EXPECT_FALSE(tm.adaptive());
  tm.Start(Limits{}, 0);  // depth or node limits: no budget at all
  EXPECT_EQ(tm.maximum_ms(), 0);
  EXPECT_FALSE(tm.adaptive());
}

TEST(TimeManager, ClockGivesAShareOfTheRemainingTimeAndMostOfTheIncrement) {
  TimeManager tm;
  tm.Start(Clock(10'000, 100), 1);
  EXPECT_TRUE(tm.adaptive());
  EXPECT_EQ(tm.optimum_ms(), (10'000 - 50) / 22 + 75);
  EXPECT_EQ(tm.maximum_ms(), 4 * tm.optimum_ms());
  // Nearly out of time: never more than 40% of what is left.
  tm.Start(Clock(300, 0), 0);
  EXPECT_LE(tm.maximum_ms(), 300 * 4 / 10);
  EXPECT_LE(tm.optimum_ms(), tm.maximum_ms());
  // The side to move's own clock counts.
  Limits uneven = Clock(10'000, 0);
  uneven.time_ms[1] = 1'000;
  tm.Start(uneven, 1);
  EXPECT_LT(tm.optimum_ms(), 1'000 / 22 + 1);
}

TEST(TimeManager, APolicyMovesTheSharesOfTheClockAndTheIncrement) {
  TimeManager tm;
  tm.Start(Clock(10'000, 100), 0, {.moves_left = 16, .increment_percent = 100});
  EXPECT_EQ(tm.optimum_ms(), (10'000 - 50) / 16 + 100);
  // The iteration share: a calm search (scale 0.8) stops after 0.8 of that share.
  tm.Start(Clock(10'000, 100), 0, {.iteration_percent = 100});
  const int64_t optimum = tm.optimum_ms();
  EXPECT_FALSE(tm.IterationEnds(int64_t(optimum * 0.75), 7, 0, 1));
  EXPECT_TRUE(tm.IterationEnds(int64_t(optimum * 0.85), 7, 0, 2));
  // A move time is kept whatever the policy.
  Limits fixed;
  fixed.movetime_ms = 500;
  tm.Start(fixed, 0, {.moves_left = 8});
  EXPECT_EQ(tm.optimum_ms(), 500);
}

TEST(TimeManager, ScaleGrowsWithInstabilityAndAFallingScore) {
  const int none = -kInfiniteScore;
  EXPECT_DOUBLE_EQ(TimeManager::Scale(0, none, 0), 0.8);     // calm, first move
  EXPECT_DOUBLE_EQ(TimeManager::Scale(0, 50, 100), 0.64);    // calm and rising
  EXPECT_DOUBLE_EQ(TimeManager::Scale(2, 100, -100), 2.775);  // unstable and falling: capped
  EXPECT_DOUBLE_EQ(TimeManager::Scale(1, 30, 0), 1.35 * 1.3);
  // A mate score on either side says nothing about a fall.
  EXPECT_DOUBLE_EQ(TimeManager::Scale(0, kMateScore - 5, 0), 0.8);
  EXPECT_DOUBLE_EQ(TimeManager::Scale(0, 0, -kMateScore + 5), 0.8);
}

TEST(TimeManager, ChangingBestMovesKeepTheSearchGoingLonger) {
  TimeManager stable, unstable;
  stable.Start(Clock(10'000, 100), 0);
  unstable.Start(Clock(10'000, 100), 0);
  const int64_t base = stable.optimum_ms() * 6 / 10;
  for (int depth = 1; depth <= 4; ++depth) {
    EXPECT_FALSE(stable.IterationEnds(0, 7, 0, depth));
    EXPECT_FALSE(unstable.IterationEnds(0, uint16_t(depth), 0, depth));
  }
  // Five identical iterations: the calm share, 0.8 of the base. A new best move at every
  // depth from 2 on, the count halved each iteration: 1.875 changes, 0.8 + 0.55 * 1.875 =
  // 1.83 of the base.
  const int64_t after = int64_t(base * 1.2);
  EXPECT_TRUE(stable.IterationEnds(after, 7, 0, 5));
  EXPECT_FALSE(unstable.IterationEnds(after, 5, 0, 5));
}

TEST(TimeManager, AFallFromThePreviousMovesScoreBuysTime) {
  TimeManager tm;
  tm.Start(Clock(10'000, 100), 0);
  tm.Finish(120, 300);  // this engine's previous move was worth 1.2 pawns
  tm.Start(Clock(9'800, 100), 0);
  const int64_t base = tm.optimum_ms() * 6 / 10;
  EXPECT_FALSE(tm.IterationEnds(int64_t(base * 1.1), 7, 20, 1));  // fell a pawn: 0.8 * 1.5
  tm.NewGame();                                                   // forgets the previous move
  tm.Start(Clock(9'800, 100), 0);
  EXPECT_TRUE(tm.IterationEnds(int64_t(base * 1.1), 7, 20, 1));
}

TEST(OverheadMeter, ReadsEachRepliesCostFromSuccessiveClocks) {
  OverheadMeter meter;
  meter.SearchStarts(0, 1'000, 10);  // the first clock: nothing to compare with yet
  meter.SearchEnds(50);
  EXPECT_EQ(meter.typical_ms(), 0);
  meter.SearchStarts(0, 1'000 - 50 - 6 + 10, 10);  // the controller saw 56 ms: 6 ms overhead
  EXPECT_EQ(meter.typical_ms(), 6);
  EXPECT_EQ(meter.worst_ms(), 6);
  meter.SearchEnds(40);
  meter.SearchStarts(0, 954 - 40 - 2 + 10, 10);  // 2 ms: the mean moves a quarter of the way
  EXPECT_EQ(meter.typical_ms(), 5);
  EXPECT_EQ(meter.worst_ms(), 6);  // 6 * 31/32 = 5.8, still above 2
  meter.SearchEnds(40);
  meter.SearchStarts(0, 922 - 40 - 30 + 10, 10);  // a slow reply
  EXPECT_EQ(meter.worst_ms(), 30);
  // A clock that gained more than the increment (pondering, rounding): a cost of 0.
  meter.SearchEnds(40);
  meter.SearchStarts(0, 862 - 40 + 10 + 5, 10);
  EXPECT_EQ(meter.worst_ms(), 29);  // 30 * 31/32 = 29.06
  const int64_t typical = meter.typical_ms();
  // A clock set anew (a gap beyond the largest sample) is no sample; nor is the first clock
  // after Forget, nor one whose previous search never reported its time.
  meter.SearchEnds(40);
  meter.SearchStarts(0, 837 - 40 + 10 - OverheadMeter::kLargestSampleMs - 1, 10);
  meter.SearchEnds(10);
  meter.Forget();
  meter.SearchStarts(0, 500, 10);
  meter.SearchStarts(0, 100, 10);
  EXPECT_EQ(meter.typical_ms(), typical);
  EXPECT_EQ(meter.worst_ms(), 29);
}

TEST(OverheadMeter, EachSideHasItsOwnClock) {
  OverheadMeter meter;  // one engine analysing both sides' moves
  meter.SearchStarts(0, 5'000, 0);
  meter.SearchEnds(100);
  meter.SearchStarts(1, 3'000, 0);
  meter.SearchEnds(100);
  meter.SearchStarts(0, 5'000 - 100 - 8, 0);
  EXPECT_EQ(meter.typical_ms(), 8);
  meter.SearchEnds(100);
  meter.SearchStarts(1, 3'000 - 100 - 8, 0);
  EXPECT_EQ(meter.typical_ms(), 8);
  EXPECT_EQ(meter.worst_ms(), 8);
}

// Without measured costs the budgets are line 89's: a tenth of the clock, at most 50 ms, kept
// back, and three quarters of the increment spent. With them, the increment is spent net of
// the typical cost, and the clock keeps back three of the largest.
TEST(TimeManager, MeasuredReplyCostsComeOffTheIncrementAndBuildACushion) {
  TimeManager quiet;
  quiet.Start(Clock(10'000, 100), 0);
  quiet.Finish(0, 400);
  quiet.Start(Clock(10'000 - 400 + 100, 100), 0);  // no cost at all
  EXPECT_EQ(quiet.optimum_ms(), (9'700 - 50) / 22 + 75);

  TimeManager busy;
  busy.Start(Clock(1'000, 10), 0);
  busy.Finish(0, 40);
  busy.Start(Clock(1'000 - 40 - 30 + 10, 10), 0);  // a reply that cost 30 ms
  EXPECT_EQ(busy.overhead().worst_ms(), 30);
  EXPECT_EQ(busy.optimum_ms(), (940 - 90) / 22 + 0);  // 90 kept back; no increment left
  // What was measured of the machine outlives the game. Within the cushion: the shortest
  // search there is.
  busy.NewGame();
  busy.Start(Clock(80, 10), 0);
  EXPECT_EQ(busy.maximum_ms(), 1);
  EXPECT_EQ(busy.optimum_ms(), 1);
}

// A game at 1+0.01 as a controller sees it: each move costs the search's time (the optimum, or
// the maximum in the worst case) plus a reply cost the engine does not see, steady or with a
// slow reply every so often (the first at move 1: a cost the meter has not yet seen, it
// cannot keep back). Whenever the mean cost is below the increment, the clock must never run
// out. Line 89's budgets (a tenth of the clock kept back, and the increment spent as if
// replies were free) flag at move 61 under 5 ms with a 30 ms reply every tenth move.
TEST(TimeManager, AClockWithReplyCostsNeverRunsOut) {
  struct Load {
    int64_t steady, spike, spike_every;
  };
  for (const Load load : {Load{2, 2, 1}, Load{5, 30, 10}, Load{8, 8, 1}, Load{5, 60, 25}}) {
    for (const bool worst : {false, true}) {
      TimeManager tm;
      int64_t clock = 1'000;
      for (int move = 1; move <= 300; ++move) {
        tm.Start(Clock(clock, 10), 0);
        const int64_t search = worst ? tm.maximum_ms() : tm.optimum_ms();
        tm.Finish(0, search);
        const bool slow = move % load.spike_every == 1 % load.spike_every;
        clock -= search + (slow ? load.spike : load.steady);
        ASSERT_GT(clock, 0) << "move " << move << ", load " << load.steady << "/" << load.spike
                            << ", worst " << worst;
        clock += 10;
      }
    }
  }
}

}  // namespace
}  // namespace tumen::search
