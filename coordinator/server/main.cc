// tumen-coordinator: shards jobs, leases them to workers and stores their games.
//   tumen-coordinator --listen 127.0.0.1:PORT --data DIR --worker-token-file F --admin-token-file F
//                     [--tls-cert F --tls-key F] [--port-file F] [--lease-seconds N]
// Port 0 picks a free port; the chosen address is printed and written to --port-file.
// SIGTERM/SIGINT: in-flight calls finish (up to 5 s), then the process exits.
// Every few seconds the main thread logs jobs that no live worker can take (and why) to stderr.
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/grpcpp.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/resource_quota.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_format.h"
#include "absl/synchronization/mutex.h"
#include "coordinator/cli/flag_help.h"
#include "coordinator/server/http_server.h"
#include "coordinator/server/metrics.h"
#include "coordinator/server/service.h"
#include "coordinator/server/token_file.h"
#include "engine/core/command_line.h"

ABSL_FLAG(std::string, listen, "127.0.0.1:50051", "address to listen on (port 0: any free port)");
ABSL_FLAG(std::string, data, "farm-data", "directory of the SQLite store");
ABSL_FLAG(std::string, worker_token_file, "", "file with the workers' token");
ABSL_FLAG(std::string, admin_token_file, "", "file with the operators' token");
ABSL_FLAG(std::string, tls_cert, "", "PEM certificate chain (TLS when given with --tls-key)");
ABSL_FLAG(std::string, tls_key, "", "PEM private key");
ABSL_FLAG(std::string, port_file, "", "write the bound address here once listening");
ABSL_FLAG(int, lease_seconds, 60, "lease length; heartbeats extend it");
ABSL_FLAG(int, max_threads, 128,
          "most threads serving calls at once (calls beyond them are refused with "
          "RESOURCE_EXHAUSTED; workers retry)");
ABSL_FLAG(int, max_message_mb, 16, "largest accepted request in MiB");
ABSL_FLAG(std::string, http, "",
          "serve the read-only dashboard, its JSON API and Prometheus /metrics on HOST:PORT "
          "(port 0: any free port; empty: no HTTP)");
ABSL_FLAG(std::string, http_token_file, "",
          "require this token (the admin token's file) on every dashboard page, API call and "
          "metrics scrape: a bearer header or the /login form's cookie");
ABSL_FLAG(std::string, http_port_file, "", "write the HTTP address here once listening");
ABSL_FLAG(std::string, bench_history, "bench/history",
          "--http: the folder of scripts/bench.sh's JSON files, for the speed page");
ABSL_FLAG(double, reference_nps, 1'000'000,
          "scale_tc matches: a worker's clock is multiplied by this / its bench nodes per "
          "second (one thread), so every machine plays at the strength of one this fast");

namespace {

std::atomic<bool> stop_requested{false};
void OnSignal(int) { stop_requested.store(true); }

int Fail(const std::string& message) {
  std::fprintf(stderr, "tumen-coordinator: %s\n", message.c_str());
  return 2;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "tumen-coordinator --listen HOST:PORT --data DIR --worker-token-file F --admin-token-file F");
  tumen::NormalizedArgs args(argc, argv);
  const std::vector<std::string> raw(args.argv() + 1, args.argv() + args.argc());
  const std::vector<std::string> flags = tumen::cli::FlagsDefinedIn("coordinator/server/main.cc");
  if (tumen::cli::AsksForHelp(raw)) {
    std::printf(
        "usage: tumen-coordinator --listen HOST:PORT --data DIR --worker-token-file F "
        "--admin-token-file F [flags]\n\n"
        "Shards jobs, leases them to workers, validates and stores their games in DIR/tumen.db.\n"
        "Port 0 picks a free port. SIGTERM/SIGINT: in-flight calls finish, then it exits.\n\n"
        "flags:\n%s",
        tumen::cli::FlagsHelp(flags).c_str());
    return 0;
  }
  if (absl::Status s = tumen::cli::CheckFlags(raw, flags, "tumen-coordinator"); !s.ok()) {
    std::fprintf(stderr, "tumen-coordinator: %s\n", std::string(s.message()).c_str());
    return 2;
  }
  absl::ParseCommandLine(args.argc(), args.argv());
  // Debian's Abseil is built without NDEBUG, so by default every Mutex acquisition also records
  // lock-order edges in a global graph to detect deadlocks: GraphCycles alone took 2.7% of the
  // coordinator's CPU in a profile at 20,000 simulated workers. The tests keep the check.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  using namespace tumen::coordinator;
  if (absl::GetFlag(FLAGS_worker_token_file).empty() ||
      absl::GetFlag(FLAGS_admin_token_file).empty())
    return Fail("--worker-token-file and --admin-token-file are required");
  absl::StatusOr<TokenAuthenticator> auth = TokenAuthenticator::FromFiles(
      absl::GetFlag(FLAGS_worker_token_file), absl::GetFlag(FLAGS_admin_token_file));
  if (!auth.ok()) return Fail(std::string(auth.status().message()));
  absl::StatusOr<std::unique_ptr<GameStore>> store = GameStore::Open(absl::GetFlag(FLAGS_data));
  if (!store.ok()) return Fail(std::string(store.status().message()));
  SchedulerOptions options;
  options.lease_ms = int64_t(std::max(1, absl::GetFlag(FLAGS_lease_seconds))) * 1000;
  options.reference_nps = absl::GetFlag(FLAGS_reference_nps);
  if (!(options.reference_nps >= 1e3 && options.reference_nps <= 1e10)) {
    std::fprintf(stderr, "tumen-coordinator: --reference-nps must be from 1000 to 1e10\n");
    return 2;
  }
  options.log = [](const std::string& line) {
    std::fprintf(stderr, "tumen-coordinator: %s\n", line.c_str());
  };
  FarmMetrics metrics;
  options.metrics = &metrics;
  absl::StatusOr<std::unique_ptr<Scheduler>> scheduler = Scheduler::Create(store->get(), options);
  if (!scheduler.ok()) return Fail(std::string(scheduler.status().message()));
  CoordinatorService service(scheduler->get(), *std::move(auth), &metrics);
  std::unique_ptr<HttpServer> http;
  std::string http_line;  // printed after the gRPC address, which scripts read first
  if (!absl::GetFlag(FLAGS_http).empty()) {
    HttpOptions http_options;
    http_options.listen = absl::GetFlag(FLAGS_http);
    http_options.bench_history = absl::GetFlag(FLAGS_bench_history);
    if (!absl::GetFlag(FLAGS_http_token_file).empty()) {
      absl::StatusOr<std::string> token = ReadTokenFile(absl::GetFlag(FLAGS_http_token_file));
      if (!token.ok()) return Fail(std::string(token.status().message()));
      http_options.token = *token;
    }
    const std::string host = http_options.listen.substr(0, http_options.listen.rfind(':'));
    if (http_options.token.empty() && host != "127.0.0.1" && host != "localhost" && host != "[::1]")
      std::fprintf(stderr,
                   "tumen-coordinator: warning: the dashboard on %s needs no token; anyone who "
                   "can reach it sees every job (give --http-token-file)\n",
                   http_options.listen.c_str());
    absl::StatusOr<std::unique_ptr<HttpServer>> started =
        HttpServer::Start(http_options, scheduler->get(), &metrics);
    if (!started.ok()) return Fail(std::string(started.status().message()));
    http = *std::move(started);
    http_line =
        absl::StrFormat("tumen-coordinator: dashboard and /metrics on http://%s/%s\n",
                        http->address(), http_options.token.empty() ? "" : " (token required)");
    if (!absl::GetFlag(FLAGS_http_port_file).empty()) {
      const std::string tmp = absl::GetFlag(FLAGS_http_port_file) + ".tmp";
      std::ofstream(tmp) << http->address() << "\n";
      std::rename(tmp.c_str(), absl::GetFlag(FLAGS_http_port_file).c_str());
    }
  }

  std::shared_ptr<grpc::ServerCredentials> credentials = grpc::InsecureServerCredentials();
  if (!absl::GetFlag(FLAGS_tls_cert).empty() || !absl::GetFlag(FLAGS_tls_key).empty()) {
    const std::string cert = ReadFile(absl::GetFlag(FLAGS_tls_cert)),
                      key = ReadFile(absl::GetFlag(FLAGS_tls_key));
    if (cert.empty() || key.empty())
      return Fail("--tls-cert and --tls-key must both name readable PEM files");
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({key, cert});
    credentials = grpc::SslServerCredentials(ssl);
  }
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(absl::GetFlag(FLAGS_listen), credentials, &port);
  builder.SetMaxReceiveMessageSize(absl::GetFlag(FLAGS_max_message_mb) << 20);
  // Workers ping every --keepalive-seconds to notice dead links (worker/coordinator_client.h):
  // accept pings that often (gRPC's default refuses more than one per five minutes), and
  // ping idle connections ourselves so those of vanished machines are closed.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 1000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, 120'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 20'000);
  // The synchronous server runs each call on a thread of its own; without a bound, thousands
  // of workers mean thousands of threads (memory, switching) while calls wait on the store.
  // Bounded, a call beyond the bound is refused with RESOURCE_EXHAUSTED and the worker
  // retries after a backoff.
  grpc::ResourceQuota quota("tumen-coordinator");
  quota.SetMaxThreads(absl::GetFlag(FLAGS_max_threads));
  builder.SetResourceQuota(quota);
  builder.RegisterService(&service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) return Fail("cannot listen on " + absl::GetFlag(FLAGS_listen));
  const std::string listen = absl::GetFlag(FLAGS_listen);
  const std::string address = listen.substr(0, listen.rfind(':')) + ":" + std::to_string(port);
  std::printf("tumen-coordinator listening on %s (data %s)\n", address.c_str(),
              absl::GetFlag(FLAGS_data).c_str());
  std::fputs(http_line.c_str(), stdout);
  std::fflush(stdout);
  if (!absl::GetFlag(FLAGS_port_file).empty()) {
    const std::string tmp = absl::GetFlag(FLAGS_port_file) + ".tmp";
    std::ofstream(tmp) << address << "\n";
    std::rename(tmp.c_str(), absl::GetFlag(FLAGS_port_file).c_str());
  }
  std::signal(SIGTERM, OnSignal);
  std::signal(SIGINT, OnSignal);
  for (int tick = 1; !stop_requested.load(); ++tick) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (tick % 100 == 0) (*scheduler)->LogWaitingJobs();  // every 5 s; says each change once
    if (tick % 40 == 20)
      if (absl::Status s = (*store)->Checkpoint(); !s.ok())  // every 2 s
        std::fprintf(stderr, "tumen-coordinator: %s\n", std::string(s.message()).c_str());
  }
  std::printf("tumen-coordinator: shutting down\n");
  std::fflush(stdout);
  http.reset();
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  // Submissions save each worker's statistics only every few minutes: save the rest now.
  if (absl::Status s = (*scheduler)->SaveWorkerStatistics(); !s.ok())
    std::fprintf(stderr, "tumen-coordinator: saving worker statistics: %s\n",
                 std::string(s.message()).c_str());
  return 0;
}
