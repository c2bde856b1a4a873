#include "worker/worker.h"

#include <random>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/api/bench.h"
#include "engine/api/version.h"
#include "engine/selfplay/analyse.h"
#include "engine/selfplay/play_game.h"
#include "proto/convert.h"

namespace tumen::worker {
namespace {

void Log(const std::string& line) { std::fprintf(stderr, "tumen-worker: %s\n", line.c_str()); }

// Exponential backoff with full jitter, capped.
absl::Duration Backoff(int attempt) {
  static thread_local std::mt19937_64 rng(std::random_device{}());
  const double cap_ms = std::min(30000.0, 200.0 * double(1 << std::min(attempt, 8)));
  return absl::Milliseconds(std::uniform_real_distribution<double>(cap_ms / 2, cap_ms)(rng));
}

}  // namespace

Worker::Worker(std::unique_ptr<CoordinatorClient> client, Spool spool, WorkerOptions options)
    : client_(std::move(client)),
      spool_(std::move(spool)),
      options_(std::move(options)),
      register_failures_("register", Log),
      lease_failures_("lease", Log),
      heartbeat_failures_("heartbeat", Log),
      upload_failures_("upload", Log) {}

void Worker::RequestStop() {
  const int level = stop_level_.fetch_add(1) + 1;
  if (level >= 2) {
    absl::MutexLock lock(&mutex_);
    for (auto& [key, shard] : shards_) shard->abort.store(true);
  }
}

absl::Status Worker::Register() {
  v1::RegisterWorkerRequest request;
  request.set_name(options_.name);
  request.set_cores(std::thread::hardware_concurrency());
  request.set_engine_version(kEngineVersion);
  // The bench node count identifies the engine's search behaviour (RunBench is deterministic).
  const BenchResult bench = RunBench(kDefaultBenchDepth, [](const std::string&) {});
  request.set_bench_signature(bench.nodes);
  if (bench.seconds > 0) request.set_bench_nps(double(bench.nodes) / bench.seconds);
  for (int attempt = 0; stop_level_.load() == 0; ++attempt) {
    absl::StatusOr<v1::RegisterWorkerResponse> r = client_->RegisterWorker(request);
    if (r.ok()) {
      register_failures_.Succeeded();
      worker_id_ = r->worker_id();
      std::string engines;
      for (const auto& [name, path] : options_.engines)
        absl::StrAppend(&engines, engines.empty() ? "; engines " : ", ", name, "=", path);
      if (options_.builds)
        absl::StrAppend(&engines, "; builds engines into ", options_.builds->cache_dir());
      Log(absl::StrFormat("registered as %s; bench %d nodes/s%s", worker_id_,
                          int64_t(request.bench_nps()), engines));
      return absl::OkStatus();
    }
    if (r.status().code() == absl::StatusCode::kUnauthenticated ||
        r.status().code() == absl::StatusCode::kPermissionDenied ||
        r.status().code() == absl::StatusCode::kInvalidArgument)
      return r.status();  // retrying cannot help
    register_failures_.Failed(std::string(r.status().message()));
    absl::SleepFor(Backoff(attempt));
  }
  return absl::CancelledError("stopped before registering");
}

size_t Worker::QueuedTasks() {
  absl::MutexLock lock(&mutex_);
  return queue_.size();
}

absl::Status Worker::Run() {
  if (absl::Status s = Register(); !s.ok()) return s;
  std::vector<std::thread> threads;
  for (int i = 0; i < options_.games_in_parallel; ++i)
    threads.emplace_back([this] { GameThread(); });
  std::thread uploader([this] { UploadThread(); });
  std::thread heartbeat([this] { HeartbeatThread(); });

  int failures = 0;
  absl::Duration idle_sleep = absl::Milliseconds(50);
  while (stop_level_.load() == 0) {
    if (options_.max_games > 0 && games_played_.load() >= options_.max_games) break;
    // Keep one game per game thread queued beyond the running ones, so a thread that
    // finishes a game starts the next at once instead of waiting for a lease.
    if (QueuedTasks() >= size_t(options_.games_in_parallel)) {
      absl::SleepFor(absl::Milliseconds(10));
      continue;
    }
    v1::LeaseShardsRequest request;
    request.set_worker_id(worker_id_);
    request.set_max_shards(1);
    for (const auto& [name, path] : options_.engines) request.add_engines(name);
    request.set_builds(options_.builds != nullptr);
    absl::StatusOr<v1::LeaseShardsResponse> r = client_->LeaseShards(request);
    if (!r.ok()) {
      lease_failures_.Failed(std::string(r.status().message()));
      absl::SleepFor(Backoff(failures++));
      continue;
    }
    lease_failures_.Succeeded();
    failures = 0;
    if (r->leases_size() == 0) {  // no work: poll again, less often the longer it lasts
      absl::SleepFor(idle_sleep);
      idle_sleep = std::min(idle_sleep * 2, options_.idle_poll);
      continue;
    }
    idle_sleep = absl::Milliseconds(50);
    for (const v1::Lease& lease : r->leases()) TakeShard(lease.shard());
  }
  // Finish: no new games; running ones end (or abort at the second stop request).
  {
    absl::MutexLock lock(&mutex_);
    queue_.clear();
  }
  if (stop_level_.load() == 0) stop_level_.store(1);
  for (std::thread& t : threads) t.join();
  threads_done_.store(true);
  uploader.join();
  heartbeat.join();
  Log(absl::StrCat("stopped; ", games_played_.load(), " games played, ", spool_.Count(),
                   " left in the spool"));
  return absl::OkStatus();
}

void Worker::TakeShard(const v1::Shard& shard) {
  auto state = std::make_shared<ShardState>();
  state->shard = shard;
  state->engines = options_.engines;
  const int tasks = shard.tasks_size();
  state->games_left = tasks > 0 ? tasks : 2 * shard.pairs_size();
  const auto key = std::make_pair(shard.job_id(), shard.shard_id());
  {
    absl::MutexLock lock(&mutex_);
    shards_[key] = state;  // heartbeats keep the lease while its builds are made
  }
  if (!PrepareBuilds(*state)) {
    absl::MutexLock lock(&mutex_);
    if (shards_.contains(key) && shards_[key] == state) shards_.erase(key);
    return;
  }
  absl::MutexLock lock(&mutex_);
  if (state->abort.load()) return;  // the job ended while its builds were made
  for (int t = 0; t < tasks; ++t) queue_.push_back({state, t, 0});
  for (int p = 0; tasks == 0 && p < shard.pairs_size(); ++p)
    for (int colour : {0, 1}) queue_.push_back({state, p, colour});
}

bool Worker::PrepareBuilds(ShardState& state) {
  const v1::Shard& shard = state.shard;
  for (const v1::EngineSpec* e : {&shard.match().engine_a(), &shard.match().engine_b()}) {
    if (!e->has_build()) continue;
    const v1::EngineBuild& build = e->build();
    const std::string label =
        absl::StrCat(build.commit().substr(0, 10), build.subject().empty() ? "" : " (",
                     build.subject(), build.subject().empty() ? "" : ")");
    if (!options_.builds) {
      ReportBuild(shard, build.commit(),
                  "this worker was started without --source: it builds no engines");
      return false;
    }
    absl::StatusOr<EngineBuildInfo> info = options_.builds->Get(build.commit());
    if (!info.ok()) {
      ReportBuild(shard, build.commit(), std::string(info.status().message()));
      return false;
    }
    if (info->bench_signature != build.bench_signature()) {
      ReportBuild(shard, build.commit(),
                  absl::StrCat("build ", label, " has bench signature ", info->bench_signature,
                               " here, but the job declares ", build.bench_signature(),
                               ": refusing to play it (a wrong --dev-bench/--base-bench, or a "
                               "build that searches differently on this machine)"));
      return false;
    }
    state.engines[e->name()] = info->engine_path;
  }
  return true;
}

void Worker::ReportBuild(const v1::Shard& shard, const std::string& commit,
                         const std::string& error) {
  Log(absl::StrCat("job ", shard.job_id(), " shard ", shard.shard_id(), ": cannot play build ",
                   commit.substr(0, 10), ": ", error));
  v1::ReportBuildRequest request;
  request.set_worker_id(worker_id_);
  request.mutable_shard()->set_job_id(shard.job_id());
  request.mutable_shard()->set_shard_id(shard.shard_id());
  request.set_commit(commit);
  request.set_error(error.substr(0, 2000));
  for (int attempt = 0; attempt < 5 && stop_level_.load() < 2; ++attempt) {
    absl::StatusOr<v1::ReportBuildResponse> r = client_->ReportBuild(request);
    if (r.ok()) return;
    if (r.status().code() == absl::StatusCode::kInvalidArgument ||
        r.status().code() == absl::StatusCode::kNotFound)
      break;
    absl::SleepFor(Backoff(attempt));
  }
  Log("could not report the build problem; the lease will expire instead");
}

void Worker::GameThread() {
  while (true) {
    Task task;
    {
      absl::MutexLock lock(&mutex_);
      auto ready = [this]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return !queue_.empty() || stop_level_.load() > 0;
      };
      mutex_.AwaitWithTimeout(absl::Condition(&ready), absl::Milliseconds(200));
      if (queue_.empty()) {
        if (stop_level_.load() > 0) return;
        continue;
      }
      task = queue_.front();
      queue_.pop_front();
      ++running_games_;
    }
    const v1::Shard& shard = task.shard->shard;
    if (shard.tasks_size() > 0) {
      RunAnalysisTask(task);
      continue;
    }
    absl::StatusOr<selfplay::GameSpec> spec =
        proto::GameSpecFor(shard, task.pair_index, task.colour, task.shard->engines);
    absl::StatusOr<selfplay::GameRecord> record =
        task.shard->abort.load() ? absl::CancelledError("shard cancelled")
        : !spec.ok()             ? spec.status()
                                 : selfplay::PlayGame(*spec, &task.shard->abort);
    if (record.ok()) {
      absl::StatusOr<v1::Game> game = proto::ToProto(*record);
      if (game.ok()) {
        *game->mutable_id() = proto::GameIdFor(shard, task.pair_index, task.colour);
        game->set_opening_id(shard.pairs(task.pair_index));
        game->set_worker_id(worker_id_);
        if (shard.tc_factor() > 0 && shard.match().tc().base_ms() > 0)
          game->set_tc_factor(shard.tc_factor());
        if (absl::Status s = spool_.Add(*game); !s.ok()) Log(std::string(s.message()));
        uint64_t nodes = 0;
        for (const auto& m : record->moves) nodes += m.nodes;
        nodes_since_heartbeat_ += nodes;
        ++games_since_heartbeat_;
        ++games_played_;
      }
    } else if (record.status().code() != absl::StatusCode::kCancelled) {
      Log(absl::StrCat("game failed: ", record.status().message()));
    }
    absl::MutexLock lock(&mutex_);
    --running_games_;
    const auto key = std::make_pair(shard.job_id(), shard.shard_id());
    if (--task.shard->games_left == 0 && shards_.contains(key) && shards_[key] == task.shard)
      shards_.erase(key);
  }
}

void Worker::RunAnalysisTask(const Task& task) {
  const v1::Shard& shard = task.shard->shard;
  const v1::AnalysisTask& t = shard.tasks(task.pair_index);
  std::optional<v1::AnalysisResult> result;
  if (!task.shard->abort.load()) {
    absl::StatusOr<selfplay::AnalysisOutcome> outcome =
        selfplay::AnalysePosition(proto::AnalysisRequestFor(shard.analysis(), t.position()));
    if (outcome.ok()) {
      result = proto::ToProto(*outcome);
      result->set_job_id(shard.job_id());
      result->set_task_id(t.id());
      result->set_label(t.position().label());
      nodes_since_heartbeat_ += outcome->nodes;
    } else {
      Log(absl::StrCat("analysis failed: ", outcome.status().message()));
    }
  }
  bool last = false;
  {
    absl::MutexLock lock(&mutex_);
    --running_games_;
    if (result) task.shard->results.push_back(*std::move(result));
    last = --task.shard->games_left == 0;
    const auto key = std::make_pair(shard.job_id(), shard.shard_id());
    if (last && shards_.contains(key) && shards_[key] == task.shard) shards_.erase(key);
  }
  if (last && !task.shard->abort.load()) SubmitAnalyses(task.shard);
}

// Analysis results are cheap to recompute, so they skip the spool: a few tries, and what is
// not delivered is analysed again after the lease expires.
void Worker::SubmitAnalyses(const std::shared_ptr<ShardState>& shard) {
  v1::SubmitAnalysesRequest request;
  request.set_worker_id(worker_id_);
  {
    absl::MutexLock lock(&mutex_);
    for (const v1::AnalysisResult& r : shard->results) *request.add_results() = r;
  }
  request.set_shard_complete(true);
  request.mutable_shard()->set_job_id(shard->shard.job_id());
  request.mutable_shard()->set_shard_id(shard->shard.shard_id());
  for (int attempt = 0; attempt < 5; ++attempt) {
    absl::StatusOr<v1::SubmitAnalysesResponse> r = client_->SubmitAnalyses(request);
    if (r.ok()) {
      for (const v1::AnalysisAck& ack : r->acks())
        if (!ack.accepted())
          Log(absl::StrCat("coordinator rejected analysis ", ack.task_id(), ": ", ack.error()));
      return;
    }
    if (r.status().code() == absl::StatusCode::kInvalidArgument ||
        r.status().code() == absl::StatusCode::kNotFound)
      break;
    absl::SleepFor(Backoff(attempt));
  }
  Log(absl::StrCat("analysis results of shard ", shard->shard.shard_id(), " not delivered"));
}

bool Worker::UploadOnce() {
  const auto batch = spool_.Peek(64);
  if (batch.empty()) return true;
  v1::SubmitGamesRequest request;
  request.set_worker_id(worker_id_);
  for (const auto& [file, game] : batch) *request.add_games() = game;
  absl::StatusOr<v1::SubmitGamesResponse> r = client_->SubmitGames(request);
  if (!r.ok()) {
    upload_failures_.Failed(
        absl::StrCat(r.status().message(), "; ", spool_.Count(), " games wait in the spool"));
    return false;
  }
  upload_failures_.Succeeded();
  for (int i = 0; i < r->acks_size() && i < int(batch.size()); ++i) {
    const v1::GameAck& ack = r->acks(i);
    // Accepted (or a duplicate) is done; a rejected game can never become valid either.
    if (!ack.accepted())
      Log(absl::StrCat("coordinator rejected ", batch[i].first, ": ", ack.error()));
    spool_.Remove(batch[i].first);
  }
  return spool_.Count() == 0;
}

void Worker::UploadThread() {
  int failures = 0;
  while (true) {
    const bool finishing = threads_done_.load();
    const size_t before = spool_.Count();
    const bool empty = UploadOnce();
    if (empty && finishing) return;
    if (stop_level_.load() >= 2 && finishing) return;  // abort: the spool keeps the rest
    if (!empty && spool_.Count() == before) {
      absl::SleepFor(Backoff(failures++));
      if (finishing && failures > 6) return;  // give up for now; the next start uploads
    } else {
      failures = 0;
      if (empty) absl::SleepFor(absl::Milliseconds(20));
    }
  }
}

void Worker::HeartbeatThread() {
  absl::Time next = absl::Now() + options_.heartbeat_interval;
  while (!threads_done_.load()) {
    if (absl::Now() < next) {
      absl::SleepFor(absl::Milliseconds(50));
      continue;
    }
    next = absl::Now() + options_.heartbeat_interval;
    v1::HeartbeatRequest request;
    request.set_worker_id(worker_id_);
    request.set_nodes_searched(nodes_since_heartbeat_.exchange(0));
    request.set_games_finished(games_since_heartbeat_.exchange(0));
    {
      absl::MutexLock lock(&mutex_);
      for (const auto& [key, shard] : shards_) {
        v1::ShardRef* ref = request.add_shards();
        ref->set_job_id(key.first);
        ref->set_shard_id(key.second);
      }
    }
    absl::StatusOr<v1::HeartbeatResponse> r = client_->Heartbeat(request);
    if (!r.ok()) {
      heartbeat_failures_.Failed(std::string(r.status().message()));
      continue;
    }
    heartbeat_failures_.Succeeded();
    absl::MutexLock lock(&mutex_);
    for (const v1::ShardRef& ref : r->cancelled()) {
      auto it = shards_.find({ref.job_id(), ref.shard_id()});
      if (it == shards_.end()) continue;
      it->second->abort.store(true);
      std::erase_if(queue_, [&](const Task& t) { return t.shard == it->second; });
      shards_.erase(it);
    }
  }
}

}  // namespace tumen::worker
