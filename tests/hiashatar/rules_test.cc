// One named test per rule of RULES.md §4: the bodyguard, its zone, the envoy and its neutral
// squares, promotion and the game end. Every position is built by hand.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/hiashatar/test_util.h"

namespace tumen::hiashatar {
namespace {

using ::testing::ElementsAre;
using testing::FenOf;
using testing::Game;
using ::testing::UnorderedElementsAre;

constexpr GameResult kWhiteWins = GameResult::kFirstPlayerWins;

// --- The bodyguard and its zone (hiashatar) ---

TEST(HiaShatarZone, ARookStopsOnTheFirstZoneSquareOfItsLine) {
  // The black bodyguard on e6 makes d5, e5, f5 (and d6 f6 d7 e7 f7) its zone; the rook going
  // east along rank 5 enters d5 and may go no further.
  Game g("hiashatar", FenOf({"K:a1", "R:a5", "k:j10", "h:e6"}));
  EXPECT_THAT(g.MovesFrom("a5"),
              UnorderedElementsAre("a5a6", "a5a7", "a5a8", "a5a9", "a5a10", "a5a4", "a5a3", "a5a2",
                                   "a5b5", "a5c5", "a5d5"));
}

TEST(HiaShatarZone, ARookCapturesOnTheFirstZoneSquareButNotBeyond) {
  Game g("hiashatar", FenOf({"K:a1", "R:a5", "k:j10", "h:e6", "p:d5"}));
  EXPECT_TRUE(g.Has("a5d5"));
  Game beyond("hiashatar", FenOf({"K:a1", "R:a5", "k:j10", "h:e6", "p:g5"}));
  EXPECT_FALSE(beyond.Has("a5g5"));  // g5 lies past the zone squares d5 e5 f5
  EXPECT_TRUE(beyond.Has("a5d5"));
  EXPECT_FALSE(beyond.Has("a5e5"));
}

TEST(HiaShatarZone, APieceStartingInsideAZoneMovesOneSquare) {
  Game rook("hiashatar", FenOf({"K:a1", "R:d5", "k:j10", "h:e6"}));
  EXPECT_THAT(rook.MovesFrom("d5"), UnorderedElementsAre("d5d4", "d5d6", "d5c5", "d5e5"));
  // A queen inside the zone: its eight neighbours, including the capture of the bodyguard.
  Game queen("hiashatar", FenOf({"K:a1", "Q:d5", "k:j10", "h:e6"}));
  EXPECT_THAT(queen.MovesFrom("d5"),
              UnorderedElementsAre("d5c4", "d5c5", "d5c6", "d5d4", "d5d6", "d5e4", "d5e5", "d5e6"));
}

TEST(HiaShatarZone, KnightsIgnoreZones) {
  Game g("hiashatar", FenOf({"K:a1", "N:d5", "k:j10", "h:e6"}));
  EXPECT_THAT(g.MovesFrom("d5"),
              UnorderedElementsAre("d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6"));
}

TEST(HiaShatarZone, AnOwnBodyguardDoesNotRestrictOwnPieces) {
  Game g("hiashatar", FenOf({"K:a1", "R:a5", "H:e6", "k:j10"}));
  for (const char* m : {"a5e5", "a5f5", "a5j5"}) EXPECT_TRUE(g.Has(m)) << m;
  Game inside("hiashatar", FenOf({"K:a1", "R:d5", "H:e6", "k:j10"}));
  EXPECT_EQ(inside.MovesFrom("d5").size(), 18u);  // 9 on the d-file + 9 on rank 5
}

TEST(HiaShatarZone, ABodyguardTwoStepStopsAtTheFirstZoneSquare) {
  // Black bodyguard e5: zone d4 e4 f4 d6 e6 f6 d5 f5. White bodyguard e3 north: e4 is a zone
  // square, so e3-e5 (which would capture the bodyguard) is cut; west d3 c3 are free.
  Game g("hiashatar", FenOf({"K:a1", "H:e3", "k:j10", "h:e5"}));
  EXPECT_TRUE(g.Has("e3e4"));
  EXPECT_FALSE(g.Has("e3e5"));
  EXPECT_TRUE(g.Has("e3c3"));
  EXPECT_TRUE(g.Has("e3c1"));
  // Starting in the zone: one square, here the capture of the enemy bodyguard.
  Game inside("hiashatar", FenOf({"K:a1", "H:e4", "k:j10", "h:e5"}));
  EXPECT_THAT(inside.MovesFrom("e4"),
              UnorderedElementsAre("e4d3", "e4d4", "e4d5", "e4e3", "e4e5", "e4f3", "e4f4", "e4f5"));
}

TEST(HiaShatarZone, APawnDoubleStepStopsAtTheFirstZoneSquare) {
  Game cut("hiashatar", FenOf({"K:a1", "P:e2", "k:j10", "h:f4"}));  // e3 is a zone square
  EXPECT_THAT(cut.MovesFrom("e2"), ElementsAre("e2e3"));
  Game enter("hiashatar", FenOf({"K:a1", "P:e2", "k:j10", "h:d5"}));  // e4 is the first one
  EXPECT_THAT(enter.MovesFrom("e2"), ElementsAre("e2e3", "e2e4"));
}

TEST(HiaShatarZone, CheckThroughAZoneIsNotCheck) {
  // The rook on j1 would reach j10, but the black bodyguard on i7 makes j6-j8 a zone.
  Game shielded("hiashatar", FenOf({"K:a1", "R:j1", "k:j10", "h:i7"}, 'b'));
  EXPECT_FALSE(shielded.position().in_check());
  Game open("hiashatar", FenOf({"K:a1", "R:j1", "k:j10", "h:a10"}, 'b'));
  EXPECT_TRUE(open.position().in_check());
  // A rook that stands in a zone checks only from the next square: j7 is in the zone of h i6
  // (j8 and j9 are not), so the rook may move one square and does not reach j10.
  Game far("hiashatar", FenOf({"K:a1", "R:j7", "k:j10", "h:i6"}, 'b'));
  EXPECT_FALSE(far.position().in_check());
  Game near("hiashatar", FenOf({"K:a1", "R:j9", "k:j10", "h:i8"}, 'b'));
  EXPECT_TRUE(near.position().in_check());
}

TEST(HiaShatarZone, TheKingMayStandOnALineThatAZoneCuts) {
  // The rook on j1 reaches no further than j6, the first square of the zone of h i7.
  Game g("hiashatar", FenOf({"K:a1", "R:j1", "k:i10", "h:i7"}, 'b'));
  EXPECT_TRUE(g.Has("i10j10"));
  EXPECT_TRUE(g.Has("i10j9"));
}

TEST(HiaShatarZone, ABodyguardInsideAZoneChecksOnlyFromTheNextSquare) {
  Game two("hiashatar", FenOf({"K:a1", "H:e8", "k:e10"}, 'b'));
  EXPECT_TRUE(two.position().in_check());
  // The black bodyguard d9 puts e8 inside its zone: the white bodyguard moves one square.
  Game cut("hiashatar", FenOf({"K:a1", "H:e8", "k:e10", "h:d9"}, 'b'));
  EXPECT_FALSE(cut.position().in_check());
}

TEST(HiaShatarPawn, PromotesToAQueenOnly) {
  Game g("hiashatar", FenOf({"K:a1", "P:c9", "k:j10"}));
  EXPECT_THAT(g.MovesFrom("c9"), ElementsAre("c9c10q"));
  g.Play({"c9c10q"});
  EXPECT_EQ(g.position().piece_on(MakeSquare(2, 9)), MakePiece(kWhite, kQueen));
}

// --- The envoy (hiashatar-envoy) ---

TEST(HiaShatarEnvoy, NoPieceCapturesAPieceNextToAnEnvoy) {
  // The white envoy f1 makes e1 g1 e2 f2 g2 neutral: the black knight on e2 is safe.
  Game g("hiashatar-envoy", FenOf({"K:j1", "E:f1", "R:a2", "k:j10", "n:e2"}));
  EXPECT_TRUE(g.Has("a2d2"));
  EXPECT_FALSE(g.Has("a2e2"));
}

TEST(HiaShatarEnvoy, NoPieceNextToAnEnvoyCaptures) {
  Game g("hiashatar-envoy", FenOf({"K:j1", "E:f1", "P:d4", "k:j10", "n:e2"}, 'b'));
  EXPECT_FALSE(g.Has("e2d4"));
  EXPECT_TRUE(g.Has("e2c3"));  // plain moves are not affected
}

TEST(HiaShatarEnvoy, NoCapturePassesOverASquareNextToAnEnvoy) {
  // Envoy d2: c3 d3 e3 are neutral; the rook may move through them but not capture past.
  Game g("hiashatar-envoy", FenOf({"K:j1", "E:d2", "R:a3", "k:j10", "p:g3"}));
  for (const char* m : {"a3b3", "a3c3", "a3d3", "a3e3", "a3f3"}) EXPECT_TRUE(g.Has(m)) << m;
  EXPECT_FALSE(g.Has("a3g3"));
  Game free("hiashatar-envoy", FenOf({"K:j1", "E:d1", "R:a3", "k:j10", "p:g3"}));
  EXPECT_TRUE(free.Has("a3g3"));
}

TEST(HiaShatarEnvoy, AKingNextToAnEnvoyCannotBeChecked) {
  Game g("hiashatar-envoy", FenOf({"K:e2", "E:d2", "k:j10", "r:e8"}));
  EXPECT_FALSE(g.position().in_check());
  Game control("hiashatar-envoy", FenOf({"K:e2", "E:a1", "k:j10", "r:e8"}));
  EXPECT_TRUE(control.position().in_check());
}

TEST(HiaShatarEnvoy, NoCheckPassesOverASquareNextToAnEnvoy) {
  Game g("hiashatar-envoy", FenOf({"K:j3", "E:e2", "k:j10", "r:a3"}));
  EXPECT_FALSE(g.position().in_check());
  Game control("hiashatar-envoy", FenOf({"K:j3", "E:e1", "k:j10", "r:a3"}));
  EXPECT_TRUE(control.position().in_check());
}

TEST(HiaShatarEnvoy, APieceNextToAnEnvoyGivesNoCheck) {
  Game g("hiashatar-envoy", FenOf({"K:f1", "k:a10", "r:f8", "e:e9"}));
  EXPECT_FALSE(g.position().in_check());
  Game control("hiashatar-envoy", FenOf({"K:f1", "k:a10", "r:f8", "e:a8"}));
  EXPECT_TRUE(control.position().in_check());
}

TEST(HiaShatarEnvoy, TheEnvoyStaysInItsFirstThreeRanks) {
  Game white("hiashatar-envoy", FenOf({"K:j1", "E:c3", "k:j10"}));
  EXPECT_THAT(white.MovesFrom("c3"), UnorderedElementsAre("c3b2", "c3c2", "c3d2", "c3b3", "c3d3"));
  Game black("hiashatar-envoy", FenOf({"K:j1", "k:j10", "e:c8"}, 'b'));
  EXPECT_THAT(black.MovesFrom("c8"), UnorderedElementsAre("c8b9", "c8c9", "c8d9", "c8b8", "c8d8"));
}

TEST(HiaShatarEnvoy, TheEnvoyNeverCapturesAndIsNeverCaptured) {
  Game envoy("hiashatar-envoy", FenOf({"K:j1", "E:c3", "k:j10", "n:d2"}));
  EXPECT_FALSE(envoy.Has("c3d2"));
  Game knight("hiashatar-envoy", FenOf({"K:j1", "E:c3", "k:j10", "n:b5"}, 'b'));
  EXPECT_FALSE(knight.Has("b5c3"));
  Game king("hiashatar-envoy", FenOf({"K:e9", "k:a10", "e:e10"}));
  EXPECT_FALSE(king.Has("e9e10"));
}

TEST(HiaShatarEnvoy, ALoneEnvoyDoesNotPreventADeadPosition) {
  Game g("hiashatar-envoy", FenOf({"K:j1", "E:c3", "k:j10", "e:c8"}));
  EXPECT_EQ(g.Status().termination, Termination::kDeadPosition);
}

// --- Game end ---

TEST(HiaShatarEnd, CheckmateWins) {
  // The queen on j9, guarded by the king on i8, takes every square of the king on j10.
  Game g("hiashatar", FenOf({"K:i8", "Q:j9", "k:j10"}, 'b'));
  const GameStatus s = g.Status();
  EXPECT_EQ(s.result, kWhiteWins);
  EXPECT_EQ(s.termination, Termination::kCheckmate);
}

TEST(HiaShatarEnd, StalemateIsADraw) {
  Game g("hiashatar", FenOf({"K:i8", "Q:h9", "k:j10"}, 'b'));
  EXPECT_EQ(g.Status().termination, Termination::kStalemate);
  EXPECT_EQ(g.Status().result, GameResult::kDraw);
}

TEST(HiaShatarEnd, KingAndMinorAgainstKingIsDead) {
  EXPECT_EQ(Game("hiashatar", FenOf({"K:a1", "N:c3", "k:j10"})).Status().termination,
            Termination::kDeadPosition);
  EXPECT_EQ(Game("hiashatar", FenOf({"K:a1", "k:j10"})).Status().termination,
            Termination::kDeadPosition);
  EXPECT_FALSE(Game("hiashatar", FenOf({"K:a1", "H:c3", "k:j10"})).Status().over());
}

TEST(HiaShatarEnd, ThreefoldRepetitionAndFiftyMovesDraw) {
  Game g("hiashatar", FenOf({"K:a1", "R:c3", "k:j10", "r:h8"}));
  g.Play({"c3c4", "h8h7", "c4c3", "h7h8", "c3c4", "h8h7", "c4c3"});
  EXPECT_FALSE(g.Status().over());
  g.Play({"h7h8"});
  EXPECT_EQ(g.Status().termination, Termination::kRepetition);
  Game fifty("hiashatar", "10/10/10/10/10/10/10/2R7/10/K6r1k w - - 100 80");
  EXPECT_EQ(fifty.Status().termination, Termination::kFiftyMoves);
}

}  // namespace
}  // namespace tumen::hiashatar
