// How a game ended, shared by every game so that records, statistics and the farm speak
// one vocabulary.
#ifndef TUMEN_ENGINE_CORE_OUTCOME_H_
#define TUMEN_ENGINE_CORE_OUTCOME_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace tumen {

enum class GameResult : uint8_t { kOngoing, kFirstPlayerWins, kSecondPlayerWins, kDraw };

enum class Termination : uint8_t {
  kNone = 0,
  kCheckmate,
  kStalemate,
  kKnightMateLoses,  // Shatar: a mate given only by knights loses for the mating side
  kKnightMateDraw,
  kBishopMateDraw,
  kNoShakDraw,  // Shatar shak rule: no knight/rook/queen-piece check in the series (niol)
  kBareKing,
  kDeadPosition,
  kLoneBishops,
  kRepetition,
  kFiftyMoves,
  kAdjudication,  // set by self-play, never by the rules
  kMaxLength,
  kTimeForfeit,
};

absl::string_view TerminationName(Termination t);

struct GameStatus {
  GameResult result = GameResult::kOngoing;
  Termination termination = Termination::kNone;
  bool over() const { return result != GameResult::kOngoing; }
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_OUTCOME_H_
