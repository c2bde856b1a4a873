// Game status of a 10x10 position: the one function that decides whether the game is over
// and why, for the UCI front end, the search's root and the farm's game validation.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_STATUS_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_STATUS_H_

#include "engine/core/outcome.h"
#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar {

// kFirstPlayerWins means White wins. Looks at the position and its history (state chain).
GameStatus EvaluateStatus(const Position& pos);

// The result when the side to move has no legal move: checkmate or stalemate (RULES.md §4).
GameStatus NoMovesStatus(const Position& pos);

// RULES.md §4 dead position: K v K or K+minor v K. Envoys do not count: they never capture
// or attack, and a king next to one cannot be checked, so they can neither give nor help
// a mate.
bool IsDeadPosition(const Position& pos);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_STATUS_H_
