// Static exchange evaluation of the 10x10 family: the material balance of the capture sequence
// on one square when each side recaptures with its least valuable piece and may stop at any
// time. The search uses it as for the 8x8 family (engine/games/shatar/see.h): losing captures
// are ordered after the quiet moves and pruned in quiescence and at low depth.
//
// The bodyguard zones (RULES.md §4) decide who can take back: a line capture may not cross a
// square of an enemy zone, and a piece standing in one takes only next to it. A bodyguard that
// takes on the square brings its zone there, so only the pieces next to it and knights can
// take it back.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_SEE_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_SEE_H_

#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar {

// Exchange value of a piece type, in centipawns (fixed: SEE decides signs, not fine scores).
int SeeValue(PieceType pt);

// The pieces of both colours in `occupied` (pieces not in it are gone) that could capture on
// `s`, whatever stands there. `restricted[c]`: the zone squares that cut colour c's lines (the
// squares around the other colour's bodyguards). Envoys' neutral squares are the position's.
Bitboard CapturersTo(const Position& pos, Square s, Bitboard occupied,
                     const Bitboard restricted[2]);

// Whether the exchange that `m` starts gains at least `threshold` for the side to move (a
// quiet move risks only the mover; a promotion gains a queen over the pawn). The zones are
// worked out again after each capture from the bodyguards still standing, with the one on
// the square if the last capturer was one; pins and checks are ignored, as in every engine's
// SEE.
bool SeeGe(const Position& pos, Move m, int threshold);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_SEE_H_
