#include "engine/selfplay/play_game.h"

#include <chrono>
#include <cstdlib>
#include <memory>

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/core/score.h"
#include "engine/core/status_macros.h"
#include "engine/selfplay/uci_engine_player.h"

namespace tumen::selfplay {
namespace {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A player: our engine (a session) or an external UCI engine.
struct Player {
  std::unique_ptr<GameSession> session;
  std::unique_ptr<UciEnginePlayer> engine;
};

absl::StatusOr<std::unique_ptr<GameSession>> CreateSession(const GameSpec& spec,
                                                           const PlayerConfig& player) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session,
                         CreateGameSession(spec.variant, spec.rules));
  if (absl::Status s = session->params().ParseText(player.params_text); !s.ok())
    return absl::InvalidArgumentError(
        absl::StrCat("parameters '", player.params_name, "': ", s.message()));
  session->SetThreads(1);  // self-play throughput mode: one search thread per game
  session->SetHashMb(size_t(std::max(1, spec.hash_mb)));
  return session;
}

// A move drawn among those a MultiPV search scores within `margin_cp` of the best, so that
// self-play of one engine against itself still gives varied games.
absl::StatusOr<MoveRecord> SampleMove(GameSession& session, search::Limits limits, int margin_cp,
                                      uint64_t seed) {
  constexpr int kCandidates = 4;
  limits.multipv = kCandidates;
  std::vector<std::pair<int, std::string>> lines(kCandidates + 1);  // by multipv index
  int depth = 0;
  const search::SearchResult r = session.Go(limits, [&](const search::SearchInfo& info) {
    if (info.multipv < 1 || info.multipv > kCandidates || info.pv.empty()) return;
    if (info.multipv == 1) depth = info.depth;
    lines[size_t(info.multipv)] = {info.is_mate ? (info.mate_in > 0 ? 32000 : -32000) : info.score,
                                   info.pv[0]};
  });
  if (r.best_move.empty()) return absl::InternalError("engine found no move to sample from");
  std::vector<const std::pair<int, std::string>*> near;
  for (int i = 1; i <= kCandidates; ++i)
    if (!lines[size_t(i)].second.empty() && lines[size_t(i)].first >= lines[1].first - margin_cp)
      near.push_back(&lines[size_t(i)]);
  if (near.empty()) return MoveRecord{r.best_move, r.score, depth, r.nodes, 0};
  const auto* pick = near[Prng(seed).Next() % near.size()];
  return MoveRecord{pick->second, pick->first, depth, r.nodes, 0};
}

GameResult WinFor(int side) {
  return side == 0 ? GameResult::kFirstPlayerWins : GameResult::kSecondPlayerWins;
}

// Counts consecutive moves meeting the adjudication conditions.
class Adjudicator {
 public:
  explicit Adjudicator(const Adjudication& rules) : rules_(rules) {}

  // Records the mover's score; returns a result when the game is to be adjudicated.
  GameResult Update(int side, int score, int fullmove) {
    const Adjudication& r = rules_;
    if (r.resign_score_cp > 0 && r.resign_moves > 0 && !IsMateScore(score)) {
      losing_[side] = score <= -r.resign_score_cp ? losing_[side] + 1 : 0;
      winning_[side] = score >= r.resign_score_cp ? winning_[side] + 1 : 0;
      for (int s : {0, 1})
        if (losing_[s] >= r.resign_moves && winning_[1 - s] >= r.resign_moves) return WinFor(1 - s);
    } else if (IsMateScore(score)) {
      losing_[side] = winning_[side] = 0;
    }
    if (r.draw_moves > 0 && fullmove >= r.draw_after_move) {
      quiet_plies_ = std::abs(score) <= r.draw_score_cp ? quiet_plies_ + 1 : 0;
      if (quiet_plies_ >= 2 * r.draw_moves) return GameResult::kDraw;
    }
    return GameResult::kOngoing;
  }

 private:
  Adjudication rules_;
  int losing_[2] = {0, 0}, winning_[2] = {0, 0};
  int quiet_plies_ = 0;
};

}  // namespace

absl::StatusOr<GameRecord> PlayGame(const GameSpec& spec, const std::atomic<bool>* abort) {
  GameRecord record;
  record.variant = spec.variant;
  record.white = spec.white;
  record.black = spec.black;
  record.seed = spec.seed;
  record.started_unix_ms = NowUnixMs();

  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> referee,
                         CreateGameSession(spec.variant, spec.rules));
  record.rules = referee->RuleSet();
  record.start_fen = spec.start_fen.empty() ? referee->StartFen() : spec.start_fen;
  if (absl::Status s = referee->SetPosition(record.start_fen, {}); !s.ok())
    return absl::InvalidArgumentError(absl::StrCat("opening: ", s.message()));

  // An external engine that fails (cannot start, crashes, hangs, plays an illegal move)
  // loses the game; the event is recorded in it.
  const auto engine_failed = [&](int side, absl::string_view what) {
    record.result = WinFor(1 - side);
    record.termination = Termination::kEngineFailure;
    record.events.push_back(
        absl::StrCat(side == 0 ? spec.white.engine : spec.black.engine, ": ", what));
    record.finished_unix_ms = NowUnixMs();
    return record;
  };
  Player players[2];
  for (int side : {0, 1}) {
    const PlayerConfig& config = side == 0 ? spec.white : spec.black;
    if (config.external) {
      absl::StatusOr<std::unique_ptr<UciEnginePlayer>> engine = UciEnginePlayer::Start(
          {config.external->path, {}, config.external->uci_variant, config.external->options});
      absl::Status s = engine.ok() ? (*engine)->NewGame() : engine.status();
      if (!s.ok()) return engine_failed(side, s.message());
      players[side].engine = *std::move(engine);
    } else {
      TUMEN_ASSIGN_OR_RETURN(players[side].session, CreateSession(spec, config));
      TUMEN_RETURN_IF_ERROR(players[side].session->SetPosition(record.start_fen, {}));
    }
  }

  const TimeControl& tc = spec.tc;
  int64_t clock[2] = {tc.base_ms, tc.base_ms};
  Adjudicator adjudicator(spec.adjudication);
  const int max_plies = spec.adjudication.max_plies > 0 ? spec.adjudication.max_plies : 2000;
  std::vector<std::string> played;
  for (int ply = 0;; ++ply) {
    if (abort && abort->load(std::memory_order_relaxed))
      return absl::CancelledError("game aborted: the worker is stopping");
    const GameStatus status = referee->Status();
    if (status.over()) {
      record.result = status.result;
      record.termination = status.termination;
      break;
    }
    if (ply >= max_plies) {
      record.result = GameResult::kDraw;
      record.termination = Termination::kMaxLength;
      break;
    }
    const int side = referee->SideToMove();
    MoveRecord move;
    const auto start = std::chrono::steady_clock::now();
    if (players[side].engine) {
      // Generous deadline: the engine's own limit plus slack for process overhead.
      const absl::Duration timeout =
          tc.base_ms > 0       ? absl::Milliseconds(std::max<int64_t>(clock[side], 0) + 5000)
          : tc.movetime_ms > 0 ? absl::Milliseconds(tc.movetime_ms + 5000)
                               : absl::Seconds(120);
      absl::StatusOr<EngineMove> m =
          players[side].engine->Think(record.start_fen, played, tc, clock, timeout);
      if (!m.ok()) return engine_failed(side, m.status().message());
      move = {m->move, m->score_cp, m->depth, m->nodes, 0};
    } else {
      search::Limits limits;
      limits.nodes = tc.nodes;
      limits.depth = tc.depth;
      limits.movetime_ms = tc.movetime_ms;
      if (tc.base_ms > 0) {
        limits.time_ms[0] = std::max<int64_t>(clock[0], 1);
        limits.time_ms[1] = std::max<int64_t>(clock[1], 1);
        limits.inc_ms[0] = limits.inc_ms[1] = tc.increment_ms;
      }
      if (ply < spec.sample_plies) {
        TUMEN_ASSIGN_OR_RETURN(move, SampleMove(*players[side].session, limits,
                                                spec.sample_margin_cp, MixSeed(spec.seed, ply)));
      } else {
        int depth = 0;
        const search::SearchResult r = players[side].session->Go(
            limits, [&](const search::SearchInfo& info) { depth = info.depth; });
        if (r.best_move.empty())
          return absl::InternalError(absl::StrCat("engine found no move in ", referee->Fen()));
        move = {r.best_move, r.score, depth, r.nodes, 0};
      }
    }
    const int64_t elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - start)
                                .count();
    move.time_ms = int(elapsed);
    if (tc.base_ms > 0) {
      clock[side] -= elapsed;
      if (clock[side] < 0) {  // RULES: a flag loss is a result
        record.result = WinFor(1 - side);
        record.termination = Termination::kTimeForfeit;
        break;
      }
      clock[side] += tc.increment_ms;
    }
    if (!referee->PlayMove(move.uci).ok()) return engine_failed(side, "illegal move " + move.uci);
    for (Player& p : players)
      if (p.session) TUMEN_RETURN_IF_ERROR(p.session->PlayMove(move.uci));
    played.push_back(move.uci);
    record.moves.push_back(move);
    const GameResult adjudicated = adjudicator.Update(side, move.score_cp, ply / 2 + 1);
    if (adjudicated != GameResult::kOngoing && !referee->Status().over()) {
      record.result = adjudicated;
      record.termination = Termination::kAdjudication;
      break;
    }
  }
  record.tuukhei = referee->GradeWin();
  record.finished_unix_ms = NowUnixMs();
  return record;
}

}  // namespace tumen::selfplay
