// Engine builds as players, end to end (issue 16): a real git repository made here from this
// project's own source, real workers that build its commits with CMake, a real SPRT that ends
// with a verdict, and the refusals that must say why. Builds take about a minute each on two
// cores; the suite makes three (dev and base by the CLI, a third by a worker).
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "engine/selfplay/validate.h"
#include "gtest/gtest.h"
#include "proto/convert.h"
#include "tests/support/farm_harness.h"
#include "worker/run_command.h"

namespace tumen::testing {
namespace {
namespace fs = std::filesystem;

// One shell-free command in the fixture; its output on failure.
std::string RunStep(const std::vector<std::string>& argv) {
  absl::StatusOr<worker::CommandResult> r = worker::RunCommand(argv, absl::Minutes(5));
  if (!r.ok()) return std::string(r.status().message());
  if (r->exit_code != 0)
    return absl::StrCat(argv[0], " exited ", r->exit_code, ": ",
                        r->last_lines.empty() ? "" : r->last_lines.back());
  return "";
}

std::string Output(const std::vector<std::string>& argv) {
  std::string first;
  (void)worker::RunCommand(argv, absl::Minutes(1), [&](const std::string& line) {
    if (first.empty()) first = line;
  });
  return first;
}

// The fixture repository: "base" is this project's HEAD; "dev" (main) values the shatar
// pieces far too low against pawns, a known loss of strength; "docs" (a branch off dev) only
// adds a line to the README, so its engine is dev's under a commit nobody has built;
// "broken" (off dev) does not configure.
class BuildPlayers : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char pattern[] = "/tmp/tumen-build-players-XXXXXX";
    root_ = mkdtemp(pattern);
    repo_ = root_ + "/repo";
    cache_ = root_ + "/builds";
    fs::create_directories(repo_);
    const std::vector<std::string> git = {
        "git", "-C", repo_, "-c", "user.name=Tumen Test", "-c", "user.email=test@tumen.invalid"};
    const auto git_do = [&](std::vector<std::string> args) {
      std::vector<std::string> argv = git;
      argv.insert(argv.end(), args.begin(), args.end());
      return RunStep(argv);
    };
    setup_error_ = RunStep({"git", "init", "-q", "-b", "main", repo_});
    if (setup_error_.empty())
      setup_error_ = RunStep({"git", "-C", TUMEN_SOURCE_DIR, "archive", "--format=tar", "-o",
                              root_ + "/source.tar", "HEAD"});
    if (setup_error_.empty())
      setup_error_ = RunStep({"tar", "-xf", root_ + "/source.tar", "-C", repo_});
    if (setup_error_.empty()) setup_error_ = git_do({"add", "-A"});
    if (setup_error_.empty()) setup_error_ = git_do({"commit", "-q", "-m", "base: the project"});
    if (!setup_error_.empty()) return;
    base_ = Output({"git", "-C", repo_, "rev-parse", "HEAD"});

    // The shatar preset's tuned piece values (engine/games/shatar/rules.cc): pawns worth too
    // much, pieces too little (about -190 Elo at 300 nodes, measured as a parameter file,
    // before the correction histories of strength lines 127 and 128: about -60 since).
    const std::string rules = repo_ + "/engine/games/shatar/rules.cc";
    std::stringstream text;
    text << std::ifstream(rules).rdbuf();
    const std::string weakened = absl::StrReplaceAll(
        text.str(),
        {{R"(PawnMg 85\nPawnEg 117\nKnightMg 316\nBishopMg 333\nRookMg 485\nRookEg 543\nQueenMg 957)",
          R"(PawnMg 150\nPawnEg 200\nKnightMg 200\nKnightEg 200\nBishopMg 200\nBishopEg 200\n)"
          R"(RookMg 350\nRookEg 400\nQueenMg 700\nQueenEg 750)"}});
    if (weakened == text.str()) {
      setup_error_ =
          "the shatar preset's piece values in engine/games/shatar/rules.cc changed: "
          "update this fixture's weakening";
      return;
    }
    std::ofstream(rules) << weakened;
    setup_error_ = git_do({"commit", "-q", "-am", "dev: pieces valued far too low"});
    if (setup_error_.empty()) setup_error_ = git_do({"checkout", "-q", "-b", "docs"});
    if (setup_error_.empty()) {
      std::ofstream(repo_ + "/README.md", std::ios::app) << "\nA line.\n";
      setup_error_ = git_do({"commit", "-q", "-am", "docs: a line in the README"});
    }
    if (setup_error_.empty()) setup_error_ = git_do({"checkout", "-q", "-b", "broken", "main"});
    if (setup_error_.empty()) {
      std::ofstream(repo_ + "/engine/CMakeLists.txt", std::ios::app)
          << "message(FATAL_ERROR \"broken on purpose\")\n";
      setup_error_ = git_do({"commit", "-q", "-am", "broken: the engine does not configure"});
    }
    if (setup_error_.empty()) setup_error_ = git_do({"checkout", "-q", "main"});
    dev_ = Output({"git", "-C", repo_, "rev-parse", "main"});
    docs_ = Output({"git", "-C", repo_, "rev-parse", "docs"});
  }
  static void TearDownTestSuite() { fs::remove_all(root_); }

  void SetUp() override { ASSERT_EQ(setup_error_, "") << "making the fixture repository"; }

  absl::StatusOr<int> StartBuilder(FarmHarness& farm, const std::string& name) {
    return farm.StartWorker(name, 1, 1, {"--source", repo_, "--build-cache", cache_});
  }
  // Creates the match with the CLI; its job id.
  uint64_t Match(const FarmHarness& farm, const std::string& args) {
    const auto [code, out] = farm.RunCli(
        absl::StrCat("match --variant shatar --tc nodes=300 --pairs-per-shard 2 --source ", repo_,
                     " --build-cache ", cache_, " ", args));
    std::stringstream err;
    err << std::ifstream(farm.dir() + "/cli.err").rdbuf();
    EXPECT_EQ(code, 0) << err.str();
    cli_err_ = err.str();
    return std::strtoull(out.c_str(), nullptr, 10);
  }

  static inline std::string root_, repo_, cache_, base_, dev_, docs_, setup_error_;
  std::string cli_err_;
};

TEST_F(BuildPlayers, WorkersPlayBothCommitsAndTheSprtDecidesAgainstTheWeakenedOne) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("plain").ok());
  ASSERT_TRUE(StartBuilder(farm, "builder").ok());
  // Refs of the fixture, resolved and built (for their signatures) on the operator's side.
  // Bounds [0, 20]: with the correction histories of strength lines 127 and 128 the weakened
  // commit loses about 60 Elo, not 190, and [0, 10] did not decide that in 400 games (LLR
  // -2.36); the wider bounds weigh each game about twice as much.
  const uint64_t job = Match(farm, "--games 400 --sprt elo0=0,elo1=20 --dev main --base main~1");
  ASSERT_GT(job, 0u);
  EXPECT_NE(cli_err_.find("dev  " + dev_.substr(0, 10) + " dev: pieces valued far too low"),
            std::string::npos)
      << cli_err_;
  EXPECT_NE(cli_err_.find("(built here)"), std::string::npos) << cli_err_;

  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(15));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FINISHED) << done->failure();
  EXPECT_EQ(done->match().sprt_decision(), "H0") << "dev gives its pieces away";
  EXPECT_LT(done->games_stored(), 400u) << "the SPRT stopped it, not the game budget";
  EXPECT_EQ(done->spec().match().engine_a().build().commit(), dev_);
  EXPECT_EQ(done->spec().match().engine_b().build().commit(), base_);
  EXPECT_EQ(done->spec().match().engine_b().build().subject(), "base: the project");

  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), done->games_stored());
  std::set<std::string> workers;
  for (const v1::Game& g : *games) {
    workers.insert(g.worker_id());
    const v1::PlayerInfo& dev = g.id().colour() == 0 ? g.white() : g.black();
    const v1::PlayerInfo& base = g.id().colour() == 0 ? g.black() : g.white();
    EXPECT_EQ(dev.engine(), "tumen-" + dev_.substr(0, 12));
    EXPECT_EQ(base.engine(), "tumen-" + base_.substr(0, 12));
    absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(g);
    ASSERT_TRUE(record.ok());
    EXPECT_TRUE(selfplay::ValidateGame(*record).ok());
  }
  EXPECT_EQ(workers.size(), 1u) << "only the worker with --source leases build shards";

  const auto [code, status] = farm.RunCli(absl::StrCat("status ", job));
  EXPECT_EQ(code, 0);
  EXPECT_NE(status.find("A dev   " + dev_.substr(0, 10)), std::string::npos) << status;
  EXPECT_NE(status.find("B base  " + base_.substr(0, 10)), std::string::npos) << status;
  EXPECT_NE(status.find("accepted H0"), std::string::npos) << status;
  const auto [workers_code, listing] = farm.RunCli("workers");
  EXPECT_NE(listing.find("builder"), std::string::npos) << listing;
}

TEST_F(BuildPlayers, AWorkerRefusesABuildWhoseSignatureDiffersAndTheJobFailsSayingWhy) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(StartBuilder(farm, "builder").ok());
  // A commit nobody has built, declared with a signature it cannot have.
  const uint64_t job =
      Match(farm, "--games 4 --dev docs --dev-bench 12345 --base docs --base-bench 12345");
  ASSERT_GT(job, 0u);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(10));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FAILED);
  EXPECT_EQ(done->games_stored(), 0u);
  EXPECT_NE(done->failure().find("but the job declares 12345: refusing to play it"),
            std::string::npos)
      << done->failure();
  ASSERT_GE(done->build_problems_size(), 1);
  EXPECT_EQ(done->build_problems(0).worker_name(), "builder");
  EXPECT_EQ(done->build_problems(0).commit(), docs_);
  // The worker really built it: the engine of that commit is in its cache.
  bool built = false;
  for (const fs::directory_entry& e : fs::directory_iterator(cache_))
    built |= e.path().filename().string().rfind(docs_ + "-", 0) == 0 &&
             fs::exists(e.path() / "tumen-engine");
  EXPECT_TRUE(built);

  const auto [code, status] = farm.RunCli(absl::StrCat("status ", job));
  EXPECT_NE(status.find("failed"), std::string::npos) << status;
  EXPECT_NE(status.find("build problem: worker builder, " + docs_.substr(0, 10)), std::string::npos)
      << status;
  const auto [workers_code, listing] = farm.RunCli("workers");
  EXPECT_NE(listing.find("build problem, " + docs_.substr(0, 10)), std::string::npos) << listing;
}

TEST_F(BuildPlayers, ACommitThatDoesNotBuildFailsTheJobWithTheBuildsError) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(StartBuilder(farm, "builder").ok());
  const uint64_t job =
      Match(farm, "--games 2 --dev broken --dev-bench 5 --base broken --base-bench 5");
  ASSERT_GT(job, 0u);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FAILED);
  for (const std::string& part : {std::string(": cmake configure failed (exit 1): "),
                                  std::string("broken on purpose"), std::string("/build.log")})
    EXPECT_NE(done->failure().find(part), std::string::npos) << part << " in " << done->failure();
}

TEST_F(BuildPlayers, ACommitTheRepositoryLacksFailsTheJobSayingSo) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(StartBuilder(farm, "builder").ok());
  const std::string missing(40, 'a');
  // Full hashes with declared signatures need no repository on the operator's side.
  const auto [code, out] = farm.RunCli(
      absl::StrCat("match --variant shatar --games 2 --tc nodes=300 --dev ", missing,
                   " --dev-bench 5 --base ", missing, " --base-bench 5 --source /nonexistent"));
  ASSERT_EQ(code, 0);
  const uint64_t job = std::strtoull(out.c_str(), nullptr, 10);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(2));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FAILED);
  EXPECT_NE(done->failure().find("has no commit " + missing), std::string::npos) << done->failure();
}

TEST_F(BuildPlayers, TheCliSaysWhatIsWrongWithARef) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  for (const auto& [args, expected] : std::vector<std::pair<std::string, std::string>>{
           {"--dev no-such-branch --base main", "'no-such-branch' names no commit"},
           {"--dev main", "--dev and --base go together"},
           {"--dev main --base main --source /nonexistent", "is not a git repository"}}) {
    const auto [code, out] = farm.RunCli(absl::StrCat(
        "match --variant shatar --games 2 --tc nodes=300 --source ", repo_, " ", args));
    EXPECT_EQ(code, 1) << args;
    std::stringstream err;
    err << std::ifstream(farm.dir() + "/cli.err").rdbuf();
    EXPECT_NE(err.str().find(expected), std::string::npos) << args << ": " << err.str();
  }
}

}  // namespace
}  // namespace tumen::testing
