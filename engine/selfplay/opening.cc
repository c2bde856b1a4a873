#include "engine/selfplay/opening.h"

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/core/status_macros.h"

namespace tumen::selfplay {

absl::StatusOr<std::string> RandomOpening(const std::string& variant, int plies, uint64_t seed) {
  TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session, CreateGameSession(variant));
  Prng prng(MixSeed(seed, 0x0BE41146ULL));
  // A random walk can end the game (e.g. a bare king); start over then, a bounded number of times.
  for (int attempt = 0; attempt < 100; ++attempt) {
    TUMEN_RETURN_IF_ERROR(session->SetPosition("", {}));
    bool ok = true;
    for (int ply = 0; ply < plies && ok; ++ply) {
      const std::vector<std::string> moves = session->LegalMoves();
      if (moves.empty()) {
        ok = false;
        break;
      }
      TUMEN_RETURN_IF_ERROR(session->PlayMove(moves[prng.Below(moves.size())]));
      ok = !session->Status().over();
    }
    if (ok) return session->Fen();
  }
  return absl::FailedPreconditionError(
      absl::StrCat("no random opening of ", plies, " plies found for ", variant));
}

}  // namespace tumen::selfplay
