// Static exchange evaluation of the 8x8 family (engine/games/shatar/see.h) against exchanges
// computed by hand. Values: pawn 100, knight 320, bishop 330, rook 500, bers 700, queen 950.
#include "engine/games/shatar/see.h"

#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

// SeeGe holds up to the exchange's value and no further: the value is exactly `expected`.
void ExpectExchange(const char* variant, const char* fen, const char* move, int expected) {
  SCOPED_TRACE(::testing::Message() << variant << " " << fen << " " << move);
  TestGame game(variant, fen);
  const absl::StatusOr<Move> m = ParseUciMove(game.pos(), move);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_TRUE(SeeGe(game.pos(), *m, expected));
  EXPECT_FALSE(SeeGe(game.pos(), *m, expected + 1));
}

TEST(StaticExchange, AnUndefendedPawnIsWonWhole) {
  ExpectExchange("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100);
}

TEST(StaticExchange, ARookTakingADefendedPawnLosesTheRookForIt) {
  // Rxd5 cxd5: +100 - 500.
  ExpectExchange("chess", "4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", -400);
}

TEST(StaticExchange, APieceBehindTheCapturerJoinsTheExchange) {
  // Rxd5 Rxd5 Rxd5 (the d1 rook was behind the d2 rook): +100 - 500 + 500 = +100. Without
  // the x-ray it would be -400.
  ExpectExchange("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100);
  // A queen behind a bishop on the diagonal: Bxe5? Nxe5 Qxe5 wins a knight and a pawn for the
  // bishop: +100 - 330 + 320 = +90.
  ExpectExchange("chess", "4k3/3n4/8/4p3/8/2B5/1Q6/4K3 w - - 0 1", "c3e5", 90);
}

TEST(StaticExchange, EachSideMayStopWhenGoingOnWouldLose) {
  // Nxd5 and Black does not take back with the queen (Qxd5 Rxd5 would lose the queen for a
  // knight): the pawn is won.
  ExpectExchange("chess", "3qk3/8/8/3p4/8/2N5/8/3RK3 w - - 0 1", "c3d5", 100);
}

TEST(StaticExchange, TheKingTakesLastOnlyWhenTheSquareIsNoLongerAttacked) {
  // Qxe7+ Kxe7: the queen is lost for a pawn.
  ExpectExchange("chess", "8/4pk2/8/8/8/8/4Q3/4K3 w - - 0 1", "e2e7", 100 - 950);
  // With a rook behind the queen the king cannot take back: a pawn up.
  ExpectExchange("chess", "8/4pk2/8/8/8/8/4Q3/4RK2 w - - 0 1", "e2e7", 100);
}

TEST(StaticExchange, PromotionsGainThePromotedPiece) {
  // exd8=Q: a rook and a queen for a pawn, and nothing takes back.
  ExpectExchange("chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", 500 + 850);
  // e8=Q Rxe8: the new queen is lost, 850 - 950.
  ExpectExchange("chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", -100);
}

TEST(StaticExchange, TheBersDefendsWithItsDiagonalStepAndItsRookLines) {
  // shatar-traditional: the bers on e6 guards d5 with its one diagonal step: Rxd5 Jxd5
  // loses the rook for a pawn.
  ExpectExchange("shatar-traditional", "4k3/8/4j3/3p4/8/8/8/3R2K1 w - - 0 1", "d1d5", -400);
  // Two squares away diagonally it does not guard: the pawn is won.
  ExpectExchange("shatar-traditional", "4k3/5j2/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 100);
  // A bers behind a rook on the file x-rays like a rook: Rxd5 Rxd5 Jxd5 = +100 - 500 + 500.
  ExpectExchange("shatar-traditional", "3rk3/8/8/3p4/8/8/3R4/3JK3 w - - 0 1", "d2d5", 100);
}

}  // namespace
}  // namespace tumen::shatar
