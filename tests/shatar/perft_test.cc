// Every reference perft value of shared/perft must match exactly.
#include "engine/games/shatar/perft.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"
#include "tests/support/perft_data.h"

namespace tumen::shatar {
namespace {

void CheckAllReferenceValues(const std::string& variant) {
  const ShatarRules rules = *RulesForVariant(variant);
  for (const testing::PerftCase& c : testing::LoadPerftCases(variant)) {
    Position pos;
    StateInfo st;
    ASSERT_TRUE(pos.Set(rules, c.fen, &st).ok()) << c.fen;
    const std::string fen_before = pos.Fen();
    const Key key_before = pos.key();
    EXPECT_EQ(Perft(pos, c.depth), c.nodes) << variant << " " << c.fen << " depth " << c.depth;
    EXPECT_EQ(pos.Fen(), fen_before) << "perft did not restore the position";
    EXPECT_EQ(pos.key(), key_before);
  }
}

TEST(ShatarPerft, ChessMatchesEveryReferenceValue) { CheckAllReferenceValues("chess"); }
TEST(ShatarPerft, Shatar2017MatchesEveryReferenceValue) { CheckAllReferenceValues("shatar"); }
TEST(ShatarPerft, ShatarTraditionalMatchesEveryReferenceValue) {
  CheckAllReferenceValues("shatar-traditional");
}

// The values in RULES.md §1, §2 and §7 for the start positions, written out here so that a
// damaged data file cannot hide a regression.
TEST(ShatarPerft, StartPositionsMatchRulesDocument) {
  struct Expect {
    const char* variant;
    std::vector<uint64_t> nodes;
  };
  for (const Expect& e : {Expect{"shatar", {2, 2, 42, 882, 20004, 449349}},
                          Expect{"shatar-traditional", {20, 400, 8426, 177344, 3969485}},
                          Expect{"chess", {20, 400, 8902, 197281, 4865609}}}) {
    const ShatarRules rules = *RulesForVariant(e.variant);
    Position pos;
    StateInfo st;
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
    for (size_t d = 0; d < e.nodes.size(); ++d)
      EXPECT_EQ(Perft(pos, int(d) + 1), e.nodes[d]) << e.variant << " depth " << d + 1;
  }
}

// The copy in tests/data/perft must equal shared/perft where that folder exists beside the
// repository (it does in CI), so that an update of the reference is not missed.
TEST(ShatarPerft, DataCopyEqualsSharedReference) {
  const std::filesystem::path shared =
      std::filesystem::path(TUMEN_SOURCE_DIR).parent_path() / "shared" / "perft";
  if (!std::filesystem::exists(shared)) GTEST_SKIP() << "no " << shared << " beside the repository";
  const auto read = [](const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  for (const auto& entry : std::filesystem::directory_iterator(shared)) {
    const auto copy =
        std::filesystem::path(testing::TestDataDir()) / "perft" / entry.path().filename();
    EXPECT_EQ(read(entry.path()), read(copy)) << copy << " differs from " << entry.path();
  }
}

}  // namespace
}  // namespace tumen::shatar
