#include "tests/support/farm_harness.h"

#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "engine/selfplay/play_game.h"
#include "proto/convert.h"
#include "tests/support/shell.h"

namespace tumen::testing {
namespace {

std::string RandomToken() {
  std::random_device rd;
  std::string t;
  const char* alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  for (int i = 0; i < 40; ++i) t += alphabet[rd() % 36];
  return t;
}

std::string Bin(const std::string& name) { return std::string(TUMEN_BINARY_DIR) + "/bin/" + name; }

}  // namespace

FarmHarness::FarmHarness() {
  char pattern[] = "/tmp/tumen-farm-test-XXXXXX";
  dir_ = mkdtemp(pattern);
  worker_token_ = RandomToken();
  admin_token_ = RandomToken();
  std::ofstream(dir_ + "/worker.token") << worker_token_ << "\n";
  std::ofstream(dir_ + "/admin.token") << admin_token_ << "\n";
}

FarmHarness::~FarmHarness() {
  workers_.clear();  // Subprocess destructors kill what is left
  coordinator_.reset();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

absl::Status FarmHarness::StartCoordinator(int lease_seconds, int port,
                                           const std::vector<std::string>& extra_args) {
  const std::string port_file = dir_ + "/coordinator.addr";
  std::filesystem::remove(port_file);
  if (port == 0) port = port_;
  std::vector<std::string> args = {"--listen",
                                   absl::StrCat("127.0.0.1:", port),
                                   "--data",
                                   dir_ + "/data",
                                   "--worker-token-file",
                                   dir_ + "/worker.token",
                                   "--admin-token-file",
                                   dir_ + "/admin.token",
                                   "--port-file",
                                   port_file,
                                   "--lease-seconds",
                                   absl::StrCat(lease_seconds)};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  absl::StatusOr<std::unique_ptr<Subprocess>> p = Subprocess::Start(Bin("tumen-coordinator"), args);
  if (!p.ok()) return p.status();
  coordinator_ = *std::move(p);
  absl::StatusOr<std::string> line = coordinator_->ReadLine(absl::Seconds(20));
  if (!line.ok()) return line.status();
  const size_t colon = line->rfind(':');
  const size_t space = line->find(' ', colon);
  if (colon == std::string::npos ||
      !absl::SimpleAtoi(line->substr(colon + 1, space - colon - 1), &port_))
    return absl::InternalError(absl::StrCat("unexpected coordinator output: ", *line));
  return absl::OkStatus();
}

void FarmHarness::KillCoordinator() {
  if (!coordinator_) return;
  kill(coordinator_->pid(), SIGKILL);
  (void)coordinator_->Wait(absl::Seconds(10));
  coordinator_.reset();
}

absl::Status FarmHarness::StopCoordinator() {
  if (!coordinator_) return absl::OkStatus();
  kill(coordinator_->pid(), SIGTERM);
  absl::StatusOr<int> status = coordinator_->Wait(absl::Seconds(15));
  coordinator_.reset();
  return status.ok() ? absl::OkStatus() : status.status();
}

absl::StatusOr<int> FarmHarness::StartWorker(const std::string& name, int games,
                                             int heartbeat_seconds,
                                             const std::vector<std::string>& extra_args) {
  std::vector<std::string> args = {"--coordinator",
                                   address(),
                                   "--token-file",
                                   dir_ + "/worker.token",
                                   "--games",
                                   absl::StrCat(games),
                                   "--name",
                                   name,
                                   "--spool",
                                   dir_ + "/spool-" + name,
                                   "--heartbeat-seconds",
                                   absl::StrCat(heartbeat_seconds)};
  args.insert(args.end(), extra_args.begin(), extra_args.end());
  absl::StatusOr<std::unique_ptr<Subprocess>> p = Subprocess::Start(Bin("tumen-worker"), args);
  if (!p.ok()) return p.status();
  workers_.push_back(*std::move(p));
  return int(workers_.size()) - 1;
}

void FarmHarness::KillWorker(int index) {
  kill(workers_[index]->pid(), SIGKILL);
  (void)workers_[index]->Wait(absl::Seconds(10));
}

absl::Status FarmHarness::StopWorker(int index) {
  kill(workers_[index]->pid(), SIGTERM);
  absl::StatusOr<int> status = workers_[index]->Wait(absl::Seconds(60));
  return status.ok() ? absl::OkStatus() : status.status();
}

std::unique_ptr<worker::CoordinatorClient> FarmHarness::ClientWithToken(
    const std::string& token) const {
  return *worker::CoordinatorClient::Create(address(), token);
}
std::unique_ptr<worker::CoordinatorClient> FarmHarness::AdminClient() const {
  return ClientWithToken(admin_token_);
}
std::unique_ptr<worker::CoordinatorClient> FarmHarness::WorkerClient() const {
  return ClientWithToken(worker_token_);
}

absl::StatusOr<v1::JobInfo> FarmHarness::GetJob(uint64_t job_id) const {
  v1::GetJobRequest request;
  request.set_job_id(job_id);
  absl::StatusOr<v1::GetJobResponse> r = AdminClient()->GetJob(request);
  if (!r.ok()) return r.status();
  if (r->jobs_size() != 1) return absl::NotFoundError("job not listed");
  return r->jobs(0);
}

absl::StatusOr<v1::JobInfo> FarmHarness::WaitForJob(uint64_t job_id, absl::Duration timeout) const {
  const absl::Time end = absl::Now() + timeout;
  while (true) {
    absl::StatusOr<v1::JobInfo> job = GetJob(job_id);
    if (job.ok() && job->state() != v1::JOB_STATE_RUNNING) return job;
    if (absl::Now() > end)
      return absl::DeadlineExceededError(
          job.ok() ? absl::StrCat("job still running with ", job->games_stored(), " games")
                   : std::string(job.status().message()));
    absl::SleepFor(absl::Milliseconds(50));
  }
}

absl::StatusOr<std::vector<v1::Game>> FarmHarness::ExportGames(uint64_t job_id) const {
  std::vector<v1::Game> games;
  absl::Status s =
      AdminClient()->ExportGames(job_id, [&](const v1::Game& g) { games.push_back(g); });
  if (!s.ok()) return s;
  return games;
}

std::pair<int, std::string> FarmHarness::RunCli(const std::string& args) const {
  const std::string command =
      absl::StrCat(Bin("tumen"), " --coordinator ", address(), " --token-file ", dir_,
                   "/admin.token ", args, " 2>", dir_, "/cli.err");
  std::string out;
  const int code = RunShell(command, &out);
  return {code, out};
}

v1::JobSpec SmallMatch(uint32_t games, uint64_t nodes) {
  v1::JobSpec spec;
  v1::MatchSpec* m = spec.mutable_match();
  m->set_variant("shatar");
  m->set_games(games);
  m->mutable_tc()->set_nodes(nodes);
  m->set_params_b("KnightMg 300\n");
  m->set_random_plies(8);
  m->set_seed(7);
  m->set_pairs_per_shard(2);
  m->mutable_adjudication()->set_max_plies(300);
  return spec;
}

}  // namespace tumen::testing

namespace tumen::testing {

std::vector<v1::Game> LeaseAndPlayAll(const FarmHarness& farm, std::string& worker_id) {
  auto client = farm.WorkerClient();
  v1::RegisterWorkerRequest reg;
  reg.set_name("bench");
  absl::StatusOr<v1::RegisterWorkerResponse> registered = client->RegisterWorker(reg);
  if (!registered.ok()) return {};
  worker_id = registered->worker_id();
  std::vector<v1::Shard> shards;
  while (true) {
    v1::LeaseShardsRequest lease;
    lease.set_worker_id(worker_id);
    lease.set_max_shards(64);
    absl::StatusOr<v1::LeaseShardsResponse> r = client->LeaseShards(lease);
    if (!r.ok() || r->leases_size() == 0) break;
    for (const v1::Lease& l : r->leases()) shards.push_back(l.shard());
  }
  std::vector<std::tuple<const v1::Shard*, int, int>> tasks;
  for (const v1::Shard& s : shards)
    for (int i = 0; i < s.pairs_size(); ++i)
      for (int colour : {0, 1}) tasks.emplace_back(&s, i, colour);
  std::vector<v1::Game> games(tasks.size());
  std::atomic<size_t> next{0};
  auto play = [&] {
    for (size_t k; (k = next++) < tasks.size();) {
      const auto& [shard, index, colour] = tasks[k];
      v1::Game g = *proto::ToProto(*selfplay::PlayGame(*proto::GameSpecFor(*shard, index, colour)));
      *g.mutable_id() = proto::GameIdFor(*shard, index, colour);
      games[k] = std::move(g);
    }
  };
  std::thread t1(play), t2(play);
  t1.join();
  t2.join();
  return games;
}

}  // namespace tumen::testing
