// ShatarGame::PawnKey, the search's correction-history index: the pawns alone decide it.
#include <string>

#include "engine/games/shatar/game.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

uint64_t PawnKeyOf(const std::string& fen) {
  return ShatarGame::PawnKey(TestGame("shatar-traditional", fen).pos());
}

TEST(ShatarPawnKey, FollowsThePawnsAndNothingElse) {
  const uint64_t key = PawnKeyOf("4k3/pp6/8/8/8/8/PP6/RJ2K3 w - - 0 1");
  // Other pieces, another king square, the other side to move: the same pawns, the same key.
  EXPECT_EQ(PawnKeyOf("3k4/pp6/8/3n4/8/8/PP6/R3K3 b - - 0 1"), key);
  // A pawn moved, taken, or of the other colour: another key.
  EXPECT_NE(PawnKeyOf("4k3/pp6/8/8/8/P7/1P6/RJ2K3 w - - 0 1"), key);
  EXPECT_NE(PawnKeyOf("4k3/pp6/8/8/8/8/P7/RJ2K3 w - - 0 1"), key);
  EXPECT_NE(PawnKeyOf("4k3/PP6/8/8/8/8/pp6/RJ2K3 w - - 0 1"), key);
  EXPECT_NE(PawnKeyOf("4k3/8/8/8/8/8/8/RJ2K3 w - - 0 1"), key);
}

}  // namespace
}  // namespace tumen::shatar
