// Terms of the 8x8 family's evaluation checked against values worked out by hand.
#include "engine/games/shatar/evaluate.h"

#include <functional>
#include <random>
#include <string>
#include <vector>

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

// The same, in a chess position given by its FEN.
int TermIn(const char* fen, EvalParam param, int value) {
  const TestGame game("chess", fen);
  return TermOf(game.pos(), param, value);
}

// A term's value in each chess position: the evaluation's change when only `param` goes from 0
// to `value`.
struct TermCase {
  const char* fen;
  EvalParam param;
  int value;
  int expected;
};
void ExpectTerms(const std::vector<TermCase>& cases) {
  for (const TermCase& c : cases) EXPECT_EQ(TermIn(c.fen, c.param, c.value), c.expected) << c.fen;
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

TEST(Evaluation, PawnlessEndgamesAMinorPieceAheadAreScaledDown) {
  const ParamValues params(&ShatarEvalSpecs());
  // Chess values: knight 320, bishop 330, rook 480, queen 950 (middlegame).
  const auto scale = [&](const char* fen, Color strong) {
    return EndgameScale(TestGame("chess", fen).pos(), strong, params);
  };
  // A rook against a knight: 160 ahead, a rook's worth, against a lone minor.
  EXPECT_EQ(scale("4k3/8/8/8/8/8/3n4/R3K3 w - - 0 1", kWhite), 4);
  // Rook and bishop against a rook: 330 ahead, against more than a minor.
  EXPECT_EQ(scale("4k3/8/8/3r4/8/8/8/RB2K3 w - - 0 1", kWhite), 14);
  // A knight against pawns: less than a rook cannot mate.
  EXPECT_EQ(scale("4k3/pp6/8/8/8/8/8/1N2K3 w - - 0 1", kWhite), 0);
  // A pawn of the side ahead, or a lead of more than a minor piece: unscaled.
  EXPECT_EQ(scale("4k3/8/8/8/8/8/P2n4/R3K3 w - - 0 1", kWhite), 64);
  EXPECT_EQ(scale("4k3/8/8/3r4/8/8/8/Q3K3 w - - 0 1", kWhite), 64);
  // Black ahead is read from its side.
  EXPECT_EQ(scale("r3k3/3N4/8/8/8/8/8/4K3 b - - 0 1", kBlack), 4);
}

TEST(Evaluation, ThePawnlessScaleShrinksTheEndgameScore) {
  // A rook against a knight: raising the rook's endgame value by 64 moves the (almost pure
  // endgame, phase 3 of 24) evaluation by 64 * 4/64 * 21/24, between 3 and 4, give or take
  // the rounding; with a white pawn on the board, by 64 * 21/24 = 56.
  const auto rook_eg_term = [](const char* fen) {
    const TestGame game("chess", fen);
    ParamValues params(&ShatarEvalSpecs());
    const int before = Evaluate(game.pos(), params);
    params[kRookEg] += 64;
    return Evaluate(game.pos(), params) - before;
  };
  EXPECT_NEAR(rook_eg_term("4k3/8/8/8/8/8/3n4/R3K3 w - - 0 1"), 3.5, 1.5);
  EXPECT_NEAR(rook_eg_term("4k3/8/8/8/8/8/P2n4/R3K3 w - - 0 1"), 56, 1);
}

TEST(Evaluation, BareKingScaleFollowsTheUnitsTheSideBehindHasLeft) {
  const ParamValues params(&ShatarEvalSpecs());
  const auto scale = [&](const char* variant, const char* fen, Color strong) {
    return BareKingScale(TestGame(variant, fen).pos(), strong, params);
  };
  // Rook and bers (J) against one unit, two units, or three.
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/3r4/8/8/8/RJ2K3 w - - 0 1", kWhite), 4);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/3j4/8/8/8/RJ2K3 w - - 0 1", kWhite), 4);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/3n4/8/8/8/RJ2K3 w - - 0 1", kWhite), 16);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/3b4/8/8/8/RJ2K3 w - - 0 1", kWhite), 16);
  // A lone pawn by its rank (Black's: a7 is its second rank, a2 its seventh), and against a
  // lone rook.
  EXPECT_EQ(scale("shatar-traditional", "4k3/p7/8/8/8/8/8/RJ2K3 w - - 0 1", kWhite), 40);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/8/p7/8/8/RJ2K3 w - - 0 1", kWhite), 32);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/8/8/p7/8/RJ2K3 w - - 0 1", kWhite), 16);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/8/8/8/p7/RJ2K3 w - - 0 1", kWhite), 6);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", kWhite), 4);
  EXPECT_EQ(scale("shatar-traditional", "4k3/8/8/8/8/8/p7/RR2K3 w - - 0 1", kWhite), 6);
  EXPECT_EQ(scale("shatar-traditional", "4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1", kWhite), 40);
  EXPECT_EQ(scale("shatar-traditional", "4K3/P7/8/8/8/8/8/rj2k3 b - - 0 1", kBlack), 6);
  EXPECT_EQ(scale("shatar-traditional", "4k3/p7/8/3n4/8/8/8/RJ2K3 w - - 0 1", kWhite), 40);
  EXPECT_EQ(scale("shatar-traditional", "4k3/pp6/8/8/8/8/8/RJ2K3 w - - 0 1", kWhite), 48);
  EXPECT_EQ(scale("shatar-traditional", "4k3/pp6/8/3n4/8/8/8/RJ2K3 w - - 0 1", kWhite), 64);
  // Black ahead is read from its side: White's lone rook.
  EXPECT_EQ(scale("shatar-traditional", "rj2k3/8/8/8/3R4/8/8/4K3 b - - 0 1", kBlack), 4);
  // Where a bare king plays on (chess, and shatar under the 2017 rules), no scale.
  EXPECT_EQ(scale("chess", "4k3/8/8/3r4/8/8/8/RQ2K3 w - - 0 1", kWhite), 64);
  EXPECT_EQ(scale("shatar", "4k3/8/8/3r4/8/8/8/RQ2K3 w - - 0 1", kWhite), 64);
}

TEST(Evaluation, PawnsAheadScaleFollowsThePawnsOfTheSideAhead) {
  const ParamValues params(&ShatarEvalSpecs());
  const auto scale = [&](const char* variant, const char* fen, Color strong) {
    return PawnsAheadScale(TestGame(variant, fen).pos(), strong, params);
  };
  // Against three units: 8 + 20 per pawn, at most 64.
  EXPECT_EQ(scale("shatar-traditional", "4k3/ppp5/8/8/8/8/8/RJ2K3 w - - 0 1", kWhite), 8);
  EXPECT_EQ(scale("shatar-traditional", "4k3/ppp5/8/8/8/8/P7/RJ2K3 w - - 0 1", kWhite), 28);
  EXPECT_EQ(scale("shatar-traditional", "4k3/ppp5/8/8/8/8/PP6/RJ2K3 w - - 0 1", kWhite), 48);
  EXPECT_EQ(scale("shatar-traditional", "4k3/ppp5/8/8/8/8/PPP5/RJ2K3 w - - 0 1", kWhite), 64);
  EXPECT_EQ(scale("shatar-traditional", "rj2k3/pp6/8/8/8/8/PPP5/4K3 b - - 0 1", kBlack), 48);
  // Against one or two units the bare-king scale decides; without the rule, no scale.
  EXPECT_EQ(scale("shatar-traditional", "4k3/pp6/8/8/8/8/8/RJ2K3 w - - 0 1", kWhite), 64);
  EXPECT_EQ(scale("shatar", "4k3/ppp5/8/8/8/8/8/RQ2K3 w - - 0 1", kWhite), 64);
  EXPECT_EQ(scale("chess", "4k3/ppp5/8/8/8/8/8/RQ2K3 w - - 0 1", kWhite), 64);
}

TEST(Evaluation, BareKingScaleShrinksTheWholeScore) {
  // Rook and bers against a lone rook: the evaluation with the lone-major share at 4 of 64 is
  // a sixteenth of the one at 64, give or take the tempo added after the scale and rounding.
  const TestGame game("shatar-traditional", "4k3/8/8/3r4/8/8/8/RJ2K3 w - - 0 1");
  ParamValues params(&ShatarEvalSpecs());
  const int tempo = params[kTempo];
  params[kLoneMajorScale] = 64;
  const int full = Evaluate(game.pos(), params) - tempo;
  params[kLoneMajorScale] = 4;
  const int scaled = Evaluate(game.pos(), params) - tempo;
  EXPECT_GT(full, 300);
  EXPECT_NEAR(scaled, full / 16.0, 1.0);
}

TEST(Evaluation, KnightThreatsOnTheLoneQueenPieceCountSafeSquares) {
  // White's knight on g1 reaches e2 and f3, from both of which it would attack the black
  // queen on d4; no black pawn guards them and no two black pieces do: 2 squares. The
  // phase is 5 of 24 (knight 1, queen 4), so the middlegame weight 11 moves the evaluation
  // by 11 * 2 * 5 / 24, about 4.6, and the endgame weight 7 by 7 * 2 * 19 / 24, about 11.1.
  const TestGame two("chess", "4k3/8/8/8/3q4/8/8/4K1N1 w - - 0 1");
  EXPECT_NEAR(TermOf(two.pos(), kKnightOnQueenMg, 11), 4.6, 1);
  EXPECT_NEAR(TermOf(two.pos(), kKnightOnQueenEg, 7), 11.1, 1);
  // A black pawn on g4 guards f3: one safe square left, half the term.
  const TestGame one("chess", "4k3/8/8/8/3q2p1/8/8/4K1N1 w - - 0 1");
  EXPECT_NEAR(TermOf(one.pos(), kKnightOnQueenEg, 7), 5.5, 1);
  // With a second black queen the queen piece is not alone, and the term does not apply.
  const TestGame pair("chess", "3qk3/8/8/8/3q4/8/8/4K1N1 w - - 0 1");
  EXPECT_EQ(TermOf(pair.pos(), kKnightOnQueenMg, 11), 0);
  EXPECT_EQ(TermOf(pair.pos(), kKnightOnQueenEg, 7), 0);
}

TEST(Evaluation, SafeChecksCountInTheQuadraticKingDanger) {
  // Black's king on h8, its zone g8 g7 h7 h8. White's rook on a7 bears on g7 and h7 (3 units
  // each) and its knight on f6 on g8 and h7 (2 each): two attackers, 10 units. The rook can
  // check from a8, which no black piece guards (h7, the other rook check, is the king's):
  // one safe check, 2 units more, 12 in all. The middlegame term is 16 * 12^2 / 16 = 144 at
  // weight 16, and the phase is 3 of 24 (rook 2, knight 1): 144 * 3 / 24 = 18. Without the
  // check's units it would be 16 * 10^2 / 16 * 3 / 24, about 12.5 (13 as it rounds here).
  const TestGame attack("chess", "7k/R7/5N2/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(attack.pos(), kKingAttackWeight, 16), 18);
  // With the rook on a1 the knight alone bears on the zone: one attacker is no attack, though
  // the rook still has its safe check from a8.
  const TestGame lone("chess", "7k/8/5N2/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(TermOf(lone.pos(), kKingAttackWeight, 16), 0);
}

TEST(Evaluation, PieceSquareTermsCountFilesFromTheEdgeAndRanksFromTheOwnSide) {
  // A white knight on b1, the kings and a pawn each (so that no endgame is scaled down):
  // phase 1 of 24, so an endgame weight counts 23/24, give or take the rounding. b1 is on
  // the b/g file pair (index 1) and White's first rank (index 4 + 0).
  const auto term = [](const char* fen, PstKind kind, int file_or_rank) {
    return TermOf(TestGame("chess", fen).pos(), EvalParam(PstIndex(kind, true, file_or_rank)), 24);
  };
  const char* knight = "4k3/7p/8/8/8/8/P7/1N2K3 w - - 0 1";
  EXPECT_NEAR(term(knight, kPstKnight, 1), 23, 1);
  EXPECT_NEAR(term(knight, kPstKnight, 4), 23, 1);
  EXPECT_EQ(term(knight, kPstKnight, 4 + 7), 0);
  EXPECT_EQ(term(knight, kPstKnight, 0), 0);
  // Black's knight on g8 is on the same file pair and on its own first rank: the terms cancel.
  const char* mirrored = "4k1n1/7p/8/8/8/8/P7/1N2K3 w - - 0 1";
  EXPECT_EQ(term(mirrored, kPstKnight, 1), 0);
  EXPECT_EQ(term(mirrored, kPstKnight, 4), 0);
  // The kings: White's on e1, its first rank, Black's on e7, its second; both on the d/e pair.
  const char* kings = "8/4k2p/8/8/8/8/P7/1N2K3 w - - 0 1";
  EXPECT_NEAR(term(kings, kPstKing, 4), 23, 1);
  EXPECT_NEAR(term(kings, kPstKing, 4 + 1), -23, 1);
  EXPECT_EQ(term(kings, kPstKing, 3), 0);
  // Pawns: White's a2 is on the a/h pair and its second rank, Black's h7 on the same.
  EXPECT_EQ(term(knight, kPstPawn, 0), 0);
  EXPECT_EQ(term(knight, kPstPawn, 4 + 1), 0);
}

TEST(Evaluation, ThePieceSquareTableFollowsEveryChangeOfTheWeights) {
  // The evaluation reads the piece-square terms from a table built per thread from the
  // weights' version (ParamValues::version); a write must never leave a stale table behind.
  const TestGame knight("chess", "4k3/7p/8/8/8/8/P7/1N2K3 w - - 0 1");
  ParamValues params(&ShatarEvalSpecs());
  const int before = Evaluate(knight.pos(), params);
  const uint64_t version = params.version();
  const ParamValues copy = params;  // the same values keep the same version
  EXPECT_EQ(copy.version(), version);
  params[PstIndex(kPstKnight, true, 1)] = 24;
  EXPECT_NE(params.version(), version);
  EXPECT_NEAR(Evaluate(knight.pos(), params) - before, 23, 1);
  // Back to the copy, which was not written: the table is rebuilt from its weights.
  EXPECT_EQ(Evaluate(knight.pos(), copy), before);
  // Weights made apart never share a version.
  EXPECT_NE(ParamValues(&ShatarEvalSpecs()).version(), version);
}

TEST(Evaluation, TheQueenAndTheBersShareAPieceSquareTable) {
  // A white bers on d4 in shatar: the queen piece's table, d/e pair and fourth rank. Phase 3
  // of 24 (the bers), so an endgame weight of 24 counts about 21.
  const TestGame bers("shatar", "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
  EXPECT_NEAR(TermOf(bers.pos(), EvalParam(PstIndex(kPstQueenPiece, true, 3)), 24), 21, 1);
  EXPECT_NEAR(TermOf(bers.pos(), EvalParam(PstIndex(kPstQueenPiece, true, 4 + 3)), 24), 21, 1);
  EXPECT_EQ(TermOf(bers.pos(), EvalParam(PstIndex(kPstQueenPiece, true, 4 + 4)), 24), 0);
}

TEST(Evaluation, OutpostsAreGuardedByAPawnAndOutOfReachOfEnemyPawns) {
  // White's knight on d5, guarded by c4; Black's only pawn, a6, can never attack d5. Phase 1 of
  // 24 (the knight), so an endgame weight of 24 counts 23.
  const TestGame outpost("chess", "4k3/8/p7/3N4/2P5/8/8/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(outpost.pos(), kKnightOutpostEg, 24), 23);
  EXPECT_EQ(TermOf(outpost.pos(), kReachableOutpostEg, 24), 0);  // it is already there
  // A pawn on e6 attacks d5 now, one on e7 after a step: no outpost either way.
  EXPECT_EQ(TermIn("4k3/8/4p3/3N4/2P5/8/8/4K3 w - - 0 1", kKnightOutpostEg, 24), 0);
  EXPECT_EQ(TermIn("4k3/4p3/8/3N4/2P5/8/8/4K3 w - - 0 1", kKnightOutpostEg, 24), 0);
  // Without c4 nothing guards d5.
  EXPECT_EQ(TermIn("4k3/8/p7/3N4/8/8/2P5/4K3 w - - 0 1", kKnightOutpostEg, 24), 0);
  // A bishop counts its own weight.
  const TestGame bishop("chess", "4k3/8/p7/3B4/2P5/8/8/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(bishop.pos(), kBishopOutpostEg, 24), 23);
  EXPECT_EQ(TermOf(bishop.pos(), kKnightOutpostEg, 24), 0);
  // Black's outposts lie on its own fourth to sixth ranks: a knight on d4 guarded by c5, with
  // White's pawn on a3; Black to move scores it for itself.
  EXPECT_EQ(TermIn("4k3/8/8/2p5/3n4/P7/8/4K3 b - - 0 1", kKnightOutpostEg, 24), 23);
}

TEST(Evaluation, AKnightOneJumpFromAFreeOutpostCanReachIt) {
  // The knight on b4 (no pawn guards it) jumps to d5, the outpost c4 guards; b5 is no outpost,
  // a6 can reach it.
  const TestGame reach("chess", "4k3/8/p7/8/1NP5/8/8/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(reach.pos(), kReachableOutpostEg, 24), 23);
  EXPECT_EQ(TermOf(reach.pos(), kKnightOutpostEg, 24), 0);
  // With a white piece on d5 the outpost is taken.
  EXPECT_EQ(TermIn("4k3/8/p7/3B4/1NP5/8/8/4K3 w - - 0 1", kReachableOutpostEg, 24), 0);
}

TEST(Evaluation, ABackwardPawnHasNoNeighbourBesideOrBehindAndAGuardedStopSquare) {
  // d3 is behind c4, its only neighbour, and e5 guards d4: backward. Phase 0, so the endgame
  // weight counts in full. c4 has d3 behind it; e5 is isolated, which is scored apart.
  EXPECT_EQ(TermIn("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", kBackwardPawnEg, 10), -10);
  // With d4 free of enemy pawns' guard, d3 can step up level with c4.
  EXPECT_EQ(TermIn("4k3/8/8/7p/2P5/3P4/8/4K3 w - - 0 1", kBackwardPawnEg, 10), 0);
  // A neighbour level with it (e3) can still support it.
  EXPECT_EQ(TermIn("4k3/8/8/4p3/2P5/3PP3/8/4K3 w - - 0 1", kBackwardPawnEg, 10), 0);
}

TEST(Evaluation, KingProtectorCountsTheKingStepsToEachMinorPiece) {
  // The knight on a1 stands four king steps from its king on e1: 4 * 24 in the endgame, at
  // phase 1 of 24 23/24 of it, 92. (The pawn keeps the endgame from being scaled down.)
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/P7/N3K3 w - - 0 1", kKingProtectorEg, 24), -92);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/P7/3NK3 w - - 0 1", kKingProtectorEg, 24), -23);
}

TEST(Evaluation, ThreatsOnMinorPiecesAndWeakPawnsCountByTheAttackersKind) {
  // White's knight on c3 attacks Black's bishop on d5; the bishop attacks White's pawn on a2,
  // which nothing protects. Phase 2 of 24 (knight and bishop): an endgame weight of 24 counts 22.
  const TestGame minors("chess", "4k3/8/8/3b4/8/2N5/P7/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(minors.pos(), kThreatMinorOnMinorEg, 24), 22);
  EXPECT_EQ(TermOf(minors.pos(), kThreatMinorOnPawnEg, 24), -22);  // Black's threat
  // A minor piece attacked by a minor counts even where a pawn protects it (e7 guards d6).
  const TestGame defended("chess", "4k3/4p3/3b4/8/2N5/8/P7/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(defended.pos(), kThreatMinorOnMinorEg, 24), 22);
  EXPECT_EQ(TermOf(defended.pos(), kThreatMinorOnPawnEg, 24), 0);
  // The rook on d1 attacks the knight on d5: weak alone, strongly protected with e6 beside it.
  // Phase 3 (rook and knight): 21 of 24.
  EXPECT_EQ(TermIn("4k3/8/8/3n4/8/8/P7/3RK3 w - - 0 1", kThreatRookOnMinorEg, 24), 21);
  EXPECT_EQ(TermIn("4k3/8/4p3/3n4/8/8/P7/3RK3 w - - 0 1", kThreatRookOnMinorEg, 24), 0);
  // The rook on h1 attacks the pawn on h5, which nothing protects. Phase 2: 22 of 24.
  EXPECT_EQ(TermIn("4k3/8/8/7p/8/8/8/4K2R w - - 0 1", kThreatRookOnPawnEg, 24), 22);
}

TEST(Evaluation, TheKingThreatensTheWeakUnitsNextToIt) {
  // White's king on e3 attacks the pawn on d2, which nothing protects; phase 0.
  EXPECT_EQ(TermIn("4k3/8/8/8/8/4K3/3p4/8 w - - 0 1", kThreatByKingEg, 10), 10);
  // A pawn on c3 guards it: a unit a pawn protects is never weak. (A single piece guarding it
  // would not do: protected once and attacked once, it stays weak, as in Stockfish.)
  EXPECT_EQ(TermIn("4k3/8/8/8/8/2p1K3/3p4/8 w - - 0 1", kThreatByKingEg, 10), 0);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/1n2K3/3p4/8 w - - 0 1", kThreatByKingEg, 24),
            23);  // phase 1, the knight
}

TEST(Evaluation, MinorPiecesBehindPawnsOnLongDiagonalsAndAmongTheirPawns) {
  // The knight on d3 has Black's pawn on d4 in front of it; phase 1 of 24, 24 counts 23.
  EXPECT_EQ(TermIn("4k3/8/8/8/3p4/3N4/P7/4K3 w - - 0 1", kMinorBehindPawnEg, 24), 23);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/3N4/P7/4K3 w - - 0 1", kMinorBehindPawnEg, 24), 0);
  // The bishop on b2 sees d4 and e5 past the pawns; a pawn on c3 shuts the diagonal.
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/PB6/4K3 w - - 0 1", kBishopLongDiagonalEg, 24), 23);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/2p5/PB6/4K3 w - - 0 1", kBishopLongDiagonalEg, 24), 0);
  // The dark-squared bishop on c1, outside its pawn chain, with b2 and d2 on its colour: 2 * 1.
  // With d2 blocked (a pawn on d3), a central pawn is stuck: 2 * 2.
  const TestGame bishop("chess", "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1");
  EXPECT_EQ(TermOf(bishop.pos(), kBishopPawnsEg, 12), -23);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/3p4/1P1P4/2B1K3 w - - 0 1", kBishopPawnsEg, 12), -46);
}

TEST(Evaluation, ARookOnTheFileOfTheEnemyQueen) {
  // Phase 6 of 24 (rook and queen): an endgame weight of 24 counts 18.
  EXPECT_EQ(TermIn("3qk3/8/8/8/8/8/P7/3RK3 w - - 0 1", kRookOnQueenFileEg, 24), 18);
  EXPECT_EQ(TermIn("3qk3/8/8/8/8/8/P7/4KR2 w - - 0 1", kRookOnQueenFileEg, 24), 0);
}

TEST(Evaluation, WeakUnopposedAndBlockedPawnsAndTheKingsDistanceToItsPawns) {
  // Phase 0 throughout. The isolated a2 has no enemy pawn in front of it; with a7, it has.
  const TestGame unopposed("chess", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
  EXPECT_EQ(TermOf(unopposed.pos(), kWeakUnopposedPawnEg, 10), -10);
  EXPECT_EQ(TermIn("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", kWeakUnopposedPawnEg, 10), 0);
  // e5 (White's fifth rank) is stopped by e6; e4 against e5 counts for neither side.
  EXPECT_EQ(TermIn("4k3/8/4p3/4P3/8/8/8/4K3 w - - 0 1", kBlockedPawnEg, 10), -10);
  EXPECT_EQ(TermIn("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", kBlockedPawnEg, 10), 0);
  // White's king on e1 is four steps from a2; Black has no pawn, so no distance.
  EXPECT_EQ(TermOf(unopposed.pos(), kKingPawnDistanceEg, 10), -40);
}

TEST(Evaluation, PiecesWithFewMovesPayForEachMoveTheyLack) {
  // Phase 1 of 24 (a knight): an endgame weight of 24 counts 23. The knight on a1 has b3 and c2,
  // one move short of three; with a pawn of its own on b3, two short.
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/P7/N3K3 w - - 0 1", kKnightLowMobilityEg, 24), -23);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/1P6/P7/N3K3 w - - 0 1", kKnightLowMobilityEg, 24), -46);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/P7/2N1K3 w - - 0 1", kKnightLowMobilityEg, 24), 0);
}

TEST(Evaluation, ARookShutInByItsOwnKingIsTrapped) {
  // Phase 2: 24 counts 22. The rook on h1 has only g1, and its king on f1 stands between it
  // and the centre; on a1 beside a king on g1 it has the whole first rank.
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/6PP/5K1R w - - 0 1", kTrappedRookEg, 24), -22);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/8/PP6/R5K1 w - - 0 1", kTrappedRookEg, 24), 0);
}

TEST(Evaluation, ARookBehindABlockedPawnOfItsOwnIsOnAClosedFile) {
  EXPECT_EQ(TermIn("4k3/8/8/8/4p3/4P3/8/4RK2 w - - 0 1", kRookOnClosedFileEg, 24), -22);
  EXPECT_EQ(TermIn("4k3/8/8/8/8/4P3/8/4RK2 w - - 0 1", kRookOnClosedFileEg, 24), 0);
}

TEST(Evaluation, RestrictedSquaresAreContestedAndNotStronglyProtected) {
  // Black's king on h8 reaches g8, g7 and h7; White's rook contests g8 and g7: 2. White's pawn
  // on f6 guards g7, so of the squares White's pieces reach Black contests only g8: 1. Phase 2.
  EXPECT_EQ(TermIn("7k/8/5P2/8/8/8/8/4K1R1 w - - 0 1", kRestrictedEg, 24), 22);
}

TEST(Evaluation, AWeakUnitOnlyTheQueenDefendsTiesItDown) {
  // The knight on d5, attacked by the rook and defended by the queen alone. Phase 7: 24 counts 17.
  EXPECT_EQ(TermIn("3qk3/8/8/3n4/8/8/8/3RK3 w - - 0 1", kWeakQueenProtectionEg, 24), 17);
  EXPECT_EQ(TermIn("3qk3/8/8/3n4/8/8/8/4K2R w - - 0 1", kWeakQueenProtectionEg, 24), 0);
}

TEST(Evaluation, PawnFlankAndPassedPathTermsWorkedOutByHand) {
  // Phase 0 throughout, so an endgame weight of 10 counts 10.
  ExpectTerms({
      // d4, undefended, is attacked by c5 and e5; c3 defends it.
      {"4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1", kWeakLeverEg, 10, -10},
      {"4k3/8/8/2p1p3/3P4/2P5/8/4K3 w - - 0 1", kWeakLeverEg, 10, 0},
      // d3 is isolated, opposed by d6 and doubled by d2; with a black pawn on e7 beside, not.
      {"4k3/8/3p4/8/8/3P4/3P4/4K3 w - - 0 1", kDoubledIsolatedEg, 10, -10},
      {"4k3/4p3/3p4/8/8/3P4/3P4/4K3 w - - 0 1", kDoubledIsolatedEg, 10, 0},
      // The phalanx d4-e4: d4 (relative rank 3) is opposed by d6.
      {"4k3/8/3p4/8/3PP3/8/8/4K3 w - - 0 1", kConnectedOpposedEg, 10, -30},
      // c3 supports d4; c3 and e3 both do.
      {"4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1", kPawnSupportEg, 10, 10},
      {"4k3/8/8/8/3P4/2P1P3/8/4K3 w - - 0 1", kPawnSupportEg, 10, 20},
      // White's king on g1: no pawn on the e to h files. Black's on b8 has a7 and a2 on its
      // flank, and so has White's on b1.
      {"1k6/p7/8/8/8/8/P7/6K1 w - - 0 1", kPawnlessFlankEg, 10, -10},
      {"1k6/p7/8/8/8/8/P7/1K6 w - - 0 1", kPawnlessFlankEg, 10, 0},
      // A passed pawn on the d file stands three files from the edge; on the a file, none.
      {"4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", kPassedFileEg, 10, -30},
      {"4k3/8/8/8/P7/8/8/4K3 w - - 0 1", kPassedFileEg, 10, 0},
      // The passed d5 (weight 2 on its fifth rank): Black's king on e8 guards d7, e7 and d8,
      // so only its next square is safe; from h8 the king guards none of its path.
      {"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedPathStepSafeEg, 10, 20},
      {"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedPathSafeEg, 10, 0},
      {"7k/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedPathSafeEg, 10, 20},
      // White's king on e5 guards d6, the next square.
      {"7k/8/8/3PK3/8/8/8/8 w - - 0 1", kPassedPathSupportedEg, 10, 20},
      {"7k/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedPathSupportedEg, 10, 0},
      // A black rook behind it on its file makes every square of the path unsafe.
      {"7k/8/8/3P4/8/8/5K2/3r4 w - - 0 1", kPassedPathSafeEg, 10, 0},
      {"7k/8/8/3P4/8/8/5K2/3r4 w - - 0 1", kPassedPathStepSafeEg, 10, 0},
  });
}

TEST(Evaluation, ShelterStormAndWinnableTermsWorkedOutByHand) {
  ExpectTerms({
      // Every piece on the board (phase 24, a middlegame weight of 10 counts 10). White's king
      // on g1 shelters behind f2 and g2 on their second rank, the h file has no pawn of its
      // own; Black's on g8 behind f7, g7 and h7.
      {"rnbq1rk1/ppppbppp/5n2/8/8/5N2/PPPPBPP1/RNBQ1RK1 w - - 0 1", kShelterNoneMg, 10, -10},
      {"rnbq1rk1/ppppbppp/5n2/8/8/5N2/PPPPBPP1/RNBQ1RK1 w - - 0 1", kShelterRank2Mg, 10, -10},
      // g3 on its third rank instead of g2.
      {"rnbq1rk1/ppppbppp/5n2/8/8/5NP1/PPPPBP2/RNBQ1RK1 w - - 0 1", kShelterRank3Mg, 10, 10},
      // Black's h3 storms White's king on the h file. It attacks g2, which shelters no more:
      // White has two files without a pawn. g2 attacks h3 in turn: Black has one.
      {"rnbq1rk1/ppppbpp1/5n2/8/8/5N1p/PPPPBPP1/RNBQ1RK1 w - - 0 1", kStormRank3Mg, 10, -10},
      {"rnbq1rk1/ppppbpp1/5n2/8/8/5N1p/PPPPBPP1/RNBQ1RK1 w - - 0 1", kShelterNoneMg, 10, -10},
      // With h2 in front of it, h3 is blocked.
      {"rnbq1rk1/ppppbpp1/5n2/8/8/5N1p/PPPPBPPP/RNBQ1RK1 w - - 0 1", kBlockedStormMg, 10, -10},
      {"rnbq1rk1/ppppbpp1/5n2/8/8/5N1p/PPPPBPPP/RNBQ1RK1 w - - 0 1", kStormRank3Mg, 10, 0},
      // A black pawn on h4 storms from White's fourth rank, one on h5 from its fifth.
      {"rnbq1rk1/ppppbpp1/5n2/8/7p/5N2/PPPPBPP1/RNBQ1RK1 w - - 0 1", kStormRank4Mg, 10, -10},
      {"rnbq1rk1/ppppbpp1/5n2/7p/8/5N2/PPPPBPP1/RNBQ1RK1 w - - 0 1", kStormRank5Mg, 10, -10},
      // Winnable, in pawn endings (phase 0, the endgame score in full): White is a pawn up, so
      // a positive complexity adds to its score and a negative one takes from it.
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnablePawns, 10, 10},
      {"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", kWinnablePawns, 10, -10},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnablePassed, 10, 10},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnablePawnEnding, 10, 10},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnableBase, 10, 10},
      // The kings on one file (outflanking -7) and the pawns on one flank: almost unwinnable.
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnableOutflanking, 10, -70},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnableAlmostUnwinnable, 10, -10},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnableInfiltration, 10, 0},
      {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", kWinnableBothFlanks, 10, 0},
      // Black's king on a3, four files and two ranks from White's: outflanking 2; and past the
      // middle.
      {"8/8/8/8/8/k7/4P3/4K3 w - - 0 1", kWinnableOutflanking, 10, 20},
      {"8/8/8/8/8/k7/4P3/4K3 w - - 0 1", kWinnableInfiltration, 10, 10},
      {"8/8/8/8/8/k7/4P3/4K3 w - - 0 1", kWinnableAlmostUnwinnable, 10, 0},
      // Pawns on both flanks. e7 stops d3 and e2 and is stopped by them: no passed pawn.
      {"4k3/7p/8/8/8/8/P3P3/4K3 w - - 0 1", kWinnableBothFlanks, 10, 10},
      {"4k3/4p3/8/8/8/3P4/4P3/4K3 w - - 0 1", kWinnablePassed, 10, 0},
      // Black a pawn up: towards Black.
      {"4k3/4p3/8/8/8/8/8/4K3 w - - 0 1", kWinnablePawns, 10, -10},
      // A knight on the board: no pawn ending.
      {"4k3/8/8/8/8/8/4P3/4KN2 w - - 0 1", kWinnablePawnEnding, 10, 0},
      // The middlegame score (White a pawn up, every piece on the board) moves towards a draw
      // only by what the complexity plus the offset falls below 0.
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kWinnableMgOffset, 10, 0},
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kWinnableMgOffset, -10, -10},
  });
  // However negative the complexity, it takes the endgame score to 0 and no further: the
  // evaluation is then the tempo alone.
  ParamValues params(&ShatarEvalSpecs());
  params[kWinnableBase] = -300;
  const TestGame pawn_up("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ(Evaluate(pawn_up.pos(), params), params[kTempo]);
}

TEST(Evaluation, ImbalancePassedRankAndQueenPieceTermsWorkedOutByHand) {
  ExpectTerms({
      // Every piece, Black without its a pawn (phase 24): White's knights count 2 * (8 - 5),
      // Black's 2 * (7 - 5); its rooks 2 * (5 - 8) against 2 * (5 - 7).
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kKnightPawnsMg, 10, 20},
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kRookPawnsMg, 10, -20},
      // Black without its a8 rook (phase 22): only White pays for a second rook, 12 * 22 / 24.
      {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kRookPairMg, 12, -11},
      {"1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", kKnightPawnsMg, 12, 0},
      // Pawn endings (phase 0): d5 is passed on White's fifth rank, a black d5 on Black's
      // fourth.
      {"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedRank5Eg, 10, 10},
      {"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", kPassedRank4Eg, 10, 0},
      {"4k3/8/8/3p4/8/8/8/4K3 w - - 0 1", kPassedRank4Eg, 10, -10},
      // The queen on d1 behind the knight on d2, which Black's rook on d8 pins (phase 7: an
      // endgame weight of 24 counts 17); with the knight off the file the rook attacks the
      // queen directly, which is a threat and not this term.
      {"3rk3/8/8/8/8/8/3N4/3QK3 w - - 0 1", kWeakQueenPieceEg, 24, -17},
      {"3rk3/8/8/8/8/8/2N5/3QK3 w - - 0 1", kWeakQueenPieceEg, 24, 0},
      // Behind f2 on the diagonal of Black's bishop on h4 (phase 5: 24 counts 19).
      {"k7/8/8/8/7b/8/5P2/4QK2 w - - 0 1", kWeakQueenPieceEg, 24, -19},
      // The bishop on d3 sees b5 and, past e4, f5 (phase 1: 24 counts 23 each).
      {"4k3/8/8/1p3p2/4P3/3B4/8/4K3 w - - 0 1", kBishopXRayPawnsEg, 24, -46},
      // The rook on e1 stopped by e4 on the file of Black's king (phase 2: 24 counts 2); from
      // a1, not.
      {"4k3/8/8/8/4P3/8/8/4R1K1 w - - 0 1", kRookOnKingRingMg, 24, 2},
      {"4k3/8/8/8/4P3/8/8/R5K1 w - - 0 1", kRookOnKingRingMg, 24, 0},
      // The bishop on b2 would see g7 past the knight on d4; a pawn there stops it.
      {"6k1/8/8/8/3N4/8/1B6/6K1 w - - 0 1", kBishopOnKingRingMg, 24, 2},
      {"6k1/8/8/8/3P4/8/1B6/6K1 w - - 0 1", kBishopOnKingRingMg, 24, 0},
      // The queen on d6, where f7 can never attack it (phase 4: 24 counts 20); e7 attacks it.
      {"4k3/5p2/3Q4/8/8/8/8/4K3 w - - 0 1", kQueenInfiltrationEg, 24, 20},
      {"4k3/4p3/3Q4/8/8/8/8/4K3 w - - 0 1", kQueenInfiltrationEg, 24, 0},
  });
}

// The pawn structure's terms come from a cache per thread, keyed by the pawn sets and the
// weights' version. A random game is played twice: the first time each position is scored
// with weights A, and with weights B from scratch (a copy of B whose version is new at every
// position, which no entry can match); the second time with B, which finds the cache warm,
// full of A's entries and its own from the positions before. Both B scores must agree.
TEST(Evaluation, ThePawnStructureCacheNeverChangesAScore) {
  for (const char* variant : {"shatar-traditional", "chess", "shatar-folk"}) {
    ParamValues a(&ShatarEvalSpecs());
    ParamValues b = a;
    b[kPawnMg] += 7;
    b[kPassedPawnEg] += 9;
    b[kIsolatedPawnMg] += 5;
    const auto play = [&](const std::function<void(const Position&)>& score) {
      std::mt19937 rng(20261207);
      TestGame game(variant);
      for (int ply = 0; ply < 300; ++ply) {
        score(game.pos());
        const std::vector<std::string> moves = game.Moves();
        if (moves.empty()) break;
        game.Play({moves[rng() % moves.size()].c_str()});
      }
    };
    std::vector<int> from_scratch;
    play([&](const Position& pos) {
      Evaluate(pos, a);
      ParamValues fresh = b;
      fresh[kPawnMg] = b[kPawnMg];  // the same values under a new version
      from_scratch.push_back(Evaluate(pos, fresh));
    });
    size_t i = 0;
    play([&](const Position& pos) {
      ASSERT_LT(i, from_scratch.size());
      EXPECT_EQ(Evaluate(pos, b), from_scratch[i]) << variant << " ply " << i << " " << pos.Fen();
      ++i;
    });
    EXPECT_EQ(i, from_scratch.size());
    EXPECT_GT(i, 100u) << variant;
  }
}

}  // namespace
}  // namespace tumen::shatar
