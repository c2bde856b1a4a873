// Move generation (RULES.md §6). Every move generated is legal: the deer step to an adjacent
// empty point or jump one adjacent dog to the empty point right behind it on the same line;
// the dogs step to an adjacent empty point of the big square or drop from hand on an empty
// point of the big square. Whether the game is already over is not looked at here
// (status.h decides that).
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_MOVEGEN_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_MOVEGEN_H_

#include "engine/games/bogenjirge/position.h"

namespace tumen::bogenjirge {

void GenerateMoves(const Position& pos, MoveList& moves);
// Jump captures (the deer); the dogs have no tactical moves.
void GenerateTacticalMoves(const Position& pos, MoveList& moves);
// The number of moves GenerateMoves would give, without listing them.
int CountMoves(const Position& pos);
// Some deer can step or jump onto a point of the big square (the sealed rule).
bool DeerCanEnterSquare(const Position& pos);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_MOVEGEN_H_
