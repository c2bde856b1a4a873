// tumen-worker: plays the farm's games on this machine.
//   tumen-worker --coordinator HOST:PORT --token-file F --games N [--name NAME] [--spool DIR]
//                [--engine NAME=PATH]...   (every --engine adds engines; see worker/engine_flags.h)
//                [--source REPO [--build-cache DIR] [--max-builds N]]   (engine builds as
//                players: builds tumen-engine at the commits jobs name, from REPO only)
// First SIGTERM/SIGINT: finish the running games, upload, exit. Second: stop now (finished
// games stay in the spool and are uploaded by the next start).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "coordinator/cli/flag_help.h"
#include "coordinator/server/token_file.h"
#include "engine/core/command_line.h"
#include "worker/engine_flags.h"
#include "worker/worker.h"

ABSL_FLAG(std::string, coordinator, "127.0.0.1:50051", "coordinator address");
ABSL_FLAG(std::string, token_file, "", "file with the worker token");
ABSL_FLAG(std::string, ca_file, "", "CA certificate for a TLS coordinator (empty: plaintext)");
ABSL_FLAG(int, games, 1, "games played at once (one search thread each)");
ABSL_FLAG(std::string, name, "", "worker name (default: host name)");
ABSL_FLAG(std::string, spool, "", "spool directory (default: tumen-spool-<name>)");
ABSL_FLAG(int, heartbeat_seconds, 10, "heartbeat interval");
ABSL_FLAG(int, call_timeout_seconds, 20,
          "a call to the coordinator that takes longer fails and is retried");
ABSL_FLAG(int, keepalive_seconds, 30,
          "ping the coordinator this often; a connection whose ping goes unanswered for half "
          "as long (5 to 20 s) is dropped and made anew (a silently dead link is noticed)");
ABSL_FLAG(int64_t, max_games, 0, "exit after this many games (0: run until stopped)");
// main() takes every --engine out of the command line itself (absl would keep only the last);
// the flag stays declared for --help and for a --flagfile.
ABSL_FLAG(std::vector<std::string>, engine, {},
          "external UCI engines this worker may run, NAME=PATH (comma-separated or repeated; "
          "every occurrence adds engines)");

ABSL_FLAG(std::string, source, "",
          "a git repository of Tumen (a clone it may `git fetch` in): the worker builds the "
          "engine at the commits jobs name, from it only, and plays those builds (empty: no "
          "builds; such shards go to other workers)");
ABSL_FLAG(std::string, build_cache, "tumen-builds",
          "--source: folder of the engine builds (may be shared with other workers and the CLI "
          "on this machine)");
ABSL_FLAG(int, max_builds, 8, "--source: builds kept in the cache; the least recently used go");
ABSL_FLAG(int, build_jobs, 0, "--source: parallel compile jobs (0: the machine's cores)");

namespace {
std::atomic<int> signals_received{0};
void OnSignal(int) { signals_received.fetch_add(1); }
}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("tumen-worker --coordinator HOST:PORT --token-file F --games N");
  using namespace tumen::worker;
  tumen::NormalizedArgs normalized(argc, argv);
  std::vector<std::string> args(normalized.argv() + 1, normalized.argv() + normalized.argc());
  const std::vector<std::string> flags = tumen::cli::FlagsDefinedIn("worker/main.cc");
  if (tumen::cli::AsksForHelp(args)) {
    std::printf(
        "usage: tumen-worker --coordinator HOST:PORT --token-file F [--games N] [flags]\n\n"
        "Plays the farm's games on this machine: registers, leases shards, plays them, spools\n"
        "and uploads every game. First SIGTERM/SIGINT: finish the running games and upload;\n"
        "second: stop now (the spool keeps finished games for the next start).\n\nflags:\n%s",
        tumen::cli::FlagsHelp(flags).c_str());
    return 0;
  }
  if (absl::Status s = tumen::cli::CheckFlags(args, flags, "tumen-worker"); !s.ok()) {
    std::fprintf(stderr, "tumen-worker: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  std::vector<std::string> engine_values = TakeRepeatedFlag(args, "engine");
  std::vector<char*> rest = {normalized.argv()[0]};  // absl parses what is left
  for (std::string& a : args) rest.push_back(a.data());
  rest.push_back(nullptr);
  absl::ParseCommandLine(int(rest.size()) - 1, rest.data());
  for (const std::string& v : absl::GetFlag(FLAGS_engine)) engine_values.push_back(v);
  absl::StatusOr<std::map<std::string, std::string>> engines = ParseEngineFlags(engine_values);
  if (!engines.ok()) {
    std::fprintf(stderr, "tumen-worker: %s\n", std::string(engines.status().message()).c_str());
    return 2;
  }
  if (absl::GetFlag(FLAGS_token_file).empty()) {
    std::fprintf(stderr, "tumen-worker: --token-file is required\n");
    return 2;
  }
  absl::StatusOr<std::string> token =
      tumen::coordinator::ReadTokenFile(absl::GetFlag(FLAGS_token_file));
  if (!token.ok()) {
    std::fprintf(stderr, "tumen-worker: %s\n", std::string(token.status().message()).c_str());
    return 2;
  }
  std::string name = absl::GetFlag(FLAGS_name);
  if (name.empty()) {
    char host[256] = "worker";
    gethostname(host, sizeof host - 1);
    name = host;
  }
  if (absl::GetFlag(FLAGS_games) < 1 || absl::GetFlag(FLAGS_games) > 4096) {
    std::fprintf(stderr, "tumen-worker: --games must be from 1 to 4096\n");
    return 2;
  }
  const std::string spool_dir =
      absl::GetFlag(FLAGS_spool).empty() ? "tumen-spool-" + name : absl::GetFlag(FLAGS_spool);
  absl::StatusOr<Spool> spool = Spool::Open(spool_dir);
  absl::StatusOr<std::unique_ptr<CoordinatorClient>> client = CoordinatorClient::Create(
      absl::GetFlag(FLAGS_coordinator), *token,
      {.ca_file = absl::GetFlag(FLAGS_ca_file),
       .call_timeout = absl::Seconds(absl::GetFlag(FLAGS_call_timeout_seconds)),
       .keepalive = absl::Seconds(absl::GetFlag(FLAGS_keepalive_seconds))});
  if (!spool.ok() || !client.ok()) {
    std::fprintf(stderr, "tumen-worker: %s\n",
                 std::string((spool.ok() ? client.status() : spool.status()).message()).c_str());
    return 2;
  }
  WorkerOptions options;
  options.name = name;
  options.games_in_parallel = absl::GetFlag(FLAGS_games);
  options.heartbeat_interval = absl::Seconds(std::max(1, absl::GetFlag(FLAGS_heartbeat_seconds)));
  options.max_games = absl::GetFlag(FLAGS_max_games);
  options.engines = *std::move(engines);
  if (!absl::GetFlag(FLAGS_source).empty()) {
    tumen::worker::BuildCacheOptions build_options;
    build_options.source = absl::GetFlag(FLAGS_source);
    build_options.cache_dir = absl::GetFlag(FLAGS_build_cache);
    build_options.max_builds = absl::GetFlag(FLAGS_max_builds);
    build_options.jobs = absl::GetFlag(FLAGS_build_jobs);
    build_options.log = [](const std::string& line) {
      std::fprintf(stderr, "tumen-worker: %s\n", line.c_str());
    };
    absl::StatusOr<std::unique_ptr<BuildCache>> builds = BuildCache::Open(build_options);
    if (!builds.ok()) {
      std::fprintf(stderr, "tumen-worker: %s\n", std::string(builds.status().message()).c_str());
      return 2;
    }
    options.builds = *std::move(builds);
  }
  Worker worker(*std::move(client), *std::move(spool), options);

  std::signal(SIGTERM, OnSignal);
  std::signal(SIGINT, OnSignal);
  std::atomic<bool> done{false};
  std::thread watcher([&] {  // signal handlers only count; this thread acts on them
    int handled = 0;
    while (!done.load()) {
      while (handled < signals_received.load()) {
        ++handled;
        std::fprintf(stderr, "tumen-worker: %s\n",
                     handled == 1 ? "stopping after the running games (signal again to stop now)"
                                  : "stopping now");
        worker.RequestStop();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  const absl::Status s = worker.Run();
  done.store(true);
  watcher.join();
  if (!s.ok()) {
    std::fprintf(stderr, "tumen-worker: %s\n", std::string(s.message()).c_str());
    return 1;
  }
  return 0;
}
