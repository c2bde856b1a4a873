// Farm benchmarks with real processes on 127.0.0.1 (tumen-farm-bench):
//   BM_CoordinatorIngest/clients:K/dashboard:D  prepared, valid games submitted by K simulated
//                                   workers in batches of 64; items/s = games acknowledged
//                                   durably/s; D=1: with dashboards polling the HTTP API and
//                                   /metrics meanwhile (the dashboard's cost, side by side);
//                                   D=2: the HTTP server on, nobody polling. Run each D in a
//                                   process of its own (--benchmark_filter): a farm started
//                                   after another one measures slower.
//   BM_FarmThroughput               the same 100 games at 1,000 nodes per move played by the
//                                   farm (coordinator + 2 workers x 1 game) and by two bare
//                                   self-play threads; counters give both rates and the ratio.
#include <httplib.h>

#include <atomic>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "engine/selfplay/play_game.h"
#include "proto/convert.h"
#include "tests/support/farm_harness.h"

namespace tumen {
namespace {

using testing::FarmHarness;

v1::JobSpec IngestSpec() {
  v1::JobSpec spec = testing::SmallMatch(512, 50);
  spec.mutable_match()->set_pairs_per_shard(4);
  spec.mutable_match()->mutable_adjudication()->set_max_plies(120);
  return spec;
}

uint64_t CreateJob(const FarmHarness& farm, const v1::JobSpec& spec) {
  v1::CreateJobRequest request;
  *request.mutable_spec() = spec;
  auto client = farm.AdminClient();
  client->set_deadline(absl::Minutes(2));
  absl::StatusOr<v1::CreateJobResponse> r = client->CreateJob(request);
  if (!r.ok()) std::abort();
  return r->job_id();
}

// Dashboards open on the coordinator: every 500 ms (four times a page's own rate) the jobs,
// a job's progress, the workers and a metrics scrape, until `stop`.
void PollDashboard(const std::string& address, uint64_t job, const std::atomic<bool>& stop) {
  httplib::Client client("http://" + address);
  while (!stop.load()) {
    for (const std::string& path : {std::string("/api/jobs"), absl::StrCat("/api/jobs/", job),
                                    absl::StrCat("/api/jobs/", job, "/progress"),
                                    std::string("/api/workers"), std::string("/metrics")})
      (void)client.Get(path);
    absl::SleepFor(absl::Milliseconds(500));
  }
}

void BM_CoordinatorIngest(benchmark::State& state) {
  const int clients = int(state.range(0));
  const bool dashboard = state.range(1) != 0;  // the HTTP server runs
  FarmHarness farm;
  const std::string http_file = farm.dir() + "/http.addr";
  if (!farm.StartCoordinator(60, 0,
                             dashboard ? std::vector<std::string>{"--http", "127.0.0.1:0",
                                                                  "--http-port-file", http_file}
                                       : std::vector<std::string>{})
           .ok())
    std::abort();
  std::string http_address;
  for (int i = 0; dashboard && http_address.empty() && i < 100; ++i) {
    std::ifstream(http_file) >> http_address;
    absl::SleepFor(absl::Milliseconds(50));
  }
  const v1::JobSpec spec = IngestSpec();
  CreateJob(farm, spec);
  std::string worker_id;
  const std::vector<v1::Game> prepared = testing::LeaseAndPlayAll(farm, worker_id);
  int64_t games = 0;
  for (auto _ : state) {
    state.PauseTiming();
    const uint64_t job = CreateJob(farm, spec);  // same seed: same openings
    std::vector<v1::Game> batch = prepared;
    for (v1::Game& g : batch) g.mutable_id()->set_job_id(job);
    std::atomic<size_t> next{0};
    std::atomic<int64_t> accepted{0};
    std::atomic<bool> stop{false};
    std::thread poller;
    if (state.range(1) == 1)
      poller = std::thread(PollDashboard, http_address, job, std::cref(stop));
    state.ResumeTiming();
    std::vector<std::thread> threads;
    for (int c = 0; c < clients; ++c) {
      threads.emplace_back([&] {
        auto client = farm.WorkerClient();
        for (size_t start; (start = next.fetch_add(64)) < batch.size();) {
          v1::SubmitGamesRequest request;
          request.set_worker_id(worker_id);
          for (size_t i = start; i < std::min(batch.size(), start + 64); ++i)
            *request.add_games() = batch[i];
          absl::StatusOr<v1::SubmitGamesResponse> r = client->SubmitGames(request);
          if (r.ok())
            for (const v1::GameAck& a : r->acks()) accepted += a.accepted() && !a.duplicate();
        }
      });
    }
    for (std::thread& t : threads) t.join();
    state.PauseTiming();
    stop.store(true);
    if (poller.joinable()) poller.join();
    state.ResumeTiming();
    games += accepted.load();
    if (accepted.load() != int64_t(batch.size()))
      state.SkipWithError("not every game was accepted");
  }
  state.SetItemsProcessed(games);
}
BENCHMARK(BM_CoordinatorIngest)
    ->ArgNames({"clients", "dashboard"})
    ->Args({1, 0})
    ->Args({1, 1})
    ->Args({1, 2})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Args({4, 0})
    ->Args({4, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(3);

constexpr uint32_t kThroughputGames = 100;

void BM_FarmThroughput(benchmark::State& state) {
  for (auto _ : state) {
    FarmHarness farm;
    if (!farm.StartCoordinator().ok() || !farm.StartWorker("w1").ok() ||
        !farm.StartWorker("w2").ok())
      std::abort();
    v1::JobSpec spec = testing::SmallMatch(kThroughputGames, 1000);
    spec.mutable_match()->set_pairs_per_shard(1);
    spec.mutable_match()->set_params_b("");
    const absl::Time start = absl::Now();
    const uint64_t job = CreateJob(farm, spec);
    if (!farm.WaitForJob(job, absl::Minutes(30)).ok()) std::abort();
    const double farm_seconds = absl::ToDoubleSeconds(absl::Now() - start);
    const std::vector<v1::Game> games = *farm.ExportGames(job);
    // The same games (openings, colours, parameters) by two bare self-play threads.
    std::atomic<size_t> next{0};
    const absl::Time bare_start = absl::Now();
    auto play = [&] {
      for (size_t k; (k = next++) < games.size();) {
        selfplay::GameSpec g;
        g.variant = games[k].variant();
        g.start_fen = games[k].start_fen();
        g.tc.nodes = 1000;
        g.adjudication.max_plies = 300;
        benchmark::DoNotOptimize(selfplay::PlayGame(g).ok());
      }
    };
    std::thread t1(play), t2(play);
    t1.join();
    t2.join();
    const double bare_seconds = absl::ToDoubleSeconds(absl::Now() - bare_start);
    state.counters["farm_games_per_s"] = games.size() / farm_seconds;
    state.counters["bare_games_per_s"] = games.size() / bare_seconds;
    state.counters["farm_over_bare"] = bare_seconds / farm_seconds;
  }
}
BENCHMARK(BM_FarmThroughput)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace
}  // namespace tumen
