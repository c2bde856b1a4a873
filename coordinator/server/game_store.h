// Durable state of the coordinator in one SQLite file (WAL mode): jobs, stored games (as
// protobuf blobs, keyed by their stable id so a repeated submission is stored once) and
// workers. Leases live in memory only: after a restart every unfinished shard is simply
// handed out again, and games that arrive late are still taken if not yet stored.
//
// Thread-safe: one connection guarded by a mutex; callers do their validation before.
#ifndef TUMEN_COORDINATOR_SERVER_GAME_STORE_H_
#define TUMEN_COORDINATOR_SERVER_GAME_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "tumen/v1/coordinator.pb.h"

struct sqlite3;

namespace tumen::coordinator {

struct StoredJob {
  uint64_t id = 0;
  v1::JobSpec spec;
  v1::JobState state = v1::JOB_STATE_UNSPECIFIED;
  int64_t created_unix_ms = 0;
  std::string failure;  // JOB_STATE_FAILED: why
};

// The part of a stored game that statistics need.
struct GameSummary {
  uint32_t pair = 0;
  uint32_t colour = 0;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
};

// An SPSA perturbation issued for a pair, and when its result was applied (-1: not yet).
struct StoredSpsaPair {
  uint32_t pair = 0;
  v1::SpsaPerturbation perturbation;
  int64_t applied_seq = -1;
};

struct StoredWorker {
  std::string id, name, engine_version;
  uint32_t cores = 0;
  uint64_t bench_signature = 0;
  int64_t bench_nps = 0;  // its bench speed, one thread (0: unknown)
  int64_t registered_unix_ms = 0;
  int64_t last_seen_unix_ms = 0;
  uint64_t games = 0;
  uint64_t nodes = 0;
};

class GameStore {
 public:
  // Opens (creating if needed) DIR/tumen.db.
  static absl::StatusOr<std::unique_ptr<GameStore>> Open(const std::string& data_dir);
  ~GameStore();

  absl::StatusOr<uint64_t> CreateJob(const v1::JobSpec& spec, int64_t now_unix_ms);
  absl::Status SetJobState(uint64_t job_id, v1::JobState state, const std::string& failure = "");
  absl::StatusOr<std::vector<StoredJob>> LoadJobs();

  // Inserts the games in one transaction; returns, per game, whether it was new (false:
  // an equal id was stored before). Nothing is acknowledged before the commit returns.
  // Group commit (GroupCommit): one transaction, one fsync, for many submissions.
  absl::StatusOr<std::vector<bool>> InsertGames(const std::vector<v1::Game>& games);
  absl::StatusOr<std::vector<GameSummary>> LoadGameSummaries(uint64_t job_id);
  // One stored game; NotFound when that game is not stored.
  absl::StatusOr<v1::Game> LoadGame(uint64_t job_id, uint32_t pair, uint32_t colour);
  // Calls `visit` for each stored game of the job in (pair, colour) order.
  absl::Status ForEachGame(uint64_t job_id, const std::function<void(const v1::Game&)>& visit);

  // Analysis results, keyed by (job, task): a repeated submission is stored once. With
  // `job_state`, the job's state blob (a book job's tree) is saved in the same transaction.
  absl::StatusOr<std::vector<bool>> InsertAnalyses(const std::vector<v1::AnalysisResult>& results,
                                                   uint64_t job_id = 0,
                                                   const std::string* job_state = nullptr);
  absl::Status ForEachAnalysis(uint64_t job_id,
                               const std::function<void(const v1::AnalysisResult&)>& visit);
  // NotFound when the job never saved a state.
  absl::StatusOr<std::string> LoadJobState(uint64_t job_id);

  // SPSA: issued perturbations (kept if the pair was issued before) and applied results.
  absl::Status SaveSpsaPairs(uint64_t job_id, const std::vector<StoredSpsaPair>& pairs);
  absl::Status MarkSpsaApplied(uint64_t job_id,
                               const std::vector<std::pair<uint32_t, int64_t>>& pair_seq);
  absl::StatusOr<std::vector<StoredSpsaPair>> LoadSpsaPairs(uint64_t job_id);

  absl::Status UpsertWorker(const StoredWorker& worker);
  // Many in one write (a shutdown saving every worker's statistics).
  absl::Status UpsertWorkers(const std::vector<StoredWorker>& workers);

  // Copies committed WAL pages back into the database file (a passive checkpoint: it never
  // waits for readers). The coordinator calls it every few seconds.
  absl::Status Checkpoint();
  absl::StatusOr<std::vector<StoredWorker>> LoadWorkers();

 private:
  explicit GameStore(sqlite3* db) : db_(db) {}
  absl::Status Exec(const char* sql) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);

  // Group commit: `write` (statements, no transaction of its own) runs in one transaction with
  // the writes of every caller that arrived while the previous commit ran, each in a
  // savepoint (a failing write is undone alone). Returns once that transaction committed.
  absl::Status GroupCommit(const std::function<absl::Status()>& write);
  struct PendingWrite {
    const std::function<absl::Status()>* write;
    absl::Status status;
    bool done = false;
  };

  absl::Mutex group_mutex_;
  std::vector<PendingWrite*> pending_ ABSL_GUARDED_BY(group_mutex_);
  bool committing_ ABSL_GUARDED_BY(group_mutex_) = false;
  absl::CondVar group_done_;  // a group commit ended
  absl::Mutex mutex_;
  sqlite3* db_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_GAME_STORE_H_
