// The coordinator's logic, free of gRPC: jobs cut into shards, leases with deadlines,
// idempotent and validated submissions, match statistics and SPRT stops. Job kinds:
//  - match (and SPSA tuning): shards of colour-swapped opening pairs;
//  - balance: several match-like arms (rule set x node budget) of self-play in one job;
//  - analysis: shards of positions, one result each (coordinator/scheduler_analysis.cc);
//  - book: a drop-out expansion whose analysis shards are cut as workers ask for work.
//
// Threads: every public method may be called from any gRPC thread, and LogWaitingJobs from
// the coordinator's main thread. In-memory state is guarded by mutex_; the store, game
// validation and the log run outside it.
#ifndef TUMEN_COORDINATOR_SCHEDULER_H_
#define TUMEN_COORDINATOR_SCHEDULER_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/game_store.h"
#include "coordinator/match_stats.h"
#include "coordinator/spsa.h"
#include "engine/book/dropout.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

class FarmMetrics;  // coordinator/metrics.h

// A match's standing after some of its games, for the dashboard's charts.
struct ProgressPoint {
  uint64_t games = 0;
  double elo = 0, elo_lower = 0, elo_upper = 0, llr = 0;
};

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
  static constexpr size_t kMaxProgressPoints = 400;
  absl::StatusOr<std::vector<ProgressPoint>> Progress(uint64_t job_id);

 private:
  struct Lease {
    std::string worker_id;
    int64_t deadline_unix_ms = 0;
  };
  // A match, or one rule set and node budget of a balance study. Pairs and shards are
  // numbered across the arms of a job; no shard spans two arms.
  struct Arm {
    const v1::MatchSpec* spec = nullptr;  // into Job::stored.spec
    uint32_t first_pair = 0, pairs = 0, pairs_per_shard = 1, first_shard = 0, shards = 0;
    WdlCounts first_player;  // results from White's (the first player's) side
  };
  struct Job {
    StoredJob stored;
    v1::JobSpec slim_spec;  // stored.spec without openings and positions (SetupJob)
    std::vector<Arm> arms;  // match and balance jobs
    uint32_t pairs = 0;
    uint32_t shard_count = 0;
    // Points of player A in each game of a pair (0, 1, 2 = loss, draw, win; -1 not stored).
    std::vector<std::array<int8_t, 2>> points;
    std::vector<uint32_t> shard_games_stored;
    std::map<uint32_t, Lease> leases;
    uint64_t games_stored = 0;
    WdlCounts wdl;
    PentanomialCounts pentanomial;
    // The match after every progress_stride-th completed pair (the stride doubles when the
    // points fill up, and every other point goes).
    std::vector<ProgressPoint> progress;
    uint32_t progress_stride = 1, pairs_completed = 0;
    // SPSA jobs: the tuner, the perturbation issued for each pair, results applied so far.
    std::unique_ptr<SpsaTuner> spsa;
    std::map<uint32_t, SpsaPerturbation> issued;
    int64_t applied_seq = 0;
    std::vector<v1::SpsaSnapshot> history;
    // Analysis jobs: which positions have a stored result.
    std::vector<bool> analysed;
    uint64_t analysed_count = 0;
    // Book jobs: the tree, and the requests each leased shard carries.
    std::unique_ptr<book::DropoutBook> dropout;
    std::map<uint32_t, std::vector<uint64_t>> shard_tasks;
    std::map<uint64_t, v1::AnalysisPosition> book_tasks;  // issued, result not yet applied
    // The latest build problems workers reported (ReportBuild), oldest first; in memory only.
    std::vector<v1::BuildProblem> build_problems;
    // Why the job waited when LogWaitingJobs last said so (no live worker, or the engines no
    // live worker offers; not the count of live workers, which changes without news); empty
    // while it does not wait.
    std::string waiting_logged;
    bool running() const { return stored.state == v1::JOB_STATE_RUNNING; }
    bool plays_games() const { return !arms.empty(); }
    size_t ArmIndexOfPair(uint32_t pair) const;
    const Arm& ArmOfPair(uint32_t pair) const { return arms[ArmIndexOfPair(pair)]; }
    const Arm& ArmOfShard(uint32_t shard) const;
    uint32_t ShardOfPair(uint32_t pair) const;
    uint32_t GamesInShard(uint32_t shard) const;
    uint64_t GamesTotal() const { return 2 * uint64_t(pairs); }
  };
  using SpsaMarks = std::vector<std::pair<uint32_t, int64_t>>;  // (pair, applied_seq)
  struct Worker {
    StoredWorker stored;
    uint64_t nodes_since_register = 0;
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
  absl::StatusOr<std::vector<v1::Lease>> LeaseShardsLocked(
      const std::string& worker_id, uint32_t max_shards, const std::vector<std::string>& engines,
      bool builds, std::vector<std::pair<uint64_t, std::vector<StoredSpsaPair>>>& issued);
  int64_t Now() const;
  static absl::Status SetupJob(Job& job);
  // Analysis and book jobs (coordinator/scheduler_analysis.cc).
  static absl::Status SetupAnalysisJob(Job& job, GameStore* store);
  absl::Status CompleteAnalysisJob(v1::JobSpec& spec) const;
  // Leases shards of an analysis or book job; appends to `out`.
  void LeaseAnalysisShards(Job& job, const std::string& worker_id, uint32_t max_shards, int64_t now,
                           std::vector<v1::Lease>& out) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  static void DescribeAnalysis(const Job& job, v1::JobInfo& info);
  // The job's state when its work is done; RUNNING otherwise.
  static v1::JobState AnalysisVerdict(const Job& job);
  // Counts a stored game; when it completes an SPSA pair and `marks` is given, applies the
  // pair's result to theta and records (pair, seq) for the store.
  void RecordGame(Job& job, uint32_t pair, uint32_t colour, v1::GameResult result, SpsaMarks* marks)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  static void ApplySpsa(Job& job, uint32_t pair, SpsaMarks* marks);
  // Appends the match's standing to job.progress (Progress()).
  static void RecordProgress(Job& job);
  // "name value" lines a player of an SPSA pair plays with: the base, then theta +- c delta.
  static std::string PairParams(const Job& job, uint32_t pair, bool plus);
  // The job's new state when SPRT or the game budget ends it; RUNNING otherwise.
  v1::JobState Verdict(const Job& job) const;
  // Issues SPSA perturbations for the shard's pairs where needed (appended to `issued`).
  v1::Shard MakeShard(Job& job, uint32_t shard_id, std::vector<StoredSpsaPair>* issued);
  v1::JobInfo Describe(const Job& job, int64_t now, bool slim = false) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // Why no live worker can take the job's unleased work; nothing when one can, or when every
  // piece of its work is leased (coordinator/job_waiting.h).
  std::optional<v1::JobWaiting> Waiting(const Job& job, int64_t now) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  // The external engines a job's games need: a worker must run all of them to lease its shards.
  static std::vector<std::string> JobEngines(const Job& job);
  // The commits of the engine builds a job's games need (none: any worker may play them).
  static std::vector<std::string> JobBuilds(const Job& job);
  // Seen within a lease period, as a worker must be to keep a lease.
  bool IsLive(const Worker& worker, int64_t now) const {
    return worker.stored.last_seen_unix_ms > now - options_.lease_ms;
  }
  // Whether the worker may lease shards of a job that needs `commits`.
  static bool CanBuild(const Worker& worker, const std::vector<std::string>& commits);

  // Checks a submitted game against its job before the (slow) replay; fills `expected`.
  absl::Status CheckIdentity(const v1::Game& game) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  GameStore* store_;
  SchedulerOptions options_;
  absl::Mutex mutex_;
  std::map<uint64_t, Job> jobs_ ABSL_GUARDED_BY(mutex_);
  std::map<std::string, Worker> workers_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SCHEDULER_H_
