// Perft of bogenjirge (RULES.md §6) against hand derivations and an independent slow
// reference (reference.h).
//
// RULES.md's values (16; 674; 7,354; 305,764; 2,623,570; 106,961,078) are counted here. An
// earlier provisional depth-5 value, 2,624,326, is what one gets when the sealed-outside
// win rule does NOT end the game (OutsideRule::kImmobilisationOnly). From ply 4 on both deer can
// stand sealed outside the big square (e.g. 1.c3b3 D@c3 2.g3h3 D@g3: b3 and h3 have no step or jump
// back in); RULES.md says the dogs have then won and perft counts 0 moves below such a
// position, so 756 leaves (the deer moves of the sealed ply-4 positions) drop out.
// The independent reference below confirms both numbers, one per reading.
#include <gtest/gtest.h>

#include "engine/games/bogenjirge/game.h"
#include "tests/bogenjirge/reference.h"

namespace tumen::bogenjirge {
namespace {

class BogenjirgePerft : public ::testing::Test {
 protected:
  void SetUp() override {
    auto rules = RulesForVariant("bogenjirge");
    ASSERT_TRUE(rules.ok()) << rules.status();
    rules_ = *rules;
  }
  uint64_t PerftFrom(const std::string& fen, int depth) {
    Position pos;
    StateInfo st;
    EXPECT_TRUE(pos.Set(rules_, fen, &st).ok()) << fen;
    return Perft(pos, depth);
  }
  BogenjirgeRules rules_;
};

TEST_F(BogenjirgePerft, StartDepthOneIsSixteenAsDerivedByHand) {
  // Deer c3: steps b2 b3 b4 c2 c4 (d2 d3 d4 hold dogs), jumps over d3 to e3, over d2 to
  // e1, over d4 to e5: 8. Deer g3 mirrors it: 8.
  EXPECT_EQ(PerftFrom(rules_.start_fen, 1), 16u);
}

TEST_F(BogenjirgePerft, StartDepthTwoDividesAsDerivedByHand) {
  // At the start the dogs have 15 empty square points to drop on and 26 steps (d2, f2, d4,
  // f4: 5 each; e2, e4: 2 each; d3, f3: 1 each). After
  // - c3b3 (or b2, b4): c3 empties: 16 drops, 3 more steps (d2, d3, d4 reach c3): 45;
  // - c3c2: c3 empties, c2 fills: 15 drops, 26 + 3 - 1 steps: 43;
  // - c3e3 (jumps d3): 16 drops; steps d2 6, e2 1, f2 4, f3 0, d4 6, e4 1, f4 4 = 22: 38;
  // - c3e1 (jumps d2): 16 drops; steps e2 2, f2 4, d3 3, f3 1, d4 6, e4 2, f4 5 = 23: 39.
  // Both deer: 2 * (3*45 + 2*43 + 38 + 2*39) = 674.
  Position pos;
  StateInfo root, st;
  ASSERT_TRUE(pos.Set(rules_, rules_.start_fen, &root).ok());
  auto after = [&](const char* move) {
    const absl::StatusOr<Move> m = ParseUciMove(pos, move);
    EXPECT_TRUE(m.ok()) << m.status();
    pos.DoMove(*m, st);
    const uint64_t n = Perft(pos, 1);
    pos.UndoMove(*m);
    return n;
  };
  EXPECT_EQ(after("c3b3"), 45u);
  EXPECT_EQ(after("c3b2"), 45u);
  EXPECT_EQ(after("c3c2"), 43u);
  EXPECT_EQ(after("c3e3"), 38u);
  EXPECT_EQ(after("c3e1"), 39u);
  EXPECT_EQ(after("c3e5"), 39u);
  EXPECT_EQ(after("g3h3"), 45u);
  EXPECT_EQ(after("g3e3"), 38u);
  EXPECT_EQ(Perft(pos, 2), 674u);
}

TEST_F(BogenjirgePerft, StartMatchesRulesToDepthSix) {
  EXPECT_EQ(PerftFrom(rules_.start_fen, 3), 7354u);
  EXPECT_EQ(PerftFrom(rules_.start_fen, 4), 305764u);
  EXPECT_EQ(PerftFrom(rules_.start_fen, 5), 2623570u);
  EXPECT_EQ(PerftFrom(rules_.start_fen, 6), 106961078u);
}

TEST_F(BogenjirgePerft, ProvisionalDepthFiveIsTheCountWithoutTheSealedRule) {
  rules_.outside = OutsideRule::kImmobilisationOnly;
  EXPECT_EQ(PerftFrom(rules_.start_fen, 5), 2624326u);
}

TEST_F(BogenjirgePerft, IndependentReferenceAgreesWithBothReadings) {
  const reference::Geometry g = reference::DefaultGeometry();
  const reference::State start = reference::Start(g);
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules_, rules_.start_fen, &st).ok());
  for (int depth = 1; depth <= 4; ++depth)
    EXPECT_EQ(Perft(pos, depth), reference::Perft(g, start, depth, true)) << depth;
  EXPECT_EQ(reference::Perft(g, start, 5, true), 2623570u);
  EXPECT_EQ(reference::Perft(g, start, 5, false), 2624326u);
}

TEST_F(BogenjirgePerft, ASealedPositionHasNoMovesButSixWithoutTheRule) {
  // 1.c3b3 D@c3 2.g3h3 D@g3: b3 steps to b2, b4, a3; h3 to h2, h4, i3; no step or jump
  // back into the square (c3, g3 hold dogs; d3, f3 too, so no jump over c3 or g3).
  EXPECT_EQ(PerftFrom("6/2ddd2/1Ddd1ddD1/2ddd2/6 d 14 4", 1), 0u);
  rules_.outside = OutsideRule::kImmobilisationOnly;
  EXPECT_EQ(PerftFrom("6/2ddd2/1Ddd1ddD1/2ddd2/6 d 14 4", 1), 6u);
}

TEST_F(BogenjirgePerft, ASealedPositionHasNoMovesWithTheDogsToMoveToo) {
  EXPECT_EQ(PerftFrom("6/7/1Ddd1ddD1/7/6 g 12 10", 1), 0u);
  EXPECT_EQ(PerftFrom("6/7/1Ddd1ddD1/7/6 g 12 10", 3), 0u);
}

TEST_F(BogenjirgePerft, ThePlyCapNeverStopsPerft) {
  // The start array at ply 399 and at 400 (the cap): the cap ends a game in play, but perft
  // counts the same tree as from ply 0.
  EXPECT_EQ(PerftFrom("6/2ddd2/2Dd1dD2/2ddd2/6 d 16 399", 2), 674u);
  EXPECT_EQ(PerftFrom("6/2ddd2/2Dd1dD2/2ddd2/6 d 16 400", 1), 16u);
  EXPECT_EQ(PerftFrom("6/2ddd2/2Dd1dD2/2ddd2/6 d 16 400", 2), 674u);
  EXPECT_EQ(PerftFrom("6/2ddd2/2Dd1dD2/2ddd2/6 d 16 398", 3), 7354u);
}

TEST_F(BogenjirgePerft, OtherVariantsMatchTheReferenceRulesOnTheirStarts) {
  // bogenjirge-20 on the default board: the deer on e3 has 8 steps; then 24 drops (every
  // other square point) and no dog steps.
  auto rules = RulesForVariant("bogenjirge-20");
  ASSERT_TRUE(rules.ok());
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(*rules, rules->start_fen, &st).ok());
  EXPECT_EQ(Perft(pos, 1), 8u);
  EXPECT_EQ(Perft(pos, 2), 8u * 24u);
  // bogenjirge-7: the deer on d3 (on the lines a3..e3 and d2-d3-d4) steps to c3, e3, d2
  // or d4: 4. Then the dogs drop on any of the 9 empty square points (8 after d3c3) -
  // except after d3e3: e3's neighbours d3, e1, e5 all lie outside the square, so the deer
  // has sealed itself out and the dogs have won: 0. 8 + 9 + 9 + 0 = 26.
  auto small = RulesForVariant("bogenjirge-7");
  ASSERT_TRUE(small.ok());
  ASSERT_TRUE(pos.Set(*small, small->start_fen, &st).ok());
  EXPECT_EQ(Perft(pos, 1), 4u);
  EXPECT_EQ(Perft(pos, 2), 26u);
}

}  // namespace
}  // namespace tumen::bogenjirge
