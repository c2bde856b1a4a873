// tumen fit's parts: the quiet-position sampler over stored games, and the fit itself, which
// must recover a parameter that generated the labels.
#include "coordinator/stats/eval_fit.h"

#include <cmath>
#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "coordinator/stats/fit_positions.h"
#include "engine/core/prng.h"
#include "gtest/gtest.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

std::unique_ptr<GameSession> Session() {
  absl::StatusOr<std::unique_ptr<GameSession>> s = CreateGameSession("shatar-traditional");
  EXPECT_TRUE(s.ok()) << s.status();
  return *std::move(s);
}

// Positions of random games: random moves make every kind of material imbalance.
std::vector<std::string> RandomPositions(GameSession& session, int games, uint64_t seed) {
  std::vector<std::string> fens;
  std::mt19937_64 rng(seed);
  for (int g = 0; g < games; ++g) {
    EXPECT_TRUE(session.SetPosition(session.StartFen(), {}).ok());
    for (int ply = 0; ply < 80 && !session.Status().over(); ++ply) {
      const std::vector<std::string> moves = session.LegalMoves();
      EXPECT_TRUE(session.PlayMove(moves[rng() % moves.size()]).ok());
      if (ply >= 10 && !session.Status().over()) fens.push_back(session.Fen());
    }
  }
  return fens;
}

int Value(GameSession& session, const std::string& name) {
  for (const ParamSet::Entry& e : session.params().All())
    if (e.spec->name == name) return e.value;
  ADD_FAILURE() << "no parameter " << name;
  return 0;
}

TEST(EvalFit, RecoversTheValueThatGeneratedTheLabels) {
  // The truth: knights worth 330 where the engine says about 420. Labels are the truth's
  // winning probabilities, so only KnightMg/KnightEg can explain them.
  std::unique_ptr<GameSession> truth = Session();
  const std::vector<std::string> fens = RandomPositions(*truth, 300, 7);
  ASSERT_GT(fens.size(), 5000u);
  ASSERT_TRUE(truth->params().Set("KnightMg", 330).ok());
  ASSERT_TRUE(truth->params().Set("KnightEg", 330).ok());
  absl::StatusOr<std::unique_ptr<EvalPositions>> truth_positions = truth->ParsePositions(fens);
  ASSERT_TRUE(truth_positions.ok()) << truth_positions.status();
  std::vector<int> evals(fens.size());
  (*truth_positions)->Evaluate(0, fens.size(), evals.data());
  std::vector<double> labels;
  for (int e : evals) labels.push_back(1 / (1 + std::exp(-0.004 * e)));

  std::unique_ptr<GameSession> session = Session();
  const int start = Value(*session, "KnightMg");
  ASSERT_GT(start, 400);
  absl::StatusOr<std::unique_ptr<EvalPositions>> positions = session->ParsePositions(fens);
  ASSERT_TRUE(positions.ok()) << positions.status();
  EvalFitOptions options;
  options.params = {"KnightMg", "KnightEg"};
  options.max_passes = 20;
  absl::StatusOr<EvalFitResult> fit = FitEvalParams(*session, **positions, labels, options);
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_LT(fit->loss_after, fit->loss_before);
  EXPECT_EQ(fit->fitted.size(), 2u);
  EXPECT_EQ(fit->changed, 2);
  // Within a few steps of the truth, and the session holds the fitted values.
  for (const auto& [name, value] : fit->fitted) {
    EXPECT_NEAR(value, 330, 30) << name;
    EXPECT_EQ(Value(*session, name), value);
  }
  EXPECT_GT(fit->k, 0.002);
  EXPECT_LT(fit->k, 0.008);
}

TEST(EvalFit, RefusesUnknownParametersAndMismatchedLabels) {
  std::unique_ptr<GameSession> session = Session();
  const std::vector<std::string> fens = {session->StartFen()};
  absl::StatusOr<std::unique_ptr<EvalPositions>> positions = session->ParsePositions(fens);
  ASSERT_TRUE(positions.ok());
  EvalFitOptions options;
  options.params = {"NoSuchWeight"};
  absl::StatusOr<EvalFitResult> fit = FitEvalParams(*session, **positions, {0.5}, options);
  EXPECT_TRUE(absl::StrContains(fit.status().message(), "NoSuchWeight")) << fit.status();
  fit = FitEvalParams(*session, **positions, {0.5, 1.0}, {});
  EXPECT_FALSE(fit.ok());
  EXPECT_FALSE(session->ParsePositions({"not a fen"}).ok());
}

// A stored game as the farm keeps it, from random moves, with `result`.
v1::Game RandomGame(uint64_t seed, GameResult result) {
  std::unique_ptr<GameSession> session = Session();
  selfplay::GameRecord record;
  record.variant = "shatar-traditional";
  record.start_fen = session->StartFen();
  std::mt19937_64 rng(seed);
  for (int ply = 0; ply < 60 && !session->Status().over(); ++ply) {
    const std::vector<std::string> moves = session->LegalMoves();
    const std::string m = moves[rng() % moves.size()];
    record.moves.push_back({m, 10, 5, 100, 1});
    EXPECT_TRUE(session->PlayMove(m).ok());
  }
  record.result = result;
  record.termination = Termination::kAdjudication;
  absl::StatusOr<v1::Game> game = proto::ToProto(record);
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

TEST(FitPositions, TakesQuietPositionsLabelledForTheSideToMove) {
  const v1::Game game = RandomGame(3, GameResult::kFirstPlayerWins);
  FitPositionSampler sampler(100000, 1);
  ASSERT_TRUE(sampler.Add(game).ok());
  ASSERT_FALSE(sampler.fens().empty());
  // Replay: each sampled position is one of the game's quiet ones, labelled 1 when White
  // (the first player, who won) is to move and 0 otherwise.
  std::unique_ptr<GameSession> session = Session();
  absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(game);
  ASSERT_TRUE(record.ok()) << record.status();
  ASSERT_TRUE(session->SetPosition(record->start_fen, {}).ok());
  std::map<std::string, double> quiet;
  std::string previous_san;
  for (size_t ply = 0; ply < record->moves.size(); ++ply) {
    const std::string& uci = record->moves[ply].uci;
    const std::string san = session->ToSan(uci);
    const bool excluded = ply < FitPositionSampler::kSkippedPlies || absl::StrContains(san, "x") ||
                          absl::EndsWith(previous_san, "+");
    if (!excluded) quiet[session->Fen()] = session->SideToMove() == 0 ? 1.0 : 0.0;
    ASSERT_TRUE(session->PlayMove(uci).ok());
    previous_san = san;
  }
  EXPECT_EQ(sampler.fens().size(), quiet.size());
  EXPECT_LT(quiet.size() + FitPositionSampler::kSkippedPlies, record->moves.size())
      << "random moves make captures and checks, whose positions are left out";
  for (size_t i = 0; i < sampler.fens().size(); ++i) {
    ASSERT_TRUE(quiet.contains(sampler.fens()[i])) << sampler.fens()[i];
    EXPECT_EQ(sampler.labels()[i], quiet[sampler.fens()[i]]);
  }
}

TEST(FitPositions, KeepsAUniformSampleOfAtMostItsSizeAndOneVariant) {
  FitPositionSampler sampler(50, 9);
  for (uint64_t seed = 0; seed < 20; ++seed)
    ASSERT_TRUE(sampler.Add(RandomGame(seed, GameResult::kDraw)).ok());
  EXPECT_EQ(sampler.games(), 20u);
  EXPECT_EQ(sampler.fens().size(), 50u);
  EXPECT_GT(sampler.quiet_positions_seen(), 200u);
  for (double label : sampler.labels()) EXPECT_EQ(label, 0.5);
  v1::Game other = RandomGame(1, GameResult::kDraw);
  other.set_variant("xiangqi");
  EXPECT_FALSE(sampler.Add(other).ok());
}

// Two identical deterministic players play an opening pair's two games alike: the copy (same
// start, same moves, whatever its id and result) adds nothing; a game that differs by one
// move is taken.
TEST(FitPositions, CountsAGameThatRepeatsAnEarlierOneOnce) {
  FitPositionSampler sampler(100000, 5);
  const v1::Game first = RandomGame(7, GameResult::kFirstPlayerWins);
  ASSERT_TRUE(sampler.Add(first).ok());
  const size_t positions = sampler.fens().size();
  v1::Game copy = first;
  copy.mutable_id()->set_colour(1);
  copy.set_result(v1::GAME_RESULT_DRAW);  // a copy's result does not make it a new game
  ASSERT_TRUE(sampler.Add(copy).ok());
  EXPECT_EQ(sampler.games(), 1u);
  EXPECT_EQ(sampler.repeated_games(), 1u);
  EXPECT_EQ(sampler.fens().size(), positions);
  v1::Game shorter = first;
  shorter.mutable_moves()->RemoveLast();
  ASSERT_TRUE(sampler.Add(shorter).ok());
  EXPECT_EQ(sampler.games(), 2u);
  EXPECT_EQ(sampler.repeated_games(), 1u);
  EXPECT_GT(sampler.fens().size(), positions);
}

// `tumen fit --teacher-cached-only`: the sample holds exactly the quiet positions the filter
// keeps, however many there are of the others, with their games' labels.
TEST(FitPositions, KeepsOnlyThePositionsItsFilterKeeps) {
  FitPositionSampler all(100000, 3);
  for (uint64_t seed = 0; seed < 6; ++seed)
    ASSERT_TRUE(all.Add(RandomGame(seed, GameResult::kFirstPlayerWins)).ok());
  std::multiset<std::pair<std::string, double>> kept;
  std::set<std::string> wanted;
  for (size_t i = 0; i < all.fens().size(); i += 3) wanted.insert(all.fens()[i]);
  for (size_t i = 0; i < all.fens().size(); ++i)
    if (wanted.contains(all.fens()[i])) kept.emplace(all.fens()[i], all.labels()[i]);
  ASSERT_LT(kept.size(), all.fens().size() / 2);

  FitPositionSampler filtered(100000, 3);
  filtered.KeepOnly([&](const std::string& fen) { return wanted.contains(fen); });
  for (uint64_t seed = 0; seed < 6; ++seed)
    ASSERT_TRUE(filtered.Add(RandomGame(seed, GameResult::kFirstPlayerWins)).ok());
  std::multiset<std::pair<std::string, double>> got;
  for (size_t i = 0; i < filtered.fens().size(); ++i)
    got.emplace(filtered.fens()[i], filtered.labels()[i]);
  EXPECT_EQ(got, kept);
  EXPECT_EQ(filtered.quiet_positions_seen(), kept.size());
  EXPECT_EQ(filtered.games(), all.games());
}

}  // namespace
}  // namespace tumen::coordinator
