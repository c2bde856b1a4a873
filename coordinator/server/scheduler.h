// The coordinator's logic, free of gRPC: the jobs and the workers, leases with deadlines,
// idempotent and validated submissions, and the store kept in step with memory. What differs
// between job kinds (match, SPSA, balance, analysis, book) is in each kind's Job
// (coordinator/jobs/job.h); the scheduler asks the job.
//
// Threads: every public method may be called from any gRPC thread, and LogWaitingJobs from
// the coordinator's main thread. In-memory state is guarded by mutex_; the store, game
// validation and the log run outside it.
#ifndef TUMEN_COORDINATOR_SERVER_SCHEDULER_H_
#define TUMEN_COORDINATOR_SERVER_SCHEDULER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/jobs/job.h"
#include "coordinator/jobs/match_job.h"
#include "coordinator/server/game_store.h"
#include "coordinator/server/job_waiting.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

class FarmMetrics;  // coordinator/server/metrics.h

struct SchedulerOptions {
  int64_t lease_ms = 60'000;
  uint32_t default_pairs_per_shard = 2;
  uint32_t max_games_per_job = 200'000;
  // scale_tc matches: a worker's clock is multiplied by reference_nps / its bench nodes/s.
  double reference_nps = 1'000'000;
  std::function<int64_t()> now_unix_ms;         // empty: the system clock
  std::function<void(const std::string&)> log;  // one line each; empty: no log
  FarmMetrics* metrics = nullptr;               // counts leases, games, commits; may be null
};

class Scheduler {
 public:
  // Loads every job and its stored games, so a restart resumes where the store left off.
  static absl::StatusOr<std::unique_ptr<Scheduler>> Create(GameStore* store,
                                                           SchedulerOptions options);

  // Operators.
  absl::StatusOr<uint64_t> CreateJob(v1::JobSpec spec);
  // 0: all. `slim`: the specs without their openings and positions (the dashboard's polls:
  // a big match carries thousands of them).
  absl::StatusOr<std::vector<v1::JobInfo>> GetJobs(uint64_t job_id, bool slim = false);
  absl::Status CancelJob(uint64_t job_id);
  absl::Status ExportGames(uint64_t job_id, const std::function<void(const v1::Game&)>& visit);
  absl::StatusOr<v1::Game> GetGame(uint64_t job_id, uint32_t pair, uint32_t colour) {
    return store_->LoadGame(job_id, pair, colour);
  }
  std::vector<v1::WorkerInfo> ListWorkers();
  // Logs each running job that waits because no live worker can take its open work (the
  // reason GetJobs shows), once when it starts waiting or its reason changes, and once when
  // it stops waiting; nothing while it stays the same. Call it every few seconds.
  void LogWaitingJobs();

  // Workers.
  absl::StatusOr<std::string> RegisterWorker(const v1::RegisterWorkerRequest& request);
  // Writes the statistics (games, last seen) of every worker whose statistics changed since
  // they were last saved, in one commit. Submissions save them at most every few minutes per
  // worker; the coordinator calls this when it shuts down, so a clean restart loses none.
  absl::Status SaveWorkerStatistics();
  // Only shards whose external engines the worker can run (`engines`) are leased to it, and
  // shards with engine builds as players only to a worker that `builds` and has not
  // reported a problem with one of those builds (ReportBuild).
  absl::StatusOr<std::vector<v1::Lease>> LeaseShards(const std::string& worker_id,
                                                     uint32_t max_shards,
                                                     const std::vector<std::string>& engines = {},
                                                     bool builds = false);
  // A worker cannot make, or will not play, a build a leased shard needs: the shard goes back
  // to the pool, the worker gets no more of the job's shards, and when every live worker that
  // builds has failed on the job's builds the job ends as failed with the reason.
  absl::Status ReportBuild(const v1::ReportBuildRequest& request);
  absl::StatusOr<v1::HeartbeatResponse> Heartbeat(const v1::HeartbeatRequest& request);
  absl::StatusOr<v1::SubmitGamesResponse> SubmitGames(const v1::SubmitGamesRequest& request);
  absl::StatusOr<v1::SubmitAnalysesResponse> SubmitAnalyses(
      const v1::SubmitAnalysesRequest& request);

  // Analysis and book jobs.
  absl::Status ExportAnalyses(uint64_t job_id,
                              const std::function<void(const v1::AnalysisResult&)>& visit);
  absl::StatusOr<v1::BookTree> GetBook(uint64_t job_id);

  // A match's Elo (with its interval) and LLR as its game pairs completed, at most
  // kMaxProgressPoints points spread over the match (in memory: after a restart rebuilt in
  // pair order). Empty for other job kinds.
  static constexpr size_t kMaxProgressPoints = MatchJob::kMaxProgressPoints;
  absl::StatusOr<std::vector<ProgressPoint>> Progress(uint64_t job_id);

 private:
  struct Worker {
    StoredWorker stored;
    uint64_t nodes_since_register = 0;
    int64_t saved_unix_ms = 0;  // when its statistics last went to the store
    uint64_t saved_games = 0;   // its game count then
    // The external engines of its last lease request (sorted); unknown until its first one
    // since this coordinator started.
    bool engines_known = false;
    std::vector<std::string> engines;
    bool builds = false;  // its last lease request offered engine builds (--source)
    // Builds it could not make or would not play, by commit; in memory only (a restarted
    // coordinator lets it try again).
    std::map<std::string, v1::BuildProblem> build_problems;
  };

  Scheduler(GameStore* store, SchedulerOptions options);
  int64_t Now() const;
  // Runs the store writes the jobs' changes need (outside the lock); the first error stops.
  absl::Status Write(StoreWrites writes);
  // Ends the job in `state` (its verdict, or a failure): no more leases.
  static void End(Job& job, v1::JobState state);
  // The live workers and what they offer, gathered once for all jobs of a call.
  struct LiveWorkers {
    std::vector<const Worker*> workers;
    std::vector<WorkerOffer> offers;  // can_build true: set per job that has builds
  };
  LiveWorkers Live(int64_t now) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  v1::JobInfo Describe(const Job& job, int64_t now, const LiveWorkers& live,
                       bool slim = false) const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // Why no live worker can take the job's unleased work; nothing when one can, or when every
  // piece of its work is leased (coordinator/server/job_waiting.h).
  std::optional<v1::JobWaiting> Waiting(const Job& job, int64_t now, const LiveWorkers& live) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // Seen within a lease period, as a worker must be to keep a lease.
  bool IsLive(const Worker& worker, int64_t now) const {
    return worker.stored.last_seen_unix_ms > now - options_.lease_ms;
  }
  // Whether the worker may lease shards of a job that needs `commits`.
  static bool CanBuild(const Worker& worker, const std::vector<std::string>& commits);
  // The running job of a submission, or why there is none.
  absl::StatusOr<Job*> FindJob(uint64_t job_id) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  // Checks a submitted game against its job before the (slow) replay.
  absl::Status CheckIdentity(const v1::Game& game) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  GameStore* store_;
  SchedulerOptions options_;
  absl::Mutex mutex_;
  std::map<uint64_t, std::unique_ptr<Job>> jobs_ ABSL_GUARDED_BY(mutex_);
  std::map<std::string, Worker> workers_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_SCHEDULER_H_
