// Real farm processes for end-to-end tests: a tumen-coordinator on 127.0.0.1 (port 0 the
// first time) over a temporary data directory, tumen-workers, and an admin client.
#ifndef TUMEN_TESTS_SUPPORT_FARM_HARNESS_H_
#define TUMEN_TESTS_SUPPORT_FARM_HARNESS_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "tests/support/subprocess.h"
#include "worker/coordinator_client.h"

namespace tumen::testing {

class FarmHarness {
 public:
  // A fresh temporary directory with worker and admin tokens.
  FarmHarness();
  ~FarmHarness();

  // Starts the coordinator; `port` 0 picks a free one (remembered for restarts).
  absl::Status StartCoordinator(int lease_seconds = 60, int port = 0,
                                const std::vector<std::string>& extra_args = {});
  void KillCoordinator();          // SIGKILL, no cleanup
  absl::Status StopCoordinator();  // SIGTERM and wait
  int port() const { return port_; }
  int coordinator_pid() const { return coordinator_ ? int(coordinator_->pid()) : 0; }
  std::string address() const { return "127.0.0.1:" + std::to_string(port_); }

  // Starts a worker; returns its index.
  absl::StatusOr<int> StartWorker(const std::string& name, int games = 1, int heartbeat_seconds = 1,
                                  const std::vector<std::string>& extra_args = {});
  void KillWorker(int index);  // SIGKILL
  absl::Status StopWorker(int index);

  std::unique_ptr<worker::CoordinatorClient> AdminClient() const;
  std::unique_ptr<worker::CoordinatorClient> WorkerClient() const;
  std::unique_ptr<worker::CoordinatorClient> ClientWithToken(const std::string& token) const;

  // Polls the job until it is no longer running or `timeout` passes.
  absl::StatusOr<v1::JobInfo> WaitForJob(uint64_t job_id, absl::Duration timeout) const;
  absl::StatusOr<v1::JobInfo> GetJob(uint64_t job_id) const;
  // Every stored game of the job.
  absl::StatusOr<std::vector<v1::Game>> ExportGames(uint64_t job_id) const;

  // Runs the `tumen` CLI against the farm with the admin token; returns its exit code and
  // standard output (its standard error goes to dir()/cli.err).
  std::pair<int, std::string> RunCli(const std::string& args) const;

  const std::string& dir() const { return dir_; }
  const std::string& worker_token() const { return worker_token_; }
  const std::string& admin_token() const { return admin_token_; }

 private:
  std::string dir_, worker_token_, admin_token_;
  int port_ = 0;
  std::unique_ptr<Subprocess> coordinator_;
  std::vector<std::unique_ptr<Subprocess>> workers_;
};

// A small match spec: `games` games of shatar at `nodes` per move, B with a changed knight.
v1::JobSpec SmallMatch(uint32_t games, uint64_t nodes);

// Registers a worker (its id into `worker_id`), leases every open shard and plays each of
// their games on two threads: valid games ready to submit, for the benchmarks of what the
// coordinator ingests (bench/farm_bench.cc, bench/loadgen.cc).
std::vector<v1::Game> LeaseAndPlayAll(const FarmHarness& farm, std::string& worker_id);

}  // namespace tumen::testing

#endif  // TUMEN_TESTS_SUPPORT_FARM_HARNESS_H_
