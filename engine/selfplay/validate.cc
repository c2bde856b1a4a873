#include "engine/selfplay/validate.h"

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/status_macros.h"

namespace tumen::selfplay {
namespace {

bool DecidedOutsideTheRules(Termination t) {
  return t == Termination::kAdjudication || t == Termination::kMaxLength ||
         t == Termination::kTimeForfeit || t == Termination::kEngineFailure;
}

}  // namespace

absl::Status ValidateGame(const GameRecord& game) {
  const auto error = [](const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat("game rejected: ", what));
  };
  absl::StatusOr<std::unique_ptr<GameSession>> created =
      CreateGameSession(game.variant, game.rules);
  if (!created.ok()) return error(std::string(created.status().message()));
  GameSession& session = **created;
  if (absl::Status s = session.SetPosition(game.start_fen, {}); !s.ok())
    return error(absl::StrCat("start position: ", s.message()));
  for (size_t i = 0; i < game.moves.size(); ++i) {
    const GameStatus before = session.Status();
    if (before.over())
      return error(absl::StrCat("move ", i + 1, " (", game.moves[i].uci,
                                ") follows the end of the game (",
                                TerminationName(before.termination), ")"));
    if (absl::Status s = session.PlayMove(game.moves[i].uci); !s.ok())
      return error(absl::StrCat("move ", i + 1, " is illegal: ", s.message()));
  }
  const GameStatus final_status = session.Status();
  if (game.result == GameResult::kOngoing) return error("the game has no result");
  if (DecidedOutsideTheRules(game.termination)) {
    if (final_status.over())
      return error(
          absl::StrCat("recorded as ", TerminationName(game.termination),
                       " but the rules ended it: ", TerminationName(final_status.termination)));
    if (game.termination == Termination::kMaxLength && game.result != GameResult::kDraw)
      return error("a game stopped at the maximum length must be a draw");
    if ((game.termination == Termination::kTimeForfeit ||
         game.termination == Termination::kEngineFailure) &&
        game.result == GameResult::kDraw)
      return error("a time forfeit or engine failure cannot be a draw");
    return absl::OkStatus();
  }
  if (!final_status.over())
    return error("the recorded result is not a result of the final position");
  if (final_status.result != game.result || final_status.termination != game.termination)
    return error(absl::StrCat("recorded result disagrees with the final position (rules say ",
                              TerminationName(final_status.termination), ")"));
  if (game.tuukhei != session.GradeWin()) return error("recorded tuukhei disagrees with the moves");
  return absl::OkStatus();
}

}  // namespace tumen::selfplay
