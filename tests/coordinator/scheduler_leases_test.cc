// Leases and the workers that hold them. A job whose unfinished shards are all leased is
// skipped by lease requests until its first lease can end (games_job.h): the shortcut must
// never hide a shard that opened, whether its lease expired or the worker released it early.
#include "gtest/gtest.h"
#include "tests/coordinator/scheduler_fixture.h"

namespace tumen::coordinator {
namespace {

using SchedulerLeases = SchedulerFixture;

TEST_F(SchedulerLeases, AFullJobOpensAgainWhenALeaseExpiresOrIsReleased) {
  v1::JobSpec spec = MatchJobSpec("", "");
  spec.mutable_match()->set_games(4);  // two pairs
  spec.mutable_match()->set_pairs_per_shard(1);
  const uint64_t job = CreateJob(spec);
  const std::string a = Register("a"), b = Register("b");
  ASSERT_EQ(Lease(a, {}), 2u);
  EXPECT_EQ(Lease(b, {}), 0u);  // full: both shards under a's leases

  // Shard 0's lease is extended; shard 1's runs out.
  now_ += kLeaseMs / 2;
  v1::HeartbeatRequest beat;
  beat.set_worker_id(a);
  beat.add_shards()->set_job_id(job);
  ASSERT_TRUE(scheduler_->Heartbeat(beat).ok());
  EXPECT_EQ(Lease(b, {}), 0u);
  now_ += kLeaseMs / 2 + 1;
  std::vector<v1::Lease> taken = Leases(b, {});
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].shard().shard_id(), 1u);
  EXPECT_EQ(Lease(b, {}), 0u);  // full again

  // a gives shard 0 back unfinished (as a worker does when its games were refused): it opens at
  // once, long before its lease would end.
  v1::SubmitGamesRequest done;
  done.set_worker_id(a);
  done.mutable_shard()->set_job_id(job);
  done.mutable_shard()->set_shard_id(0);
  done.set_shard_complete(true);
  ASSERT_TRUE(scheduler_->SubmitGames(done).ok());
  taken = Leases(b, {});
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].shard().shard_id(), 0u);
}

// Statistics go to the store every few minutes per worker; a clean shutdown saves the rest
// (SaveWorkerStatistics), so a restarted coordinator lists when each worker was last seen.
TEST_F(SchedulerLeases, WorkerStatisticsSavedAtShutdownSurviveARestart) {
  const int64_t registered = now_;
  const std::string a = Register("a"), b = Register("b");
  now_ += 50'000;
  v1::HeartbeatRequest beat;
  beat.set_worker_id(a);
  ASSERT_TRUE(scheduler_->Heartbeat(beat).ok());
  const auto last_seen = [&](const std::string& id) {
    for (const v1::WorkerInfo& w : scheduler_->ListWorkers())
      if (w.worker_id() == id) return w.last_seen_unix_ms();
    return int64_t{-1};
  };
  ASSERT_TRUE(scheduler_->SaveWorkerStatistics().ok());
  Open();  // the restart
  EXPECT_EQ(last_seen(a), registered + 50'000);
  EXPECT_EQ(last_seen(b), registered);
}

}  // namespace
}  // namespace tumen::coordinator
