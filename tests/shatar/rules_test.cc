// One named test per special rule of RULES.md §1-§3.
#include <deque>

#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

using ::testing::ElementsAre;
using Game = TestGame;

constexpr GameResult kWhiteWins = GameResult::kFirstPlayerWins;
constexpr GameResult kBlackWins = GameResult::kSecondPlayerWins;

TEST(ShatarFirstRound, WhiteChoosesTheDOrEPawnDoubleStep) {
  EXPECT_THAT(Game("shatar").Moves(), ElementsAre("d2d4", "e2e4"));
}

TEST(ShatarFirstRound, BlackMustMirror) {
  EXPECT_THAT(Game("shatar").Play({"e2e4"}).Moves(), ElementsAre("e7e5"));
  EXPECT_THAT(Game("shatar").Play({"d2d4"}).Moves(), ElementsAre("d7d5"));
}

TEST(ShatarFirstRound, IsAFunctionOfThePositionSoFenKeepsIt) {
  Game after_e4("shatar", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1");
  EXPECT_THAT(after_e4.Moves(), ElementsAre("e7e5"));
  // The same board in a later move is no first round: Black moves freely, one step at a time.
  Game later("shatar", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 5");
  EXPECT_EQ(later.Moves().size(), 20u - 8u);  // 8 pawn single steps + 4 knight moves
}

TEST(ShatarFirstRound, PawnsStepOnlyOnceAfterwards) {
  Game g("shatar");
  g.Play({"d2d4", "d7d5"});
  const std::vector<std::string> moves = g.Moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e2e3"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "e2e4"), 0);
  EXPECT_EQ(moves.size(), 20u);
}

TEST(ShatarPromotion, Shatar2017AndChessPromoteToQueenRookBishopOrKnight) {
  for (const char* variant : {"shatar", "chess"}) {
    const std::vector<std::string> moves = Game(variant, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").Moves();
    for (const char* m : {"b7b8q", "b7b8r", "b7b8b", "b7b8n"})
      EXPECT_EQ(std::count(moves.begin(), moves.end(), m), 1) << variant << " " << m;
    EXPECT_EQ(std::count(moves.begin(), moves.end(), "b7b8"), 0) << "promotion is compulsory";
  }
}

TEST(ShatarPromotion, TraditionalPromotesToBersOnly) {
  const std::vector<std::string> moves =
      Game("shatar-traditional", "4k3/1P6/8/8/8/8/7r/4K3 w - - 0 1").Moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "b7b8j"), 1);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "b7b8q"), 0);
}

TEST(ShatarMateRules, KnightOnlyMateLosesForTheMatingSideInTraditional) {
  const Game g("shatar-traditional", "6rk/5Npp/8/8/8/8/P7/K7 b - - 0 1");
  EXPECT_TRUE(g.Moves().empty());
  EXPECT_EQ(g.Status().result, kBlackWins);
  EXPECT_EQ(g.Status().termination, Termination::kKnightMateLoses);
}

TEST(ShatarMateRules, KnightMateWinsUnder2017Rules) {
  const Game g("shatar", "6rk/5Npp/8/8/8/8/P7/K7 b - - 0 1");
  EXPECT_EQ(g.Status().result, kWhiteWins);
  EXPECT_EQ(g.Status().termination, Termination::kCheckmate);
}

// 1.Rh1+ (a shak) Kg8 2.Bc4#: the bishop mates, but the series began with a rook check.
TEST(ShatarMateRules, ShakSeriesMakesABishopMateWin) {
  Game g("shatar-traditional", "7k/p3P3/6K1/8/8/8/4B3/R7 w - - 0 1");
  g.Play({"a1h1"});
  EXPECT_THAT(g.Moves(), ElementsAre("h8g8"));
  g.Play({"h8g8", "e2c4"});
  EXPECT_EQ(g.Status().result, kWhiteWins);
  EXPECT_EQ(g.Status().termination, Termination::kCheckmate);
}

// The same mate with no shak in the series (the bishop's check is the only one): niol.
TEST(ShatarMateRules, BishopOnlySeriesDraws) {
  Game g("shatar-traditional", "6k1/p3P3/6K1/8/8/8/4B3/7R w - - 0 1");
  g.Play({"e2c4"});
  EXPECT_TRUE(g.Moves().empty());
  EXPECT_EQ(g.Status().result, GameResult::kDraw);
  EXPECT_EQ(g.Status().termination, Termination::kNoShakDraw);
  // Under the 2017 rules the same mate simply wins.
  Game modern("shatar", "6k1/p3P3/6K1/8/8/8/4B3/7R w - - 0 1");
  modern.Play({"e2c4"});
  EXPECT_EQ(modern.Status().result, kWhiteWins);
}

TEST(ShatarMateRules, DirectRookMateWinsEverywhere) {
  for (const char* variant : {"shatar", "shatar-traditional", "chess"}) {
    Game g(variant, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    g.Play({"a1a8"});
    EXPECT_EQ(g.Status().result, kWhiteWins) << variant;
  }
}

TEST(ShatarBareKing, TraditionalDrawsAtOnceAndHasNoMoves) {
  const Game g("shatar-traditional", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_TRUE(g.Moves().empty());
  EXPECT_EQ(g.Status().result, GameResult::kDraw);
  EXPECT_EQ(g.Status().termination, Termination::kBareKing);
  EXPECT_FALSE(Game("shatar", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").Moves().empty());
}

// RULES.md §2: the bare-king rule is checked before mate.
TEST(ShatarBareKing, MatingCaptureOfTheLastPieceDraws) {
  Game traditional("shatar-traditional", "n6k/8/6K1/8/8/8/8/R7 w - - 0 1");
  traditional.Play({"a1a8"});
  EXPECT_EQ(traditional.Status().termination, Termination::kBareKing);
  Game modern("shatar", "n6k/8/6K1/8/8/8/8/R7 w - - 0 1");
  modern.Play({"a1a8"});
  EXPECT_EQ(modern.Status().result, kWhiteWins);
}

TEST(ShatarDraws, StalemateIsADraw) {
  for (const char* variant : {"shatar", "chess"}) {
    const Game g(variant, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    EXPECT_EQ(g.Status().result, GameResult::kDraw) << variant;
    EXPECT_EQ(g.Status().termination, Termination::kStalemate) << variant;
  }
}

TEST(ShatarDraws, DeadPositionsAreDrawn) {
  for (const char* fen : {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", "8/8/4k3/8/8/3BK3/8/8 w - - 0 1",
                          "8/8/4k3/8/8/3NK3/8/8 b - - 0 1", "5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1"}) {
    EXPECT_EQ(Game("shatar", fen).Status().termination, Termination::kDeadPosition) << fen;
  }
  // Opposite-coloured bishops can still mate (with help): play on.
  EXPECT_FALSE(Game("shatar", "4b3/8/4k3/8/8/4K3/8/2B5 w - - 0 1").Status().over());
}

TEST(ShatarDraws, ThreefoldRepetition) {
  Game g("chess");
  g.Play({"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(g.Status().over());
  g.Play({"f6g8"});
  EXPECT_EQ(g.Status().termination, Termination::kRepetition);
}

TEST(ShatarDraws, FiftyMoveRule) {
  Game g("shatar", "4k3/8/8/8/8/8/r7/4K3 w - - 99 80");
  EXPECT_FALSE(g.Status().over());
  g.Play({"e1f1"});
  EXPECT_EQ(g.Status().termination, Termination::kFiftyMoves);
  // A capture resets the count.
  Game capture("shatar", "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
  capture.Play({"a1a2"});
  EXPECT_FALSE(capture.Status().over());
}

TEST(ShatarDraws, MateOnTheHundredthPlyStillWins) {
  Game g("shatar", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
  g.Play({"a1a8"});
  EXPECT_EQ(g.Status().termination, Termination::kCheckmate);
}

}  // namespace
}  // namespace tumen::shatar
