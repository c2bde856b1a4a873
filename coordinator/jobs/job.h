// A job of the farm, behind the interface every job kind implements (match, SPSA, balance,
// analysis, book: coordinator/jobs/job_kinds.h registers them). The scheduler
// (coordinator/server/scheduler.h) owns the jobs, the workers and the lock; a job keeps its
// kind's state and answers for it: what work is open, what a lease carries, whether a result
// belongs to it, what it counts, how it describes itself, and when it is done.
//
// Threads: a job is used only under the scheduler's lock. It never writes to the store
// itself: what must be stored goes into its pending writes (TakeWrites), which the scheduler
// runs after it releases the lock and before it answers the call.
#ifndef TUMEN_COORDINATOR_JOBS_JOB_H_
#define TUMEN_COORDINATOR_JOBS_JOB_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "coordinator/server/game_store.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

class FarmMetrics;  // coordinator/server/metrics.h

// Store writes a job's change of state needs, in order.
using StoreWrites = std::vector<std::function<absl::Status(GameStore&)>>;

// A match's standing after some of its games, for the dashboard's charts.
struct ProgressPoint {
  uint64_t games = 0;
  double elo = 0, elo_lower = 0, elo_upper = 0, llr = 0;
};

struct ShardLease {
  std::string worker_id;
  int64_t deadline_unix_ms = 0;
};

// The worker that asks for work, as the scheduler knows it.
struct LeaseRequester {
  const std::string& worker_id;
  const std::vector<std::string>& engines;  // the external engines it runs
  bool builds = false;                      // it builds engine commits (--source)
  const std::map<std::string, v1::BuildProblem>& build_problems;  // builds it cannot play
  double bench_nps = 0;                                           // 0: unknown
  int64_t now_unix_ms = 0;
  int64_t lease_ms = 0;
  FarmMetrics* metrics = nullptr;  // may be null
};

class Job {
 public:
  explicit Job(StoredJob stored);
  virtual ~Job() = default;
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  // Loads what the store holds of the job's results (games, analyses, a book's tree);
  // `store` is null for a job just created.
  virtual absl::Status Restore(GameStore* store) = 0;

  // Work.
  // The external engines and the engine builds (commits) its work needs; a worker must run
  // all of them to lease it. Fixed by the spec (set up once: every lease request asks).
  const std::vector<std::string>& Engines() const { return engines_; }
  const std::vector<std::string>& Builds() const { return builds_; }
  bool CanBeTakenBy(const LeaseRequester& worker) const;
  // Some work is neither done nor under a live lease.
  virtual bool HasOpenWork(int64_t now_unix_ms) const = 0;
  // Leases open work to the worker, appending to `out` up to `max_leases` in all.
  virtual void Lease(const LeaseRequester& worker, size_t max_leases,
                     std::vector<v1::Lease>& out) = 0;
  // A shard a worker holds is still part of the job (a heartbeat keeps its lease).
  virtual bool ShardIsLive(uint32_t shard_id) const = 0;
  // Drops every lease (the job ended or was cancelled).
  virtual void ClearLeases() { leases.clear(); }
  // A worker finished the shard: its lease ends.
  virtual void ReleaseShard(uint32_t shard_id) { leases.erase(shard_id); }

  // Games (match, SPSA and balance jobs).
  // Checks a submitted game against the job before its (slow) replay.
  virtual absl::Status CheckGame(const v1::Game& game) const;
  // Counts a stored game.
  virtual void RecordGame(uint32_t pair, uint32_t colour, v1::GameResult result) {}

  // Analyses (analysis and book jobs).
  // The game a result's position is in.
  virtual absl::Status AnalysisRules(std::string& variant, std::string& rules) const;
  // The position of an open task.
  virtual absl::StatusOr<v1::AnalysisPosition> TaskPosition(uint64_t task_id) const;
  // Applies a checked result to the job's state; an error rejects the result.
  virtual absl::Status ApplyAnalysis(const v1::AnalysisResult& result) { return absl::OkStatus(); }
  // The state stored with the results in one transaction, if the kind keeps one.
  virtual std::optional<std::string> SavedState() const { return std::nullopt; }
  // Counts a stored result.
  virtual void RecordAnalysis(uint64_t task_id) {}
  virtual absl::StatusOr<v1::BookTree> Book() const;

  // The state the job's results call for: RUNNING while work remains.
  virtual v1::JobState Verdict() const = 0;
  // Fills in the kind's part of a job's description (progress, statistics).
  virtual void Describe(v1::JobInfo& info) const = 0;
  // A match's standing as its pairs completed (empty for other kinds).
  virtual std::vector<ProgressPoint> Progress() const { return {}; }

  // Store writes the job's changes since the last call need.
  virtual StoreWrites TakeWrites();

  bool running() const { return stored.state == v1::JOB_STATE_RUNNING; }
  uint64_t id() const { return stored.id; }

  // The scheduler's part, common to every kind.
  StoredJob stored;
  v1::JobSpec slim_spec;  // stored.spec without openings and positions (the dashboard's polls)
  std::map<uint32_t, ShardLease> leases;
  // The latest build problems workers reported (ReportBuild), oldest first; in memory only.
  std::vector<v1::BuildProblem> build_problems;
  // Why the job waited when the scheduler last logged it; empty while it does not wait.
  std::string waiting_logged;

 protected:
  // Leases `shard` to the worker and appends it to `out`.
  void Issue(const LeaseRequester& worker, uint32_t shard_id, v1::Shard shard,
             std::vector<v1::Lease>& out);
  bool Leased(uint32_t shard_id, int64_t now_unix_ms) const;
  StoreWrites writes_;
  std::vector<std::string> engines_, builds_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_JOB_H_
