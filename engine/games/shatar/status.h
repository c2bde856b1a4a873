// Game status of an 8x8 position: the one function that decides whether the game is over
// and why, for the UCI front end, the search's root and the farm's game validation.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_STATUS_H_
#define TUMEN_ENGINE_GAMES_SHATAR_STATUS_H_

#include "engine/core/outcome.h"
#include "engine/games/shatar/position.h"

namespace tumen::shatar {

// kFirstPlayerWins means White wins. Looks at the position and its history (state chain).
GameStatus EvaluateStatus(const Position& pos);

// The result of the position when the side to move has no legal move, under the mate rules
// of RULES.md §2-§3. Exposed for the search, which knows already that no move exists.
GameStatus NoMovesStatus(const Position& pos);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_STATUS_H_
