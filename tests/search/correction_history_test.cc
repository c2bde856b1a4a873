// The correction history's arithmetic: what one search teaches, the limit, the sides and
// slots kept apart.
#include "engine/search/correction_history.h"

#include <memory>

#include "gtest/gtest.h"

namespace tumen::search {
namespace {

TEST(CorrectionHistory, StartsAtZeroAndLearnsTheSignOfTheError) {
  auto history = std::make_unique<CorrectionHistory>();
  EXPECT_EQ(history->Slot(0, 42), 0);
  // A depth-8 search found the position 64 better than the evaluation: the bonus is 64.
  CorrectionHistory::Learn(history->Slot(0, 42), 100, 36, 8);
  EXPECT_EQ(history->Slot(0, 42), 64);
  // A shallower search teaches less (depth 2: a quarter), and the other way down.
  CorrectionHistory::Learn(history->Slot(0, 7), -100, -36, 2);
  EXPECT_EQ(history->Slot(0, 7), -16);
}

TEST(CorrectionHistory, KeepsSidesAndKeysApart) {
  auto history = std::make_unique<CorrectionHistory>();
  CorrectionHistory::Learn(history->Slot(1, 42), 100, 0, 8);
  EXPECT_GT(history->Slot(1, 42), 0);
  EXPECT_EQ(history->Slot(0, 42), 0);
  EXPECT_EQ(history->Slot(1, 43), 0);
  // Keys that agree in their low bits share a slot.
  EXPECT_EQ(history->Slot(1, 42 + CorrectionHistory::kSize), history->Slot(1, 42));
}

TEST(CorrectionHistory, ABigErrorMovesItAQuarterOfTheLimitAndItNeverPassesTheLimit) {
  auto history = std::make_unique<CorrectionHistory>();
  CorrectionHistory::Learn(history->Slot(0, 1), 5000, 0, 20);
  EXPECT_EQ(history->Slot(0, 1), CorrectionHistory::kLimit / 4);
  for (int i = 0; i < 200; ++i) CorrectionHistory::Learn(history->Slot(0, 1), 5000, 0, 20);
  EXPECT_LE(history->Slot(0, 1), CorrectionHistory::kLimit);
  EXPECT_GT(history->Slot(0, 1), CorrectionHistory::kLimit * 9 / 10);
  // Errors the other way pull it back.
  for (int i = 0; i < 200; ++i) CorrectionHistory::Learn(history->Slot(0, 1), -5000, 0, 20);
  EXPECT_LT(history->Slot(0, 1), -CorrectionHistory::kLimit * 9 / 10);
}

}  // namespace
}  // namespace tumen::search
