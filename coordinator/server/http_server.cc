#include "coordinator/server/http_server.h"

#include <httplib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "coordinator/reports/balance_report.h"
#include "coordinator/reports/book_tree.h"
#include "coordinator/reports/dashboard_page.h"
#include "coordinator/reports/game_view.h"
#include "coordinator/server/auth.h"
#include "coordinator/server/metrics.h"
#include "coordinator/server/scheduler.h"
#include "coordinator/stats/balance_stats.h"
#include "engine/selfplay/pgn.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/delimited_message_util.h"
#include "google/protobuf/util/json_util.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

constexpr char kCookie[] = "tumen_token";

std::string Json(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

// The token of a request: the bearer header, else the login cookie.
std::string RequestToken(const httplib::Request& req) {
  const std::string header = req.get_header_value("Authorization");  // a copy: keep it alive
  absl::string_view auth = header;
  if (absl::ConsumePrefix(&auth, "Bearer ")) return std::string(auth);
  const std::string cookies = req.get_header_value("Cookie");
  for (absl::string_view part : absl::StrSplit(cookies, ';')) {
    part = absl::StripAsciiWhitespace(part);
    if (absl::ConsumePrefix(&part, kCookie) && absl::ConsumePrefix(&part, "="))
      return std::string(part);
  }
  return "";
}

constexpr char kLoginPage[] = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tumen: sign in</title>
<style>body{font-family:sans-serif;margin:3em}input{font-size:1em;padding:.3em}</style></head>
<body><h1>Tumen farm</h1><p>This dashboard needs the farm's admin token.</p>
<form method="post" action="/login"><input type="password" name="token" autofocus size="40">
<input type="submit" value="Sign in"></form><p id="error">%ERROR%</p></body></html>)";

// A failed request: 404 for what does not exist, 400 for a request that cannot be answered
// (a match's book, a job without a report), with the reason as text.
void ReplyError(httplib::Response& res, const absl::Status& status) {
  res.status = absl::IsNotFound(status) ? 404 : 400;
  res.set_content(std::string(status.message()) + "\n", "text/plain");
}

}  // namespace

absl::StatusOr<std::unique_ptr<HttpServer>> HttpServer::Start(const HttpOptions& options,
                                                              Scheduler* scheduler,
                                                              FarmMetrics* metrics) {
  const size_t colon = options.listen.rfind(':');
  int port = -1;
  if (colon == std::string::npos || !absl::SimpleAtoi(options.listen.substr(colon + 1), &port) ||
      port < 0 || port > 65535)
    return absl::InvalidArgumentError(
        absl::StrCat("--http '", options.listen, "': give HOST:PORT (port 0: any free port)"));
  const std::string host = options.listen.substr(0, colon);
  std::unique_ptr<HttpServer> http(new HttpServer());
  http->server_ = std::make_unique<httplib::Server>();
  httplib::Server& server = *http->server_;
  const std::string token = options.token;

  server.set_pre_routing_handler([token](const httplib::Request& req, httplib::Response& res) {
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_header("Cache-Control", "no-store");
    if (token.empty() || req.path == "/login" || ConstantTimeEquals(RequestToken(req), token))
      return httplib::Server::HandlerResponse::Unhandled;
    if (req.path.rfind("/api/", 0) == 0 || req.path == "/metrics") {
      res.status = 401;
      res.set_header("WWW-Authenticate", "Bearer");
      res.set_content("the admin token is required: send 'Authorization: Bearer <token>'\n",
                      "text/plain");
    } else {
      res.set_redirect("/login");
    }
    return httplib::Server::HandlerResponse::Handled;
  });
  server.Get("/login", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(absl::StrReplaceAll(kLoginPage, {{"%ERROR%", ""}}), "text/html; charset=utf-8");
  });
  server.Post("/login", [token](const httplib::Request& req, httplib::Response& res) {
    const std::string given = req.get_param_value("token");
    if (token.empty() || !ConstantTimeEquals(given, token)) {
      res.status = 403;
      res.set_content(absl::StrReplaceAll(kLoginPage, {{"%ERROR%", "That is not the token."}}),
                      "text/html; charset=utf-8");
      return;
    }
    res.set_header("Set-Cookie",
                   absl::StrCat(kCookie, "=", given, "; Path=/; HttpOnly; SameSite=Strict"));
    res.set_redirect("/");
  });
  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(DashboardPage(), "text/html; charset=utf-8");
  });
  server.Get(R"(/job/(\d+))", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(JobPage(), "text/html; charset=utf-8");
  });
  server.Get("/api/jobs", [scheduler](const httplib::Request&, httplib::Response& res) {
    absl::StatusOr<std::vector<v1::JobInfo>> jobs = scheduler->GetJobs(0, /*slim=*/true);
    v1::GetJobResponse response;
    if (jobs.ok())
      for (v1::JobInfo& j : *jobs) *response.add_jobs() = std::move(j);
    res.set_content(Json(response), "application/json");
  });
  server.Get(R"(/api/jobs/(\d+))",
             [scheduler](const httplib::Request& req, httplib::Response& res) {
               uint64_t id = 0;
               absl::StatusOr<std::vector<v1::JobInfo>> jobs =
                   absl::SimpleAtoi(req.matches[1].str(), &id) && id > 0
                       ? scheduler->GetJobs(id, /*slim=*/true)
                       : absl::NotFoundError("job ids start at 1");
               if (!jobs.ok() || jobs->empty()) {
                 res.status = 404;
                 res.set_content(absl::StrCat("no job ", req.matches[1].str(), "\n"), "text/plain");
                 return;
               }
               res.set_content(Json(jobs->front()), "application/json");
             });
  server.Get(R"(/api/jobs/(\d+)/games\.pgn)", [scheduler](const httplib::Request& req,
                                                          httplib::Response& res) {
    uint64_t id = 0;
    (void)absl::SimpleAtoi(req.matches[1].str(), &id);
    std::string pgn;
    int round = 0;
    const absl::Status s = scheduler->ExportGames(id, [&](const v1::Game& g) {
      if (absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(g); record.ok())
        pgn += selfplay::ToPgn(*record, absl::StrCat("Tumen job ", id), ++round);
    });
    if (!s.ok()) return ReplyError(res, s);
    res.set_header("Content-Disposition", absl::StrCat("attachment; filename=job-", id, ".pgn"));
    res.set_content(pgn, "application/x-chess-pgn");
  });
  server.Get(R"(/api/jobs/(\d+)/games\.binpb)", [scheduler](const httplib::Request& req,
                                                            httplib::Response& res) {
    uint64_t id = 0;
    (void)absl::SimpleAtoi(req.matches[1].str(), &id);
    // Length-delimited tumen.v1.Game messages, as `tumen export --format binpb` writes them.
    std::string bytes;
    absl::Status s;
    {
      google::protobuf::io::StringOutputStream raw(&bytes);
      s = scheduler->ExportGames(id, [&](const v1::Game& g) {
        google::protobuf::util::SerializeDelimitedToZeroCopyStream(g, &raw);
      });
    }
    if (!s.ok()) return ReplyError(res, s);
    res.set_header("Content-Disposition", absl::StrCat("attachment; filename=job-", id, ".binpb"));
    res.set_content(bytes, "application/octet-stream");
  });
  server.Get(R"(/api/jobs/(\d+)/book\.bin)", [scheduler](const httplib::Request& req,
                                                         httplib::Response& res) {
    uint64_t id = 0;
    (void)absl::SimpleAtoi(req.matches[1].str(), &id);
    absl::StatusOr<v1::BookTree> tree = scheduler->GetBook(id);
    absl::StatusOr<std::string> bytes = tree.ok() ? TreeToPolyglot(*tree) : tree.status();
    if (!bytes.ok()) return ReplyError(res, bytes.status());
    res.set_header("Content-Disposition", absl::StrCat("attachment; filename=job-", id, ".bin"));
    res.set_content(*bytes, "application/octet-stream");
  });
  server.Get(R"(/api/jobs/(\d+)/progress)",
             [scheduler](const httplib::Request& req, httplib::Response& res) {
               uint64_t id = 0;
               (void)absl::SimpleAtoi(req.matches[1].str(), &id);
               absl::StatusOr<std::vector<ProgressPoint>> points = scheduler->Progress(id);
               if (!points.ok()) return ReplyError(res, points.status());
               // [games, elo, elo_lower, elo_upper, llr] per point.
               std::string json = "{\"points\":[";
               for (size_t i = 0; i < points->size(); ++i) {
                 const ProgressPoint& p = (*points)[i];
                 absl::StrAppendFormat(&json, "%s[%d,%.2f,%.2f,%.2f,%.3f]", i ? "," : "", p.games,
                                       p.elo, p.elo_lower, p.elo_upper, p.llr);
               }
               res.set_content(json + "]}", "application/json");
             });
  server.Get(R"(/game/(\d+)/(\d+)/(\d+))", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(GamePage(), "text/html; charset=utf-8");
  });
  server.Get(R"(/api/games/(\d+)/(\d+)/(\d+))",
             [scheduler](const httplib::Request& req, httplib::Response& res) {
               uint64_t job = 0;
               uint32_t pair = 0, colour = 0;
               absl::StatusOr<v1::Game> game =
                   absl::SimpleAtoi(req.matches[1].str(), &job) &&
                           absl::SimpleAtoi(req.matches[2].str(), &pair) &&
                           absl::SimpleAtoi(req.matches[3].str(), &colour)
                       ? scheduler->GetGame(job, pair, colour)
                       : absl::InvalidArgumentError("give /api/games/JOB/PAIR/COLOUR");
               absl::StatusOr<std::string> json = game.ok() ? GameViewJson(*game) : game.status();
               if (!json.ok()) return ReplyError(res, json.status());
               res.set_content(*json, "application/json");
             });
  server.Get("/api/workers", [scheduler](const httplib::Request&, httplib::Response& res) {
    v1::ListWorkersResponse response;
    for (v1::WorkerInfo& w : scheduler->ListWorkers()) *response.add_workers() = std::move(w);
    res.set_content(Json(response), "application/json");
  });
  server.Get(R"(/job/(\d+)/report)", [scheduler](const httplib::Request& req,
                                                 httplib::Response& res) {
    uint64_t id = 0;
    (void)absl::SimpleAtoi(req.matches[1].str(), &id);
    absl::StatusOr<std::vector<v1::JobInfo>> jobs = scheduler->GetJobs(id);
    absl::StatusOr<std::vector<ArmStats>> stats =
        !jobs.ok() ? jobs.status()
                   : JobArmStats(jobs->front().spec(), [&](const GameVisitor& visit) {
                       return scheduler->ExportGames(id, visit);
                     });
    if (!stats.ok()) return ReplyError(res, stats.status());
    res.set_content(RenderBalanceHtml(absl::StrCat("Tumen balance study (job ", id, ")"), *stats),
                    "text/html; charset=utf-8");
  });
  server.Get("/speed", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(SpeedPage(), "text/html; charset=utf-8");
  });
  const std::string history = options.bench_history;
  server.Get("/api/bench-history", [history](const httplib::Request&, httplib::Response& res) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(history, ec))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());  // the names start with their UTC time
    std::string json = "[";
    for (const std::string& file : files) {
      std::stringstream text;
      text << std::ifstream(file).rdbuf();
      google::protobuf::Struct parsed;  // only well-formed files go out
      if (!google::protobuf::util::JsonStringToMessage(text.str(), &parsed).ok()) continue;
      absl::StrAppend(&json, json.size() > 1 ? "," : "", text.str());
    }
    res.set_content(json + "]", "application/json");
  });
  server.Get("/metrics", [scheduler, metrics](const httplib::Request&, httplib::Response& res) {
    res.set_content(metrics ? metrics->Scrape(*scheduler) : "",
                    "text/plain; version=0.0.4; charset=utf-8");
  });

  const int bound = port == 0 ? server.bind_to_any_port(host) : port;
  if (bound <= 0 || (port != 0 && !server.bind_to_port(host, port)))
    return absl::UnavailableError(absl::StrCat("--http: cannot listen on ", options.listen));
  http->address_ = absl::StrCat(host, ":", bound);
  http->thread_ = std::thread([&server] { server.listen_after_bind(); });
  return http;
}

HttpServer::~HttpServer() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace tumen::coordinator
