// A scheduler over a temporary store with a clock the test moves: the fixture of the
// scheduler's unit tests (tests/coordinator/scheduler_*_test.cc).
#ifndef TUMEN_TESTS_COORDINATOR_SCHEDULER_FIXTURE_H_
#define TUMEN_TESTS_COORDINATOR_SCHEDULER_FIXTURE_H_

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "coordinator/server/game_store.h"
#include "coordinator/server/scheduler.h"
#include "gtest/gtest.h"

namespace tumen::coordinator {

constexpr int64_t kLeaseMs = 60'000;

class SchedulerFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tumen-scheduler-test-XXXXXX";
    dir_ = mkdtemp(pattern);
    Open();
  }
  void TearDown() override {
    scheduler_.reset();
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  // Opens the store and a scheduler over it (again: a coordinator restart).
  void Open() {
    scheduler_.reset();
    store_.reset();
    absl::StatusOr<std::unique_ptr<GameStore>> store = GameStore::Open(dir_);
    ASSERT_TRUE(store.ok()) << store.status();
    store_ = *std::move(store);
    SchedulerOptions options;
    options.lease_ms = kLeaseMs;
    options.now_unix_ms = [this] { return now_; };
    options.log = [this](const std::string& line) { log_.push_back(line); };
    absl::StatusOr<std::unique_ptr<Scheduler>> scheduler =
        Scheduler::Create(store_.get(), std::move(options));
    ASSERT_TRUE(scheduler.ok()) << scheduler.status();
    scheduler_ = *std::move(scheduler);
  }
  // `bench_nps` 0: a worker that did not say how fast it is.
  std::string Register(const std::string& name, double bench_nps = 0) {
    v1::RegisterWorkerRequest r;
    r.set_name(name);
    r.set_bench_nps(bench_nps);
    absl::StatusOr<std::string> id = scheduler_->RegisterWorker(r);
    EXPECT_TRUE(id.ok()) << id.status();
    return id.ok() ? *id : "";
  }
  std::vector<v1::Lease> Leases(const std::string& worker, const std::vector<std::string>& engines,
                                bool builds = false) {
    absl::StatusOr<std::vector<v1::Lease>> leases =
        scheduler_->LeaseShards(worker, 8, engines, builds);
    EXPECT_TRUE(leases.ok()) << leases.status();
    return leases.ok() ? *std::move(leases) : std::vector<v1::Lease>{};
  }
  size_t Lease(const std::string& worker, const std::vector<std::string>& engines,
               bool builds = false) {
    return Leases(worker, engines, builds).size();
  }
  // A 2-game shatar match (one shard); players name external engines unless empty.
  uint64_t CreateMatch(const std::string& engine_a, const std::string& engine_b) {
    return CreateJob(MatchJobSpec(engine_a, engine_b));
  }
  v1::JobSpec MatchJobSpec(const std::string& engine_a, const std::string& engine_b) {
    v1::JobSpec spec;
    v1::MatchSpec* m = spec.mutable_match();
    m->set_variant("shatar");
    m->set_games(2);
    m->mutable_tc()->set_nodes(100);
    m->set_seed(1);
    if (!engine_a.empty()) m->mutable_engine_a()->set_name(engine_a);
    if (!engine_b.empty()) m->mutable_engine_b()->set_name(engine_b);
    return spec;
  }
  uint64_t CreateJob(const v1::JobSpec& spec) {
    absl::StatusOr<uint64_t> id = scheduler_->CreateJob(spec);
    EXPECT_TRUE(id.ok()) << id.status();
    return id.ok() ? *id : 0;
  }
  v1::JobInfo Job(uint64_t id) {
    absl::StatusOr<std::vector<v1::JobInfo>> jobs = scheduler_->GetJobs(id);
    EXPECT_TRUE(jobs.ok() && jobs->size() == 1);
    return jobs.ok() && jobs->size() == 1 ? jobs->front() : v1::JobInfo();
  }

  std::string dir_;
  int64_t now_ = 1'700'000'000'000;
  std::vector<std::string> log_;
  std::unique_ptr<GameStore> store_;
  std::unique_ptr<Scheduler> scheduler_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_TESTS_COORDINATOR_SCHEDULER_FIXTURE_H_
