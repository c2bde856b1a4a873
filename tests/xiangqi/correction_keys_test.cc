// XiangqiGame::PawnKey and NonPawnKey, the search's correction-history indices: the soldiers
// alone decide the first, one side's other pieces the second.
#include <string>

#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"

namespace tumen::xiangqi {
namespace {

struct Keys {
  uint64_t soldiers = 0;
  uint64_t red_pieces = 0;
};

Keys KeysOf(const std::string& fen) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st;
  EXPECT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
  return {XiangqiGame::PawnKey(pos), XiangqiGame::NonPawnKey(pos, kRed)};
}

constexpr char kBase[] = "4k4/9/9/4p4/9/9/2P6/9/4A4/3K1R3 w - - 0 1";

TEST(XiangqiPawnKey, FollowsTheSoldiersAndNothingElse) {
  const uint64_t key = KeysOf(kBase).soldiers;
  // Other pieces, another king square, the other side to move: the same soldiers, the same key.
  EXPECT_EQ(KeysOf("4k4/9/2n6/4p4/9/9/2P6/9/9/4K4 b - - 0 1").soldiers, key);
  // A soldier moved, taken, or of the other colour: another key.
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/2P6/9/9/4A4/3K1R3 w - - 0 1").soldiers, key);
  EXPECT_NE(KeysOf("4k4/9/9/9/9/9/2P6/9/4A4/3K1R3 w - - 0 1").soldiers, key);
  EXPECT_NE(KeysOf("4k4/9/9/4P4/9/9/2p6/9/4A4/3K1R3 w - - 0 1").soldiers, key);
}

TEST(XiangqiNonPawnKey, FollowsOneSidesPiecesAndNothingElse) {
  const uint64_t key = KeysOf(kBase).red_pieces;
  // Soldiers, Black's pieces and the side to move do not count.
  EXPECT_EQ(KeysOf("4k4/9/2n6/9/9/2P6/9/9/4A4/3K1R3 b - - 0 1").red_pieces, key);
  // A piece moved, taken, or of another kind on the same square: another key.
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/9/2P6/9/4A4/3K2R2 w - - 0 1").red_pieces, key);
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/9/2P6/9/4A4/3K5 w - - 0 1").red_pieces, key);
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/9/2P6/9/4A4/3K1C3 w - - 0 1").red_pieces, key);
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/9/2P6/9/4A4/3K1N3 w - - 0 1").red_pieces, key);
  EXPECT_NE(KeysOf("4k4/9/9/4p4/9/9/2P6/5A3/9/3K1R3 w - - 0 1").red_pieces, key);
}

}  // namespace
}  // namespace tumen::xiangqi
