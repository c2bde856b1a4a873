// Reference perft values: tests/data/perft/<variant>.tsv (a copy of shared/perft).
#ifndef TUMEN_TESTS_SUPPORT_PERFT_DATA_H_
#define TUMEN_TESTS_SUPPORT_PERFT_DATA_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tumen::testing {

struct PerftCase {
  std::string fen;
  int depth = 0;
  uint64_t nodes = 0;
  std::string kind;
};

std::string TestDataDir();

// All cases of one variant's file; fails the calling test (and returns none) if unreadable.
std::vector<PerftCase> LoadPerftCases(const std::string& variant);

}  // namespace tumen::testing

#endif  // TUMEN_TESTS_SUPPORT_PERFT_DATA_H_
