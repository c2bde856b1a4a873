// Static exchange evaluation of the 8x8 family: the material balance of the capture sequence
// on one square when each side recaptures with its least valuable piece and may stop at any
// time. The search uses it to order captures (losing ones after the quiet moves) and to
// prune losing captures in quiescence and at low depth.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_SEE_H_
#define TUMEN_ENGINE_GAMES_SHATAR_SEE_H_

#include "engine/games/shatar/position.h"

namespace tumen::shatar {

// Exchange value of a piece type, in centipawns (fixed: SEE decides signs, not fine scores).
int SeeValue(PieceType pt);

// Whether the exchange that `m` starts gains at least `threshold` for the side to move.
// X-rays through the square (a rook behind a rook, a bishop behind a queen) join the sequence
// as the pieces in front leave; pins and checks are ignored, as in every engine's SEE.
// A promotion gains the promoted piece's value over the pawn's; castling gains nothing.
bool SeeGe(const Position& pos, Move m, int threshold);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_SEE_H_
