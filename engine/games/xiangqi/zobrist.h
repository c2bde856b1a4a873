// Zobrist keys of Xiangqi, drawn once from a fixed seed so that keys are the same on every
// machine and run.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_ZOBRIST_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_ZOBRIST_H_

#include "engine/games/xiangqi/types.h"

namespace tumen::xiangqi::zobrist {

extern Key piece_square[kPieceCount][kSquares];
extern Key black_to_move;

}  // namespace tumen::xiangqi::zobrist

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_ZOBRIST_H_
