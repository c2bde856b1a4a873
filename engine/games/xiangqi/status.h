// Game status of a Xiangqi position (RULES.md §5): the one function that decides whether the
// game is over and why, for the UCI front end, the search's root and the farm's validation.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_STATUS_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_STATUS_H_

#include "engine/core/outcome.h"
#include "engine/games/xiangqi/position.h"

namespace tumen::xiangqi {

// kFirstPlayerWins means Red wins. Looks at the position and its history (state chain).
GameStatus EvaluateStatus(const Position& pos);

// RULES.md §5: the side to move has no legal move and loses, mated (kCheckmate) or
// stalemated (kStalemate, a loss in Xiangqi).
GameStatus NoMovesStatus(const Position& pos);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_STATUS_H_
