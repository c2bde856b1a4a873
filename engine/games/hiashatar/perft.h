// Perft: counts the leaves of the legal move tree, the standard check of a move generator.
// Leaves are counted in bulk (CountLegalMoves at depth 1), not visited.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_PERFT_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_PERFT_H_

#include <cstdint>

#include "engine/games/hiashatar/movegen.h"

namespace tumen::hiashatar {

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

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_PERFT_H_
