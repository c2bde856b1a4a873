#include "engine/games/shatar/see.h"

#include "engine/core/exchange.h"

namespace tumen::shatar {

namespace {

constexpr int kSeeValues[kPieceTypeCount] = {0, 100, 320, 330, 500, 950, 700, 20000};

// Least valuable first: pawn, knight, bishop, rook, bers, queen, king.
constexpr PieceType kRecaptureOrder[] = {kPawn, kKnight, kBishop, kRook, kBers, kQueen, kKing};

}  // namespace

int SeeValue(PieceType pt) { return kSeeValues[pt]; }

bool SeeGe(const Position& pos, Move m, int threshold) {
  if (m.is_castling()) return threshold <= 0;
  const Square from = m.from(), to = m.to();
  const PieceType captured = m.is_en_passant() ? kPawn : TypeOf(pos.piece_on(to));
  const PieceType mover = m.is_promotion() ? m.promotion_type() : TypeOf(pos.MovedPiece(m));
  // `swap` is what the side to move is ahead of the threshold if the exchange stopped here,
  // seen from the side about to decide whether to go on.
  int swap = SeeValue(captured) - threshold;
  if (m.is_promotion()) swap += SeeValue(mover) - SeeValue(kPawn);
  if (swap < 0) return false;
  swap = SeeValue(mover) - swap;  // if the opponent takes back the piece that moved
  if (swap <= 0) return true;

  Bitboard occupied = pos.pieces() ^ SquareBB(from);
  if (m.is_en_passant()) occupied ^= SquareBB(MakeSquare(FileOf(to), RankOf(from)));
  // X-rays behind each piece that takes join as it leaves.
  return ExchangeReachesThreshold(
      pos, ColorOf(pos.MovedPiece(m)), swap, occupied, kRecaptureOrder,
      [&pos, to](Bitboard occ) { return pos.AttackersTo(to, occ) & occ; }, SeeValue);
}

}  // namespace tumen::shatar
