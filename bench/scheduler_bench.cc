// The scheduler alone, in process (tumen-farm-bench):
//   BM_LeaseWhileEveryJobIsFull/jobs:N  a lease request while N running matches of 32 shards
//                                   each have every shard leased: what each idle worker's poll
//                                   costs under the scheduler's mutex when a farm has more
//                                   workers than open work. items/s = lease requests/s.
//   BM_ListWorkers/jobs:N/workers:W  `tumen workers` (and the dashboard's worker list) with N
//                                   such jobs leased out to W workers.
#include <filesystem>
#include <memory>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "coordinator/server/game_store.h"
#include "coordinator/server/scheduler.h"

namespace tumen::coordinator {
namespace {

// A scheduler over a temporary store with `jobs` matches of 32 one-pair shards, every shard
// leased to one of `workers` workers.
class FullFarm {
 public:
  FullFarm(int64_t jobs, int64_t workers) {
    char pattern[] = "/tmp/tumen-scheduler-bench-XXXXXX";
    dir_ = mkdtemp(pattern);
    store_ = *GameStore::Open(dir_);
    SchedulerOptions options;
    options.lease_ms = 60'000;
    scheduler_ = *Scheduler::Create(store_.get(), options);
    v1::JobSpec spec;
    v1::MatchSpec* m = spec.mutable_match();
    m->set_variant("shatar");
    m->set_games(64);
    m->set_pairs_per_shard(1);
    m->mutable_tc()->set_nodes(100);
    for (int64_t j = 0; j < jobs; ++j) {
      m->set_seed(uint64_t(j) + 1);
      if (!scheduler_->CreateJob(spec).ok()) std::abort();
    }
    std::vector<std::string> ids;
    for (int64_t w = 0; w < workers; ++w) ids.push_back(Register(absl::StrCat("holder-", w)));
    for (size_t w = 0; !scheduler_->LeaseShards(ids[w % ids.size()], 8, {}, false)->empty(); ++w) {
    }
  }
  ~FullFarm() {
    scheduler_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  std::string Register(const std::string& name) {
    v1::RegisterWorkerRequest reg;
    reg.set_name(name);
    return *scheduler_->RegisterWorker(reg);
  }
  Scheduler& scheduler() { return *scheduler_; }

 private:
  std::string dir_;
  std::unique_ptr<GameStore> store_;
  std::unique_ptr<Scheduler> scheduler_;
};

void BM_LeaseWhileEveryJobIsFull(benchmark::State& state) {
  FullFarm farm(state.range(0), 1);
  const std::string idle = farm.Register("idle");
  for (auto _ : state) {
    absl::StatusOr<std::vector<v1::Lease>> leases =
        farm.scheduler().LeaseShards(idle, 1, {}, false);
    if (!leases.ok() || !leases->empty()) std::abort();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LeaseWhileEveryJobIsFull)
    ->ArgName("jobs")
    ->Arg(50)
    ->Arg(500)
    ->Unit(benchmark::kMicrosecond);

void BM_ListWorkers(benchmark::State& state) {
  FullFarm farm(state.range(0), state.range(1));
  for (auto _ : state) benchmark::DoNotOptimize(farm.scheduler().ListWorkers());
}
BENCHMARK(BM_ListWorkers)
    ->ArgNames({"jobs", "workers"})
    ->Args({100, 2000})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tumen::coordinator
