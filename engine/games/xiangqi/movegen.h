// Legal move generation for Xiangqi. Outside check, a move is legal at once unless its piece
// stands on a line to the own king that it may be screening (a pin by a rook, the flying
// general, a cannon's hurdle or a horse's leg) or it lands between the king and an enemy
// cannon with nothing in between (creating the screen); only those moves, king moves and
// every move under check are tested by recomputing the attacks on the king. One generator
// feeds either a move list or a counter, so perft's leaves are counted without building moves.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_MOVEGEN_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_MOVEGEN_H_

#include <cstdint>

#include "engine/games/xiangqi/position.h"

namespace tumen::xiangqi {

void GenerateLegalMoves(const Position& pos, MoveList& moves);

// The legal captures (quiescence search).
void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves);

// Number of legal moves, without generating them.
uint64_t CountLegalMoves(const Position& pos);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_MOVEGEN_H_
