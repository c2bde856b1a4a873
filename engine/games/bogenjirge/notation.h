// Move notation of bogenjirge. UCI style: a step or a jump is the two point names, "c3d3",
// "c3e3" (a jump is told from a step by the distance); a drop is "D@e3" (the dog's FEN
// letter, upper case as in UCI drops; "d@", "P@" and "p@" are accepted on input). The
// readable form (ToSan) writes steps "c3-d3", jumps "c3xe3" and drops "D@e3".
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_NOTATION_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/bogenjirge/position.h"

namespace tumen::bogenjirge {

std::string MoveToUci(Move m);
std::string MoveToSan(const Position& pos, Move m);
// A legal move of `pos` from UCI text; errors say why the text is not one.
absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text);
// The board as text: rows top first, D deer, d dog, . empty point, then side and hand.
std::string BoardDiagram(const Position& pos);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_NOTATION_H_
