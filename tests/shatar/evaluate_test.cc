// Terms of the 8x8 family's evaluation checked against values worked out by hand.
#include "engine/games/shatar/evaluate.h"

#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

// The evaluation's change when only `param` goes from 0 to `value`.
int TermOf(const Position& pos, EvalParam param, int value) {
  ParamValues params(&ShatarEvalSpecs());
  params[param] = 0;
  const int without = Evaluate(pos, params);
  params[param] = value;
  return Evaluate(pos, params) - without;
}

TEST(Evaluation, SpaceCountsSafeCentralSquaresBehindThePawns) {
  // Chess with all the pieces: phase 24, so a middlegame term counts in full. White has d4
  // and e4. Its area (c-f files, ranks 2-4): d2 e2 c3 d3 e3 f3 c4 f4 are free and not
  // attacked by a black pawn, 8 squares; d2 e2 d3 e3 lie behind its pawns, 4 more: 12.
  // Black's: c6 d6 e6 f6 (d4 and e4 attack c5 to f5), none behind its pawns: 4.
  // 16 pieces each: weight (16 - 3)^2 = 169. White to move:
  // 11 * 12 * 169 / 256 - 11 * 4 * 169 / 256 = 87 - 29 = 58.
  TestGame centre("chess", "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(TermOf(centre.pos(), kSpaceMg, 11), 58);
  // Black to move reads the same position from its side.
  TestGame black_to_move("chess", "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(TermOf(black_to_move.pos(), kSpaceMg, 11), -58);
  // The start position is symmetric: no side has more space.
  TestGame start("chess");
  EXPECT_EQ(TermOf(start.pos(), kSpaceMg, 11), 0);
}

TEST(Evaluation, SpaceIsAMiddlegameTerm) {
  // Kings and the same pawns only: White still has more space (weight (9 - 3)^2 each), but
  // at phase 0 a middlegame term counts for nothing.
  TestGame pawns_only("chess", "4k3/pppppppp/8/8/3PP3/8/PPP2PPP/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(pawns_only.pos(), kSpaceMg, 11), 0);
}

}  // namespace
}  // namespace tumen::shatar
