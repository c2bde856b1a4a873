// Delayed folk promotion (RULES.md §3, promotion=folk): the waiting pawn, its backward steps,
// its promotions, its FEN and its key.
#include <algorithm>
#include <deque>

#include "engine/games/shatar/evaluate.h"
#include "engine/games/shatar/game.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/rule_options.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

// A game under the folk preset (or `variant`) from a FEN.
TestGame Folk(const std::string& fen, const char* variant = "shatar-folk") {
  return TestGame(variant, fen);
}

// A white pawn on b7 with room around b8, the kings apart, and a rook each so that the
// bare-king rule of shatar-folk does not end the game.
constexpr char kBeforeLastRank[] = "7k/1P5r/8/8/8/8/8/R5K1 w - - 0 1";

TEST(FolkPromotion, PawnReachingTheLastRankWaits) {
  TestGame g = Folk(kBeforeLastRank);
  EXPECT_THAT(g.MovesFrom("b7"), ElementsAre("b7b8"));  // no promotion letter
  g.Play({"b7b8"});
  EXPECT_EQ(g.pos().piece_on(MakeSquare(1, 7)), MakePiece(kWhite, kPawn));
  EXPECT_EQ(g.pos().Fen(), "1P5k/7r/8/8/8/8/8/R5K1 b - - 0 1");
  EXPECT_EQ(g.pos().folk_stepped(), 0u);
}

TEST(FolkPromotion, WaitingPawnStepsDiagonallyBackwardOnly) {
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  // No step forward (off the board), no straight step back; a7 and c7 with or without bers.
  EXPECT_THAT(g.MovesFrom("b8"), ElementsAre("b8a7", "b8a7j", "b8c7", "b8c7j"));
}

TEST(FolkPromotion, WaitingPawnNeverCaptures) {
  // Black pieces on a7 and c7: the waiting pawn has no move at all.
  TestGame g = Folk("1P5k/n1b5/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_TRUE(g.MovesFrom("b8").empty());
}

TEST(FolkPromotion, PromotesToBersAfterOneStep) {
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  g.Play({"b8c7j"});
  EXPECT_EQ(g.pos().piece_on(MakeSquare(2, 6)), MakePiece(kWhite, kBers));
  EXPECT_EQ(g.pos().Fen(), "7k/2J4r/8/8/8/8/8/R5K1 b - - 0 1");
}

TEST(FolkPromotion, KeepsWaitingAfterOneStepThenMustPromote) {
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  g.Play({"b8c7"});
  EXPECT_EQ(g.pos().Fen(), "7k/2P~4r/8/8/8/8/8/R5K1 b - - 0 1");
  EXPECT_EQ(g.pos().folk_stepped(), SquareBB(MakeSquare(2, 6)));
  g.Play({"h7h6"});
  // The second step must promote: to the full queen or to the bers; never forward.
  EXPECT_THAT(g.MovesFrom("c7"), ElementsAre("c7b6j", "c7b6q", "c7d6j", "c7d6q"));
  g.Play({"c7d6q"});
  EXPECT_EQ(g.pos().piece_on(MakeSquare(3, 5)), MakePiece(kWhite, kQueen));
  EXPECT_EQ(g.pos().folk_stepped(), 0u);
  EXPECT_EQ(g.pos().Fen(), "7k/8/3Q3r/8/8/8/8/R5K1 b - - 0 2");
}

TEST(FolkPromotion, BlackWaitsOnRankOne) {
  TestGame g = Folk("4r2k/8/8/8/8/8/6p1/K6N b - - 0 1");
  g.Play({"g2g1"});
  EXPECT_EQ(g.pos().Fen(), "4r2k/8/8/8/8/8/8/K5pN w - - 0 2");
  g.Play({"a1b1", "g1h2"});
  EXPECT_EQ(g.pos().Fen(), "4r2k/8/8/8/8/8/7p~/1K5N w - - 0 3");
  g.Play({"b1c1"});
  EXPECT_THAT(g.MovesFrom("h2"), ElementsAre("h2g3j", "h2g3q"));
}

TEST(FolkPromotion, FenRoundTripsEveryState) {
  const ShatarRules rules = *RulesForVariant("shatar-folk");
  for (const char* fen : {"1P5k/7r/8/8/8/8/8/R5K1 b - - 0 1", "7k/2P~4r/8/8/8/8/8/R5K1 b - - 0 1",
                          "r6k/8/8/8/8/8/7p~/1K6 w - - 1 3", "r6k/8/8/8/8/8/8/K5p1 w - - 0 2",
                          "7k/2J4r/8/3Q4/8/8/8/R5K1 b - - 0 1"}) {
    Position pos;
    StateInfo st;
    ASSERT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
    EXPECT_EQ(pos.Fen(), fen);
  }
}

TEST(FolkPromotion, FenErrors) {
  const ShatarRules folk = *RulesForVariant("shatar-folk");
  const ShatarRules plain = *RulesForVariant("shatar");
  Position pos;
  StateInfo st;
  EXPECT_THAT(std::string(pos.Set(plain, "7k/2P~4r/8/8/8/8/8/R5K1 b - - 0 1", &st).message()),
              ::testing::HasSubstr("does not use folk promotion"));
  EXPECT_THAT(std::string(pos.Set(plain, "1P5k/7r/8/8/8/8/8/R5K1 b - - 0 1", &st).message()),
              ::testing::HasSubstr("must have promoted"));
  EXPECT_THAT(std::string(pos.Set(folk, "7k/2R~4r/8/8/8/8/8/R5K1 b - - 0 1", &st).message()),
              ::testing::HasSubstr("'~' must follow a pawn on its own seventh rank"));
  EXPECT_THAT(std::string(pos.Set(folk, "7k/7r/2P~5/8/8/8/8/R5K1 b - - 0 1", &st).message()),
              ::testing::HasSubstr("'~' must follow a pawn"));
  EXPECT_THAT(std::string(pos.Set(folk, "7k/7r/8/8/8/8/8/R2P3K b - - 0 1", &st).message()),
              ::testing::HasSubstr("its own first rank"));
}

TEST(FolkPromotion, WaitingPawnGivesNoCheck) {
  // A black king on a7 next to the waiting pawn on b8, and on d8 beside the stepped pawn on
  // c7's capture square: neither is in check, and the king may take the pawn.
  TestGame waiting = Folk("1P6/k6r/8/8/8/8/8/1R4K1 b - - 0 1");
  EXPECT_FALSE(waiting.pos().in_check());
  TestGame stepped = Folk("3k4/2P~4r/8/8/8/8/8/R5K1 b - - 0 1");
  EXPECT_FALSE(stepped.pos().in_check());
  EXPECT_THAT(stepped.Moves(), Contains("d8c7"));
  // It attacks nothing: a king beside it may step onto the squares an ordinary pawn on c7
  // would attack (b8, d8).
  const std::vector<std::string> king_moves = Folk("2k5/2P~4r/8/8/8/8/8/R5K1 b - - 0 1").Moves();
  EXPECT_THAT(king_moves, Contains("c8b8"));
  EXPECT_THAT(king_moves, Contains("c8d8"));
  // An ordinary pawn on c7 would check d8: the position is rejected if Black is not to move.
  Position pos;
  StateInfo st;
  const ShatarRules folk = *RulesForVariant("shatar-folk");
  EXPECT_FALSE(pos.Set(folk, "3k4/2P5/8/8/8/8/8/R5K1 w - - 0 1", &st).ok());
  EXPECT_TRUE(pos.Set(folk, "3k4/2P~5/8/8/8/8/8/R5K1 w - - 0 1", &st).ok());
}

TEST(FolkPromotion, KeysDifferBetweenWaitingStates) {
  const ShatarRules rules = *RulesForVariant("shatar-folk");
  Position a, b;
  StateInfo sa, sb;
  ASSERT_TRUE(a.Set(rules, "7k/2P4r/8/8/8/8/8/R5K1 b - - 0 1", &sa).ok());
  ASSERT_TRUE(b.Set(rules, "7k/2P~4r/8/8/8/8/8/R5K1 b - - 0 1", &sb).ok());
  EXPECT_NE(a.key(), b.key());
  EXPECT_EQ(b.key(), b.ComputeKey());
  // Reaching the stepped state by moves gives the key of its FEN.
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  g.Play({"b8c7"});
  EXPECT_EQ(g.pos().key(), b.key());
}

TEST(FolkPromotion, UndoRestoresEverything) {
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  g.Play({"b8c7", "h7h6"});
  Position pos = g.pos();
  const std::string fen = pos.Fen();
  const Key key = pos.key();
  MoveList moves;
  GenerateLegalMoves(pos, moves);
  for (Move m : moves) {
    StateInfo st;
    pos.DoMove(m, st);
    EXPECT_EQ(pos.key(), pos.ComputeKey()) << MoveToUci(m);
    pos.UndoMove(m);
    EXPECT_EQ(pos.Fen(), fen);
    EXPECT_EQ(pos.key(), key);
  }
}

TEST(FolkPromotion, CapturedSteppedPawnLeavesNoState) {
  TestGame g = Folk("7k/2P~5/8/8/8/2r5/8/R5K1 b - - 0 1");
  g.Play({"c3c7"});
  EXPECT_EQ(g.pos().folk_stepped(), 0u);
  EXPECT_EQ(g.pos().Fen(), "7k/2r5/8/8/8/8/8/R5K1 w - - 0 2");
}

TEST(FolkPromotion, SearchAdapterTreatsPromotingStepsAsTactical) {
  TestGame g = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  const Position& pos = g.pos();
  MoveList tactical;
  GenerateLegalTacticalMoves(pos, tactical);
  std::vector<std::string> names;
  for (Move m : tactical) names.push_back(MoveToUci(m));
  EXPECT_THAT(names, Contains("b8a7j"));
  EXPECT_THAT(names, Not(Contains("b8a7")));
  EXPECT_TRUE(ShatarGame::IsTactical(pos, *ParseUciMove(pos, "b8c7j")));
  EXPECT_FALSE(ShatarGame::IsTactical(pos, *ParseUciMove(pos, "b8c7")));
  // A push onto the last rank under folk rules is quiet, and not in the tactical list.
  TestGame before = Folk(kBeforeLastRank);
  MoveList t2;
  GenerateLegalTacticalMoves(before.pos(), t2);
  for (Move m : t2) EXPECT_NE(MoveToUci(m), "b7b8");
  EXPECT_FALSE(ShatarGame::IsTactical(before.pos(), *ParseUciMove(before.pos(), "b7b8")));
}

TEST(FolkPromotion, EvaluationValuesWaitingPawns) {
  const ParamValues params(&ShatarEvalSpecs());
  // A waiting pawn is worth more than nothing to its side.
  TestGame with = Folk("1P5k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  TestGame without = Folk("7k/7r/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_GT(Evaluate(with.pos(), params), Evaluate(without.pos(), params));
  TestGame stepped = Folk("7k/2P~4r/8/8/8/8/8/R5K1 w - - 0 1");
  EXPECT_GT(Evaluate(stepped.pos(), params), Evaluate(without.pos(), params));
}

TEST(FolkPromotion, FolkPresetStartsWithTheFirstRound) {
  // Full games of every preset are played in tuukhei_test.cc (EveryPresetPlaysAFullGame).
  TestGame g = Folk(RulesForVariant("shatar-folk")->start_fen);
  EXPECT_THAT(g.Moves(), ElementsAre("d2d4", "e2e4"));
}

}  // namespace
}  // namespace tumen::shatar
