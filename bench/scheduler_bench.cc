// The scheduler alone, in process (tumen-farm-bench):
//   BM_LeaseWhileEveryJobIsFull/jobs:N  a lease request while N running matches of 32 shards
//                                   each have every shard leased: what each idle worker's poll
//                                   costs under the scheduler's mutex when a farm has more
//                                   workers than open work. items/s = lease requests/s.
#include <filesystem>
#include <memory>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "coordinator/server/game_store.h"
#include "coordinator/server/scheduler.h"

namespace tumen::coordinator {
namespace {

void BM_LeaseWhileEveryJobIsFull(benchmark::State& state) {
  char pattern[] = "/tmp/tumen-scheduler-bench-XXXXXX";
  const std::string dir = mkdtemp(pattern);
  {
    std::unique_ptr<GameStore> store = *GameStore::Open(dir);
    SchedulerOptions options;
    options.lease_ms = 60'000;
    std::unique_ptr<Scheduler> scheduler = *Scheduler::Create(store.get(), options);
    v1::JobSpec spec;
    v1::MatchSpec* m = spec.mutable_match();
    m->set_variant("shatar");
    m->set_games(64);
    m->set_pairs_per_shard(1);
    m->mutable_tc()->set_nodes(100);
    v1::RegisterWorkerRequest reg;
    reg.set_name("holder");
    const std::string holder = *scheduler->RegisterWorker(reg);
    for (int64_t j = 0; j < state.range(0); ++j) {
      m->set_seed(uint64_t(j) + 1);
      if (!scheduler->CreateJob(spec).ok()) std::abort();
    }
    while (!scheduler->LeaseShards(holder, 8, {}, false)->empty()) {
    }
    reg.set_name("idle");
    const std::string idle = *scheduler->RegisterWorker(reg);
    for (auto _ : state) {
      absl::StatusOr<std::vector<v1::Lease>> leases = scheduler->LeaseShards(idle, 1, {}, false);
      if (!leases.ok() || !leases->empty()) std::abort();
    }
    state.SetItemsProcessed(state.iterations());
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_LeaseWhileEveryJobIsFull)
    ->ArgName("jobs")
    ->Arg(50)
    ->Arg(500)
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace tumen::coordinator
