// Balance, analysis and book jobs end to end: real coordinator and worker processes, and the
// `tumen` command line that turns their results into reports and books.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/api/game_session.h"
#include "engine/book/opening_book.h"
#include "engine/book/polyglot.h"
#include "engine/selfplay/validate.h"
#include "gtest/gtest.h"
#include "proto/convert.h"
#include "tests/support/farm_harness.h"

namespace tumen::testing {
namespace {

uint64_t CreateJob(const FarmHarness& farm, const v1::JobSpec& spec) {
  v1::CreateJobRequest request;
  *request.mutable_spec() = spec;
  absl::StatusOr<v1::CreateJobResponse> r = farm.AdminClient()->CreateJob(request);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->job_id() : 0;
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The principal book line an exported tree implies: from the root, the book move of best value
// (first in move order on ties) while it is at least as good as the node's drop-out move. An
// empty line is a real outcome: at a few hundred nodes the root's drop-out move can outscore
// every move already in the book when the budget runs out.
std::string BestLineOf(const v1::BookTree& tree) {
  std::map<std::string, const v1::BookNode*> by_path;
  for (const v1::BookNode& n : tree.nodes()) by_path[absl::StrJoin(n.path(), " ")] = &n;
  std::vector<std::string> line;
  for (auto it = by_path.find(""); it != by_path.end() && it->second->moves_size() > 0;
       it = by_path.find(absl::StrJoin(line, " "))) {
    const v1::BookNode& n = *it->second;
    const v1::BookEdge* best = &n.moves(0);
    for (const v1::BookEdge& e : n.moves())
      if (e.value() > best->value()) best = &e;
    if (!n.dropout_move().empty() && n.dropout_value() > best->value()) break;
    line.push_back(best->move());
  }
  return absl::StrJoin(line, " ");
}

v1::MatchSpec Arm(const std::string& variant, const std::string& rules, uint64_t nodes,
                  uint32_t games) {
  v1::MatchSpec m;
  m.set_variant(variant);
  m.set_rules(rules);
  m.set_games(games);
  m.mutable_tc()->set_nodes(nodes);
  m.set_sample_plies(6);
  m.set_sample_margin_cp(40);
  m.set_seed(7);
  m.mutable_adjudication()->set_max_plies(300);
  return m;
}

TEST(StudyJobsEndToEnd, BalanceStudyPlaysEveryArmUnderItsRulesAndReports) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::JobSpec spec;
  *spec.mutable_balance()->add_arms() = Arm("shatar", "", 150, 8);
  *spec.mutable_balance()->add_arms() = Arm("shatar", "queen=bers,knight_mate=draw", 150, 8);
  *spec.mutable_balance()->add_arms() = Arm("chess", "", 300, 6);
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> info = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->state(), v1::JOB_STATE_FINISHED);
  EXPECT_EQ(info->games_stored(), 22u);
  ASSERT_EQ(info->arms_size(), 3);
  for (const v1::ArmStatus& a : info->arms())
    EXPECT_EQ(a.white_wins() + a.draws() + a.black_wins(), a.games_total()) << a.variant();

  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok());
  ASSERT_EQ(games->size(), 22u);
  std::set<std::vector<uint32_t>> bers_games;
  for (const v1::Game& g : *games) {
    absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(g);
    ASSERT_TRUE(record.ok());
    EXPECT_TRUE(selfplay::ValidateGame(*record).ok()) << selfplay::ValidateGame(*record);
    const bool second_arm = g.id().pair() >= 4 && g.id().pair() < 8;
    // Tuukhei grades every Shatar win by mate, and nothing else.
    const bool shatar_mate =
        g.variant() == "shatar" && g.termination() == v1::TERMINATION_CHECKMATE;
    EXPECT_EQ(g.has_tuukhei(), shatar_mate) << g.variant() << " " << g.termination();
    if (shatar_mate) {
      EXPECT_GE(g.tuukhei().count(), 1u);
    }
    if (g.variant() == "shatar") {
      // Every game records its full rule set.
      EXPECT_NE(g.rules().find(second_arm ? "queen=bers" : "queen=queen"), std::string::npos)
          << g.rules();
      if (second_arm) bers_games.insert({g.moves().begin(), g.moves().end()});
    }
  }
  // Sampled opening plies: one engine against itself still plays different games.
  EXPECT_GE(bers_games.size(), 4u);

  const std::string html = farm.dir() + "/report.html", md = farm.dir() + "/report.md";
  const auto [code, reading] =
      farm.RunCli(absl::StrCat("report ", job, " --out ", html, " --markdown ", md));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  EXPECT_NE(reading.find("shatar"), std::string::npos) << reading;
  const std::string report = Slurp(html);
  EXPECT_NE(report.find("<svg"), std::string::npos);
  EXPECT_NE(report.find("queen=bers"), std::string::npos);
  EXPECT_NE(Slurp(md).find("chess nodes=300"), std::string::npos);
}

// `tumen report --out` puts both files where it says and prints their paths (issue 20: the HTML
// went to PATH without an extension, the Markdown to report-JOB.md in the current folder).
TEST(StudyJobsEndToEnd, ReportWritesBothFilesWhereOutSaysAndPrintsTheirPaths) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  v1::JobSpec spec;
  *spec.mutable_balance()->add_arms() = Arm("chess", "", 100, 2);
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> info = farm.WaitForJob(job, absl::Minutes(3));
  ASSERT_TRUE(info.ok()) << info.status();
  const std::string stray = absl::StrCat("report-", job, ".md");  // in the current folder
  std::filesystem::remove(stray);

  const std::string stem = farm.dir() + "/study";
  int code = 0;
  std::string out;
  std::tie(code, out) = farm.RunCli(absl::StrCat("report ", job, " --out ", stem));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  EXPECT_NE(Slurp(stem + ".html").find("<svg"), std::string::npos);
  EXPECT_NE(Slurp(stem + ".md").find("chess nodes=100"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(stem)) << "the HTML lost its extension";
  EXPECT_FALSE(std::filesystem::exists(stray)) << "the Markdown went to the current folder";
  std::filesystem::remove(stray);
  EXPECT_NE(out.find("wrote " + stem + ".html\n"), std::string::npos) << out;
  EXPECT_NE(out.find("wrote " + stem + ".md\n"), std::string::npos) << out;

  const std::string folder = farm.dir() + "/reports";
  std::filesystem::create_directory(folder);
  std::tie(code, out) = farm.RunCli(absl::StrCat("report ", job, " --out ", folder));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  const std::string in_folder = absl::StrCat(folder, "/report-", job);
  EXPECT_NE(Slurp(in_folder + ".html").find("<svg"), std::string::npos);
  EXPECT_NE(Slurp(in_folder + ".md").find("chess nodes=100"), std::string::npos);
  EXPECT_NE(out.find("wrote " + in_folder + ".html\n"), std::string::npos) << out;
  EXPECT_NE(out.find("wrote " + in_folder + ".md\n"), std::string::npos) << out;
  std::filesystem::remove(stray);

  // The help describes --out for `tumen report`.
  std::tie(code, out) = farm.RunCli("--helpfull");
  const size_t flag = out.find("--out (");
  ASSERT_NE(flag, std::string::npos) << out;
  const std::string help = out.substr(flag, out.find("; default: \"", flag) - flag);
  EXPECT_NE(help.find("report: "), std::string::npos) << help;
}

TEST(StudyJobsEndToEnd, AnalysisJobAnswersEveryPositionUnderTheRules) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::JobSpec spec;
  v1::AnalysisSpec* a = spec.mutable_analysis();
  a->set_variant("chess");
  a->mutable_tc()->set_depth(6);
  a->set_positions_per_shard(2);
  const auto add = [&](const std::string& fen, std::vector<std::string> moves,
                       std::vector<std::string> excluded, const std::string& label) {
    v1::AnalysisPosition* p = a->add_positions();
    p->set_fen(fen);
    for (const std::string& m : moves) p->add_moves(m);
    for (const std::string& m : excluded) p->add_excluded_moves(m);
    p->set_label(label);
  };
  add("", {}, {}, "start");
  add("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {}, {}, "back-rank mate");
  add("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", {}, {"a1a8"}, "mate excluded");
  add("", {"f2f3", "e7e5", "g2g4", "d8h4"}, {}, "fool's mate");  // the game is over
  add("7k/8/8/8/8/8/8/K7 w - - 0 1", {}, {"a1a2", "a1b1", "a1b2"}, "every move excluded");
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> info = farm.WaitForJob(job, absl::Minutes(3));
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->state(), v1::JOB_STATE_FINISHED);
  EXPECT_EQ(info->games_stored(), 5u);
  std::map<std::string, v1::AnalysisResult> by_label;
  ASSERT_TRUE(
      farm.AdminClient()
          ->ExportAnalyses(job, [&](const v1::AnalysisResult& r) { by_label[r.label()] = r; })
          .ok());
  ASSERT_EQ(by_label.size(), 5u);
  EXPECT_FALSE(by_label["start"].best_move().empty());
  EXPECT_GT(by_label["start"].depth(), 0u);
  EXPECT_EQ(by_label["back-rank mate"].best_move(), "a1a8");
  EXPECT_GT(by_label["back-rank mate"].score_cp(), 30000);
  EXPECT_NE(by_label["mate excluded"].best_move(), "a1a8");
  EXPECT_FALSE(by_label["mate excluded"].best_move().empty());
  EXPECT_TRUE(by_label["fool's mate"].terminal());
  EXPECT_EQ(by_label["fool's mate"].score_cp(), -32000);  // White to move is mated
  EXPECT_TRUE(by_label["every move excluded"].best_move().empty());

  // A result that contradicts the rules is refused (a second job, with no worker to race).
  ASSERT_TRUE(farm.StopWorker(0).ok());
  const uint64_t job2 = CreateJob(farm, spec);
  v1::SubmitAnalysesRequest bad;
  absl::StatusOr<v1::RegisterWorkerResponse> reg = farm.WorkerClient()->RegisterWorker([] {
    v1::RegisterWorkerRequest r;
    r.set_name("liar");
    return r;
  }());
  ASSERT_TRUE(reg.ok());
  bad.set_worker_id(reg->worker_id());
  bad.mutable_shard()->set_job_id(job2);
  v1::AnalysisResult* r = bad.add_results();
  r->set_job_id(job2);
  r->set_task_id(2);
  r->set_best_move("a1a8");  // the excluded move
  absl::StatusOr<v1::SubmitAnalysesResponse> resp = farm.WorkerClient()->SubmitAnalyses(bad);
  ASSERT_TRUE(resp.ok());
  ASSERT_EQ(resp->acks_size(), 1);
  EXPECT_FALSE(resp->acks(0).accepted());
  EXPECT_NE(resp->acks(0).error().find("excluded"), std::string::npos) << resp->acks(0).error();
  r->set_best_move("a1a7");  // legal and allowed: accepted
  resp = farm.WorkerClient()->SubmitAnalyses(bad);
  ASSERT_TRUE(resp.ok());
  EXPECT_TRUE(resp->acks(0).accepted()) << resp->acks(0).error();
  EXPECT_EQ(farm.GetJob(job2)->games_stored(), 1u);
}

TEST(StudyJobsEndToEnd, DropOutBookGrowsOnWorkersSurvivesARestartAndExports) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator(/*lease_seconds=*/5).ok());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::JobSpec spec;
  v1::BookSpec* b = spec.mutable_book();
  b->set_variant("shatar-traditional");
  b->mutable_tc()->set_nodes(400);
  b->set_expansions(16);
  b->set_omega(0.05);
  b->set_max_plies(6);
  b->set_requests_per_shard(2);
  const uint64_t job = CreateJob(farm, spec);
  // Restart the coordinator mid-run: the tree is stored with every applied result.
  for (int i = 0; i < 200; ++i) {
    absl::StatusOr<v1::JobInfo> j = farm.GetJob(job);
    ASSERT_TRUE(j.ok());
    if (j->book().expansions() >= 4) break;
    absl::SleepFor(absl::Milliseconds(50));
  }
  farm.KillCoordinator();
  ASSERT_TRUE(farm.StartCoordinator(5, farm.port()).ok());
  absl::StatusOr<v1::JobInfo> info = farm.WaitForJob(job, absl::Minutes(3));
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->state(), v1::JOB_STATE_FINISHED);
  EXPECT_GE(info->book().expansions(), 16u);

  absl::StatusOr<v1::BookTree> tree = farm.AdminClient()->GetBook(job);
  ASSERT_TRUE(tree.ok()) << tree.status();
  EXPECT_EQ(uint32_t(tree->nodes_size()), info->book().nodes());
  ASSERT_GT(tree->nodes_size(), 0);
  EXPECT_GT(tree->nodes(0).moves_size(), 0);  // the root's best moves entered the book
  EXPECT_EQ(info->book().best_line(), BestLineOf(*tree));
  // Every book move is legal where it stands, and no line is longer than max_plies.
  auto session = CreateGameSession("shatar-traditional");
  ASSERT_TRUE(session.ok());
  for (const v1::BookNode& n : tree->nodes()) {
    EXPECT_LE(n.path_size(), 6);
    ASSERT_TRUE((*session)->SetPosition(tree->root_fen(), {n.path().begin(), n.path().end()}).ok());
    const std::vector<std::string> legal = (*session)->LegalMoves();
    for (const v1::BookEdge& e : n.moves())
      EXPECT_NE(std::find(legal.begin(), legal.end(), e.move()), legal.end()) << e.move();
  }

  const std::string tbk = farm.dir() + "/doe.tbk", bin = farm.dir() + "/doe.bin";
  const auto [code, out] = farm.RunCli(absl::StrCat(
      "book export ", job, " --out ", tbk, " --polyglot ", bin, " --pgn ", farm.dir(), "/doe.pgn"));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  absl::StatusOr<book::OpeningBook> loaded = book::OpeningBook::Load(tbk);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  ASSERT_TRUE((*session)->SetPosition("", {}).ok());
  EXPECT_FALSE(loaded->Probe((*session)->Key()).empty());
  absl::StatusOr<std::vector<book::PolyglotEntry>> polyglot = book::ReadPolyglot(bin);
  ASSERT_TRUE(polyglot.ok()) << polyglot.status();
  EXPECT_FALSE(polyglot->empty());
  EXPECT_NE(Slurp(farm.dir() + "/doe.pgn").find("[Variant \"shatar-traditional\"]"),
            std::string::npos);
}

TEST(StudyJobsEndToEnd, BookBuiltFromFarmGamesHoldsTheirOpenings) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::JobSpec spec;
  *spec.mutable_match() = Arm("shatar", "", 150, 12);
  const uint64_t job = CreateJob(farm, spec);
  ASSERT_TRUE(farm.WaitForJob(job, absl::Minutes(3)).ok());
  const std::string tbk = farm.dir() + "/games.tbk", epd = farm.dir() + "/games.epd",
                    balanced = farm.dir() + "/balanced.epd";
  const auto [code, out] =
      farm.RunCli(absl::StrCat("book build --from ", job, " --out ", tbk, " --max-plies 8 --epd ",
                               epd, " --balanced ", balanced, " --balanced-plies 4 --band 300"));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  absl::StatusOr<book::OpeningBook> loaded = book::OpeningBook::Load(tbk);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  auto session = CreateGameSession("shatar");
  ASSERT_TRUE(session.ok());
  // The 2017 first round: the start position's book moves are d4 and/or e4 over 12 games.
  const std::vector<book::BookEntry> root = loaded->Probe((*session)->Key());
  ASSERT_FALSE(root.empty());
  uint32_t games = 0;
  for (const book::BookEntry& e : root) {
    EXPECT_TRUE(e.move == "d2d4" || e.move == "e2e4") << e.move;
    games += e.games;
  }
  EXPECT_EQ(games, 12u);
  EXPECT_NE(Slurp(epd).find(" bm "), std::string::npos);
  // The balanced set is a valid opening file for a match job.
  const std::string openings = Slurp(balanced);
  ASSERT_FALSE(openings.empty());
  v1::JobSpec match;
  *match.mutable_match() = Arm("shatar", "", 100, 2);
  match.mutable_match()->set_sample_plies(0);
  match.mutable_match()->add_openings(openings.substr(0, openings.find('\n')));
  EXPECT_NE(CreateJob(farm, match), 0u);
}

TEST(StudyJobsEndToEnd, FitLearnsTheEvaluationFromAJobsGamesAndWritesAParameterFile) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1", 2).ok());
  v1::JobSpec spec;
  *spec.mutable_match() = Arm("shatar", "", 150, 16);
  const uint64_t job = CreateJob(farm, spec);
  ASSERT_TRUE(farm.WaitForJob(job, absl::Minutes(3)).ok());
  const std::string out = farm.dir() + "/fitted.params";
  const auto [code, reading] = farm.RunCli(
      absl::StrCat("fit --jobs ", job, " --out ", out, " --fit-params PawnMg,KnightMg --passes 2"));
  ASSERT_EQ(code, 0) << Slurp(farm.dir() + "/cli.err");
  // "positions N  K k  loss before -> after ...": the fit never makes the loss worse.
  const std::regex summary(R"(positions (\d+) +K ([0-9.]+) +loss ([0-9.]+) -> ([0-9.]+))");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(reading, m, summary)) << reading;
  EXPECT_GE(std::stoi(m[1]), 100);
  EXPECT_LE(std::stod(m[4]), std::stod(m[3]));
  // The file is a parameter file the engine loads, with just the fitted parameters.
  const std::string text = Slurp(out);
  EXPECT_NE(text.find("PawnMg "), std::string::npos) << text;
  EXPECT_NE(text.find("KnightMg "), std::string::npos) << text;
  EXPECT_EQ(text.find("RookMg "), std::string::npos) << text;
  auto session = CreateGameSession("shatar");
  ASSERT_TRUE(session.ok());
  EXPECT_TRUE((*session)->params().ParseText(text).ok()) << text;

  // The same positions labelled by a teacher (our own engine here): other labels, so another
  // loss before the fit, and the file says how it was labelled.
  const std::string engine = std::string(TUMEN_BINARY_DIR) + "/bin/tumen-engine";
  const auto [taught_code, taught] = farm.RunCli(absl::StrCat(
      "fit --jobs ", job, " --out ", out, " --fit-params PawnMg,KnightMg --passes 2 --teacher ",
      engine, " --teacher-nodes 300 --teacher-processes 1"));
  ASSERT_EQ(taught_code, 0) << Slurp(farm.dir() + "/cli.err");
  std::smatch t;
  ASSERT_TRUE(std::regex_search(taught, t, summary)) << taught;
  EXPECT_EQ(t[1], m[1]);  // the same sample
  EXPECT_NE(t[3], m[3]);
  EXPECT_NE(Slurp(out).find("labelled by 1.00 of teacher " + engine), std::string::npos)
      << Slurp(out);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("teacher labelled"), std::string::npos);
  EXPECT_NE(farm.RunCli(absl::StrCat("fit --jobs ", job, " --out ", out,
                                     " --teacher /nonexistent/teacher"))
                .first,
            0);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("/nonexistent/teacher"), std::string::npos)
      << Slurp(farm.dir() + "/cli.err");
  EXPECT_NE(farm.RunCli(absl::StrCat("fit --jobs ", job, " --out ", out, " --teacher ", engine,
                                     " --teacher-weight 2"))
                .first,
            0);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("--teacher-weight must be within [0, 1]"),
            std::string::npos);

  // Clear errors: no jobs, an unknown parameter, a job of another variant's games mixed in.
  EXPECT_NE(farm.RunCli("fit --out " + out).first, 0);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("--jobs is required"), std::string::npos);
  EXPECT_NE(
      farm.RunCli(absl::StrCat("fit --jobs ", job, " --out ", out, " --fit-params Nope")).first, 0);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("Nope is not an evaluation parameter"),
            std::string::npos)
      << Slurp(farm.dir() + "/cli.err");
  v1::JobSpec other;
  *other.mutable_match() = Arm("xiangqi", "", 100, 2);
  const uint64_t job2 = CreateJob(farm, other);
  ASSERT_TRUE(farm.WaitForJob(job2, absl::Minutes(3)).ok());
  EXPECT_NE(farm.RunCli(absl::StrCat("fit --jobs ", job, ",", job2, " --out ", out)).first, 0);
  EXPECT_NE(Slurp(farm.dir() + "/cli.err").find("fit the games of one variant"), std::string::npos)
      << Slurp(farm.dir() + "/cli.err");
}

}  // namespace
}  // namespace tumen::testing
