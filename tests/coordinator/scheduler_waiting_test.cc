// The scheduler says why a running job's open work goes to no worker (issue 20): in the job's
// status while it lasts, and in the coordinator's log once, not on every poll.
#include <cstdlib>
#include <filesystem>

#include "absl/strings/str_cat.h"
#include "coordinator/game_store.h"
#include "coordinator/scheduler.h"
#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

constexpr int64_t kLeaseMs = 60'000;

class SchedulerWaiting : public ::testing::Test {
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
  std::string Register(const std::string& name) {
    v1::RegisterWorkerRequest r;
    r.set_name(name);
    absl::StatusOr<std::string> id = scheduler_->RegisterWorker(r);
    EXPECT_TRUE(id.ok()) << id.status();
    return id.ok() ? *id : "";
  }
  size_t Lease(const std::string& worker, const std::vector<std::string>& engines) {
    absl::StatusOr<std::vector<v1::Lease>> leases = scheduler_->LeaseShards(worker, 8, engines);
    EXPECT_TRUE(leases.ok()) << leases.status();
    return leases.ok() ? leases->size() : 0;
  }
  // A 2-game shatar match (one shard); players name external engines unless empty.
  uint64_t CreateMatch(const std::string& engine_a, const std::string& engine_b) {
    v1::JobSpec spec;
    v1::MatchSpec* m = spec.mutable_match();
    m->set_variant("shatar");
    m->set_games(2);
    m->mutable_tc()->set_nodes(100);
    m->set_seed(1);
    if (!engine_a.empty()) m->mutable_engine_a()->set_name(engine_a);
    if (!engine_b.empty()) m->mutable_engine_b()->set_name(engine_b);
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

TEST_F(SchedulerWaiting, AMatchWhoseEngineNoLiveWorkerOffersSaysWhichAndHowManyWorkersLive) {
  const std::string w = Register("w1");
  EXPECT_EQ(Lease(w, {"tumen-a"}), 0u);
  const uint64_t job = CreateMatch("tumen-a", "tumen-b");
  EXPECT_EQ(Lease(w, {"tumen-a"}), 0u);
  const v1::JobInfo info = Job(job);
  ASSERT_TRUE(info.has_waiting());
  EXPECT_EQ(info.waiting().reason(),
            "no live worker offers engine 'tumen-b' (1 live worker); start one with --engine "
            "tumen-a=PATH --engine tumen-b=PATH");
  ASSERT_EQ(info.waiting().missing_engines_size(), 1);
  EXPECT_EQ(info.waiting().missing_engines(0), "tumen-b");
  EXPECT_EQ(info.waiting().live_workers(), 1u);
  const std::vector<v1::WorkerInfo> workers = scheduler_->ListWorkers();
  ASSERT_EQ(workers.size(), 1u);
  EXPECT_EQ(std::vector<std::string>(workers[0].engines().begin(), workers[0].engines().end()),
            std::vector<std::string>{"tumen-a"});
}

TEST_F(SchedulerWaiting, TheLogSaysItOncePerJobNotOncePerPoll) {
  const std::string w = Register("w1");
  const uint64_t job = CreateMatch("tumen-a", "tumen-b");
  for (int poll = 0; poll < 5; ++poll) {
    EXPECT_EQ(Lease(w, {"tumen-a"}), 0u);
    Job(job);
    scheduler_->LogWaitingJobs();
    now_ += 1000;
  }
  ASSERT_EQ(log_.size(), 1u);
  EXPECT_EQ(log_[0], absl::StrCat("job ", job,
                                  " waits: no live worker offers engine 'tumen-b' (1 live "
                                  "worker); start one with --engine tumen-a=PATH --engine "
                                  "tumen-b=PATH"));
  // A worker that runs both engines takes the work: said once too.
  const std::string both = Register("w2");
  EXPECT_EQ(Lease(both, {"tumen-a", "tumen-b"}), 1u);
  EXPECT_FALSE(Job(job).has_waiting());
  scheduler_->LogWaitingJobs();
  scheduler_->LogWaitingJobs();
  ASSERT_EQ(log_.size(), 2u);
  EXPECT_EQ(log_[1], absl::StrCat("job ", job, " no longer waits: a live worker can take it"));
}

TEST_F(SchedulerWaiting, AJobALiveWorkerCanTakeDoesNotWait) {
  const std::string w = Register("w1");
  const uint64_t own = CreateMatch("", "");
  EXPECT_FALSE(Job(own).has_waiting()) << "w1 may take it at its next poll";
  const uint64_t external = CreateMatch("", "tumen-b");
  EXPECT_EQ(Lease(w, {"tumen-b"}), 2u);
  EXPECT_FALSE(Job(own).has_waiting());
  EXPECT_FALSE(Job(external).has_waiting());
  scheduler_->LogWaitingJobs();
  EXPECT_TRUE(log_.empty());
}

TEST_F(SchedulerWaiting, AWorkerSilentForALeasePeriodIsNoLongerLive) {
  const std::string w = Register("w1");
  const uint64_t job = CreateMatch("", "");
  EXPECT_EQ(Lease(w, {}), 1u);
  EXPECT_FALSE(Job(job).has_waiting()) << "its only shard is leased";
  now_ += kLeaseMs + 1;  // the worker died: its lease expired, and it is not live
  const v1::JobInfo info = Job(job);
  ASSERT_TRUE(info.has_waiting());
  EXPECT_EQ(info.waiting().reason(), "no live worker (0 live workers); start a tumen-worker");
  EXPECT_EQ(info.waiting().live_workers(), 0u);
}

TEST_F(SchedulerWaiting, AfterARestartAWorkerWhoseEnginesAreNotYetKnownMakesNoJobWait) {
  const std::string w = Register("w1");
  const uint64_t job = CreateMatch("tumen-a", "");
  EXPECT_EQ(Lease(w, {"tumen-a"}), 1u);
  Open();  // the coordinator restarts; the worker is still playing, and only heartbeats
  v1::HeartbeatRequest heartbeat;
  heartbeat.set_worker_id(w);
  ASSERT_TRUE(scheduler_->Heartbeat(heartbeat).ok());
  EXPECT_FALSE(Job(job).has_waiting());
  scheduler_->LogWaitingJobs();
  EXPECT_TRUE(log_.empty());
}

}  // namespace
}  // namespace tumen::coordinator
