// The coordinator's HTTP face (issue 17): a read-only live dashboard, its JSON API and the
// Prometheus metrics, on the port the operator gives (`tumen-coordinator --http ADDR`), all
// read from the same Scheduler the gRPC service uses.
//
//   /                  jobs and workers, refreshed every two seconds
//   (coordinator/reports/dashboard_page.h) /job/N             one job: its numbers, SPSA
//   parameters, balance arms, book line, downloads /api/jobs          every job as JSON
//   (tumen.v1.GetJobResponse; openings left out) /api/jobs/N        one job /api/jobs/N/games.pgn
//   the job's games as PGN /api/jobs/N/progress    a match's Elo, its interval and LLR as its pairs
//   completed /api/workers       tumen.v1.ListWorkersResponse as JSON /game/J/P/C        the game
//   viewer: game of job J, pair P, colour C (coordinator/reports/game_view.h) /api/games/J/P/C that
//   game replayed: the position after every move, SAN, search data /job/N/report      a balance
//   study's report (the HTML of `tumen report`), computed now /speed             nodes/s and perft
//   speed of every benchmark by commit (bench/history) /api/bench-history those files, oldest
//   first, as one JSON array /metrics           Prometheus text format
//   (coordinator/server/metrics.h) /login             with a token: a form that sets an HttpOnly
//   cookie
//
// With a token (--http-token-file, the admin token) every path but /login needs it, as
// `Authorization: Bearer TOKEN` or the cookie the login form sets; the token never travels
// in a URL. Nothing here changes a job.
#ifndef TUMEN_COORDINATOR_SERVER_HTTP_SERVER_H_
#define TUMEN_COORDINATOR_SERVER_HTTP_SERVER_H_

#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"

namespace httplib {
class Server;
}

namespace tumen::coordinator {

class FarmMetrics;
class Scheduler;

struct HttpOptions {
  std::string listen;  // HOST:PORT; port 0 picks a free one
  std::string token;   // empty: no token needed (bind to loopback then)
  // Google Benchmark JSON files of scripts/bench.sh, for the speed page.
  std::string bench_history = "bench/history";
};

class HttpServer {
 public:
  // Binds and starts serving on a thread of its own.
  static absl::StatusOr<std::unique_ptr<HttpServer>> Start(const HttpOptions& options,
                                                           Scheduler* scheduler,
                                                           FarmMetrics* metrics);
  ~HttpServer();  // stops serving and joins

  const std::string& address() const { return address_; }  // HOST:PORT as bound

 private:
  HttpServer() = default;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::string address_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_HTTP_SERVER_H_
