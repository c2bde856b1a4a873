// Xiangqi's static exchange evaluation (engine/games/xiangqi/see.h): each piece's own capture
// rule decides who takes back, the cannon's screen above all.
#include <string>

#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"

namespace tumen::xiangqi {
namespace {

// Whether the capture `uci` in `fen` gains at least `threshold`.
bool Gains(const std::string& fen, const char* uci, int threshold) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st;
  EXPECT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
  const absl::StatusOr<Move> m = ParseUciMove(pos, uci);
  EXPECT_TRUE(m.ok()) << fen << " " << uci;
  return m.ok() && SeeGe(pos, *m, threshold);
}

// The red rook on e2 takes the black soldier on e6 (kings on d10 and f1).
TEST(XiangqiSee, AnUndefendedSoldierIsWorthASoldier) {
  const std::string fen = "3k5/9/9/9/4p4/9/9/9/4R4/5K3 w - - 0 1";
  EXPECT_TRUE(Gains(fen, "e2e6", 100));
  EXPECT_FALSE(Gains(fen, "e2e6", 101));
}

TEST(XiangqiSee, AHorseTakesBackUnlessItsLegIsBlocked) {
  // The horse on d8 reaches e6 over d7.
  EXPECT_FALSE(Gains("3k5/9/3n5/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 0));
  EXPECT_TRUE(Gains("3k5/9/3n5/3p5/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 100));
}

TEST(XiangqiSee, ACannonTakesBackOverExactlyOneScreen) {
  // The cannon on e10 over the horse on e8: it takes back on e6.
  EXPECT_FALSE(Gains("3kc4/9/4n4/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 0));
  // Two screens (e8 and e7), or none: it cannot.
  EXPECT_TRUE(Gains("3kc4/9/4n4/4n4/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 100));
  EXPECT_TRUE(Gains("3kc4/9/9/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 100));
  // A red cannon on e1 takes the rook on e10 over the soldier on e4, and the general on d10
  // takes it back: a rook for a cannon.
  EXPECT_TRUE(Gains("3kr4/9/9/9/9/9/4P4/9/9/4CK3 w - - 0 1", "e1e10", 450));
  EXPECT_FALSE(Gains("3kr4/9/9/9/9/9/4P4/9/9/4CK3 w - - 0 1", "e1e10", 451));
}

TEST(XiangqiSee, ACannonJoinsWhenOneOfItsTwoScreensTakes) {
  // Rook takes soldier on e6 (+100), the black rook on e7 takes back (-800), the red horse on
  // d4 takes that (+100); now the black cannon on e10 has one screen left (the horse on e8)
  // and takes the horse (-300). Seen with its two screens it would never join: +100.
  const std::string fen = "3kc4/9/4n4/4r4/4p4/9/3N5/9/4R4/5K3 w - - 0 1";
  EXPECT_TRUE(Gains(fen, "e2e6", -300));
  EXPECT_FALSE(Gains(fen, "e2e6", -299));
}

TEST(XiangqiSee, AnElephantStaysOnItsSideOfTheRiver) {
  // The black elephant on c8 covers e6 (its own half), not e5 across the river from c7.
  EXPECT_FALSE(Gains("3k5/9/2b6/9/4p4/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 0));
  EXPECT_TRUE(Gains("3k5/9/9/2b6/9/4p4/9/9/4R4/5K3 w - - 0 1", "e2e5", 100));
}

TEST(XiangqiSee, TheGeneralTakesBackOnlyTheLastCapturer) {
  // The black general on e10 takes back on e9 (in its palace) when nothing else covers it.
  EXPECT_FALSE(Gains("4k4/4a4/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "e2e9", 0));
  // A red horse on d7 also covers e9 (over d8): the general cannot take.
  EXPECT_TRUE(Gains("4k4/4a4/9/3N5/9/9/9/9/4R4/5K3 w - - 0 1", "e2e9", 200));
}

TEST(XiangqiSee, AQuietMoveRisksOnlyTheMover) {
  // The rook steps to e6, where the horse on d8 takes it.
  EXPECT_FALSE(Gains("3k5/9/3n5/9/9/9/9/9/4R4/5K3 w - - 0 1", "e2e6", 0));
  EXPECT_TRUE(Gains("3k5/9/3n5/9/9/9/9/9/4R4/5K3 w - - 0 1", "e2e5", 0));
}

}  // namespace
}  // namespace tumen::xiangqi
