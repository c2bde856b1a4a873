#include "engine/selfplay/analyse.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/score.h"
#include "engine/core/status_macros.h"

namespace tumen::selfplay {

absl::StatusOr<AnalysisOutcome> AnalysePosition(const AnalysisRequest& request) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session,
                         CreateGameSession(request.variant, request.rules));
  if (absl::Status s = session->params().ParseText(request.params_text); !s.ok())
    return absl::InvalidArgumentError(absl::StrCat("parameters: ", s.message()));
  session->SetThreads(1);
  session->SetHashMb(size_t(std::max(1, request.hash_mb)));
  TUMEN_RETURN_IF_ERROR(session->SetPosition(request.fen, request.moves));
  AnalysisOutcome out;
  out.fen = session->Fen();
  const GameStatus status = session->Status();
  if (status.over()) {
    out.terminal = true;
    if (status.result != GameResult::kDraw) {
      const bool mover_wins =
          (status.result == GameResult::kFirstPlayerWins) == (session->SideToMove() == 0);
      out.score_cp = mover_wins ? kMateScore : -kMateScore;
    }
    return out;
  }
  search::Limits limits;
  limits.nodes = request.tc.nodes;
  limits.depth = request.tc.depth;
  limits.movetime_ms = request.tc.movetime_ms;
  if (limits.nodes == 0 && limits.depth == 0 && limits.movetime_ms == 0)
    return absl::InvalidArgumentError("analysis needs a node, depth or movetime limit");
  limits.excluded_moves = request.excluded_moves;
  const search::SearchResult r = session->Go(limits, [&](const search::SearchInfo& info) {
    if (info.multipv != 1) return;
    out.pv = info.pv;
    out.depth = info.depth;
  });
  out.best_move = r.best_move;
  out.score_cp = r.score;
  out.nodes = r.nodes;
  if (out.best_move.empty()) out.pv.clear();
  if (!out.pv.empty() && out.pv[0] != out.best_move) out.pv = {out.best_move};
  if (out.depth == 0) out.depth = r.depth;
  return out;
}

}  // namespace tumen::selfplay
