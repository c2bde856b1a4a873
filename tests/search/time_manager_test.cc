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
  tm.Finish(120);  // this engine's previous move was worth 1.2 pawns
  tm.Start(Clock(9'800, 100), 0);
  const int64_t base = tm.optimum_ms() * 6 / 10;
  EXPECT_FALSE(tm.IterationEnds(int64_t(base * 1.1), 7, 20, 1));  // fell a pawn: 0.8 * 1.5
  tm.NewGame();                                                   // forgets the previous move
  tm.Start(Clock(9'800, 100), 0);
  EXPECT_TRUE(tm.IterationEnds(int64_t(base * 1.1), 7, 20, 1));
}

}  // namespace
}  // namespace tumen::search
