// Game status of a bogenjirge position (RULES.md §6): the one place that decides whether
// the game is over and why, for the UCI front end, the search, perft and game validation.
//
// The deer are the first player (kFirstPlayerWins), the dogs the second. Rules are looked
// at in this order, the same in Status, in the search and in perft:
//   1. too few dogs left (option)              deer win   kTooFewDogs
//   2. every deer outside the big square       dogs win   kDeerOutside
//      (sealed: none can step or jump back in; immediate; or off)
//   3. the ply cap (option, default 400)       deer win   kPlyCap
//   4. threefold repetition                    deer win   kRepetitionDeerWin (option: draw)
//   5. no move for the side to move: deer      dogs win   kDeerImmobilised
//                                    dogs      deer win   kDogsCannotAct
// (The search, like every game's, takes a repetition inside its tree as the threefold one.)
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_STATUS_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_STATUS_H_

#include "engine/core/outcome.h"
#include "engine/games/bogenjirge/position.h"

namespace tumen::bogenjirge {

// Rules 1-3: what the position alone decides (no history, no move generation).
GameStatus PositionRuleStatus(const Position& pos);
// Rule 4 as a result (kOngoing when the option and the history do not end the game).
GameStatus RepetitionStatus(const Position& pos);
// Rule 5: the result when the side to move has no move.
GameStatus NoMovesStatus(const Position& pos);
// All rules, in order.
GameStatus EvaluateStatus(const Position& pos);
// Rule 1 or 2 has ended the game at once: the position has no legal moves, at the root as
// below it (RULES.md, Perft). The ply cap (a move counter) and repetition end a game in
// play but never take the moves away, so perft counts on through them.
bool GameEndedAtOnce(const Position& pos);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_STATUS_H_
