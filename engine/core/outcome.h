// How a game ended, shared by every game so that records, statistics and the farm speak
// one vocabulary.
#ifndef TUMEN_ENGINE_CORE_OUTCOME_H_
#define TUMEN_ENGINE_CORE_OUTCOME_H_

#include <cstdint>
#include <string>

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
  kPerpetualCheck = 15,  // Xiangqi: the side that checked with every move of a cycle loses
  // Bogenjirge (deer chess, RULES.md §6).
  kDeerImmobilised = 16,    // the deer are to move and none can move: the dogs win
  kDeerOutside = 17,        // every deer outside the big square (sealed): the dogs win
  kDogsCannotAct = 18,      // the dogs are to move and cannot: the deer win
  kTooFewDogs = 19,         // fewer dogs left than the threshold: the deer win
  kPlyCap = 20,             // the ply cap reached: the deer win
  kRepetitionDeerWin = 21,  // threefold repetition: the deer win
  kEngineFailure = 22,      // an external engine crashed, hung or played illegally: it loses
};

absl::string_view TerminationName(Termination t);

struct GameStatus {
  GameResult result = GameResult::kOngoing;
  Termination termination = Termination::kNone;
  bool over() const { return result != GameResult::kOngoing; }
};

// The grade of a decisive game won by mate (Shatar's tuukhei, RULES.md §3): the length of the
// winner's check series before the mate and its name, e.g. {2, "camel-2"}, {1, "rook-1"},
// {5, "talbod"}. It never changes the result.
struct WinGrade {
  int count = 0;
  std::string name;
  bool operator==(const WinGrade&) const = default;
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_OUTCOME_H_
