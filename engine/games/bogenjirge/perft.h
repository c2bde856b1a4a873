// Perft: the leaves of the legal move tree, counted in bulk at the last ply. A position
// whose game a win rule has already ended has no moves (RULES.md §6); the ply cap and
// repetition never stop perft.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_PERFT_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_PERFT_H_

#include <cstdint>

#include "engine/games/bogenjirge/movegen.h"
#include "engine/games/bogenjirge/status.h"

namespace tumen::bogenjirge {

inline uint64_t Perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (GameEndedAtOnce(pos)) return 0;
  if (depth == 1) return uint64_t(CountMoves(pos));
  MoveList moves;
  GenerateMoves(pos, moves);
  uint64_t nodes = 0;
  StateInfo st;
  for (Move m : moves) {
    pos.DoMove(m, st);
    nodes += Perft(pos, depth - 1);
    pos.UndoMove(m);
  }
  return nodes;
}

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_PERFT_H_
