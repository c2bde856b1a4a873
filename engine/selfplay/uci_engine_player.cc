#include "engine/selfplay/uci_engine_player.h"

#include <signal.h>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "engine/core/score.h"

namespace tumen::selfplay {

absl::StatusOr<std::unique_ptr<UciEnginePlayer>> UciEnginePlayer::Start(
    const UciEngineConfig& config) {
  absl::StatusOr<std::unique_ptr<Subprocess>> process = Subprocess::Start(config.path, config.args);
  if (!process.ok()) return process.status();
  std::unique_ptr<UciEnginePlayer> player(new UciEnginePlayer(*std::move(process)));
  if (absl::Status s = player->process_->WriteLine("uci"); !s.ok()) return s;
  absl::StatusOr<std::string> ok =
      player->ReadUntil("uciok", config.startup_timeout, [&](const std::string& line) {
        if (absl::StartsWith(line, "id name ")) player->name_ = line.substr(8);
      });
  if (!ok.ok())
    return absl::Status(ok.status().code(),
                        absl::StrCat(config.path, ": no uciok: ", ok.status().message()));
  // Options first: one of them may define the variant (Fairy-Stockfish's VariantPath).
  for (const auto& [name, value] : config.options)
    if (absl::Status s =
            player->process_->WriteLine(absl::StrCat("setoption name ", name, " value ", value));
        !s.ok())
      return s;
  if (!config.variant.empty())
    if (absl::Status s =
            player->process_->WriteLine("setoption name UCI_Variant value " + config.variant);
        !s.ok())
      return s;
  // An option the engine refused would otherwise pass unnoticed, and a match would measure
  // the engine without it: Tumen answers "info string error: ...", the Stockfish family "No
  // such option: ...", both before the readyok that follows.
  std::string refused;
  const auto note_refusal = [&](const std::string& line) {
    if (refused.empty() &&
        (absl::StartsWith(line, "info string error") || absl::StartsWith(line, "No such option")))
      refused = line;
  };
  if (absl::Status s = player->Sync(config.startup_timeout, note_refusal); !s.ok()) return s;
  if (!refused.empty())
    return absl::InvalidArgumentError(absl::StrCat(
        config.path,
        " refused an option (see its `uci` output for the names and ranges): ", refused));
  if (player->name_.empty()) player->name_ = config.path;
  return player;
}

absl::StatusOr<std::string> UciEnginePlayer::ReadUntil(
    absl::string_view prefix, absl::Duration timeout,
    const std::function<void(const std::string&)>& seen) {
  const absl::Time end = absl::Now() + timeout;
  while (true) {
    const absl::Duration left = end - absl::Now();
    if (left <= absl::ZeroDuration()) {
      kill(process_->pid(), SIGKILL);  // a hung engine is not waited for
      return absl::DeadlineExceededError(absl::StrCat("engine gave no '", prefix, "' in time"));
    }
    absl::StatusOr<std::string> line = process_->ReadLine(left);
    if (!line.ok()) {
      if (line.status().code() == absl::StatusCode::kDeadlineExceeded)
        continue;  // re-check the deadline
      return absl::UnavailableError(absl::StrCat("engine stopped: ", line.status().message()));
    }
    if (absl::StartsWith(*line, prefix)) return line;
    if (seen) seen(*line);
  }
}

absl::Status UciEnginePlayer::Sync(absl::Duration timeout,
                                   const std::function<void(const std::string&)>& seen) {
  if (absl::Status s = process_->WriteLine("isready"); !s.ok())
    return absl::UnavailableError(s.message());
  absl::StatusOr<std::string> r = ReadUntil("readyok", timeout, seen);
  return r.ok() ? absl::OkStatus() : r.status();
}

absl::Status UciEnginePlayer::NewGame() {
  if (absl::Status s = process_->WriteLine("ucinewgame"); !s.ok())
    return absl::UnavailableError(s.message());
  return Sync(absl::Seconds(10));
}

absl::StatusOr<EngineMove> UciEnginePlayer::Think(const std::string& start_fen,
                                                  const std::vector<std::string>& moves,
                                                  const TimeControl& tc, const int64_t clock_ms[2],
                                                  absl::Duration timeout) {
  std::string position = "position fen " + start_fen;
  if (!moves.empty()) absl::StrAppend(&position, " moves ", absl::StrJoin(moves, " "));
  std::string go = "go";
  if (tc.nodes) absl::StrAppend(&go, " nodes ", tc.nodes);
  if (tc.depth) absl::StrAppend(&go, " depth ", tc.depth);
  if (tc.movetime_ms) absl::StrAppend(&go, " movetime ", tc.movetime_ms);
  if (tc.base_ms)
    absl::StrAppend(&go, " wtime ", std::max<int64_t>(1, clock_ms[0]), " btime ",
                    std::max<int64_t>(1, clock_ms[1]), " winc ", tc.increment_ms, " binc ",
                    tc.increment_ms);
  for (const std::string& line : {position, go})
    if (absl::Status s = process_->WriteLine(line); !s.ok())
      return absl::UnavailableError(s.message());
  EngineMove result;
  absl::StatusOr<std::string> best = ReadUntil("bestmove", timeout, [&](const std::string& line) {
    if (!absl::StartsWith(line, "info ")) return;
    const std::vector<absl::string_view> w = absl::StrSplit(line, ' ', absl::SkipEmpty());
    for (size_t i = 1; i + 1 < w.size(); ++i) {
      int64_t v = 0;
      if (w[i] == "depth" && absl::SimpleAtoi(w[i + 1], &v)) result.depth = int(v);
      if (w[i] == "nodes" && absl::SimpleAtoi(w[i + 1], &v)) result.nodes = uint64_t(v);
      if (w[i] == "score" && i + 2 < w.size() && absl::SimpleAtoi(w[i + 2], &v)) {
        if (w[i + 1] == "cp") result.score_cp = int(v);
        if (w[i + 1] == "mate")
          result.score_cp = v > 0 ? MateIn(int(2 * v - 1)) : MatedIn(int(-2 * v));
      }
    }
  });
  if (!best.ok()) return best.status();
  const std::vector<std::string> w = absl::StrSplit(*best, ' ', absl::SkipEmpty());
  if (w.size() < 2 || w[1] == "(none)" || w[1] == "0000")
    return absl::FailedPreconditionError("engine has no move: " + *best);
  result.move = w[1];
  return result;
}

}  // namespace tumen::selfplay
