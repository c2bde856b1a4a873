// The scheduler says why a running job's open work goes to no worker (issue 20): in the job's
// status while it lasts, and in the coordinator's log once, not on every poll.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/coordinator/scheduler_fixture.h"

namespace tumen::coordinator {
namespace {

using SchedulerWaiting = SchedulerFixture;

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
