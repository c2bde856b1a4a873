// Hia Shatar's static exchange evaluation (engine/games/hiashatar/see.h): hand-computed
// exchanges where the bodyguard zones and the envoys' neutral squares decide who takes back,
// and CapturersTo against the move generator on random playouts of both variants.
#include "engine/games/hiashatar/see.h"

#include <deque>
#include <string>

#include "engine/core/prng.h"
#include "engine/games/hiashatar/movegen.h"
#include "engine/games/hiashatar/notation.h"
#include "gtest/gtest.h"

namespace tumen::hiashatar {
namespace {

// Whether the capture `uci` in `fen` gains at least `threshold`.
bool Gains(const std::string& fen, const char* uci, int threshold,
           const char* variant = "hiashatar") {
  const HiaShatarRules rules = *RulesForVariant(variant);
  Position pos;
  StateInfo st;
  EXPECT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
  const absl::StatusOr<Move> m = ParseUciMove(pos, uci);
  EXPECT_TRUE(m.ok()) << fen << " " << uci;
  return m.ok() && SeeGe(pos, *m, threshold);
}

// The white rook on e2 takes the black pawn on e6; kings on f10 (or a10) and j1.
TEST(HiaShatarSee, AnUndefendedPawnIsWorthAPawn) {
  const std::string fen = "5k4/10/10/10/4p5/10/10/10/4R5/9K w - - 0 1";
  EXPECT_TRUE(Gains(fen, "e2e6", 100));
  EXPECT_FALSE(Gains(fen, "e2e6", 101));
}

TEST(HiaShatarSee, AWhiteZoneCutsTheBlackRooksLine) {
  // The black rook on e10 takes back: a rook for a pawn.
  EXPECT_FALSE(Gains("k3r5/10/10/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 0));
  // A white bodyguard on d8 guards e9 and e7: the rook's line stops at e9.
  EXPECT_TRUE(Gains("k3r5/10/3H6/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 100));
}

TEST(HiaShatarSee, APieceInAZoneTakesOnlyNextToIt) {
  // The black rook on e9 stands in the zone of the white bodyguard on d10 (which guards
  // neither e8 nor e7): it may move one square only, so it cannot take on e6.
  EXPECT_FALSE(Gains("k9/4r5/10/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 0));
  EXPECT_TRUE(Gains("k2H6/4r5/10/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 100));
  // Next to it, it still takes: the white rook that took the pawn on e8 is lost.
  const std::string next_to = "k2H6/4r5/4p5/10/10/10/10/10/4R5/9K w - - 0 1";
  EXPECT_TRUE(Gains(next_to, "e2e8", 100 - 500));
  EXPECT_FALSE(Gains(next_to, "e2e8", 100 - 500 + 1));
}

TEST(HiaShatarSee, ABodyguardThatTakesBringsItsZone) {
  // The white bodyguard on e4 takes the pawn on e6 (over e5): the black rook on e10 would
  // have to cross e7, now in its zone, so the bodyguard is safe; the rook on e2 is not.
  const std::string fen = "k3r5/10/10/10/4p5/10/4H5/10/4R5/9K w - - 0 1";
  EXPECT_TRUE(Gains(fen, "e4e6", 100));
  EXPECT_FALSE(Gains(fen, "e4e6", 101));
  // A black pawn on f7 is next to e6 and takes it back: a bodyguard for a pawn.
  const std::string guarded = "k3r5/10/10/5p4/4p5/10/4H5/10/4R5/9K w - - 0 1";
  EXPECT_TRUE(Gains(guarded, "e4e6", 100 - 450));
  EXPECT_FALSE(Gains(guarded, "e4e6", 100 - 450 + 1));
  // So does a black knight on d8: knights ignore zones.
  EXPECT_FALSE(Gains("k3r5/10/3n6/10/4p5/10/4H5/10/4R5/9K w - - 0 1", "e4e6", 0));
}

TEST(HiaShatarSee, AZoneLeavesWithItsBodyguard) {
  // The white knight on d4 takes the black bodyguard on e6 (+450), the pawn on f7 takes the
  // knight (-300), and the rook on e1 takes the pawn (+100): its line over e5 was cut by the
  // bodyguard's zone, which left with it. Black takes back all the same: 450 - 300 + 100.
  const std::string fen = "k9/10/10/5p4/4h5/10/3N6/10/10/4R4K w - - 0 1";
  EXPECT_TRUE(Gains(fen, "d4e6", 250));
  EXPECT_FALSE(Gains(fen, "d4e6", 251));
}

TEST(HiaShatarSee, NothingTakesFromANeutralSquare) {
  // Envoy variant: the black rook on e10 stands next to the black envoy on d9, so it may not
  // capture; without the envoy there it takes back.
  EXPECT_TRUE(
      Gains("k3r5/3e6/10/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 100, "hiashatar-envoy"));
  EXPECT_FALSE(Gains("k3r5/10/10/10/4p5/10/10/10/4R5/9K w - - 0 1", "e2e6", 0, "hiashatar-envoy"));
}

TEST(HiaShatarSee, AQuietMoveRisksOnlyTheMover) {
  // The rook steps to e6 where the black knight on d8 takes it, or to e5 where nothing does.
  const std::string fen = "k9/10/3n6/10/10/10/10/10/4R5/9K w - - 0 1";
  EXPECT_FALSE(Gains(fen, "e2e6", 0));
  EXPECT_TRUE(Gains(fen, "e2e5", 0));
}

TEST(HiaShatarSee, APromotionGainsAQueen) {
  // The pawn on b9 takes the rook on a10 and becomes a queen, which the black king on b10
  // takes back: a rook and a pawn for the pawn, 500 + 850 - 950.
  const std::string fen = "rk8/1P8/10/10/10/10/10/10/10/9K w - - 0 1";
  EXPECT_TRUE(Gains(fen, "b9a10q", 400));
  EXPECT_FALSE(Gains(fen, "b9a10q", 401));
}

// On random playouts: after every capture, the pieces CapturersTo names for the side now to
// move are exactly those with a capture on that square, legal or illegal only for leaving
// their king attacked.
void CompareWithTheGenerator(const std::string& variant, uint64_t seed) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  Prng prng(seed);
  int compared = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos;
    std::deque<StateInfo> states(1);
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states[0]).ok());
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.size() == 0) break;
      const Move m = moves[int(prng.Below(moves.size()))];
      states.emplace_back();
      pos.DoMove(m, states.back());
      const Square s = m.to();
      if (TypeOf(pos.piece_on(s)) == kEnvoy) continue;  // never captured
      const Color us = pos.side_to_move();
      const Bitboard restricted[2] = {pos.Zone(kBlack), pos.Zone(kWhite)};
      const Bitboard named = CapturersTo(pos, s, pos.pieces(), restricted) & pos.pieces(us);
      MoveList replies;
      GenerateLegalMoves(pos, replies);
      Bitboard legal = 0;
      for (Move r : replies)
        if (r.to() == s) legal |= SquareBB(r.from());
      ASSERT_EQ(legal & ~named, Bitboard{0}) << pos.Fen() << " missed a capturer of " << s;
      for (Bitboard b = named & ~legal; b;) {
        const Square from = PopLowestBit(b);
        const bool promotes = TypeOf(pos.piece_on(from)) == kPawn && RelativeRank(us, s) == 9;
        ASSERT_FALSE(pos.LeavesKingSafe(Move(from, s, promotes)))
            << pos.Fen() << " named " << from << " as a capturer of " << s;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 1000);
}

TEST(HiaShatarSee, CapturersAgreeWithTheMoveGenerator) {
  CompareWithTheGenerator("hiashatar", 21);
  CompareWithTheGenerator("hiashatar-envoy", 22);
}

}  // namespace
}  // namespace tumen::hiashatar
