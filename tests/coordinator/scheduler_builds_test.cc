// Engine builds as players and clocks scaled per worker (issue 16), in the scheduler: who may
// lease a build match, what a build report does to the shard and the job, and each worker's
// clock factor.
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/coordinator/scheduler_fixture.h"

namespace tumen::coordinator {
namespace {

const std::string kDev(40, 'd');
const std::string kBase = "0123456789abcdef0123456789abcdef01234567";

class SchedulerBuilds : public SchedulerFixture {
 protected:
  // dev (A) against base (B), 2 games in one shard.
  v1::JobSpec BuildMatch() {
    v1::JobSpec spec = MatchJobSpec("", "");
    v1::MatchSpec* m = spec.mutable_match();
    m->mutable_engine_a()->mutable_build()->set_commit(kDev);
    m->mutable_engine_a()->mutable_build()->set_bench_signature(1000);
    m->mutable_engine_b()->mutable_build()->set_commit(kBase);
    m->mutable_engine_b()->mutable_build()->set_bench_signature(2000);
    m->mutable_engine_b()->mutable_build()->set_subject("the base");
    return spec;
  }
  absl::Status Report(const std::string& worker, uint64_t job, const std::string& commit,
                      const std::string& error) {
    v1::ReportBuildRequest r;
    r.set_worker_id(worker);
    r.mutable_shard()->set_job_id(job);
    r.mutable_shard()->set_shard_id(0);
    r.set_commit(commit);
    r.set_error(error);
    return scheduler_->ReportBuild(r);
  }
};

TEST_F(SchedulerBuilds, AWorkerWithoutSourceNeverLeasesABuildMatch) {
  const std::string plain = Register("plain");
  const uint64_t job = CreateJob(BuildMatch());
  for (int poll = 0; poll < 3; ++poll) EXPECT_EQ(Lease(plain, {}), 0u);
  // It may run engines of those names: still no, a build is not an engine it was given.
  EXPECT_EQ(Lease(plain, {"tumen-dddddddddddd", "tumen-0123456789ab"}), 0u);
  const v1::JobInfo info = Job(job);
  ASSERT_TRUE(info.has_waiting());
  EXPECT_EQ(info.waiting().reason(),
            "no live worker builds engines (1 live worker); start one with --source REPO (a "
            "clone of the Tumen repository)");

  const std::string builder = Register("builder");
  const std::vector<v1::Lease> leases = Leases(builder, {}, /*builds=*/true);
  ASSERT_EQ(leases.size(), 1u);
  const v1::MatchSpec& m = leases[0].shard().match();
  EXPECT_EQ(m.engine_a().name(), "tumen-dddddddddddd");
  EXPECT_EQ(m.engine_b().name(), "tumen-0123456789ab");
  EXPECT_EQ(m.engine_a().uci_variant(), "shatar");
  EXPECT_EQ(m.engine_b().build().subject(), "the base");
  EXPECT_FALSE(Job(job).has_waiting());
}

TEST_F(SchedulerBuilds, AReportedBuildGoesToAnotherWorkerAtOnceAndFailsTheJobWhenNoneIsLeft) {
  const std::string w1 = Register("w1"), w2 = Register("w2");
  const uint64_t job = CreateJob(BuildMatch());
  ASSERT_EQ(Lease(w1, {}, true), 1u);
  EXPECT_EQ(Lease(w2, {}, true), 0u) << "its only shard is leased to w1";
  ASSERT_TRUE(Report(w1, job, kDev, "build dddddddddd has bench signature 999 here").ok());
  EXPECT_EQ(Lease(w1, {}, true), 0u) << "w1 refused the build: no more of this job for it";
  EXPECT_EQ(Lease(w2, {}, true), 1u) << "the shard went back to the pool at once";
  v1::JobInfo info = Job(job);
  EXPECT_EQ(info.state(), v1::JOB_STATE_RUNNING);
  ASSERT_EQ(info.build_problems_size(), 1);
  EXPECT_EQ(info.build_problems(0).worker_name(), "w1");
  EXPECT_EQ(info.build_problems(0).commit(), kDev);
  EXPECT_EQ(info.build_problems(0).error(), "build dddddddddd has bench signature 999 here");
  for (const v1::WorkerInfo& w : scheduler_->ListWorkers()) {
    EXPECT_TRUE(w.builds());
    EXPECT_EQ(w.build_problems_size(), w.name() == "w1" ? 1 : 0) << w.name();
  }

  ASSERT_TRUE(Report(w2, job, kBase, "commit 0123456789: the build failed (exit 2)").ok());
  info = Job(job);
  EXPECT_EQ(info.state(), v1::JOB_STATE_FAILED);
  EXPECT_EQ(info.failure(),
            "no live worker can play the job's engine builds; the last report, from w2: commit "
            "0123456789: the build failed (exit 2)");
  EXPECT_EQ(info.build_problems_size(), 2);
  EXPECT_EQ(Lease(w2, {}, true), 0u);
  ASSERT_GE(log_.size(), 3u);
  EXPECT_EQ(log_.back(), absl::StrCat("job ", job, " failed: ", info.failure()));

  Open();  // a restart keeps the failure and its reason
  info = Job(job);
  EXPECT_EQ(info.state(), v1::JOB_STATE_FAILED);
  EXPECT_EQ(info.failure().substr(0, 47), "no live worker can play the job's engine builds");
}

TEST_F(SchedulerBuilds, AReportWhileAnotherBuilderMayStillTryKeepsTheJobRunning) {
  const std::string w1 = Register("w1");
  const uint64_t job = CreateJob(BuildMatch());
  ASSERT_EQ(Lease(w1, {}, true), 1u);
  const std::string w2 = Register("w2");
  EXPECT_EQ(Lease(w2, {}, true), 0u);  // live, builds, and has not failed
  ASSERT_TRUE(Report(w1, job, kDev, "the repository has no commit").ok());
  EXPECT_EQ(Job(job).state(), v1::JOB_STATE_RUNNING);
  // A worker that does not build does not keep a build job alive.
  now_ += 70'000;  // w2 falls silent for longer than a lease
  const std::string plain = Register("plain");
  EXPECT_EQ(Lease(plain, {}), 0u);
  EXPECT_EQ(Lease(w1, {}, true), 0u);
  ASSERT_TRUE(Report(w1, job, kDev, "the repository has no commit").ok());
  EXPECT_EQ(Job(job).state(), v1::JOB_STATE_FAILED);
}

TEST_F(SchedulerBuilds, BadBuildSpecsAndReportsSayWhatToFix) {
  v1::JobSpec spec = BuildMatch();
  spec.mutable_match()->mutable_engine_a()->mutable_build()->set_commit("dddddddd");
  absl::StatusOr<uint64_t> id = scheduler_->CreateJob(spec);
  ASSERT_FALSE(id.ok());
  EXPECT_NE(id.status().message().find("give the full commit hash (40 lowercase hex digits)"),
            std::string::npos)
      << id.status();
  spec = BuildMatch();
  spec.mutable_match()->mutable_engine_b()->mutable_build()->set_bench_signature(0);
  id = scheduler_->CreateJob(spec);
  ASSERT_FALSE(id.ok());
  EXPECT_NE(id.status().message().find("give its bench signature"), std::string::npos)
      << id.status();

  const std::string w = Register("w");
  const uint64_t job = CreateJob(BuildMatch());
  const uint64_t plain_job = CreateMatch("", "");
  EXPECT_EQ(Report(w, job, std::string(40, 'e'), "x").code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Report(w, plain_job, kDev, "x").code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Report("w-nobody", job, kDev, "x").code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Report(w, 999, kDev, "x").code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Report(w, job, kDev, std::string(5000, 'x')).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Job(job).build_problems_size(), 0);
}

TEST_F(SchedulerBuilds, ScaledClocksGiveEachWorkerReferenceOverItsBenchSpeed) {
  const std::string slow = Register("slow", 500'000), fast = Register("fast", 2'000'000),
                    silent = Register("silent");
  v1::JobSpec spec = MatchJobSpec("", "");
  v1::MatchSpec* m = spec.mutable_match();
  m->set_games(6);
  m->set_pairs_per_shard(1);
  m->mutable_tc()->Clear();
  m->mutable_tc()->set_base_ms(10'000);
  m->mutable_tc()->set_increment_ms(100);
  m->set_scale_tc(true);
  const uint64_t job = CreateJob(spec);
  EXPECT_EQ(Job(job).spec().match().tc_reference_nps(), 1'000'000) << "the coordinator's default";
  const std::vector<v1::Lease> slow_leases = Leases(slow, {});
  ASSERT_EQ(slow_leases.size(), 3u);  // every shard: it asks for up to 8
  EXPECT_DOUBLE_EQ(slow_leases[0].shard().tc_factor(), 2.0);
  Open();  // the worker's speed survives a restart, as it does not register again
  now_ += 70'000;
  const std::vector<v1::Lease> fast_leases = Leases(fast, {});
  ASSERT_EQ(fast_leases.size(), 3u);
  EXPECT_DOUBLE_EQ(fast_leases[0].shard().tc_factor(), 0.5);
  now_ += 70'000;
  const std::vector<v1::Lease> silent_leases = Leases(silent, {});
  ASSERT_EQ(silent_leases.size(), 3u);
  EXPECT_EQ(silent_leases[0].shard().tc_factor(), 0) << "unknown speed: not scaled";

  // Not asked for, or not a clock: no factor.
  m->set_scale_tc(false);
  const uint64_t unscaled = CreateJob(spec);
  m->set_scale_tc(true);
  m->mutable_tc()->Clear();
  m->mutable_tc()->set_nodes(100);
  const uint64_t nodes = CreateJob(spec);
  for (const v1::Lease& l : Leases(slow, {})) {
    EXPECT_TRUE(l.shard().job_id() == unscaled || l.shard().job_id() == nodes);
    EXPECT_EQ(l.shard().tc_factor(), 0);
  }
}

}  // namespace
}  // namespace tumen::coordinator
