#include "engine/core/outcome.h"

namespace tumen {

absl::string_view TerminationName(Termination t) {
  switch (t) {
    case Termination::kNone:
      return "none";
    case Termination::kCheckmate:
      return "checkmate";
    case Termination::kStalemate:
      return "stalemate";
    case Termination::kKnightMateLoses:
      return "knight mate loses";
    case Termination::kKnightMateDraw:
      return "knight mate draws";
    case Termination::kBishopMateDraw:
      return "bishop mate draws";
    case Termination::kNoShakDraw:
      return "mate without shak (niol)";
    case Termination::kBareKing:
      return "bare king";
    case Termination::kDeadPosition:
      return "dead position";
    case Termination::kLoneBishops:
      return "lone same-coloured bishops";
    case Termination::kRepetition:
      return "threefold repetition";
    case Termination::kFiftyMoves:
      return "50-move rule";
    case Termination::kAdjudication:
      return "adjudication";
    case Termination::kMaxLength:
      return "maximum length";
    case Termination::kTimeForfeit:
      return "time forfeit";
    case Termination::kPerpetualCheck:
      return "perpetual check";
    case Termination::kDeerImmobilised:
      return "deer immobilised";
    case Termination::kDeerOutside:
      return "deer sealed outside the big square";
    case Termination::kDogsCannotAct:
      return "dogs cannot act";
    case Termination::kTooFewDogs:
      return "too few dogs";
    case Termination::kPlyCap:
      return "ply cap";
    case Termination::kRepetitionDeerWin:
      return "repetition (deer win)";
    case Termination::kEngineFailure:
      return "engine failure";
  }
  return "unknown";
}

}  // namespace tumen
