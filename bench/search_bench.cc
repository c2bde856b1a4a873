// Search speed: nodes/s per variant with 1 and 2 threads, Lazy SMP time to depth per bench
// position, and transposition-table probe/store throughput.
#include <algorithm>
#include <cstdlib>
#include <string>

#include "benchmark/benchmark.h"
#include "engine/api/bench.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/search/tt.h"

namespace tumen {
namespace {

constexpr int kSearchDepth = 10;
// The depth of the time-to-depth runs: TUMEN_TTD_DEPTH overrides it (scripts/smp_speedup.sh
// DEPTH=...), for machines with more threads, whose searches must be longer to measure.
int TimeToDepth() {
  static const int depth = [] {
    const char* env = std::getenv("TUMEN_TTD_DEPTH");
    const int d = env ? std::atoi(env) : 0;
    return d > 0 && d < 64 ? d : 14;
  }();
  return depth;
}

search::SearchResult SearchOnce(const BenchPosition& p, int threads, int depth) {
  auto session = *CreateGameSession(p.variant);
  session->SetThreads(threads);
  session->SetHashMb(64);
  if (!session->SetPosition(p.fen, {}).ok()) std::abort();
  search::Limits limits;
  limits.depth = depth;
  return session->Go(limits, nullptr);
}

// All bench positions of one variant; items/s = nodes/s.
void BM_SearchNodesPerSecond(benchmark::State& state, std::string variant, int threads) {
  uint64_t nodes = 0;
  for (auto _ : state)
    for (const BenchPosition& p : BenchPositions())
      if (p.variant == variant) nodes += SearchOnce(p, threads, kSearchDepth).nodes;
  state.SetItemsProcessed(int64_t(nodes));
}

// Wall time to finish depth TimeToDepth() on one position, and the nodes searched (counter
// "nodes"); scripts/smp_speedup.sh takes the median over positions of time(1 thread) /
// time(2 threads). Session set-up (hash allocation) is outside the timed region.
void BM_TimeToDepth(benchmark::State& state, BenchPosition p, int threads) {
  for (auto _ : state) {
    state.PauseTiming();
    auto session = *CreateGameSession(p.variant);
    session->SetThreads(threads);
    session->SetHashMb(64);
    // The table is allocated by the first search; a GUI's engine has it from `setoption Hash`
    // on. Allocate and clear it outside the timing, so that only the search is measured.
    search::Limits warm_up;
    warm_up.depth = 1;
    session->Go(warm_up, nullptr);
    session->NewGame();
    if (!session->SetPosition(p.fen, {}).ok()) std::abort();
    search::Limits limits;
    limits.depth = TimeToDepth();
    state.ResumeTiming();
    const search::SearchResult result = session->Go(limits, nullptr);
    state.counters["nodes"] = double(result.nodes);
  }
}

void BM_TranspositionTableProbeStore(benchmark::State& state) {
  search::TranspositionTable tt;
  tt.Resize(64);
  Prng prng(1);
  int64_t ops = 0;
  for (auto _ : state) {
    for (int i = 0; i < 4096; ++i) {
      const uint64_t key = prng.Next();
      search::TTData d;
      d.move = uint16_t(key);
      d.depth = int8_t(i & 31);
      d.bound = search::Bound::kExact;
      tt.Store(key, d);
      benchmark::DoNotOptimize(tt.Probe(key ^ (i & 1)));
    }
    ops += 2 * 4096;
  }
  state.SetItemsProcessed(ops);
}
BENCHMARK(BM_TranspositionTableProbeStore);

const bool registered = [] {
  std::vector<std::string> variants;  // every variant with bench positions, in bench order
  for (const BenchPosition& p : BenchPositions())
    if (std::find(variants.begin(), variants.end(), p.variant) == variants.end())
      variants.push_back(p.variant);
  for (const std::string& v : variants)
    for (int threads : {1, 2})
      benchmark::RegisterBenchmark(
          ("BM_SearchNodesPerSecond/" + v + "/threads:" + std::to_string(threads)).c_str(),
          BM_SearchNodesPerSecond, v, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->Iterations(1);
  int index = 0;
  for (const BenchPosition& p : BenchPositions()) {
    for (int threads : {1, 2})
      benchmark::RegisterBenchmark(
          ("BM_TimeToDepth/pos:" + std::to_string(index) + "/threads:" + std::to_string(threads))
              .c_str(),
          BM_TimeToDepth, p, threads)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->Iterations(1);
    ++index;
  }
  return true;
}();

}  // namespace
}  // namespace tumen
