// The generic search instantiated with the Xiangqi adapter, through a game session.
#include <memory>
#include <string>

#include "engine/api/game_session.h"
#include "engine/core/score.h"
#include "gtest/gtest.h"

namespace tumen {
namespace {

// Black king d10; red rooks a9 and b1, red king e1. Rb1-b10 and Rb1-d1 both mate: the king
// cannot go to d9 (rook a9) or e10 (the rook's rank or file, and the flying general).
TEST(XiangqiSearch, FindsMateInOne) {
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession("xiangqi");
  ASSERT_TRUE(session.ok()) << session.status();
  ASSERT_TRUE((*session)->SetPosition("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", {}).ok());
  search::Limits limits;
  limits.depth = 4;
  const search::SearchResult result = (*session)->Go(limits, nullptr);
  EXPECT_TRUE(result.best_move == "b1b10" || result.best_move == "b1d1") << result.best_move;
  EXPECT_GE(result.score, kMateBound);
  ASSERT_TRUE((*session)->PlayMove(result.best_move).ok());
  const GameStatus status = (*session)->Status();
  EXPECT_EQ(status.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(status.termination, Termination::kCheckmate);
}

// A short search from the start returns a legal move.
TEST(XiangqiSearch, PlaysALegalMoveFromTheStart) {
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession("xiangqi");
  ASSERT_TRUE(session.ok()) << session.status();
  search::Limits limits;
  limits.depth = 5;
  const search::SearchResult result = (*session)->Go(limits, nullptr);
  EXPECT_TRUE((*session)->PlayMove(result.best_move).ok()) << result.best_move;
}

}  // namespace
}  // namespace tumen
