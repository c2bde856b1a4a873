// Static exchange evaluation of Xiangqi: the material balance of the capture sequence on one
// square when each side recaptures with its least valuable piece and may stop at any time.
// The search uses it as for the 8x8 family (engine/games/shatar/see.h): losing captures are
// ordered after the quiet moves and pruned in quiescence and at low depth.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_SEE_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_SEE_H_

#include "engine/games/xiangqi/position.h"

namespace tumen::xiangqi {

// Exchange value of a piece type, in centipawns (fixed: SEE decides signs, not fine scores).
int SeeValue(PieceType pt);

// The pieces of both colours that could capture on `s` under `occupied` (pieces not in it
// are gone). Each piece's own rule decides: a cannon needs exactly one screen, a horse or an
// elephant a free leg, an elephant stays on its side of the river, an advisor and the
// general in their palace. The flying general is no capture and is left out.
Bitboard CapturersTo(const Position& pos, Square s, Bitboard occupied);

// Whether the exchange that the capture `m` starts gains at least `threshold` for the side to
// move (a quiet move risks only the mover). The capturers are worked out again after each
// capture, so a cannon whose screen leaves drops out and one that gains a screen joins; pins,
// checks and the flying general are ignored, as in every engine's SEE.
bool SeeGe(const Position& pos, Move m, int threshold);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_SEE_H_
