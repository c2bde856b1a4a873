// The rule set of a bogenjirge game (RULES.md §6) as data: the board (geometry, the big
// square, the start position) and the win-rule options. A variant name picks a preset.
// Move generation reads only the board; the options decide results.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_RULES_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_RULES_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/bogenjirge/board.h"

namespace tumen::bogenjirge {

// When deer outside the big square lose (RULES.md §6).
enum class OutsideRule : uint8_t {
  kSealed,              // every deer outside and none can step or jump back in (default)
  kImmediate,           // every deer outside, whatever they could do next
  kImmobilisationOnly,  // never: only immobilising the deer wins for the dogs
};

enum class RepetitionRule : uint8_t { kDeerWins, kDraw };

struct BogenjirgeRules {
  std::string name;
  std::shared_ptr<const Board> board;
  std::string start_fen;
  int start_dogs = 0;  // dogs on the board and in hand at the start (the evaluation's zero)
  OutsideRule outside = OutsideRule::kSealed;
  int min_dogs = 0;   // the deer win when fewer dogs (board + hand) remain; 0 = off
  int ply_cap = 400;  // the deer win when the game reaches this ply; 0 = off
  RepetitionRule repetition = RepetitionRule::kDeerWins;  // at the third occurrence
};

// Variant names, in the order UCI lists them.
const std::vector<std::string>& BogenjirgeVariants();

// "bogenjirge" (24 dogs v 2 deer), "bogenjirge-7", "bogenjirge-20".
absl::StatusOr<BogenjirgeRules> RulesForVariant(absl::string_view variant);

// The dogs (board + hand) of a FEN, 0 if it cannot tell.
int CountDogsInFen(absl::string_view fen);

// Default options on any board (e.g. one loaded with LoadBoardFile).
BogenjirgeRules RulesForBoard(std::string name, std::shared_ptr<const Board> board);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_RULES_H_
