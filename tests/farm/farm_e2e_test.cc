// The farm end to end: real tumen-coordinator and tumen-worker processes on 127.0.0.1 with a
// temporary SQLite store. Games must never be lost or counted twice, whatever crashes.
#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "engine/api/game_session.h"
#include "engine/selfplay/pgn.h"
#include "engine/selfplay/play_game.h"
#include "engine/selfplay/validate.h"
#include "gtest/gtest.h"
#include "proto/convert.h"
#include "tests/support/farm_harness.h"

namespace tumen::testing {
namespace {

constexpr uint32_t kGames = 40;

uint64_t CreateJob(const FarmHarness& farm, const v1::JobSpec& spec) {
  v1::CreateJobRequest request;
  *request.mutable_spec() = spec;
  absl::StatusOr<v1::CreateJobResponse> r = farm.AdminClient()->CreateJob(request);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? r->job_id() : 0;
}

// Exactly `expected` games, all ids distinct, every one replays legally with its result.
void ExpectCompleteAndValid(const FarmHarness& farm, uint64_t job_id, uint32_t expected) {
  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job_id);
  ASSERT_TRUE(games.ok()) << games.status();
  EXPECT_EQ(games->size(), expected);
  std::set<std::pair<uint32_t, uint32_t>> ids;
  for (const v1::Game& g : *games) {
    EXPECT_TRUE(ids.insert({g.id().pair(), g.id().colour()}).second) << "game stored twice";
    absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(g);
    ASSERT_TRUE(record.ok());
    EXPECT_TRUE(selfplay::ValidateGame(*record).ok()) << selfplay::ValidateGame(*record);
    // PGN export: tags and SAN moves, the last token the result.
    const std::string pgn = selfplay::ToPgn(*record, "test", 1);
    EXPECT_NE(pgn.find("[Variant \"" + g.variant() + "\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("[Termination "), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find(" ?"), std::string::npos) << pgn;
  }
  absl::StatusOr<v1::JobInfo> job = farm.GetJob(job_id);
  ASSERT_TRUE(job.ok());
  EXPECT_EQ(job->games_stored(), expected);
  const v1::MatchStatus& s = job->match();
  EXPECT_EQ(s.wins() + s.draws() + s.losses(), expected);
  uint64_t pairs = 0;
  for (uint64_t c : s.pentanomial()) pairs += c;
  EXPECT_EQ(pairs, expected / 2);
}

TEST(FarmEndToEnd, FortyGameMatchStoresExactlyFortyDistinctLegalGames) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  const uint64_t job = CreateJob(farm, SmallMatch(kGames, 300));
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FINISHED);
  ExpectCompleteAndValid(farm, job, kGames);
}

TEST(FarmEndToEnd, KillingAWorkerMidMatchLosesNoGame) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator(/*lease_seconds=*/2).ok());
  absl::StatusOr<int> doomed = farm.StartWorker("doomed");
  ASSERT_TRUE(doomed.ok());
  const uint64_t job = CreateJob(farm, SmallMatch(kGames, 600));
  // Let it store some games, then kill it in the middle of a shard.
  for (int i = 0; i < 600; ++i) {
    absl::StatusOr<v1::JobInfo> j = farm.GetJob(job);
    if (j.ok() && j->games_stored() >= 5) break;
    absl::SleepFor(absl::Milliseconds(100));
  }
  farm.KillWorker(*doomed);
  ASSERT_TRUE(farm.StartWorker("survivor").ok());
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  ExpectCompleteAndValid(farm, job, kGames);
}

TEST(FarmEndToEnd, CoordinatorKilledAndRestartedLosesNoAcknowledgedGame) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator(/*lease_seconds=*/2).ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  const uint64_t job = CreateJob(farm, SmallMatch(kGames, 600));
  uint64_t acknowledged = 0;
  for (int i = 0; i < 600 && acknowledged < 10; ++i) {
    absl::StatusOr<v1::JobInfo> j = farm.GetJob(job);
    if (j.ok()) acknowledged = j->games_stored();
    absl::SleepFor(absl::Milliseconds(100));
  }
  ASSERT_GE(acknowledged, 10u);
  farm.KillCoordinator();
  absl::SleepFor(absl::Seconds(1));  // workers keep playing and spool their games
  ASSERT_TRUE(farm.StartCoordinator(/*lease_seconds=*/2, farm.port()).ok());
  absl::StatusOr<v1::JobInfo> resumed = farm.GetJob(job);
  ASSERT_TRUE(resumed.ok());
  EXPECT_GE(resumed->games_stored(), acknowledged) << "an acknowledged game was lost";
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  ExpectCompleteAndValid(farm, job, kGames);
}

// A worker of our own, speaking to the coordinator directly.
struct FakeWorker {
  std::unique_ptr<worker::CoordinatorClient> client;
  std::string id;
  v1::Shard shard;
};

FakeWorker RegisterAndLease(const FarmHarness& farm) {
  FakeWorker w{farm.WorkerClient(), "", {}};
  v1::RegisterWorkerRequest reg;
  reg.set_name("fake");
  absl::StatusOr<v1::RegisterWorkerResponse> r = w.client->RegisterWorker(reg);
  EXPECT_TRUE(r.ok()) << r.status();
  if (!r.ok()) return w;
  w.id = r->worker_id();
  v1::LeaseShardsRequest lease;
  lease.set_worker_id(w.id);
  lease.set_max_shards(1);
  absl::StatusOr<v1::LeaseShardsResponse> l = w.client->LeaseShards(lease);
  EXPECT_TRUE(l.ok() && l->leases_size() == 1);
  if (l.ok() && l->leases_size() == 1) w.shard = l->leases(0).shard();
  return w;
}

// Plays a game of the leased shard's first pair (colour 0: A with White).
v1::Game PlayFirstGame(const FakeWorker& w, uint32_t colour = 0) {
  absl::StatusOr<selfplay::GameRecord> record =
      selfplay::PlayGame(*proto::GameSpecFor(w.shard, 0, colour));
  EXPECT_TRUE(record.ok()) << record.status();
  v1::Game g = *proto::ToProto(*record);
  *g.mutable_id() = proto::GameIdFor(w.shard, 0, colour);
  return g;
}

v1::GameAck Submit(const FakeWorker& w, const v1::Game& g) {
  v1::SubmitGamesRequest request;
  request.set_worker_id(w.id);
  *request.add_games() = g;
  absl::StatusOr<v1::SubmitGamesResponse> r = w.client->SubmitGames(request);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() && r->acks_size() == 1 ? r->acks(0) : v1::GameAck();
}

TEST(FarmEndToEnd, RepeatedSubmissionIsCountedOnce) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  const uint64_t job = CreateJob(farm, SmallMatch(4, 200));
  const FakeWorker w = RegisterAndLease(farm);
  const v1::Game game = PlayFirstGame(w);
  const v1::GameAck first = Submit(w, game);
  EXPECT_TRUE(first.accepted()) << first.error();
  EXPECT_FALSE(first.duplicate());
  const v1::GameAck second = Submit(w, game);
  EXPECT_TRUE(second.accepted());
  EXPECT_TRUE(second.duplicate());
  absl::StatusOr<v1::JobInfo> info = farm.GetJob(job);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->games_stored(), 1u);
}

// A worker cut off past its lease uploads its spool after the job has ended: a game the job
// already has is acknowledged as a repeat; one it never got is refused (the job is over).
TEST(FarmEndToEnd, LateGamesOfAnEndedJobAreRepeatsOrRefused) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  const uint64_t job = CreateJob(farm, SmallMatch(4, 200));
  const FakeWorker w = RegisterAndLease(farm);
  const v1::Game game = PlayFirstGame(w);
  ASSERT_TRUE(Submit(w, game).accepted());
  v1::CancelJobRequest cancel;
  cancel.set_job_id(job);
  ASSERT_TRUE(farm.AdminClient()->CancelJob(cancel).ok());

  const v1::GameAck repeat = Submit(w, game);
  EXPECT_TRUE(repeat.accepted()) << repeat.error();
  EXPECT_TRUE(repeat.duplicate());
  const v1::GameAck late = Submit(w, PlayFirstGame(w, /*colour=*/1));
  EXPECT_FALSE(late.accepted());
  EXPECT_NE(late.error().find("not running"), std::string::npos) << late.error();
  absl::StatusOr<v1::JobInfo> info = farm.GetJob(job);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->games_stored(), 1u);
}

TEST(FarmEndToEnd, IllegalOrInconsistentGamesAreRejected) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  const uint64_t job = CreateJob(farm, SmallMatch(4, 200));
  const FakeWorker w = RegisterAndLease(farm);
  const v1::Game game = PlayFirstGame(w);

  v1::Game illegal = game;
  illegal.set_moves(3, *proto::EncodeMove("a1a8"));
  const v1::GameAck a = Submit(w, illegal);
  EXPECT_FALSE(a.accepted());
  EXPECT_NE(a.error().find("illegal"), std::string::npos) << a.error();

  v1::Game wrong_result = game;
  wrong_result.set_result(game.result() == v1::GAME_RESULT_WHITE_WINS ? v1::GAME_RESULT_BLACK_WINS
                                                                      : v1::GAME_RESULT_WHITE_WINS);
  EXPECT_FALSE(Submit(w, wrong_result).accepted());

  v1::Game foreign = game;
  foreign.mutable_id()->set_pair(999);
  const v1::GameAck c = Submit(w, foreign);
  EXPECT_FALSE(c.accepted());
  EXPECT_NE(c.error().find("not part of job"), std::string::npos) << c.error();

  v1::Game wrong_params = game;
  wrong_params.mutable_white()->set_params_text("KnightMg 444\n");
  EXPECT_FALSE(Submit(w, wrong_params).accepted());

  absl::StatusOr<v1::JobInfo> info = farm.GetJob(job);
  ASSERT_TRUE(info.ok());
  EXPECT_EQ(info->games_stored(), 0u);
}

TEST(FarmEndToEnd, CallsWithoutAValidTokenAreRefused) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  v1::RegisterWorkerRequest reg;
  reg.set_name("intruder");
  absl::StatusOr<v1::RegisterWorkerResponse> r =
      farm.ClientWithToken("not-the-token-at-all-0123456789")->RegisterWorker(reg);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kUnauthenticated);
  // Heartbeats take another path through the server (a callback method, service.h): the same
  // check, and a registered worker's heartbeat with the right token goes through.
  v1::HeartbeatRequest beat;
  beat.set_worker_id("intruder");
  EXPECT_EQ(
      farm.ClientWithToken("not-the-token-at-all-0123456789")->Heartbeat(beat).status().code(),
      absl::StatusCode::kUnauthenticated);
  absl::StatusOr<v1::RegisterWorkerResponse> registered = farm.WorkerClient()->RegisterWorker(reg);
  ASSERT_TRUE(registered.ok()) << registered.status();
  beat.set_worker_id(registered->worker_id());
  absl::StatusOr<v1::HeartbeatResponse> beat_ok = farm.WorkerClient()->Heartbeat(beat);
  ASSERT_TRUE(beat_ok.ok()) << beat_ok.status();
  EXPECT_GT(beat_ok->deadline_unix_ms(), 0);
  // A worker token cannot create jobs.
  v1::CreateJobRequest create;
  *create.mutable_spec() = SmallMatch(4, 200);
  EXPECT_EQ(farm.WorkerClient()->CreateJob(create).status().code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_TRUE(farm.AdminClient()->CreateJob(create).ok());
}

TEST(FarmEndToEnd, BadJobSpecsSayWhatToFix) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  v1::CreateJobRequest odd;
  *odd.mutable_spec() = SmallMatch(5, 200);
  absl::StatusOr<v1::CreateJobResponse> r = farm.AdminClient()->CreateJob(odd);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("even"), absl::string_view::npos) << r.status();
  v1::CreateJobRequest unknown = odd;
  unknown.mutable_spec()->mutable_match()->set_games(4);
  unknown.mutable_spec()->mutable_match()->set_variant("checkers");
  EXPECT_EQ(farm.AdminClient()->CreateJob(unknown).status().code(),
            absl::StatusCode::kInvalidArgument);
  v1::CreateJobRequest bad_params = unknown;
  bad_params.mutable_spec()->mutable_match()->set_variant("shatar");
  bad_params.mutable_spec()->mutable_match()->set_params_a("NoSuchParameter 3\n");
  r = farm.AdminClient()->CreateJob(bad_params);
  EXPECT_NE(r.status().message().find("NoSuchParameter"), absl::string_view::npos) << r.status();
  // An opening whose game a rule has already ended (both deer sealed outside the square).
  v1::CreateJobRequest ended = unknown;
  ended.mutable_spec()->mutable_match()->set_variant("bogenjirge");
  ended.mutable_spec()->mutable_match()->clear_params_a();  // Shatar weights
  ended.mutable_spec()->mutable_match()->clear_params_b();
  ended.mutable_spec()->mutable_match()->add_openings("6/2ddd2/1Ddd1ddD1/2ddd2/6 d 14 4");
  ended.mutable_spec()->mutable_match()->add_openings("6/2ddd2/2Dd1dD2/2ddd2/6 d 16 0");
  r = farm.AdminClient()->CreateJob(ended);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("opening 1 is a finished game"), absl::string_view::npos)
      << r.status();
}

// Every game the engine knows plays through the farm: jobs, random openings, workers,
// validation and export.
TEST(FarmEndToEnd, EveryVariantPlaysThroughTheFarm) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  std::vector<std::pair<std::string, uint64_t>> jobs;
  for (const std::string& variant : AllVariants()) {
    v1::JobSpec spec = SmallMatch(2, 100);
    spec.mutable_match()->set_variant(variant);
    spec.mutable_match()->set_params_b("");
    spec.mutable_match()->set_random_plies(4);
    jobs.emplace_back(variant, CreateJob(farm, spec));
  }
  for (const auto& [variant, job] : jobs) {
    absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(3));
    ASSERT_TRUE(done.ok()) << variant << ": " << done.status();
    SCOPED_TRACE(variant);
    ExpectCompleteAndValid(farm, job, 2);
  }
}

// SPSA: every pair's result moves theta exactly once, also across a coordinator restart, and
// the games were played with the pair's issued parameters (the coordinator checks them).
TEST(FarmEndToEnd, SpsaJobAppliesEveryPairOnceAndSurvivesARestart) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  v1::JobSpec spec = SmallMatch(16, 150);  // 8 pairs = 8 SPSA iterations
  spec.mutable_match()->set_params_b("");
  spec.mutable_spsa()->set_params("KnightMg 320 200 450 30 0.05\nRookMg 480 350 650 30 0.05\n");
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  ASSERT_TRUE(done->has_spsa());
  EXPECT_EQ(done->spsa().pairs_applied(), 8u);
  ASSERT_EQ(done->spsa().theta_size(), 2);
  EXPECT_GE(done->spsa().theta(0), 200);
  EXPECT_LE(done->spsa().theta(0), 450);
  EXPECT_FALSE(done->spsa().history().empty());
  // A restart rebuilds the same theta from the stored pairs and results.
  ASSERT_TRUE(farm.StopCoordinator().ok());
  ASSERT_TRUE(farm.StartCoordinator(60, farm.port()).ok());
  absl::StatusOr<v1::JobInfo> again = farm.GetJob(job);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->spsa().pairs_applied(), 8u);
  EXPECT_EQ(again->spsa().theta(0), done->spsa().theta(0));
  EXPECT_EQ(again->spsa().theta(1), done->spsa().theta(1));
  // Games carry the perturbed parameters of their pair.
  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok());
  for (const v1::Game& g : *games)
    EXPECT_NE(g.white().params_text().find("KnightMg "), std::string::npos);
}

TEST(FarmEndToEnd, SpsaSpecsAreChecked) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  v1::CreateJobRequest request;
  *request.mutable_spec() = SmallMatch(4, 100);
  request.mutable_spec()->mutable_spsa()->set_params("NoSuchParam 1 0 2 1 0.1\n");
  absl::StatusOr<v1::CreateJobResponse> r = farm.AdminClient()->CreateJob(request);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("NoSuchParam"), absl::string_view::npos) << r.status();
  request.mutable_spec()->mutable_spsa()->set_params("KnightMg 320 0 9999 10 0.1\n");
  r = farm.AdminClient()->CreateJob(request);
  EXPECT_NE(r.status().message().find("exceeds the engine"), absl::string_view::npos) << r.status();
}

// A match against an external engine is an ordinary job: only a worker that has the engine
// (--engine NAME=PATH) plays it, and its games are validated like any other.
TEST(FarmEndToEnd, MatchAgainstFairyStockfishRunsOnWorkersThatHaveIt) {
  constexpr char kPath[] = "/usr/games/fairy-stockfish";
  if (!std::filesystem::exists(kPath)) GTEST_SKIP() << "install fairy-stockfish (scripts/setup.sh)";
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("plain").ok());
  ASSERT_TRUE(
      farm.StartWorker("with-fsf", 1, 1, {"--engine", std::string("fairy-stockfish=") + kPath})
          .ok());
  v1::JobSpec spec = SmallMatch(4, 1000);
  spec.mutable_match()->set_variant("shatar-traditional");
  spec.mutable_match()->set_params_b("");
  v1::EngineSpec* fsf = spec.mutable_match()->mutable_engine_b();
  fsf->set_name("fairy-stockfish");
  fsf->set_uci_variant("shatar");  // Fairy-Stockfish's name for these rules
  v1::EngineOption* hash = fsf->add_options();
  hash->set_name("Hash");
  hash->set_value("16");
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(5));
  ASSERT_TRUE(done.ok()) << done.status();
  ExpectCompleteAndValid(farm, job, 4);
  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok());
  std::set<std::string> workers;
  for (const v1::Game& g : *games) workers.insert(g.worker_id());
  EXPECT_EQ(workers.size(), 1u) << "only the worker with the engine may play these games";
  for (const v1::Game& g : *games) {
    const v1::PlayerInfo& b = g.id().colour() == 0 ? g.black() : g.white();
    EXPECT_EQ(b.engine(), "fairy-stockfish");
    EXPECT_NE(g.termination(), v1::TERMINATION_ENGINE_FAILURE) << absl::StrJoin(g.events(), "; ");
  }
}

// Our own engine as an external UCI engine, under two names the workers know.
const std::string kEngine = std::string(TUMEN_BINARY_DIR) + "/bin/tumen-engine";

// A 2-game shatar match between external engines `a` and `b`.
v1::JobSpec ExternalMatch(const std::string& a, const std::string& b) {
  v1::JobSpec spec = SmallMatch(2, 300);
  spec.mutable_match()->set_params_b("");
  for (const auto& [name, player] : {std::pair{a, spec.mutable_match()->mutable_engine_a()},
                                     std::pair{b, spec.mutable_match()->mutable_engine_b()}}) {
    player->set_name(name);
    player->set_uci_variant("shatar");
  }
  return spec;
}

// Issue 20: `--engine A=PATH --engine B=PATH` kept only B, so the worker never leased a job
// that names A. Repeated flags add up.
TEST(FarmEndToEnd, WorkerWithTwoRepeatedEngineFlagsPlaysAMatchBetweenThem) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("two-engines", 1, 1,
                               {"--engine", "tumen-a=" + kEngine, "--engine", "tumen-b=" + kEngine})
                  .ok());
  const uint64_t job = CreateJob(farm, ExternalMatch("tumen-a", "tumen-b"));
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(2));
  ASSERT_TRUE(done.ok()) << done.status() << "\n" << farm.RunCli("workers").second;
  ExpectCompleteAndValid(farm, job, 2);
  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok());
  for (const v1::Game& g : *games) {
    const bool a_white = g.id().colour() == 0;
    EXPECT_EQ((a_white ? g.white() : g.black()).engine(), "tumen-a");
    EXPECT_EQ((a_white ? g.black() : g.white()).engine(), "tumen-b");
    EXPECT_NE(g.termination(), v1::TERMINATION_ENGINE_FAILURE) << absl::StrJoin(g.events(), "; ");
  }
}

// Issue 20: a job no live worker can take sat at 0 games behind an empty progress bar.
// `tumen status` says which engine no live worker offers and how many live workers there are;
// `tumen workers` lists each worker's engines.
TEST(FarmEndToEnd, StatusSaysWhyNoLiveWorkerCanTakeAJob) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("only-a", 1, 1, {"--engine", "tumen-a=" + kEngine}).ok());
  const uint64_t job = CreateJob(farm, ExternalMatch("tumen-a", "tumen-b"));
  const std::string expected =
      "  waiting: no live worker offers engine 'tumen-b' (1 live worker); start one with "
      "--engine tumen-a=PATH --engine tumen-b=PATH\n";
  std::string status;
  // Until the worker has registered (after its bench), no worker is live at all.
  for (const absl::Time end = absl::Now() + absl::Minutes(1); absl::Now() < end;) {
    status = farm.RunCli(absl::StrCat("status ", job)).second;
    if (status.find(expected) != std::string::npos) break;
    absl::SleepFor(absl::Milliseconds(200));
  }
  EXPECT_NE(status.find(expected), std::string::npos) << status;
  const std::string workers = farm.RunCli("workers").second;
  EXPECT_NE(workers.find("only-a"), std::string::npos) << workers;
  EXPECT_NE(workers.find(" tumen-a\n"), std::string::npos) << workers;
  absl::StatusOr<v1::JobInfo> info = farm.GetJob(job);
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->games_stored(), 0u);
  EXPECT_EQ(info->waiting().live_workers(), 1u);
  ASSERT_EQ(info->waiting().missing_engines_size(), 1);
  EXPECT_EQ(info->waiting().missing_engines(0), "tumen-b");

  // The worker the reason asks for takes the job.
  ASSERT_TRUE(farm.StartWorker("both", 1, 1,
                               {"--engine", "tumen-a=" + kEngine, "--engine", "tumen-b=" + kEngine})
                  .ok());
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(2));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FINISHED);
  EXPECT_FALSE(done->has_waiting());
  EXPECT_EQ(farm.RunCli(absl::StrCat("status ", job)).second.find("waiting"), std::string::npos);
}

TEST(FarmEndToEnd, SprtStopsAClearlyDecidedMatch) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  // B without its knights' and bishops' value is far weaker: SPRT(0, 10) accepts H1 early.
  v1::JobSpec spec = SmallMatch(400, 500);
  spec.mutable_match()->set_params_b(
      "PawnMg 150\nPawnEg 200\nKnightMg 200\nKnightEg 200\nBishopMg 200\nBishopEg 200\nRookMg "
      "350\nRookEg 400\n"
      "QueenMg 700\nQueenEg 750\nKingAttackWeight 0\nKnightMobilityMg 0\nBishopMobilityMg 0\n");
  spec.mutable_match()->mutable_sprt()->set_elo0(0);
  spec.mutable_match()->mutable_sprt()->set_elo1(10);
  spec.mutable_match()->mutable_sprt()->set_alpha(0.05);
  spec.mutable_match()->mutable_sprt()->set_beta(0.05);
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(8));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), v1::JOB_STATE_FINISHED);
  EXPECT_LT(done->games_stored(), 400u);
  EXPECT_EQ(done->match().sprt_decision(), "H1")
      << "W " << done->match().wins() << " D " << done->match().draws() << " L "
      << done->match().losses() << " LLR " << done->match().llr();
}

// Clocks fair across machines (issue 16): each worker's games are played, and stored, with
// the factor reference / its own bench speed.
TEST(FarmEndToEnd, ClockMatchesAreScaledByEachWorkersBenchSpeed) {
  FarmHarness farm;
  ASSERT_TRUE(farm.StartCoordinator().ok());
  ASSERT_TRUE(farm.StartWorker("w1").ok());
  ASSERT_TRUE(farm.StartWorker("w2").ok());
  v1::JobSpec spec = SmallMatch(8, 0);
  v1::MatchSpec* m = spec.mutable_match();
  m->mutable_tc()->Clear();
  m->mutable_tc()->set_base_ms(400);
  m->mutable_tc()->set_increment_ms(10);
  m->mutable_adjudication()->set_max_plies(60);
  m->set_pairs_per_shard(1);
  m->set_scale_tc(true);
  const uint64_t job = CreateJob(farm, spec);
  absl::StatusOr<v1::JobInfo> done = farm.WaitForJob(job, absl::Minutes(3));
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->spec().match().tc_reference_nps(), 1'000'000) << "the coordinator's default";
  absl::StatusOr<v1::ListWorkersResponse> workers = farm.AdminClient()->ListWorkers({});
  ASSERT_TRUE(workers.ok());
  std::map<std::string, double> bench_nps;
  for (const v1::WorkerInfo& w : workers->workers()) {
    EXPECT_GT(w.bench_nps(), 1000) << w.name();
    bench_nps[w.worker_id()] = w.bench_nps();
  }
  absl::StatusOr<std::vector<v1::Game>> games = farm.ExportGames(job);
  ASSERT_TRUE(games.ok());
  ASSERT_EQ(games->size(), 8u);
  for (const v1::Game& g : *games) {
    ASSERT_TRUE(bench_nps.contains(g.worker_id()));
    EXPECT_NEAR(g.tc_factor(), std::clamp(1e6 / bench_nps[g.worker_id()], 0.1, 10.0), 1e-3)
        << g.worker_id();
  }
  const auto [code, status] = farm.RunCli(absl::StrCat("status ", job));
  EXPECT_NE(status.find("(scaled per worker to 1000000 nodes/s)"), std::string::npos) << status;
  EXPECT_NE(status.find("clock per worker: w"), std::string::npos) << status;
}

}  // namespace
}  // namespace tumen::testing
