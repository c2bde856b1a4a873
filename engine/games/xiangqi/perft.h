// Perft: counts the leaves of the legal move tree, the standard check of a move generator.
// Leaves are counted in bulk (CountLegalMoves), not visited.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_PERFT_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_PERFT_H_

#include <cstdint>

#include "engine/games/xiangqi/movegen.h"

namespace tumen::xiangqi {

inline uint64_t Perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return CountLegalMoves(pos);
  MoveList moves;
  GenerateLegalMoves(pos, moves);
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.DoMove(m, st);
    nodes += Perft(pos, depth - 1);
    pos.UndoMove(m);
  }
  return nodes;
}

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_PERFT_H_
