// A farm worker: registers, leases shards, plays their games on game threads, spools each
// finished game and uploads it, heartbeats, and stops cleanly.
//
// Threads (who calls what):
//   - Run() is called once, by main. Its thread leases shards and, at the end, drains.
//   - `games_in_parallel` game threads take (shard, pair, colour) tasks from the queue,
//     play them with selfplay::PlayGame and add the game to the spool.
//   - one uploader thread submits spooled games (retries with backoff and jitter) and
//     deletes a file only once the coordinator acknowledged it.
//   - one heartbeat thread extends leases and aborts shards whose job has ended.
//   - RequestStop() may be called from a signal-watching thread: the first call stops
//     leasing and lets running games finish; the second aborts running games now.
#ifndef TUMEN_WORKER_WORKER_H_
#define TUMEN_WORKER_WORKER_H_

#include <atomic>
#include <deque>
#include <map>
#include <memory>
#include <string>

#include "absl/synchronization/mutex.h"
#include "worker/build_cache.h"
#include "worker/coordinator_client.h"
#include "worker/failure_log.h"
#include "worker/spool.h"

namespace tumen::worker {

struct WorkerOptions {
  std::string name = "worker";
  int games_in_parallel = 1;
  absl::Duration heartbeat_interval = absl::Seconds(10);
  absl::Duration idle_poll = absl::Seconds(1);
  int64_t max_games = 0;  // stop after this many games played (0: no limit)
  // External engines this worker may run, by name; jobs name engines, never paths.
  std::map<std::string, std::string> engines;
  // Set (--source): the worker builds the engine builds that jobs name as players, from
  // that repository only, and leases their shards.
  std::shared_ptr<BuildCache> builds;
};

class Worker {
 public:
  Worker(std::unique_ptr<CoordinatorClient> client, Spool spool, WorkerOptions options);

  // Returns when stopped (RequestStop) or after max_games; the spool keeps whatever could not
  // be uploaded yet.
  absl::Status Run();
  void RequestStop();

 private:
  struct ShardState {
    v1::Shard shard;
    int games_left = 0;  // games, or analysis tasks, not yet done
    // Analysis shards: results collected until the shard is done, then submitted at once.
    std::vector<v1::AnalysisResult> results;  // guarded by Worker::mutex_
    std::atomic<bool> abort{false};
    // The engines its games may run: the worker's own, plus the shard's builds once made.
    std::map<std::string, std::string> engines;
  };
  struct Task {
    std::shared_ptr<ShardState> shard;
    int pair_index = 0;  // index into shard.pairs, or into shard.tasks for analysis shards
    int colour = 0;
  };

  absl::Status Register();
  void GameThread();
  void UploadThread();
  void HeartbeatThread();
  bool UploadOnce();  // true when the spool is empty afterwards
  size_t QueuedTasks();
  // Makes (or finds) the engine builds the shard's players need, checks their signatures
  // and adds them to its engines. False when one cannot be played: the coordinator has been
  // told why (ReportBuild), and the shard must be dropped.
  bool PrepareBuilds(ShardState& shard);
  void ReportBuild(const v1::Shard& shard, const std::string& commit, const std::string& error);
  // Takes a leased shard: queues its games (or analysis tasks) once its builds are ready.
  void TakeShard(const v1::Shard& shard);
  // Runs one analysis task; submits the shard's results when it was the last one.
  void RunAnalysisTask(const Task& task);
  void SubmitAnalyses(const std::shared_ptr<ShardState>& shard);

  std::unique_ptr<CoordinatorClient> client_;
  Spool spool_;
  WorkerOptions options_;
  std::string worker_id_;

  std::atomic<int> stop_level_{0};  // 0 running, 1 finishing games, 2 abort now
  std::atomic<bool> threads_done_{false};
  std::atomic<uint64_t> nodes_since_heartbeat_{0};
  std::atomic<uint32_t> games_since_heartbeat_{0};
  std::atomic<int64_t> games_played_{0};
  // Calls that keep failing (the coordinator unreachable) are said once, then summed up.
  FailureLog register_failures_, lease_failures_, heartbeat_failures_, upload_failures_;

  absl::Mutex mutex_;
  std::deque<Task> queue_ ABSL_GUARDED_BY(mutex_);
  int running_games_ ABSL_GUARDED_BY(mutex_) = 0;
  std::map<std::pair<uint64_t, uint32_t>, std::shared_ptr<ShardState>> shards_
      ABSL_GUARDED_BY(mutex_);
};

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_WORKER_H_
