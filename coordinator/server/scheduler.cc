#include "coordinator/server/scheduler.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "coordinator/jobs/analysis_checks.h"
#include "coordinator/jobs/job_kinds.h"
#include "coordinator/server/job_waiting.h"
#include "coordinator/server/metrics.h"
#include "engine/api/game_session.h"
#include "engine/selfplay/validate.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxGamesPerSubmission = 512;
constexpr uint32_t kMaxResultsPerSubmission = 512;
constexpr uint32_t kMaxShardsPerLease = 64;
constexpr size_t kMaxEnginesPerWorker = 64;
constexpr size_t kMaxEngineName = 64;
// How often a submission also writes its worker's statistics (games, last seen) to the store.
// Each write rewrites a page of the workers table, and every WAL checkpoint copies each page
// written since the last one: at 20,000 workers every 10 s (each submission) that was most of
// the table every 2 s. A crash loses at most this much of a count (the games themselves are
// safe); a clean shutdown saves them all (SaveWorkerStatistics).
constexpr int64_t kWorkerSaveMs = 300'000;

std::string NewWorkerId() {
  std::random_device rd;
  return absl::StrFormat("w-%08x%08x", rd(), rd());
}

}  // namespace

Scheduler::Scheduler(GameStore* store, SchedulerOptions options)
    : store_(store), options_(std::move(options)) {}

int64_t Scheduler::Now() const {
  if (options_.now_unix_ms) return options_.now_unix_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

absl::Status Scheduler::Write(StoreWrites writes) {
  for (const auto& write : writes)
    if (absl::Status s = write(*store_); !s.ok()) return s;
  return absl::OkStatus();
}

void Scheduler::End(Job& job, v1::JobState state) {
  job.stored.state = state;
  job.ClearLeases();
}

absl::StatusOr<std::unique_ptr<Scheduler>> Scheduler::Create(GameStore* store,
                                                             SchedulerOptions options) {
  std::unique_ptr<Scheduler> s(new Scheduler(store, std::move(options)));
  absl::StatusOr<std::vector<StoredJob>> jobs = store->LoadJobs();
  if (!jobs.ok()) return jobs.status();
  absl::StatusOr<std::vector<StoredWorker>> workers = store->LoadWorkers();
  if (!workers.ok()) return workers.status();
  StoreWrites recovered;
  {
    absl::MutexLock lock(&s->mutex_);
    for (StoredWorker& w : *workers) s->workers_[w.id].stored = std::move(w);
    for (StoredJob& stored : *jobs) {
      const uint64_t id = stored.id;
      absl::StatusOr<std::unique_ptr<Job>> job = MakeJob(std::move(stored));
      if (!job.ok()) return job.status();
      if (absl::Status st = (*job)->Restore(store); !st.ok()) return st;
      for (auto& write : (*job)->TakeWrites()) recovered.push_back(std::move(write));
      s->jobs_[id] = *std::move(job);
    }
  }
  if (absl::Status st = s->Write(std::move(recovered)); !st.ok()) return st;
  return s;
}

absl::StatusOr<std::vector<ProgressPoint>> Scheduler::Progress(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  return it->second->Progress();
}

absl::StatusOr<uint64_t> Scheduler::CreateJob(v1::JobSpec spec) {
  if (absl::Status s = CompleteJobSpec(
          spec,
          {options_.max_games_per_job, options_.default_pairs_per_shard, options_.reference_nps});
      !s.ok())
    return s;
  const int64_t now = Now();
  absl::StatusOr<uint64_t> id = store_->CreateJob(spec, now);
  if (!id.ok()) return id.status();
  absl::StatusOr<std::unique_ptr<Job>> job =
      MakeJob({*id, std::move(spec), v1::JOB_STATE_RUNNING, now, ""});
  if (!job.ok()) return job.status();  // completed above; cannot fail here
  if (absl::Status s = (*job)->Restore(nullptr); !s.ok()) return s;
  absl::MutexLock lock(&mutex_);
  jobs_[*id] = *std::move(job);
  return *id;
}

bool Scheduler::CanBuild(const Worker& worker, const std::vector<std::string>& commits) {
  if (commits.empty()) return true;
  return worker.builds && std::none_of(commits.begin(), commits.end(), [&](const std::string& c) {
           return worker.build_problems.contains(c);
         });
}

Scheduler::LiveWorkers Scheduler::Live(int64_t now) const {
  LiveWorkers live;
  for (const auto& [id, w] : workers_)
    if (IsLive(w, now)) {
      live.workers.push_back(&w);
      live.offers.push_back({w.engines_known, w.engines, w.builds, true});
    }
  return live;
}

std::optional<v1::JobWaiting> Scheduler::Waiting(const Job& job, int64_t now,
                                                 const LiveWorkers& live) const {
  if (!job.running() || !job.HasOpenWork(now)) return std::nullopt;
  const std::vector<std::string>& commits = job.Builds();
  if (commits.empty()) return WhyNoWorkerCanTake(job.Engines(), live.offers, false);
  std::vector<WorkerOffer> offers = live.offers;
  for (size_t i = 0; i < offers.size(); ++i)
    offers[i].can_build = CanBuild(*live.workers[i], commits);
  return WhyNoWorkerCanTake(job.Engines(), offers, true);
}

void Scheduler::LogWaitingJobs() {
  std::vector<std::string> lines;
  {
    absl::MutexLock lock(&mutex_);
    const int64_t now = Now();
    const LiveWorkers live = Live(now);
    for (auto& [id, owned] : jobs_) {
      Job& job = *owned;
      const std::optional<v1::JobWaiting> waiting = Waiting(job, now, live);
      std::string why;
      if (waiting)
        why = waiting->live_workers() == 0
                  ? "no live worker"
                  : absl::StrCat("engines ", absl::StrJoin(waiting->missing_engines(), ","));
      if (why == job.waiting_logged) continue;
      if (waiting)
        lines.push_back(absl::StrCat("job ", id, " waits: ", waiting->reason()));
      else if (job.running())
        lines.push_back(absl::StrCat("job ", id, " no longer waits: a live worker can take it"));
      job.waiting_logged = why;
    }
  }
  if (options_.log)
    for (const std::string& line : lines) options_.log(line);
}

v1::JobInfo Scheduler::Describe(const Job& job, int64_t now, const LiveWorkers& live,
                                bool slim) const {
  v1::JobInfo info;
  info.set_job_id(job.id());
  *info.mutable_spec() = slim ? job.slim_spec : job.stored.spec;
  info.set_state(job.stored.state);
  info.set_created_unix_ms(job.stored.created_unix_ms);
  info.set_failure(job.stored.failure);
  for (const v1::BuildProblem& p : job.build_problems) *info.add_build_problems() = p;
  if (std::optional<v1::JobWaiting> waiting = Waiting(job, now, live))
    *info.mutable_waiting() = *std::move(waiting);
  job.Describe(info);
  return info;
}

absl::StatusOr<std::vector<v1::JobInfo>> Scheduler::GetJobs(uint64_t job_id, bool slim) {
  absl::MutexLock lock(&mutex_);
  std::vector<v1::JobInfo> out;
  if (job_id != 0) {
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    const int64_t now = Now();
    out.push_back(Describe(*it->second, now, Live(now), slim));
    return out;
  }
  const int64_t now = Now();
  const LiveWorkers live = Live(now);
  for (const auto& [id, job] : jobs_) out.push_back(Describe(*job, now, live, slim));
  return out;
}

absl::Status Scheduler::CancelJob(uint64_t job_id) {
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    if (!it->second->running())
      return absl::FailedPreconditionError(absl::StrCat("job ", job_id, " is not running"));
    End(*it->second, v1::JOB_STATE_CANCELLED);
  }
  return store_->SetJobState(job_id, v1::JOB_STATE_CANCELLED);
}

absl::Status Scheduler::ExportGames(uint64_t job_id,
                                    const std::function<void(const v1::Game&)>& visit) {
  {
    absl::MutexLock lock(&mutex_);
    if (!jobs_.contains(job_id)) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  }
  return store_->ForEachGame(job_id, visit);
}

std::vector<v1::WorkerInfo> Scheduler::ListWorkers() {
  absl::MutexLock lock(&mutex_);
  std::vector<v1::WorkerInfo> out;
  const int64_t now = Now();
  // Live leases by worker, in one walk of the jobs (not one per worker: at 20,000 workers and
  // hundreds of jobs that was billions of steps under the mutex).
  absl::flat_hash_map<std::string, uint32_t> live_leases;
  for (const auto& [job_id, job] : jobs_)
    for (const auto& [shard, lease] : job->leases)
      if (lease.deadline_unix_ms > now) ++live_leases[lease.worker_id];
  for (const auto& [id, w] : workers_) {
    v1::WorkerInfo info;
    info.set_worker_id(id);
    info.set_name(w.stored.name);
    info.set_cores(w.stored.cores);
    info.set_engine_version(w.stored.engine_version);
    info.set_bench_signature(w.stored.bench_signature);
    info.set_last_seen_unix_ms(w.stored.last_seen_unix_ms);
    info.set_games(w.stored.games);
    const double minutes = std::max<double>(1, now - w.stored.registered_unix_ms) / 60000.0;
    info.set_games_per_minute(w.stored.games / minutes);
    info.set_nodes_per_second(w.nodes_since_register / (minutes * 60));
    if (auto it = live_leases.find(id); it != live_leases.end()) info.set_active_leases(it->second);
    for (const std::string& e : w.engines) info.add_engines(e);
    info.set_bench_nps(double(w.stored.bench_nps));
    info.set_builds(w.builds);
    for (const auto& [commit, problem] : w.build_problems) *info.add_build_problems() = problem;
    out.push_back(std::move(info));
  }
  return out;
}

absl::StatusOr<std::string> Scheduler::RegisterWorker(const v1::RegisterWorkerRequest& r) {
  if (r.name().empty() || r.name().size() > 128)
    return absl::InvalidArgumentError("worker name must have 1 to 128 characters");
  if (r.engine_version().size() > 128) return absl::InvalidArgumentError("engine version too long");
  StoredWorker w;
  w.id = NewWorkerId();
  w.name = r.name();
  w.engine_version = r.engine_version();
  w.cores = std::min<uint32_t>(r.cores(), 4096);
  w.bench_signature = r.bench_signature();
  if (!(r.bench_nps() >= 0 && r.bench_nps() <= 1e11))
    return absl::InvalidArgumentError("bench_nps must be from 0 to 10^11");
  w.bench_nps = int64_t(r.bench_nps());
  w.registered_unix_ms = w.last_seen_unix_ms = Now();
  if (absl::Status s = store_->UpsertWorker(w); !s.ok()) return s;
  absl::MutexLock lock(&mutex_);
  workers_[w.id].stored = w;
  return w.id;
}

absl::Status Scheduler::SaveWorkerStatistics() {
  std::vector<StoredWorker> changed;
  {
    absl::MutexLock lock(&mutex_);
    const int64_t now = Now();
    for (auto& [id, w] : workers_)
      // Seen (or given games) since, or as, it was last saved.
      if (w.stored.last_seen_unix_ms >= w.saved_unix_ms || w.stored.games != w.saved_games) {
        changed.push_back(w.stored);
        w.saved_unix_ms = now;
        w.saved_games = w.stored.games;
      }
  }
  return store_->UpsertWorkers(changed);
}

absl::StatusOr<std::vector<v1::Lease>> Scheduler::LeaseShards(
    const std::string& worker_id, uint32_t max_shards, const std::vector<std::string>& engines,
    bool builds) {
  if (engines.size() > kMaxEnginesPerWorker ||
      std::any_of(engines.begin(), engines.end(),
                  [](const std::string& e) { return e.empty() || e.size() > kMaxEngineName; }))
    return absl::InvalidArgumentError(absl::StrCat("lease request: at most ", kMaxEnginesPerWorker,
                                                   " engine names of 1 to ", kMaxEngineName,
                                                   " characters"));
  std::vector<v1::Lease> out;
  StoreWrites writes;
  {
    absl::MutexLock lock(&mutex_);
    auto worker = workers_.find(worker_id);
    if (worker == workers_.end())
      return absl::NotFoundError(absl::StrCat("unknown worker '", worker_id, "'; register first"));
    Worker& w = worker->second;
    const int64_t now = Now();
    w.stored.last_seen_unix_ms = now;
    // Remembered for `tumen workers` and for saying why a job waits
    // (coordinator/server/job_waiting.h).
    w.engines_known = true;
    w.builds = builds;
    w.engines = engines;
    std::sort(w.engines.begin(), w.engines.end());
    w.engines.erase(std::unique(w.engines.begin(), w.engines.end()), w.engines.end());
    const LeaseRequester requester{
        worker_id, w.engines,         builds,          w.build_problems, double(w.stored.bench_nps),
        now,       options_.lease_ms, options_.metrics};
    const size_t max_leases = std::min(max_shards, kMaxShardsPerLease);
    for (auto& [id, job] : jobs_) {
      if (out.size() >= max_leases) break;
      if (!job->running()) continue;
      job->Lease(requester, max_leases, out);
      for (auto& write : job->TakeWrites()) writes.push_back(std::move(write));
    }
  }
  // SPSA perturbations reach the store before any worker plays them.
  if (absl::Status s = Write(std::move(writes)); !s.ok()) return s;
  return out;
}

absl::StatusOr<v1::HeartbeatResponse> Scheduler::Heartbeat(const v1::HeartbeatRequest& r) {
  absl::MutexLock lock(&mutex_);
  auto worker = workers_.find(r.worker_id());
  if (worker == workers_.end())
    return absl::NotFoundError(
        absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
  const int64_t now = Now();
  worker->second.stored.last_seen_unix_ms = now;
  worker->second.nodes_since_register += r.nodes_searched();
  v1::HeartbeatResponse response;
  response.set_deadline_unix_ms(now + options_.lease_ms);
  for (const v1::ShardRef& ref : r.shards()) {
    auto job = jobs_.find(ref.job_id());
    const bool live =
        job != jobs_.end() && job->second->running() && job->second->ShardIsLive(ref.shard_id());
    if (!live) {
      *response.add_cancelled() = ref;
      continue;
    }
    ShardLease& lease = job->second->leases[ref.shard_id()];
    if (lease.worker_id.empty() || lease.worker_id == r.worker_id() ||
        lease.deadline_unix_ms <= now) {
      lease = {r.worker_id(), now + options_.lease_ms};  // extended (or taken back after expiry)
    } else {
      *response.add_cancelled() = ref;  // handed to another worker meanwhile
    }
  }
  return response;
}

absl::Status Scheduler::ReportBuild(const v1::ReportBuildRequest& r) {
  if (r.commit().size() > 64 || r.error().size() > 4000)
    return absl::InvalidArgumentError(
        "build report: a commit of at most 64 and an error of at most 4000 characters");
  std::vector<std::string> lines;
  std::string failure;
  const uint64_t job_id = r.shard().job_id();
  {
    absl::MutexLock lock(&mutex_);
    auto worker = workers_.find(r.worker_id());
    if (worker == workers_.end())
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    Job& job = *it->second;
    const std::vector<std::string>& commits = job.Builds();
    if (std::find(commits.begin(), commits.end(), r.commit()) == commits.end())
      return absl::InvalidArgumentError(
          absl::StrCat("job ", job_id, " has no engine build ", r.commit()));
    const int64_t now = Now();
    Worker& w = worker->second;
    w.stored.last_seen_unix_ms = now;
    v1::BuildProblem problem;
    problem.set_worker_id(r.worker_id());
    problem.set_worker_name(w.stored.name);
    problem.set_commit(r.commit());
    problem.set_error(r.error().empty() ? "no reason given" : r.error());
    problem.set_unix_ms(now);
    w.build_problems[r.commit()] = problem;
    job.build_problems.push_back(problem);
    constexpr size_t kProblemsShown = 16;
    if (job.build_problems.size() > kProblemsShown)
      job.build_problems.erase(job.build_problems.begin());
    // The shard goes back to the pool at once rather than when its lease would expire.
    if (auto lease = job.leases.find(r.shard().shard_id());
        lease != job.leases.end() && lease->second.worker_id == r.worker_id())
      job.ReleaseShard(r.shard().shard_id());
    lines.push_back(absl::StrCat("job ", job_id, ": worker ", w.stored.name, " cannot play build ",
                                 r.commit().substr(0, 10), ": ", problem.error()));
    // The job fails when no live worker that builds can still take it: it would wait for ever.
    bool any_builder = false, one_can = false;
    for (const auto& [id, other] : workers_) {
      if (!other.builds || !IsLive(other, now)) continue;
      any_builder = true;
      one_can |= CanBuild(other, commits);
    }
    if (job.running() && any_builder && !one_can) {
      failure = absl::StrCat(
          "no live worker can play the job's engine builds; the last report, "
          "from ",
          w.stored.name, ": ", problem.error());
      End(job, v1::JOB_STATE_FAILED);
      job.stored.failure = failure;
      lines.push_back(absl::StrCat("job ", job_id, " failed: ", failure));
    }
  }
  if (options_.log)
    for (const std::string& line : lines) options_.log(line);
  if (!failure.empty()) return store_->SetJobState(job_id, v1::JOB_STATE_FAILED, failure);
  return absl::OkStatus();
}

absl::StatusOr<Job*> Scheduler::FindJob(uint64_t job_id) {
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  if (!it->second->running())
    return absl::FailedPreconditionError(absl::StrCat("job ", job_id, " is not running"));
  return it->second.get();
}

absl::Status Scheduler::CheckIdentity(const v1::Game& g) {
  absl::StatusOr<Job*> job = FindJob(g.id().job_id());
  if (!job.ok()) return job.status();
  return (*job)->CheckGame(g);
}

absl::StatusOr<v1::SubmitGamesResponse> Scheduler::SubmitGames(const v1::SubmitGamesRequest& r) {
  if (uint32_t(r.games_size()) > kMaxGamesPerSubmission)
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxGamesPerSubmission, " games per submission"));
  v1::SubmitGamesResponse response;
  std::vector<int> of_ended_job;  // games of a job that is no longer running
  {
    absl::MutexLock lock(&mutex_);
    if (!workers_.contains(r.worker_id()))
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    for (int i = 0; i < r.games_size(); ++i) {
      v1::GameAck* ack = response.add_acks();
      *ack->mutable_id() = r.games(i).id();
      if (absl::Status s = CheckIdentity(r.games(i)); !s.ok()) {
        ack->set_error(std::string(s.message()));
        if (s.code() == absl::StatusCode::kFailedPrecondition)
          of_ended_job.push_back(i);
        else if (options_.metrics)
          options_.metrics->GameRejected("identity");
      }
    }
  }
  // A worker cut off past its lease uploads its spooled games late; when the job has ended
  // meanwhile with that game played by another worker, the late copy is a repeat, not an error.
  for (int i : of_ended_job) {
    v1::GameAck* ack = response.mutable_acks(i);
    const v1::GameId& id = r.games(i).id();
    if (store_->LoadGame(id.job_id(), id.pair(), id.colour()).ok()) {
      ack->clear_error();
      ack->set_accepted(true);
      ack->set_duplicate(true);
    } else if (options_.metrics) {
      options_.metrics->GameRejected("job_not_running");
    }
  }
  // Replay every game with the rules core, outside the lock.
  std::vector<v1::Game> valid;
  std::vector<int> valid_index;
  for (int i = 0; i < r.games_size(); ++i) {
    v1::GameAck* ack = response.mutable_acks(i);
    if (!ack->error().empty() || ack->accepted()) continue;
    absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(r.games(i));
    absl::Status s = record.ok() ? selfplay::ValidateGame(*record) : record.status();
    if (!s.ok()) {
      ack->set_error(std::string(s.message()));
      if (options_.metrics) options_.metrics->GameRejected("replay");
      continue;
    }
    valid.push_back(r.games(i));
    valid.back().set_worker_id(r.worker_id());
    valid_index.push_back(i);
  }
  const absl::Time commit_start = absl::Now();
  absl::StatusOr<std::vector<bool>> inserted = store_->InsertGames(valid);
  if (!inserted.ok()) return inserted.status();  // nothing acknowledged: the worker retries
  if (options_.metrics) {
    options_.metrics->StoreCommit(absl::ToDoubleSeconds(absl::Now() - commit_start));
    options_.metrics->GamesStored(uint64_t(std::count(inserted->begin(), inserted->end(), true)));
  }
  std::vector<std::pair<uint64_t, v1::JobState>> ended;
  StoreWrites writes;
  std::set<uint64_t> touched;
  {
    absl::MutexLock lock(&mutex_);
    for (size_t k = 0; k < valid.size(); ++k) {
      v1::GameAck* ack = response.mutable_acks(valid_index[k]);
      ack->set_accepted(true);
      ack->set_duplicate(!(*inserted)[k]);
      if (!(*inserted)[k]) continue;
      const v1::GameId& id = valid[k].id();
      auto it = jobs_.find(id.job_id());
      if (it == jobs_.end()) continue;
      it->second->RecordGame(id.pair(), id.colour(), valid[k].result());
      touched.insert(id.job_id());
      ++workers_[r.worker_id()].stored.games;
    }
    // Only the jobs that got games can change their verdict (an SPRT is costly to evaluate:
    // not every job on every submission).
    for (uint64_t id : touched) {
      Job& job = *jobs_.at(id);
      for (auto& write : job.TakeWrites()) writes.push_back(std::move(write));
      if (!job.running()) continue;
      const v1::JobState verdict = job.Verdict();
      if (verdict != v1::JOB_STATE_RUNNING) {
        End(job, verdict);
        ended.emplace_back(id, verdict);
      }
    }
    if (r.shard_complete()) {
      auto it = jobs_.find(r.shard().job_id());
      if (it != jobs_.end()) it->second->ReleaseShard(r.shard().shard_id());
    }
  }
  // SPSA results applied, with their order.
  if (absl::Status s = Write(std::move(writes)); !s.ok()) return s;
  for (const auto& [id, state] : ended)
    if (absl::Status s = store_->SetJobState(id, state); !s.ok()) return s;
  // The worker's statistics (games played, last seen) reach the store at most every
  // kWorkerSaveMs: a commit per submission would double the store's work.
  StoredWorker snapshot;
  {
    absl::MutexLock lock(&mutex_);
    Worker& w = workers_[r.worker_id()];
    const int64_t now = Now();
    if (now - w.saved_unix_ms < kWorkerSaveMs) return response;
    w.saved_unix_ms = now;
    w.saved_games = w.stored.games;
    snapshot = w.stored;
  }
  (void)store_->UpsertWorker(snapshot);
  return response;
}

absl::StatusOr<v1::SubmitAnalysesResponse> Scheduler::SubmitAnalyses(
    const v1::SubmitAnalysesRequest& r) {
  if (uint32_t(r.results_size()) > kMaxResultsPerSubmission)
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxResultsPerSubmission, " results per submission"));
  const uint64_t job_id = r.shard().job_id();
  v1::SubmitAnalysesResponse response;
  // 1. Under the lock: the job, and the position each result answers.
  std::string variant, rules;
  std::vector<v1::AnalysisPosition> positions;
  {
    absl::MutexLock lock(&mutex_);
    if (!workers_.contains(r.worker_id()))
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    const Job& job = *it->second;
    if (absl::Status s = job.AnalysisRules(variant, rules); !s.ok()) return s;
    for (const v1::AnalysisResult& result : r.results()) {
      v1::AnalysisAck* ack = response.add_acks();
      ack->set_task_id(result.task_id());
      positions.emplace_back();
      if (result.job_id() != job_id) {
        ack->set_error("result of another job than the shard's");
      } else if (!job.running()) {
        ack->set_error(absl::StrCat("job ", job_id, " is not running"));
      } else if (absl::StatusOr<v1::AnalysisPosition> p = job.TaskPosition(result.task_id());
                 !p.ok()) {
        ack->set_error(std::string(p.status().message()));
      } else {
        positions.back() = *std::move(p);
      }
    }
  }
  // 2. Outside the lock: replay each position and check the result against the rules.
  absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(variant, rules);
  if (!session.ok()) return session.status();
  std::vector<v1::AnalysisResult> valid;
  std::vector<int> valid_index;
  for (int i = 0; i < r.results_size(); ++i) {
    v1::AnalysisAck* ack = response.mutable_acks(i);
    if (!ack->error().empty()) continue;
    if (absl::Status s = CheckPosition(**session, positions[size_t(i)], &r.results(i)); !s.ok()) {
      ack->set_error(std::string(s.message()));
      continue;
    }
    valid.push_back(r.results(i));
    valid.back().set_fen((*session)->Fen());
    valid.back().set_label(positions[size_t(i)].label());
    valid.back().set_worker_id(r.worker_id());
    valid_index.push_back(i);
  }
  // 3. Under the lock: apply to the job's state (a book's tree) and snapshot it for the store.
  std::optional<std::string> state;
  std::vector<v1::AnalysisResult> to_store;
  std::vector<int> stored_index;
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    Job& job = *it->second;
    for (size_t k = 0; k < valid.size(); ++k) {
      if (absl::Status s = job.ApplyAnalysis(valid[k]); !s.ok()) {
        response.mutable_acks(valid_index[k])->set_error(std::string(s.message()));
        continue;
      }
      to_store.push_back(std::move(valid[k]));
      stored_index.push_back(valid_index[k]);
    }
    state = job.SavedState();
  }
  absl::StatusOr<std::vector<bool>> inserted =
      store_->InsertAnalyses(to_store, job_id, state ? &*state : nullptr);
  if (!inserted.ok()) return inserted.status();  // nothing acknowledged: the worker retries
  // 4. Count, and end the job when its work is done.
  v1::JobState ended = v1::JOB_STATE_RUNNING;
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return response;
    Job& job = *it->second;
    for (size_t k = 0; k < to_store.size(); ++k) {
      response.mutable_acks(stored_index[k])->set_accepted(true);
      job.RecordAnalysis(to_store[k].task_id());
    }
    if (r.shard_complete()) job.ReleaseShard(r.shard().shard_id());
    if (job.running() && job.Verdict() != v1::JOB_STATE_RUNNING) {
      ended = job.Verdict();
      End(job, ended);
    }
  }
  if (ended != v1::JOB_STATE_RUNNING)
    if (absl::Status s = store_->SetJobState(job_id, ended); !s.ok()) return s;
  return response;
}

absl::Status Scheduler::ExportAnalyses(
    uint64_t job_id, const std::function<void(const v1::AnalysisResult&)>& visit) {
  {
    absl::MutexLock lock(&mutex_);
    if (!jobs_.contains(job_id)) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  }
  return store_->ForEachAnalysis(job_id, visit);
}

absl::StatusOr<v1::BookTree> Scheduler::GetBook(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  return it->second->Book();
}

}  // namespace tumen::coordinator
