// tumen-loadgen: N simulated workers against a real coordinator process (started here on
// 127.0.0.1 over a temporary store), to measure what one coordinator sustains.
//
//   tumen-loadgen --workers 20000 [--seconds 120] [--game-seconds 30] [--heartbeat-seconds 10]
//                 [--client-threads 2] [--json FILE]
//
// Each simulated worker registers, leases one shard (8 games), "plays" each game for about
// --game-seconds (jittered) and submits it, heartbeats every --heartbeat-seconds while it
// holds the shard, and leases again: a real worker's cadence with one game at a time. The
// games are real: played once beforehand for one job spec and submitted into many jobs of
// the same spec (same seed, so the same openings and shards), so the coordinator replays and
// stores each one as it would a worker's. Calls are asynchronous (gRPC's callback API): a
// client thread drives thousands of workers from a timer queue.
//
// Reports per RPC: count, calls/s, p50/p99/max latency; games stored/s; leases a live worker
// lost (a heartbeat told it its shard was taken: must be 0); failed calls; the coordinator's
// CPU (percent of one core) and resident memory, from /proc.
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <queue>
#include <random>
#include <thread>

#include <unistd.h>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "tests/support/farm_harness.h"
#include "tumen/v1/coordinator.grpc.pb.h"

ABSL_FLAG(int, workers, 1000, "simulated workers");
ABSL_FLAG(int, seconds, 120, "measured seconds (after every worker has registered)");
ABSL_FLAG(double, game_seconds, 30, "mean seconds a simulated game takes");
ABSL_FLAG(double, heartbeat_seconds, 10, "heartbeat interval while a worker holds a shard");
ABSL_FLAG(int, client_threads, 2, "threads driving the simulated workers");
ABSL_FLAG(int, lease_seconds, 60, "the coordinator's lease length");
ABSL_FLAG(std::string, json, "", "also write the results here as JSON");

namespace tumen {
namespace {

using Clock = std::chrono::steady_clock;
using testing::FarmHarness;

constexpr int kPairsPerShard = 4;
constexpr uint32_t kGamesPerJob = 512;

v1::JobSpec LoadSpec() {
  v1::JobSpec spec = testing::SmallMatch(kGamesPerJob, 30);
  spec.mutable_match()->set_pairs_per_shard(kPairsPerShard);
  spec.mutable_match()->mutable_adjudication()->set_max_plies(80);
  return spec;
}

// The games of one job of LoadSpec(), by (pair, colour): played once, on both cores.
std::map<std::pair<uint32_t, uint32_t>, v1::Game> PlayJobGames(const FarmHarness& farm) {
  std::string worker_id;
  std::map<std::pair<uint32_t, uint32_t>, v1::Game> out;
  for (v1::Game& g : testing::LeaseAndPlayAll(farm, worker_id))
    out[{g.id().pair(), g.id().colour()}] = std::move(g);
  return out;
}

// Latencies of one RPC method, in microseconds.
struct Latencies {
  std::mutex mu;
  std::vector<int64_t> micros;
  std::atomic<int64_t> failed{0};
  void Add(int64_t us) {
    std::lock_guard<std::mutex> lock(mu);
    micros.push_back(us);
  }
};

enum Method { kRegister, kLease, kHeartbeat, kSubmit, kMethods };
constexpr const char* kMethodNames[] = {"RegisterWorker", "LeaseShards", "Heartbeat",
                                        "SubmitGames"};

// One simulated worker; its fields change on the driver thread and on gRPC's threads.
struct SimWorker {
  std::mutex mu;
  std::string id;
  bool holding = false;
  v1::Shard shard;
  int next_game = 0;
  uint64_t generation = 0;  // bumped per shard: heartbeats of an old shard stop
};

class LoadGenerator {
 public:
  LoadGenerator(std::shared_ptr<grpc::Channel> channel, std::string token,
                const std::map<std::pair<uint32_t, uint32_t>, v1::Game>* games)
      : stub_(v1::Coordinator::NewStub(channel)), token_(std::move(token)), games_(games) {}

  void Run(int workers, int threads, absl::Duration ramp, absl::Duration measured) {
    workers_ = std::make_unique<SimWorker[]>(size_t(workers));
    queues_.resize(size_t(threads));
    for (auto& q : queues_) q = std::make_unique<Queue>();
    // Registrations spread over the ramp, as a fleet that starts up.
    const Clock::time_point start = Clock::now();
    for (int w = 0; w < workers; ++w)
      Schedule(w, kRegister, start + absl::ToChronoNanoseconds(ramp * (double(w) / workers)));
    std::vector<std::thread> drivers;
    for (int t = 0; t < threads; ++t) drivers.emplace_back([this, t] { Drive(*queues_[t]); });
    std::this_thread::sleep_until(start + absl::ToChronoNanoseconds(ramp));
    // The measured window: counters and latencies from here on.
    for (Latencies& l : latencies_) {
      std::lock_guard<std::mutex> lock(l.mu);
      l.micros.clear();
      l.failed = 0;
    }
    games_stored_ = 0;
    leases_lost_ = 0;
    measuring_ = true;
    std::this_thread::sleep_for(absl::ToChronoNanoseconds(measured));
    stop_ = true;
    for (auto& q : queues_) q->cv.notify_all();
    for (std::thread& d : drivers) d.join();
    while (in_flight_.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }

  Latencies latencies_[kMethods];
  std::atomic<int64_t> games_stored_{0}, leases_lost_{0}, rejected_{0};
  std::atomic<bool> measuring_{false};
  std::mutex error_mu;
  std::string first_error;

 private:
  struct Event {
    Clock::time_point due;
    int worker;
    Method method;
    uint64_t generation;
    bool operator>(const Event& o) const { return due > o.due; }
  };
  struct Queue {
    std::mutex mu;
    std::condition_variable cv;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> events;
  };

  Queue& QueueOf(int worker) { return *queues_[size_t(worker) % queues_.size()]; }

  void Schedule(int worker, Method method, Clock::time_point due, uint64_t generation = 0) {
    Queue& q = QueueOf(worker);
    {
      std::lock_guard<std::mutex> lock(q.mu);
      q.events.push({due, worker, method, generation});
    }
    q.cv.notify_one();
  }

  Clock::time_point After(double seconds, double jitter) {
    thread_local std::mt19937_64 rng(std::random_device{}());
    std::uniform_real_distribution<double> d(1 - jitter, 1 + jitter);
    return Clock::now() + std::chrono::microseconds(int64_t(seconds * d(rng) * 1e6));
  }

  void Drive(Queue& q) {
    std::unique_lock<std::mutex> lock(q.mu);
    while (!stop_) {
      if (q.events.empty()) {
        q.cv.wait_for(lock, std::chrono::milliseconds(100));
        continue;
      }
      const Event e = q.events.top();
      if (e.due > Clock::now()) {
        q.cv.wait_until(lock, e.due);
        continue;
      }
      q.events.pop();
      lock.unlock();
      Issue(e);
      lock.lock();
    }
  }

  // One asynchronous call; `done` runs on gRPC's thread with the call's status.
  template <class Request, class Response, class Start>
  void Call(Method method, Request request, Start start,
            std::function<void(const grpc::Status&, Response&)> done) {
    struct State {
      grpc::ClientContext ctx;
      Request request;
      Response response;
      Clock::time_point sent;
    };
    auto* s = new State;
    s->request = std::move(request);
    s->ctx.AddMetadata("authorization", "Bearer " + token_);
    s->ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    s->sent = Clock::now();
    ++in_flight_;
    start(&s->ctx, &s->request, &s->response, [this, s, method, done](grpc::Status status) {
      const int64_t us =
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - s->sent).count();
      latencies_[method].Add(us);
      if (!status.ok()) {
        ++latencies_[method].failed;
        std::lock_guard<std::mutex> lock(error_mu);
        if (first_error.empty())
          first_error = absl::StrCat(kMethodNames[method], ": ", status.error_message());
      }
      if (!stop_) done(status, s->response);
      delete s;
      --in_flight_;
    });
  }

  void Issue(const Event& e) {
    SimWorker& w = workers_[size_t(e.worker)];
    std::unique_lock<std::mutex> lock(w.mu);
    auto* async = stub_->async();
    switch (e.method) {
      case kRegister: {
        v1::RegisterWorkerRequest r;
        r.set_name(absl::StrCat("sim-", e.worker));
        r.set_cores(1);
        r.set_bench_nps(1e6);
        lock.unlock();  // a callback may run inline
        Call<v1::RegisterWorkerRequest, v1::RegisterWorkerResponse>(
            kRegister, std::move(r), [async](auto... a) { async->RegisterWorker(a...); },
            [this, e, &w](const grpc::Status& s, v1::RegisterWorkerResponse& resp) {
              if (!s.ok()) return Schedule(e.worker, kRegister, After(5, 0.5));
              std::lock_guard<std::mutex> held(w.mu);
              w.id = resp.worker_id();
              Schedule(e.worker, kLease, Clock::now());
            });
        return;
      }
      case kLease: {
        v1::LeaseShardsRequest r;
        r.set_worker_id(w.id);
        r.set_max_shards(1);
        lock.unlock();  // a callback may run inline
        Call<v1::LeaseShardsRequest, v1::LeaseShardsResponse>(
            kLease, std::move(r), [async](auto... a) { async->LeaseShards(a...); },
            [this, e, &w](const grpc::Status& s, v1::LeaseShardsResponse& resp) {
              if (!s.ok() || resp.leases_size() == 0)
                return Schedule(e.worker, kLease, After(10, 0.5));
              std::lock_guard<std::mutex> held(w.mu);
              w.shard = resp.leases(0).shard();
              w.next_game = 0;
              w.holding = true;
              ++w.generation;
              Schedule(e.worker, kSubmit, After(absl::GetFlag(FLAGS_game_seconds), 0.3),
                       w.generation);
              Schedule(e.worker, kHeartbeat, After(absl::GetFlag(FLAGS_heartbeat_seconds), 0.1),
                       w.generation);
            });
        return;
      }
      case kHeartbeat: {
        if (!w.holding || e.generation != w.generation) return;
        v1::HeartbeatRequest r;
        r.set_worker_id(w.id);
        v1::ShardRef* ref = r.add_shards();
        ref->set_job_id(w.shard.job_id());
        ref->set_shard_id(w.shard.shard_id());
        lock.unlock();  // a callback may run inline
        Call<v1::HeartbeatRequest, v1::HeartbeatResponse>(
            kHeartbeat, std::move(r), [async](auto... a) { async->Heartbeat(a...); },
            [this, e, &w](const grpc::Status& s, v1::HeartbeatResponse& resp) {
              if (s.ok() && resp.cancelled_size() > 0 && measuring_) ++leases_lost_;
              std::lock_guard<std::mutex> held(w.mu);
              if (w.holding && e.generation == w.generation)
                Schedule(e.worker, kHeartbeat, After(absl::GetFlag(FLAGS_heartbeat_seconds), 0.1),
                         e.generation);
            });
        return;
      }
      case kSubmit: {
        if (!w.holding || e.generation != w.generation) return;
        const int index = w.next_game;
        const uint32_t pair = w.shard.pairs(index / 2), colour = uint32_t(index % 2);
        v1::SubmitGamesRequest r;
        r.set_worker_id(w.id);
        v1::Game* g = r.add_games();
        *g = games_->at({pair, colour});
        g->mutable_id()->set_job_id(w.shard.job_id());
        const bool last = index + 1 == 2 * w.shard.pairs_size();
        r.mutable_shard()->set_job_id(w.shard.job_id());
        r.mutable_shard()->set_shard_id(w.shard.shard_id());
        r.set_shard_complete(last);
        lock.unlock();  // a callback may run inline
        Call<v1::SubmitGamesRequest, v1::SubmitGamesResponse>(
            kSubmit, std::move(r), [async](auto... a) { async->SubmitGames(a...); },
            [this, e, &w, last](const grpc::Status& s, v1::SubmitGamesResponse& resp) {
              if (!s.ok()) return Schedule(e.worker, kSubmit, After(2, 0.5), e.generation);
              for (const v1::GameAck& a : resp.acks()) {
                if (a.accepted() && !a.duplicate() && measuring_) ++games_stored_;
                if (!a.accepted()) {
                  ++rejected_;
                  std::lock_guard<std::mutex> lock(error_mu);
                  if (first_error.empty()) first_error = "game rejected: " + a.error();
                }
              }
              std::lock_guard<std::mutex> held(w.mu);
              if (last) {
                w.holding = false;
                return Schedule(e.worker, kLease, Clock::now());
              }
              ++w.next_game;
              Schedule(e.worker, kSubmit, After(absl::GetFlag(FLAGS_game_seconds), 0.3),
                       e.generation);
            });
        return;
      }
      default:
        return;
    }
  }

  std::unique_ptr<v1::Coordinator::Stub> stub_;
  std::string token_;
  const std::map<std::pair<uint32_t, uint32_t>, v1::Game>* games_;
  std::unique_ptr<SimWorker[]> workers_;
  std::vector<std::unique_ptr<Queue>> queues_;
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> in_flight_{0};
};

// CPU seconds (user + system) and resident memory of a process, from /proc.
struct ProcessUsage {
  double cpu_seconds = 0;
  double rss_mb = 0;
};
ProcessUsage UsageOf(int pid) {
  ProcessUsage u;
  std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
  std::string field;
  for (int i = 1; i <= 15 && stat >> field; ++i)
    if (i == 14 || i == 15) u.cpu_seconds += std::stod(field) / double(sysconf(_SC_CLK_TCK));
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmRSS:", 0) == 0) u.rss_mb = std::stod(line.substr(6)) / 1024;
  return u;
}

double Percentile(std::vector<int64_t>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return double(v[std::min(v.size() - 1, size_t(p * double(v.size())))]) / 1000.0;
}

int Main() {
  const int workers = absl::GetFlag(FLAGS_workers);
  const double game_seconds = absl::GetFlag(FLAGS_game_seconds);
  FarmHarness farm;
  if (absl::Status s = farm.StartCoordinator(absl::GetFlag(FLAGS_lease_seconds)); !s.ok()) {
    std::fprintf(stderr, "tumen-loadgen: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  const v1::JobSpec spec = LoadSpec();
  // Enough shards for every worker to hold one, and for the games of the whole run.
  const int64_t shards_per_job = kGamesPerJob / (2 * kPairsPerShard);
  const double games_needed =
      workers * (absl::GetFlag(FLAGS_seconds) + game_seconds * 8) / game_seconds;
  const int jobs = int(
      std::max<double>(workers * 1.5 / double(shards_per_job), games_needed / kGamesPerJob) + 1);
  std::fprintf(stderr, "tumen-loadgen: preparing %u games, then %d jobs of %u games\n",
               kGamesPerJob, jobs, kGamesPerJob);
  auto admin = farm.AdminClient();
  admin->set_deadline(absl::Minutes(5));
  v1::CreateJobRequest create;
  *create.mutable_spec() = spec;
  if (!admin->CreateJob(create).ok()) return 1;
  const auto games = PlayJobGames(farm);
  for (int j = 1; j < jobs; ++j)
    if (absl::StatusOr<v1::CreateJobResponse> r = admin->CreateJob(create); !r.ok()) {
      std::fprintf(stderr, "tumen-loadgen: create job: %s\n",
                   std::string(r.status().message()).c_str());
      return 1;
    }
  const int coordinator_pid = farm.coordinator_pid();

  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  LoadGenerator gen(
      grpc::CreateCustomChannel(farm.address(), grpc::InsecureChannelCredentials(), args),
      farm.worker_token(), &games);
  const absl::Duration ramp = absl::Seconds(std::min(60.0, std::max(10.0, workers / 500.0)));
  const absl::Duration measured = absl::Seconds(absl::GetFlag(FLAGS_seconds));
  std::fprintf(stderr, "tumen-loadgen: %d workers, ramp %.0f s, measuring %.0f s\n", workers,
               absl::ToDoubleSeconds(ramp), absl::ToDoubleSeconds(measured));
  // The load generator's own CPU too: on a small machine it competes with the coordinator for
  // the cores, and a saturated machine shows as latency the coordinator alone would not have.
  ProcessUsage before, self_before;
  std::thread sampler([&] {
    std::this_thread::sleep_for(absl::ToChronoNanoseconds(ramp));
    before = UsageOf(coordinator_pid);
    self_before = UsageOf(getpid());
  });
  gen.Run(workers, absl::GetFlag(FLAGS_client_threads), ramp, measured);
  sampler.join();
  const ProcessUsage after = UsageOf(coordinator_pid), self_after = UsageOf(getpid());
  const double seconds = absl::ToDoubleSeconds(measured);

  std::string json = absl::StrFormat(
      "{\"workers\":%d,\"seconds\":%.0f,\"game_seconds\":%.1f,\"heartbeat_seconds\":%.1f,"
      "\"games_stored_per_s\":%.1f,\"leases_lost\":%d,\"games_rejected\":%d,"
      "\"coordinator_cpu_percent\":%.1f,\"coordinator_rss_mb\":%.1f,"
      "\"loadgen_cpu_percent\":%.1f,\"rpcs\":{",
      workers, seconds, game_seconds, absl::GetFlag(FLAGS_heartbeat_seconds),
      gen.games_stored_.load() / seconds, gen.leases_lost_.load(), gen.rejected_.load(),
      100 * (after.cpu_seconds - before.cpu_seconds) / seconds, after.rss_mb,
      100 * (self_after.cpu_seconds - self_before.cpu_seconds) / seconds);
  std::printf(
      "workers %d  games stored %.1f/s  leases lost %lld  rejected %lld  coordinator CPU "
      "%.0f%%  RSS %.0f MB  load generator CPU %.0f%%\n",
      workers, gen.games_stored_.load() / seconds, static_cast<long long>(gen.leases_lost_.load()),
      static_cast<long long>(gen.rejected_.load()),
      100 * (after.cpu_seconds - before.cpu_seconds) / seconds, after.rss_mb,
      100 * (self_after.cpu_seconds - self_before.cpu_seconds) / seconds);
  int64_t total = 0;
  for (int m = 0; m < kMethods; ++m) {
    Latencies& l = gen.latencies_[m];
    std::lock_guard<std::mutex> lock(l.mu);
    total += int64_t(l.micros.size());
    const double p50 = Percentile(l.micros, 0.5), p99 = Percentile(l.micros, 0.99),
                 max = Percentile(l.micros, 1.0);
    std::printf(
        "  %-15s %8zu calls  %8.1f/s  p50 %7.2f ms  p99 %7.2f ms  max %8.2f ms  failed "
        "%lld\n",
        kMethodNames[m], l.micros.size(), l.micros.size() / seconds, p50, p99, max,
        static_cast<long long>(l.failed.load()));
    absl::StrAppendFormat(&json,
                          "%s\"%s\":{\"calls\":%d,\"per_s\":%.1f,\"p50_ms\":%.2f,\"p99_ms\":%.2f,"
                          "\"max_ms\":%.2f,\"failed\":%d}",
                          m ? "," : "", kMethodNames[m], l.micros.size(), l.micros.size() / seconds,
                          p50, p99, max, l.failed.load());
  }
  std::printf("  all RPCs %.1f/s\n", total / seconds);
  if (!gen.first_error.empty()) std::printf("  first error: %s\n", gen.first_error.c_str());
  json += absl::StrFormat("},\"rpcs_per_s\":%.1f}\n", total / seconds);
  if (!absl::GetFlag(FLAGS_json).empty()) std::ofstream(absl::GetFlag(FLAGS_json)) << json;
  return 0;
}

}  // namespace
}  // namespace tumen

int main(int argc, char** argv) {
  absl::ParseCommandLine(argc, argv);
  return tumen::Main();
}
