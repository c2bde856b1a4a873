// Search speed: nodes/s per variant with 1 and 2 threads, Lazy SMP time to depth per bench
// position (and the machine's own 2-thread limit beside it), and transposition-table
// probe/store throughput.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

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

// A session on `p` with its table allocated and cleared, ready for a timed search: a GUI's
// engine has its table from `setoption Hash` on, so allocation is not part of a search.
std::unique_ptr<GameSession> ReadySession(const BenchPosition& p, int threads) {
  auto session = *CreateGameSession(p.variant);
  session->SetThreads(threads);
  session->SetHashMb(64);
  search::Limits warm_up;  // the table is allocated by the first search
  warm_up.depth = 1;
  session->Go(warm_up, nullptr);
  session->NewGame();
  if (!session->SetPosition(p.fen, {}).ok()) std::abort();
  return session;
}

search::Limits TimeToDepthLimits() {
  search::Limits limits;
  limits.depth = TimeToDepth();
  return limits;
}

// Wall time to finish depth TimeToDepth() on one position, and the nodes searched (counter
// "nodes"); scripts/smp_speedup.sh takes the median over positions of time(1 thread) /
// time(2 threads). Session set-up (hash allocation) is outside the timed region.
void BM_TimeToDepth(benchmark::State& state, BenchPosition p, int threads) {
  for (auto _ : state) {
    state.PauseTiming();
    auto session = ReadySession(p, threads);
    state.ResumeTiming();
    const search::SearchResult result = session->Go(TimeToDepthLimits(), nullptr);
    state.counters["nodes"] = double(result.nodes);
  }
}

// The machine's own limit on a 2-thread speedup: two copies of the 1-thread search, each
// with its own table, run at once. Each does exactly the 1-thread work, so 2 * time(1 thread)
// / time(two copies) is the speedup a perfectly efficient 2-thread search would reach on this
// machine; a shared machine whose two vCPUs do not give two cores' worth shows it here.
void BM_TwoIndependentSearches(benchmark::State& state, BenchPosition p) {
  for (auto _ : state) {
    state.PauseTiming();
    auto first = ReadySession(p, 1), second = ReadySession(p, 1);
    state.ResumeTiming();
    std::thread other([&] { second->Go(TimeToDepthLimits(), nullptr); });
    first->Go(TimeToDepthLimits(), nullptr);
    other.join();
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
    benchmark::RegisterBenchmark(("BM_TwoIndependentSearches/pos:" + std::to_string(index)).c_str(),
                                 BM_TwoIndependentSearches, p)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);
    ++index;
  }
  return true;
}();

}  // namespace
}  // namespace tumen
