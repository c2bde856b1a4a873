#include "engine/games/xiangqi/zobrist.h"

#include "engine/core/prng.h"

namespace tumen::xiangqi::zobrist {

Key piece_square[kPieceCount][kSquares];
Key black_to_move;

namespace {
struct Initializer {
  Initializer() {
    Prng prng(0x5849414E47514921ULL);  // "XIANGQI!"
    for (auto& row : piece_square)
      for (Key& k : row) k = prng.Next();
    black_to_move = prng.Next();
  }
};
const Initializer initializer;
}  // namespace

}  // namespace tumen::xiangqi::zobrist
