#include "coordinator/jobs/analysis_checks.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/score.h"

namespace tumen::coordinator {
namespace {

constexpr int kMaxMovesInPosition = 1000;
constexpr int kMaxExcludedMoves = 512;
constexpr int kMaxPvMoves = 256;

}  // namespace

absl::Status InvalidAnalysis(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("analysis spec: ", what));
}

absl::Status CheckTimeControl(const v1::TimeControl& tc) {
  const int limits = (tc.nodes() > 0) + (tc.depth() > 0) + (tc.movetime_ms() > 0);
  if (limits != 1 || tc.base_ms() > 0 || tc.increment_ms() > 0)
    return InvalidAnalysis("give exactly one of tc nodes, depth or movetime per position");
  if (tc.depth() > 64) return InvalidAnalysis("tc depth above 64");
  if (tc.movetime_ms() > 600'000) return InvalidAnalysis("tc movetime above 10 minutes");
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<GameSession>> SessionFor(const std::string& variant,
                                                        const std::string& rules) {
  if (rules.size() > 1024) return InvalidAnalysis("rules longer than 1024 characters");
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(variant, rules);
  if (!session.ok()) return InvalidAnalysis(session.status().message());
  return session;
}

// Checks a position (and the result for it, when given) with the rules core.
absl::Status CheckPosition(GameSession& session, const v1::AnalysisPosition& p,
                           const v1::AnalysisResult* result) {
  if (p.moves_size() > kMaxMovesInPosition || p.excluded_moves_size() > kMaxExcludedMoves ||
      p.label().size() > 256 || p.fen().size() > 256)
    return InvalidAnalysis(absl::StrCat("a position may have at most ", kMaxMovesInPosition,
                                        " moves, ", kMaxExcludedMoves,
                                        " excluded moves and a 256-character label"));
  const std::vector<std::string> moves(p.moves().begin(), p.moves().end());
  if (absl::Status s = session.SetPosition(p.fen(), moves); !s.ok()) return s;
  if (!result) return absl::OkStatus();
  const auto bad = [](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("analysis result rejected: ", what));
  };
  const GameStatus status = session.Status();
  if (result->terminal() != status.over())
    return bad(status.over() ? "the game is over in this position" : "the game is not over");
  if (result->score_cp() > kMateScore || result->score_cp() < -kMateScore)
    return bad("score out of range");
  if (result->pv_size() > kMaxPvMoves) return bad("principal variation too long");
  for (const std::string& m : result->pv())
    if (m.size() > 8) return bad("principal variation move too long");
  if (result->terminal()) {
    int exact = 0;
    if (status.result != GameResult::kDraw)
      exact = (status.result == GameResult::kFirstPlayerWins) == (session.SideToMove() == 0)
                  ? kMateScore
                  : -kMateScore;
    if (result->score_cp() != exact) return bad("terminal score differs from the rules' result");
    if (!result->best_move().empty()) return bad("a finished game has no best move");
    return absl::OkStatus();
  }
  const std::vector<std::string> legal = session.LegalMoves();
  const auto excluded = [&](const std::string& m) {
    return std::find(p.excluded_moves().begin(), p.excluded_moves().end(), m) !=
           p.excluded_moves().end();
  };
  if (result->best_move().empty()) {
    for (const std::string& m : legal)
      if (!excluded(m)) return bad(absl::StrCat("no best move, but ", m, " is not excluded"));
    return absl::OkStatus();
  }
  if (std::find(legal.begin(), legal.end(), result->best_move()) == legal.end())
    return bad(absl::StrCat("best move ", result->best_move(), " is illegal"));
  if (excluded(result->best_move()))
    return bad(absl::StrCat("best move ", result->best_move(), " was excluded"));
  return absl::OkStatus();
}

}  // namespace tumen::coordinator
