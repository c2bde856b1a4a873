// The coordinator's HTTP face end to end (issue 17): the dashboard in headless Chromium, its
// JSON API, the token that guards it, and /metrics checked by Prometheus's own promtool.
#include <httplib.h>

#include <fstream>
#include <regex>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "engine/games/bogenjirge/board.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/util/delimited_message_util.h"
#include "gtest/gtest.h"
#include "tests/support/farm_harness.h"
#include "tests/support/shell.h"

namespace tumen::testing {
namespace {

// Starts the coordinator with --http on a free port (and `extra` flags); its HTTP address,
// empty when it did not come up.
std::string StartWithHttp(FarmHarness& farm, std::vector<std::string> extra = {}) {
  extra.insert(extra.begin(),
               {"--http", "127.0.0.1:0", "--http-port-file", farm.dir() + "/http.addr"});
  if (!farm.StartCoordinator(60, 0, extra).ok()) return "";
  std::string address;
  for (int i = 0; i < 100 && address.empty(); ++i) {
    std::ifstream(farm.dir() + "/http.addr") >> address;
    if (address.empty()) absl::SleepFor(absl::Milliseconds(50));
  }
  return address;
}

httplib::Client Client(const std::string& address) {
  httplib::Client client("http://" + address);
  client.set_read_timeout(20, 0);
  return client;
}

// The value of a metric line "name{labels} value" (the first that starts so); -1 if none.
double Metric(const std::string& scrape, const std::string& series) {
  const size_t at = scrape.find("\n" + series + " ");
  double value = -1;
  if (at != std::string::npos) {
    const size_t start = at + series.size() + 2;
    (void)absl::SimpleAtod(scrape.substr(start, scrape.find('\n', start) - start), &value);
  }
  return value;
}

uint64_t CreateMatch(const FarmHarness& farm, uint32_t games) {
  v1::CreateJobRequest request;
  *request.mutable_spec() = SmallMatch(games, 300);
  request.mutable_spec()->mutable_match()->mutable_sprt()->set_elo0(0);
  request.mutable_spec()->mutable_match()->mutable_sprt()->set_elo1(5);
  request.mutable_spec()->mutable_match()->mutable_sprt()->set_alpha(0.05);
  request.mutable_spec()->mutable_match()->mutable_sprt()->set_beta(0.05);
  absl::StatusOr<v1::CreateJobResponse> r = farm.AdminClient()->CreateJob(request);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->job_id() : 0;
}

TEST(Dashboard, PagesShowWhatGetJobSaysAndTheApiMovesWhileGamesArrive) {
  FarmHarness farm;
  const std::string address = StartWithHttp(farm);
  ASSERT_FALSE(address.empty());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  const uint64_t job = CreateMatch(farm, 40);

  // While games arrive the API's count grows.
  httplib::Client client = Client(address);
  std::vector<uint64_t> seen;
  const std::regex stored("\"games_stored\":\"(\\d+)\"");
  for (int i = 0; i < 400 && (seen.size() < 2 || seen.front() == seen.back()); ++i) {
    httplib::Result r = client.Get(absl::StrCat("/api/jobs/", job));
    ASSERT_TRUE(r) << "no answer from " << address;
    ASSERT_EQ(r->status, 200);
    std::smatch m;
    if (std::regex_search(r->body, m, stored)) seen.push_back(std::stoull(m[1]));
    absl::SleepFor(absl::Milliseconds(100));
  }
  ASSERT_GE(seen.size(), 2u);
  EXPECT_LT(seen.front(), seen.back()) << "games_stored never moved";

  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  const v1::MatchStatus& s = done->match();
  httplib::Result api = client.Get("/api/jobs");
  ASSERT_TRUE(api);
  EXPECT_NE(api->body.find(absl::StrCat("\"wins\":\"", s.wins(), "\"")), std::string::npos);
  EXPECT_EQ(api->body.find("\"openings\":[\""), std::string::npos) << "openings stay home";
  httplib::Result pgn = client.Get(absl::StrCat("/api/jobs/", job, "/games.pgn"));
  ASSERT_TRUE(pgn);
  EXPECT_EQ(pgn->status, 200);
  size_t games = 0;
  for (size_t at = pgn->body.find("[Event "); at != std::string::npos;
       at = pgn->body.find("[Event ", at + 1))
    ++games;
  EXPECT_EQ(games, done->games_stored());
  // The same games as length-delimited protobuf: each parses, and they are the job's.
  httplib::Result binpb = client.Get(absl::StrCat("/api/jobs/", job, "/games.binpb"));
  ASSERT_TRUE(binpb);
  EXPECT_EQ(binpb->status, 200);
  google::protobuf::io::ArrayInputStream raw(binpb->body.data(), int(binpb->body.size()));
  size_t parsed = 0;
  for (v1::Game g; google::protobuf::util::ParseDelimitedFromZeroCopyStream(&g, &raw, nullptr);
       ++parsed)
    EXPECT_EQ(g.id().job_id(), job);
  EXPECT_EQ(parsed, done->games_stored());
  EXPECT_EQ(client.Get("/api/jobs/999")->status, 404);

  // The pages, rendered by a real browser: their script fetched the API and drew it.
  const std::string chromium = FindChromium();
  ASSERT_FALSE(chromium.empty()) << "chromium is not installed; run scripts/setup.sh";
  const std::string flags =
      "--headless --no-sandbox --disable-gpu --virtual-time-budget=5000 --dump-dom";
  std::string dom;
  ASSERT_EQ(RunShell(absl::StrCat("timeout 60 ", chromium, " ", flags, " http://", address,
                                  "/ 2>/dev/null"),
                     &dom),
            0);
  const std::string wdl = absl::StrCat(s.wins(), " / ", s.draws(), " / ", s.losses());
  EXPECT_NE(dom.find(absl::StrCat("<tr id=\"job-", job, "\">")), std::string::npos) << dom;
  EXPECT_NE(dom.find("<td class=\"wdl\">" + wdl + "</td>"), std::string::npos) << dom;
  EXPECT_NE(dom.find(absl::StrCat("<td class=\"finished\">finished</td>")), std::string::npos);
  EXPECT_NE(dom.find("<td>w1</td>"), std::string::npos) << "the workers table";
  dom.clear();
  ASSERT_EQ(RunShell(absl::StrCat("timeout 60 ", chromium, " ", flags, " http://", address, "/job/",
                                  job, " 2>/dev/null"),
                     &dom),
            0);
  std::string pentanomial;
  for (uint64_t c : s.pentanomial())
    absl::StrAppend(&pentanomial, pentanomial.empty() ? "" : ", ", c);
  EXPECT_NE(dom.find("<td class=\"pentanomial\">" + pentanomial + "</td>"), std::string::npos)
      << dom;
  EXPECT_NE(dom.find("<td class=\"wdl\">" + wdl + "</td>"), std::string::npos);
  // The charts: Elo with its band and LLR with its bounds, from the match's progress.
  EXPECT_NE(dom.find("<div id=\"elo-chart\"><svg"), std::string::npos) << dom;
  EXPECT_NE(dom.find("<div id=\"llr-chart\"><svg"), std::string::npos) << dom;
  httplib::Result progress = client.Get(absl::StrCat("/api/jobs/", job, "/progress"));
  ASSERT_TRUE(progress);
  const std::string last = absl::StrFormat("[%d,%.2f,", done->games_stored(), s.elo());
  EXPECT_NE(progress->body.find(
                last + absl::StrFormat("%.2f,%.2f,%.3f]]}", s.elo_lower(), s.elo_upper(), s.llr())),
            std::string::npos)
      << "the last point is the final standing: " << last << "... in " << progress->body;

  // An SPSA job's page draws theta of each parameter against the pairs applied.
  v1::CreateJobRequest spsa;
  *spsa.mutable_spec() = SmallMatch(8, 150);
  spsa.mutable_spec()->mutable_match()->set_params_b("");
  spsa.mutable_spec()->mutable_spsa()->set_params(
      "KnightMg 320 200 450 30 0.05\nRookMg 480 350 650 30 0.05\n");
  absl::StatusOr<v1::CreateJobResponse> tune = farm.AdminClient()->CreateJob(spsa);
  ASSERT_TRUE(tune.ok()) << tune.status();
  ASSERT_TRUE(farm.WaitForJob(tune->job_id(), absl::Minutes(5)).ok());
  dom.clear();
  ASSERT_EQ(RunShell(absl::StrCat("timeout 60 ", chromium, " ", flags, " http://", address, "/job/",
                                  tune->job_id(), " 2>/dev/null"),
                     &dom),
            0);
  for (const std::string name : {"KnightMg", "RookMg"})
    EXPECT_NE(dom.find("<text x=\"48\" y=\"14\" font-size=\"13\">" + name +
                       ": theta against pairs</text>"),
              std::string::npos)
        << name << " in " << dom;
}

// The board letters of a FEN (its first field).
size_t Pieces(const std::string& fen) {
  size_t n = 0;
  for (char c : fen.substr(0, fen.find(' '))) n += std::isalpha(static_cast<unsigned char>(c)) != 0;
  return n;
}

TEST(Dashboard, TheGameViewerDrawsEachGameFamilyAndStepsThroughItsMoves) {
  FarmHarness farm;
  const std::string address = StartWithHttp(farm);
  ASSERT_FALSE(address.empty());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  const std::string chromium = FindChromium();
  ASSERT_FALSE(chromium.empty()) << "chromium is not installed; run scripts/setup.sh";
  httplib::Client client = Client(address);
  for (const std::string variant : {"shatar", "hiashatar", "xiangqi", "bogenjirge"}) {
    v1::CreateJobRequest request;
    *request.mutable_spec() = SmallMatch(2, 100);
    request.mutable_spec()->mutable_match()->set_variant(variant);
    request.mutable_spec()->mutable_match()->set_params_b("");
    request.mutable_spec()->mutable_match()->set_random_plies(4);
    absl::StatusOr<v1::CreateJobResponse> job = farm.AdminClient()->CreateJob(request);
    ASSERT_TRUE(job.ok()) << variant << ": " << job.status();
    ASSERT_TRUE(farm.WaitForJob(job->job_id(), absl::Minutes(3)).ok()) << variant;
    const std::string path = absl::StrCat(job->job_id(), "/0/0");
    httplib::Result api = client.Get("/api/games/" + path);
    ASSERT_TRUE(api);
    ASSERT_EQ(api->status, 200) << variant << ": " << api->body;
    // The position after the third move, as the server replayed it.
    std::vector<std::string> fens;
    const std::regex fen_field("\"fen\":\"([^\"]+)\"");
    for (std::sregex_iterator it(api->body.begin(), api->body.end(), fen_field), end; it != end;
         ++it)
      fens.push_back((*it)[1]);
    ASSERT_GE(fens.size(), 3u) << variant << ": " << api->body;
    std::string dom;
    ASSERT_EQ(
        RunShell(absl::StrCat("timeout 60 ", chromium,
                              " --headless --no-sandbox --disable-gpu --virtual-time-budget=5000"
                              " --dump-dom 'http://",
                              address, "/game/", path, "#ply=3' 2>/dev/null"),
                 &dom),
        0);
    EXPECT_NE(dom.find("data-fen=\"" + fens[2] + "\""), std::string::npos)
        << variant << ": the board after ply 3, " << fens[2] << ", in " << dom;
    // Drawn pieces: <text ... class="piece">K</text> (the script's own text has no letter).
    const std::regex drawn_piece("class=\"piece\">[A-Za-z]</text>");
    const size_t drawn = size_t(std::distance(
        std::sregex_iterator(dom.begin(), dom.end(), drawn_piece), std::sregex_iterator()));
    EXPECT_EQ(drawn, Pieces(fens[2])) << variant << ": one drawn piece per piece on the board";
    EXPECT_NE(dom.find("<span id=\"ply\">ply 3 of "), std::string::npos) << variant;
    if (variant != "bogenjirge") continue;
    // Deer chess is drawn from its board file: every line between adjacent points.
    absl::StatusOr<std::shared_ptr<const bogenjirge::Board>> board =
        bogenjirge::EmbeddedBoard("default.txt");
    ASSERT_TRUE(board.ok()) << board.status();
    const std::regex edge("<line class=\"edge\" x1=\"[0-9]");  // drawn (not the script)
    EXPECT_EQ(
        std::distance(std::sregex_iterator(dom.begin(), dom.end(), edge), std::sregex_iterator()),
        (*board)->edge_count());
  }
}

TEST(Dashboard, ABalanceStudysPageShowsItsArmsAndServesItsReport) {
  FarmHarness farm;
  const std::string address = StartWithHttp(farm);
  ASSERT_FALSE(address.empty());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  v1::CreateJobRequest request;
  for (const char* rules : {"", "knight_mate=draw"}) {
    v1::MatchSpec* arm = request.mutable_spec()->mutable_balance()->add_arms();
    arm->set_variant("shatar");
    arm->set_rules(rules);
    arm->set_games(4);
    arm->mutable_tc()->set_nodes(100);
    arm->set_sample_plies(4);
    arm->set_sample_margin_cp(40);
    arm->mutable_adjudication()->set_max_plies(200);
  }
  absl::StatusOr<v1::CreateJobResponse> job = farm.AdminClient()->CreateJob(request);
  ASSERT_TRUE(job.ok()) << job.status();
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job->job_id(), absl::Minutes(3));
  ASSERT_TRUE(done.ok()) << done.status();
  httplib::Client client = Client(address);
  httplib::Result report = client.Get(absl::StrCat("/job/", job->job_id(), "/report"));
  ASSERT_TRUE(report);
  EXPECT_EQ(report->status, 200);
  EXPECT_NE(report->body.find("<table id=\"summary\">"), std::string::npos) << report->body;
  EXPECT_NE(report->body.find("knight_mate=draw"), std::string::npos);
  std::string dom;
  ASSERT_EQ(
      RunShell(absl::StrCat("timeout 60 ", FindChromium(),
                            " --headless --no-sandbox --disable-gpu --virtual-time-budget=5000"
                            " --dump-dom http://",
                            address, "/job/", job->job_id(), " 2>/dev/null"),
               &dom),
      0);
  const v1::ArmStatus& arm = done->arms(1);
  EXPECT_NE(dom.find(absl::StrCat("<td>knight_mate=draw</td><td>100</td><td>",
                                  arm.white_wins() + arm.draws() + arm.black_wins(), "/4</td>")),
            std::string::npos)
      << dom;
  EXPECT_NE(dom.find(absl::StrCat("href=\"/job/", job->job_id(), "/report\"")), std::string::npos);
}

TEST(Dashboard, ABookJobsPageShowsItsTreeAndServesItAsPolyglot) {
  FarmHarness farm;
  const std::string address = StartWithHttp(farm);
  ASSERT_FALSE(address.empty());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::CreateJobRequest request;
  v1::BookSpec* b = request.mutable_spec()->mutable_book();
  b->set_variant("shatar-traditional");
  b->mutable_tc()->set_nodes(300);
  b->set_expansions(8);
  b->set_max_plies(4);
  absl::StatusOr<v1::CreateJobResponse> job = farm.AdminClient()->CreateJob(request);
  ASSERT_TRUE(job.ok()) << job.status();
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job->job_id(), absl::Minutes(3));
  ASSERT_TRUE(done.ok()) << done.status();
  const std::string chromium = FindChromium();
  ASSERT_FALSE(chromium.empty()) << "chromium is not installed; run scripts/setup.sh";
  std::string dom;
  ASSERT_EQ(RunShell(absl::StrCat("timeout 60 ", chromium,
                                  " --headless --no-sandbox --disable-gpu"
                                  " --virtual-time-budget=5000 --dump-dom http://",
                                  address, "/job/", job->job_id(), " 2>/dev/null"),
                     &dom),
            0);
  EXPECT_NE(dom.find(absl::StrCat("book: ", done->book().nodes(), " nodes")), std::string::npos)
      << dom;
  EXPECT_NE(dom.find("best line " + done->book().best_line()), std::string::npos) << dom;
  EXPECT_NE(dom.find("<p id=\"book-links\">"), std::string::npos) << "shown: " << dom;
  EXPECT_NE(dom.find("<p id=\"games-links\" hidden=\"\">"), std::string::npos)
      << "a book job has no games: " << dom;
  // The Polyglot file: 16-byte entries, at most one per book move (moves far below a node's
  // best weigh nothing and are left out), at least each node's best.
  httplib::Client client = Client(address);
  httplib::Result bin = client.Get(absl::StrCat("/api/jobs/", job->job_id(), "/book.bin"));
  ASSERT_TRUE(bin);
  ASSERT_EQ(bin->status, 200) << bin->body;
  ASSERT_GT(bin->body.size(), 0u);
  EXPECT_EQ(bin->body.size() % 16, 0u);
  absl::StatusOr<v1::BookTree> tree = farm.AdminClient()->GetBook(job->job_id());
  ASSERT_TRUE(tree.ok()) << tree.status();
  size_t moves = 0, nodes_with_moves = 0;
  for (const v1::BookNode& n : tree->nodes()) {
    moves += size_t(n.moves_size());
    nodes_with_moves += n.moves_size() > 0;
  }
  EXPECT_LE(bin->body.size() / 16, moves);
  EXPECT_GE(bin->body.size() / 16, nodes_with_moves);
  EXPECT_GT(nodes_with_moves, 0u);
  // A match has no book.
  EXPECT_EQ(client.Get(absl::StrCat("/api/jobs/", CreateMatch(farm, 2), "/book.bin"))->status, 400);
}

TEST(Dashboard, TheSpeedPageChartsTheBenchmarkHistory) {
  FarmHarness farm;
  const std::string address =
      StartWithHttp(farm, {"--bench-history", std::string(TUMEN_SOURCE_DIR) + "/bench/history"});
  ASSERT_FALSE(address.empty());
  const std::string chromium = FindChromium();
  ASSERT_FALSE(chromium.empty()) << "chromium is not installed; run scripts/setup.sh";
  std::string dom;
  ASSERT_EQ(
      RunShell(absl::StrCat("timeout 60 ", chromium,
                            " --headless --no-sandbox --disable-gpu --virtual-time-budget=5000"
                            " --dump-dom http://",
                            address, "/speed 2>/dev/null"),
               &dom),
      0);
  EXPECT_NE(dom.find("<div class=\"speed-chart\"><svg"), std::string::npos) << dom;
  EXPECT_NE(dom.find(">BM_PerftStart/shatar (last "), std::string::npos) << dom;
}

TEST(Dashboard, MetricsPassPromtoolAndAgreeWithTheStore) {
  FarmHarness farm;
  const std::string address = StartWithHttp(farm);
  ASSERT_FALSE(address.empty());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  const uint64_t job = CreateMatch(farm, 12);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  httplib::Client client = Client(address);
  httplib::Result r = client.Get("/metrics");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  const std::string scrape = "\n" + r->body;
  const std::string file = farm.dir() + "/scrape.txt";
  std::ofstream(file) << r->body;
  std::string promtool;
  EXPECT_EQ(RunShell("promtool check metrics < " + file + " 2>&1", &promtool), 0) << promtool;

  EXPECT_EQ(Metric(scrape, "tumen_games_stored_total"), double(done->games_stored()));
  EXPECT_EQ(Metric(scrape, absl::StrCat("tumen_job_games{job=\"", job, "\"}")),
            double(done->games_stored()));
  EXPECT_EQ(Metric(scrape, "tumen_jobs{state=\"finished\"}"), 1);
  EXPECT_EQ(Metric(scrape, "tumen_workers{state=\"active\"}"), 1);
  EXPECT_GE(Metric(scrape, "tumen_leases_total{kind=\"first\"}"), 1);
  EXPECT_GE(Metric(scrape, "tumen_rpc_requests_total{code=\"OK\",method=\"SubmitGames\"}"), 1)
      << r->body;
  EXPECT_GE(Metric(scrape, "tumen_store_commit_duration_seconds_count"), 1);
  EXPECT_NEAR(Metric(scrape, absl::StrCat("tumen_job_llr{job=\"", job, "\"}")), done->match().llr(),
              1e-6);
}

TEST(Dashboard, WithATokenNothingIsServedWithoutIt) {
  FarmHarness farm;
  const std::string address =
      StartWithHttp(farm, {"--http-token-file", farm.dir() + "/admin.token"});
  ASSERT_FALSE(address.empty());
  httplib::Client client = Client(address);
  for (const char* path : {"/api/jobs", "/api/workers", "/metrics", "/api/jobs/1/games.pgn"}) {
    httplib::Result r = client.Get(path);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 401) << path;
    EXPECT_EQ(r->body.find("tumen_"), std::string::npos) << path;
  }
  for (const char* page : {"/", "/job/1"}) {
    httplib::Result r = client.Get(page);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 302) << page;
    EXPECT_EQ(r->get_header_value("Location"), "/login");
  }
  httplib::Result wrong = client.Get("/metrics", {{"Authorization", "Bearer not-the-token"}});
  EXPECT_EQ(wrong->status, 401);
  httplib::Result right =
      client.Get("/metrics", {{"Authorization", "Bearer " + farm.admin_token()}});
  EXPECT_EQ(right->status, 200);

  // The login form: a wrong token is refused, the right one sets an HttpOnly cookie.
  EXPECT_EQ(client.Post("/login", "token=nope", "application/x-www-form-urlencoded")->status, 403);
  httplib::Result login =
      client.Post("/login", "token=" + farm.admin_token(), "application/x-www-form-urlencoded");
  ASSERT_TRUE(login);
  EXPECT_EQ(login->status, 302);
  const std::string cookie = login->get_header_value("Set-Cookie");
  EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
  EXPECT_EQ(login->get_header_value("Location").find(farm.admin_token()), std::string::npos);
  httplib::Result page = client.Get("/", {{"Cookie", cookie.substr(0, cookie.find(';'))}});
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<table id=\"jobs\">"), std::string::npos);
}

}  // namespace
}  // namespace tumen::testing
