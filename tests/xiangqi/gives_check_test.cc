// XiangqiGame::MayGiveCheck, which orders quiet checks sooner and picks the quiet moves that
// quiescence tries: exact for Xiangqi, so over random games it must agree with making the
// move, for direct checks and for the lines a move opens or closes (rooks, cannon screens,
// horse legs), and random play must give enough checks to test it.
#include <deque>
#include <random>

#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"

namespace tumen::xiangqi {
namespace {

TEST(XiangqiMayGiveCheck, AgreesWithMakingTheMoveOverRandomGames) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  std::mt19937 prng(20261205);
  int checks = 0, quiet = 0;
  for (int game = 0; game < 40; ++game) {
    std::deque<StateInfo> states(1);  // a deque: the state chain must not move
    Position pos;
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states.back()).ok());
    for (int ply = 0; ply < 150; ++ply) {
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.size() == 0) break;
      const XiangqiGame::CheckHints hints = XiangqiGame::CheckHintsOf(pos);
      for (const Move m : moves) {
        if (XiangqiGame::IsTactical(pos, m)) continue;
        ++quiet;
        StateInfo st;
        pos.DoMove(m, st);
        const bool checks_now = pos.in_check();
        pos.UndoMove(m);
        checks += checks_now;
        EXPECT_EQ(XiangqiGame::MayGiveCheck(pos, hints, m), checks_now)
            << pos.Fen() << " " << MoveToUci(m);
      }
      states.emplace_back();
      pos.DoMove(moves[int(prng() % uint32_t(moves.size()))], states.back());
    }
  }
  EXPECT_GT(checks, 200) << "random play should give checks to test against";
  EXPECT_GT(quiet, 5 * checks) << "most quiet moves do not check";
}

}  // namespace
}  // namespace tumen::xiangqi
