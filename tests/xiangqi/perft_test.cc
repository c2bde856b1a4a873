// Every reference perft value of shared/perft/xiangqi.tsv must match exactly, including the
// start position at depth 5 (133,312,995 leaves).
#include "engine/games/xiangqi/perft.h"

#include "gtest/gtest.h"
#include "tests/support/perft_data.h"

namespace tumen::xiangqi {
namespace {

TEST(XiangqiPerft, MatchesEveryReferenceValue) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  const std::vector<testing::PerftCase> cases = testing::LoadPerftCases("xiangqi");
  ASSERT_GE(cases.size(), 80u);
  for (const testing::PerftCase& c : cases) {
    Position pos;
    StateInfo st;
    ASSERT_TRUE(pos.Set(rules, c.fen, &st).ok()) << c.fen;
    const std::string fen_before = pos.Fen();
    const Key key_before = pos.key();
    EXPECT_EQ(Perft(pos, c.depth), c.nodes) << c.fen << " depth " << c.depth;
    EXPECT_EQ(pos.Fen(), fen_before) << "perft did not restore the position";
    EXPECT_EQ(pos.key(), key_before);
  }
}

// RULES.md §5 for the start position, written out here so that a damaged data file cannot
// hide a regression.
TEST(XiangqiPerft, StartPositionMatchesRulesDocument) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
  const uint64_t expected[] = {44, 1920, 79666, 3290240};
  for (int d = 0; d < 4; ++d) EXPECT_EQ(Perft(pos, d + 1), expected[d]) << "depth " << d + 1;
}

}  // namespace
}  // namespace tumen::xiangqi
