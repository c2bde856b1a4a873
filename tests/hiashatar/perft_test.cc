// Perft of the 10x10 family: small positions derived by hand (the derivation is in each
// comment), the start positions, and random positions, each computed by the engine and by the
// independent reference generator of tests/hiashatar/reference.h.
#include "engine/games/hiashatar/perft.h"

#include <deque>

#include "engine/core/prng.h"
#include "gtest/gtest.h"
#include "tests/hiashatar/reference.h"
#include "tests/hiashatar/test_util.h"

namespace tumen::hiashatar {
namespace {

using testing::FenOf;

// Perft of the engine and of the reference for depths 1..n, each checked against `expected`.
void ExpectPerft(const std::string& variant, const std::string& fen,
                 const std::vector<uint64_t>& expected) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
  const reference::Board board = reference::Board::From(pos);
  for (size_t d = 1; d <= expected.size(); ++d) {
    EXPECT_EQ(Perft(pos, int(d)), expected[d - 1]) << variant << " " << fen << " depth " << d;
    EXPECT_EQ(reference::Perft(board, int(d)), expected[d - 1])
        << "reference: " << variant << " " << fen << " depth " << d;
  }
  EXPECT_EQ(pos.Fen(), fen);
}

TEST(HiaShatarPerft, LoneBodyguardMatchesTheHandCount) {
  // White Ka1; Black Kj10, Hh8; White to move.
  // Depth 1: the king has a2, b1, b2 = 3.
  // Depth 2: after any of them Black has Kj10: i10 i9 j9 (3) and the bodyguard h8, one or two
  // squares in 8 directions: N h9 h10, S h7 h6, E i8 j8, W g8 f8, NE i9 (j10 is its own
  // king), NW g9 f10, SE i7 j6, SW g7 f6 = 15; 18 replies, 3 x 18 = 54.
  ExpectPerft("hiashatar", FenOf({"K:a1", "k:j10", "h:h8"}), {3, 54});
}

TEST(HiaShatarPerft, RookAgainstAZoneMatchesTheHandCount) {
  // White Ka1, Re2; Black Kj10, He8 (zone d7 e7 f7 d8 f8 d9 e9 f9); White to move.
  // Depth 1: rook north e3 e4 e5 e6 e7 (e7 is the first zone square: it stops there), south
  // e1, west d2 c2 b2 a2, east f2 g2 h2 i2 j2: 15; king a2 b1 b2: 3. Total 18.
  // Depth 2: Black has the bodyguard's 16 (N e9 e10, S e7 e6, E f8 g8, W d8 c8, NE f9 g10,
  // NW d9 c10, SE f7 g6, SW d7 c6) and the king's 3 (i10 i9 j9) = 19, except:
  //   Re7: the bodyguard's south is just the capture e7 (e6 lies behind): 18;
  //   Ri2: the rook covers i9 and i10, the king keeps j9: 16 + 1 = 17;
  //   Rj2: check on the j-file; only Ki10 and Ki9 answer it: 2;
  //   (Re6 still gives 19: e7 then the capture on e6.)
  // 19 x 15 other moves (e1 e3 e4 e5 e6, a2 b2 c2 d2, f2 g2 h2, Ka2 Kb1 Kb2) = 285;
  // 285 + 18 + 17 + 2 = 322.
  ExpectPerft("hiashatar", FenOf({"K:a1", "R:e2", "k:j10", "h:e8"}), {18, 322});
}

TEST(HiaShatarPerft, EnvoyAgainstARookMatchesTheHandCount) {
  // hiashatar-envoy. White Ka1, Eb3 (neutral: a2 b2 c2 a3 c3 a4 b4 c4); Black Kj10, Rj2.
  // Depth 1: king a2, b1, b2 (a2 and b2 are neutral, and the rook's rank-2 line passes the
  // neutral b2, so none of them is attacked) = 3; envoy a2 b2 c2 a3 c3 (not rank 4) = 5; 8.
  // Depth 2: Black has the king's 3, the rook's 8 on the j-file (j1, j3..j9) and its run
  // west along rank 2 to the first piece there:
  //   Ka2 8 (i2..b2) -> 19; Kb1 9 (i2..a2) -> 20; Kb2 7 -> 18; Ea2 8 -> 19; Eb2 7 -> 18;
  //   Ec2 6 -> 17; Ea3 9 -> 20; Ec3 9 -> 20. Sum 151.
  ExpectPerft("hiashatar-envoy", FenOf({"K:a1", "E:b3", "k:j10", "r:j2"}), {8, 151});
}

TEST(HiaShatarPerft, StartPositionsMatchTheReference) {
  // Depth 1 by hand: 10 pawns x 2 + 2 knights x 2 = 24; the bodyguards (or envoys) on d1 and
  // g1 are boxed in by the pawns, the bishop/king and the queen/bishop. Depth 2: no first move
  // of White reaches Black's pieces, so Black has 24 after each: 576. Depth 3 as computed by
  // both the engine and the reference (they differ from each other in nothing: both 15,620
  // and 15,368); the envoy array has fewer because an envoy makes its neighbours immune.
  ExpectPerft("hiashatar", RulesForVariant("hiashatar")->start_fen, {24, 576, 15620});
  ExpectPerft("hiashatar-envoy", RulesForVariant("hiashatar-envoy")->start_fen, {24, 576, 15368});
}

// Perft 2 of the engine equals the reference's in positions from random playouts.
void CompareOnRandomPositions(const std::string& variant, uint64_t seed) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  Prng prng(seed);
  int compared = 0;
  for (int game = 0; game < 6; ++game) {
    Position pos;
    std::deque<StateInfo> states(1);
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states[0]).ok());
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.empty()) break;
      if (ply % 20 == 19) {
        EXPECT_EQ(Perft(pos, 2), reference::Perft(reference::Board::From(pos), 2)) << pos.Fen();
        ++compared;
      }
      states.emplace_back();
      pos.DoMove(moves[int(prng.Below(moves.size()))], states.back());
    }
  }
  EXPECT_GT(compared, 10);
}

TEST(HiaShatarPerft, RandomPositionsMatchTheReferenceAtDepthTwo) {
  CompareOnRandomPositions("hiashatar", 11);
  CompareOnRandomPositions("hiashatar-envoy", 12);
}

}  // namespace
}  // namespace tumen::hiashatar
