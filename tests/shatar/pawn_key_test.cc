// ShatarGame::PawnKey and NonPawnKey, the search's correction-history indices: the pawns
// alone decide the first, one side's other pieces the second.
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

uint64_t WhiteNonPawnKeyOf(const std::string& fen) {
  return ShatarGame::NonPawnKey(TestGame("shatar-traditional", fen).pos(), kWhite);
}

TEST(ShatarNonPawnKey, FollowsOneSidesPiecesAndNothingElse) {
  const uint64_t key = WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/RJ2K3 w - - 0 1");
  // Pawns, Black's pieces and the side to move do not count.
  EXPECT_EQ(WhiteNonPawnKeyOf("3rk3/8/8/8/8/P7/8/RJ2K3 b - - 0 1"), key);
  // A piece moved, taken, or of another kind on the same square: another key.
  EXPECT_NE(WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/R1J1K3 w - - 0 1"), key);
  EXPECT_NE(WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1"), key);
  EXPECT_NE(WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/RN2K3 w - - 0 1"), key);
  EXPECT_NE(WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/RB2K3 w - - 0 1"), key);
  EXPECT_NE(WhiteNonPawnKeyOf("4k3/pp6/8/8/8/8/PP6/RJ3K2 w - - 0 1"), key);
}

}  // namespace
}  // namespace tumen::shatar
