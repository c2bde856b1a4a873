// Zobrist keys of the 8x8 family, drawn once from a fixed seed so that keys (and so the
// transposition table and opening books) are the same on every machine and run.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_ZOBRIST_H_
#define TUMEN_ENGINE_GAMES_SHATAR_ZOBRIST_H_

#include "engine/games/shatar/types.h"

namespace tumen::shatar::zobrist {

extern Key piece_square[kPieceCount][64];
extern Key castling[16];
extern Key en_passant_file[8];
extern Key black_to_move;
// A waiting pawn of delayed folk promotion that has made its one backward step (position.h).
extern Key folk_stepped[64];

}  // namespace tumen::shatar::zobrist

#endif  // TUMEN_ENGINE_GAMES_SHATAR_ZOBRIST_H_
