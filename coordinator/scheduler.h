// The coordinator's logic, free of gRPC: jobs cut into shards of opening pairs, leases with
// deadlines, idempotent and validated game submissions, match statistics and SPRT stops.
//
// Threads: every public method may be called from any gRPC thread. In-memory state is
// guarded by mutex_; the store and game validation run outside it.
#ifndef TUMEN_COORDINATOR_SCHEDULER_H_
#define TUMEN_COORDINATOR_SCHEDULER_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/game_store.h"
#include "coordinator/match_stats.h"
#include "coordinator/spsa.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

struct SchedulerOptions {
  int64_t lease_ms = 60'000;
  uint32_t default_pairs_per_shard = 2;
  uint32_t max_games_per_job = 200'000;
  std::function<int64_t()> now_unix_ms;  // empty: the system clock
};

class Scheduler {
 public:
  // Loads every job and its stored games, so a restart resumes where the store left off.
  static absl::StatusOr<std::unique_ptr<Scheduler>> Create(GameStore* store,
                                                           SchedulerOptions options);

  // Operators.
  absl::StatusOr<uint64_t> CreateJob(v1::JobSpec spec);
  absl::StatusOr<std::vector<v1::JobInfo>> GetJobs(uint64_t job_id);  // 0: all
  absl::Status CancelJob(uint64_t job_id);
  absl::Status ExportGames(uint64_t job_id, const std::function<void(const v1::Game&)>& visit);
  std::vector<v1::WorkerInfo> ListWorkers();

  // Workers.
  absl::StatusOr<std::string> RegisterWorker(const v1::RegisterWorkerRequest& request);
  // Only shards whose external engines the worker can run (`engines`) are leased to it.
  absl::StatusOr<std::vector<v1::Lease>> LeaseShards(const std::string& worker_id,
                                                     uint32_t max_shards,
                                                     const std::vector<std::string>& engines = {});
  absl::StatusOr<v1::HeartbeatResponse> Heartbeat(const v1::HeartbeatRequest& request);
  absl::StatusOr<v1::SubmitGamesResponse> SubmitGames(const v1::SubmitGamesRequest& request);

 private:
  struct Lease {
    std::string worker_id;
    int64_t deadline_unix_ms = 0;
  };
  struct Job {
    StoredJob stored;
    uint32_t pairs = 0;
    uint32_t pairs_per_shard = 0;
    uint32_t shard_count = 0;
    // Points of player A in each game of a pair (0, 1, 2 = loss, draw, win; -1 not stored).
    std::vector<std::array<int8_t, 2>> points;
    std::vector<uint32_t> shard_games_stored;
    std::map<uint32_t, Lease> leases;
    uint64_t games_stored = 0;
    WdlCounts wdl;
    PentanomialCounts pentanomial;
    // SPSA jobs: the tuner, the perturbation issued for each pair, results applied so far.
    std::unique_ptr<SpsaTuner> spsa;
    std::map<uint32_t, SpsaPerturbation> issued;
    int64_t applied_seq = 0;
    std::vector<v1::SpsaSnapshot> history;
    bool running() const { return stored.state == v1::JOB_STATE_RUNNING; }
  };
  using SpsaMarks = std::vector<std::pair<uint32_t, int64_t>>;  // (pair, applied_seq)
  struct Worker {
    StoredWorker stored;
    uint64_t nodes_since_register = 0;
  };

  Scheduler(GameStore* store, SchedulerOptions options);
  absl::StatusOr<std::vector<v1::Lease>> LeaseShardsLocked(
      const std::string& worker_id, uint32_t max_shards, const std::vector<std::string>& engines,
      std::vector<std::pair<uint64_t, std::vector<StoredSpsaPair>>>& issued);
  int64_t Now() const;
  static absl::Status SetupJob(Job& job);
  // Counts a stored game; when it completes an SPSA pair and `marks` is given, applies the
  // pair's result to theta and records (pair, seq) for the store.
  void RecordGame(Job& job, uint32_t pair, uint32_t colour, v1::GameResult result, SpsaMarks* marks)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  static void ApplySpsa(Job& job, uint32_t pair, SpsaMarks* marks);
  // "name value" lines a player of an SPSA pair plays with: the base, then theta +- c delta.
  static std::string PairParams(const Job& job, uint32_t pair, bool plus);
  // The job's new state when SPRT or the game budget ends it; RUNNING otherwise.
  v1::JobState Verdict(const Job& job) const;
  // Issues SPSA perturbations for the shard's pairs where needed (appended to `issued`).
  v1::Shard MakeShard(Job& job, uint32_t shard_id, std::vector<StoredSpsaPair>* issued);
  v1::JobInfo Describe(const Job& job) const;
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
