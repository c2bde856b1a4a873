#include "engine/games/shatar/zobrist.h"

#include "engine/core/prng.h"

namespace tumen::shatar::zobrist {

Key piece_square[kPieceCount][64];
Key castling[16];
Key en_passant_file[8];
Key black_to_move;
Key folk_stepped[64];

namespace {
struct Initializer {
  Initializer() {
    Prng prng(0x5348415441525A42ULL);  // "SHATARZB"
    for (auto& row : piece_square)
      for (Key& k : row) k = prng.Next();
    // Castling keys combine per right, so a set of rights hashes as the XOR of its members.
    Key single[4];
    for (Key& k : single) k = prng.Next();
    for (int rights = 0; rights < 16; ++rights) {
      castling[rights] = 0;
      for (int i = 0; i < 4; ++i)
        if (rights & (1 << i)) castling[rights] ^= single[i];
    }
    for (Key& k : en_passant_file) k = prng.Next();
    black_to_move = prng.Next();
    // Drawn last, so that the keys above (and every stored key) stay as they were.
    for (Key& k : folk_stepped) k = prng.Next();
  }
};
const Initializer initializer;
}  // namespace

}  // namespace tumen::shatar::zobrist
