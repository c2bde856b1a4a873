#include "tests/support/perft_data.h"

#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"

namespace tumen::testing {

std::string TestDataDir() { return TUMEN_TEST_DATA_DIR; }

std::vector<PerftCase> LoadPerftCases(const std::string& variant) {
  const std::string path = TestDataDir() + "/perft/" + variant + ".tsv";
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::vector<PerftCase> cases;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> f = absl::StrSplit(line, '\t');
    PerftCase c;
    if (f.size() < 3 || !absl::SimpleAtoi(f[1], &c.depth) || !absl::SimpleAtoi(f[2], &c.nodes)) {
      ADD_FAILURE() << path << ": malformed line '" << line << "'";
      continue;
    }
    c.fen = f[0];
    c.kind = f.size() > 3 ? f[3] : "";
    cases.push_back(c);
  }
  EXPECT_FALSE(cases.empty()) << path << " has no cases";
  return cases;
}

}  // namespace tumen::testing
