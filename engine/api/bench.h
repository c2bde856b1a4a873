// The engine's bench: a fixed set of positions of every variant searched to a fixed depth
// with one thread and a fresh hash table. Its node total is the engine's signature: any
// change to search or evaluation behaviour changes it.
#ifndef TUMEN_ENGINE_API_BENCH_H_
#define TUMEN_ENGINE_API_BENCH_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tumen {

struct BenchPosition {
  std::string variant;
  std::string fen;
};

const std::vector<BenchPosition>& BenchPositions();

struct BenchResult {
  uint64_t nodes = 0;
  double seconds = 0;
};

constexpr int kDefaultBenchDepth = 9;

// `log` receives one line per position.
BenchResult RunBench(int depth, const std::function<void(const std::string&)>& log);

}  // namespace tumen

#endif  // TUMEN_ENGINE_API_BENCH_H_
