#include "engine/games/shatar/zobrist.h"

#include "engine/core/prng.h"

namespace tumen::shatar::zobrist {

Key piece_square[kPieceCount][64];
Key castling[16];
Key en_passant_file[8];
Key black_to_move;

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
  }
};
const Initializer initializer;
}  // namespace

}  // namespace tumen::shatar::zobrist
