// External engines as players: Fairy-Stockfish through UCI, and engines that crash or hang.
#include <filesystem>

#include "engine/api/game_session.h"
#include "engine/selfplay/play_game.h"
#include "engine/selfplay/uci_engine_player.h"
#include "engine/selfplay/validate.h"
#include "gtest/gtest.h"

namespace tumen::selfplay {
namespace {

constexpr char kFairyStockfish[] = "/usr/games/fairy-stockfish";

TEST(UciEnginePlayer, FairyStockfishPlaysLegalShatarMoves) {
  if (!std::filesystem::exists(kFairyStockfish))
    GTEST_SKIP() << "install fairy-stockfish (scripts/setup.sh)";
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> engine =
      UciEnginePlayer::Start({kFairyStockfish, {}, "shatar", {{"Hash", "16"}, {"Threads", "1"}}});
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_NE((*engine)->name().find("Fairy-Stockfish"), std::string::npos);
  ASSERT_TRUE((*engine)->NewGame().ok());
  auto referee = *CreateGameSession("shatar-traditional");  // Fairy-Stockfish's `shatar`
  std::vector<std::string> moves;
  TimeControl tc;
  tc.nodes = 2000;
  const int64_t clocks[2] = {0, 0};
  for (int ply = 0; ply < 12 && !referee->Status().over(); ++ply) {
    absl::StatusOr<EngineMove> m =
        (*engine)->Think(referee->StartFen(), moves, tc, clocks, absl::Seconds(30));
    ASSERT_TRUE(m.ok()) << m.status();
    ASSERT_TRUE(referee->PlayMove(m->move).ok()) << m->move;
    EXPECT_GT(m->nodes, 0u);
    moves.push_back(m->move);
  }
}

// Options are sent before UCI_Variant, so a variants file (VariantPath) can define the variant:
// Fairy-Stockfish then plays the 2017 Shatar rules (no double steps) that our referee checks.
TEST(UciEnginePlayer, AVariantFromAVariantsFileIsUsed) {
  if (!std::filesystem::exists(kFairyStockfish))
    GTEST_SKIP() << "install fairy-stockfish (scripts/setup.sh)";
  const std::string ini = std::string(TUMEN_TEST_DATA_DIR) + "/perft/fairy-stockfish-shatar.ini";
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> engine =
      UciEnginePlayer::Start({kFairyStockfish, {}, "shatar-2017", {{"VariantPath", ini}}});
  ASSERT_TRUE(engine.ok()) << engine.status();
  ASSERT_TRUE((*engine)->NewGame().ok());
  auto referee = *CreateGameSession("shatar");
  const std::string start = "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2";
  ASSERT_TRUE(referee->SetPosition(start, {}).ok());
  std::vector<std::string> moves;
  TimeControl tc;
  tc.nodes = 2000;
  const int64_t clocks[2] = {0, 0};
  for (int ply = 0; ply < 16 && !referee->Status().over(); ++ply) {
    absl::StatusOr<EngineMove> m = (*engine)->Think(start, moves, tc, clocks, absl::Seconds(30));
    ASSERT_TRUE(m.ok()) << m.status();
    ASSERT_TRUE(referee->PlayMove(m->move).ok()) << "not a 2017 Shatar move: " << m->move;
    moves.push_back(m->move);
  }
}

// Every Shatar preset, and a preset with rule options, plays whole games through UCI: two
// tumen-engine processes told UCI_Variant (and ShatarRules), refereed by the rules core.
TEST(UciEnginePlayer, EveryShatarRuleSetPlaysAFullGameThroughUci) {
  const std::string engine = std::string(TUMEN_BINARY_DIR) + "/bin/tumen-engine";
  const std::vector<std::pair<std::string, std::string>> rule_sets = {
      {"shatar", ""},
      {"shatar-traditional", ""},
      {"shatar-1997", ""},
      {"shatar-folk", ""},
      {"shatar", "queen=bers,array=rotational,knight_mate=draw,bare_king=draw"}};
  for (const auto& [variant, rules] : rule_sets) {
    GameSpec spec;
    spec.variant = variant;
    spec.rules = rules;
    spec.tc.nodes = 300;
    spec.adjudication.max_plies = 400;
    ExternalEngine external{engine, variant, {}};
    if (!rules.empty()) external.options.emplace_back("ShatarRules", rules);
    spec.white = {"tumen-uci", "", "", external};
    spec.black = spec.white;
    absl::StatusOr<GameRecord> game = PlayGame(spec);
    ASSERT_TRUE(game.ok()) << variant << " " << game.status();
    EXPECT_NE(game->termination, Termination::kEngineFailure)
        << variant << " " << (game->events.empty() ? "" : game->events[0]);
    EXPECT_GT(game->moves.size(), 10u) << variant;
    EXPECT_TRUE(ValidateGame(*game).ok()) << variant << " " << ValidateGame(*game);
    auto session = *CreateGameSession(variant);
    ASSERT_TRUE(session->SetRuleOptions(rules).ok());
    EXPECT_EQ(game->rules, session->RuleSet()) << variant;
  }
}

// A misspelt option or a value out of range fails the start with the engine's own words,
// instead of a match that quietly measures the engine without it.
TEST(UciEnginePlayer, AnOptionTheEngineRefusesIsAnError) {
  const std::string tumen = std::string(TUMEN_BINARY_DIR) + "/bin/tumen-engine";
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> misspelt =
      UciEnginePlayer::Start({tumen, {}, "shatar-traditional", {{"LmrDivisr", "170"}}});
  ASSERT_FALSE(misspelt.ok());
  EXPECT_EQ(misspelt.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(misspelt.status().message().find("LmrDivisr"), std::string::npos)
      << misspelt.status();
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> out_of_range =
      UciEnginePlayer::Start({tumen, {}, "shatar-traditional", {{"LmrDivisor", "1000"}}});
  ASSERT_FALSE(out_of_range.ok());
  EXPECT_NE(out_of_range.status().message().find("outside"), std::string::npos)
      << out_of_range.status();
  EXPECT_TRUE(
      UciEnginePlayer::Start({tumen, {}, "shatar-traditional", {{"LmrDivisor", "170"}}}).ok());
  if (std::filesystem::exists(kFairyStockfish)) {
    absl::StatusOr<std::unique_ptr<UciEnginePlayer>> fairy =
        UciEnginePlayer::Start({kFairyStockfish, {}, "shatar", {{"Hsh", "16"}}});
    ASSERT_FALSE(fairy.ok());
    EXPECT_NE(fairy.status().message().find("Hsh"), std::string::npos) << fairy.status();
  }
}

TEST(UciEnginePlayer, AnEngineThatExitsIsReportedUnavailable) {
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> engine =
      UciEnginePlayer::Start({"/bin/true", {}, "", {}});
  ASSERT_FALSE(engine.ok());
  EXPECT_EQ(engine.status().code(), absl::StatusCode::kUnavailable) << engine.status();
}

TEST(UciEnginePlayer, AHungEngineIsKilledAtTheDeadline) {
  UciEngineConfig config{"/bin/sleep", {"60"}, "", {}};
  config.startup_timeout = absl::Milliseconds(300);
  const absl::Time start = absl::Now();
  absl::StatusOr<std::unique_ptr<UciEnginePlayer>> engine = UciEnginePlayer::Start(config);
  ASSERT_FALSE(engine.ok());
  EXPECT_EQ(engine.status().code(), absl::StatusCode::kDeadlineExceeded) << engine.status();
  EXPECT_LT(absl::Now() - start, absl::Seconds(10));
}

TEST(UciEnginePlayer, AMissingProgramIsAnError) {
  EXPECT_FALSE(UciEnginePlayer::Start({"/nonexistent/engine", {}, "", {}}).ok());
}

}  // namespace
}  // namespace tumen::selfplay
