#include "engine/games/xiangqi/see.h"

#include "engine/core/exchange.h"
#include "engine/games/xiangqi/attacks.h"

namespace tumen::xiangqi {

namespace {

constexpr int kSeeValues[kPieceTypeCount] = {0, 100, 200, 200, 400, 450, 900, 20000};

// Least valuable first: soldier, advisor, elephant, horse, cannon, rook, general.
constexpr PieceType kRecaptureOrder[] = {kSoldier, kAdvisor, kElephant, kHorse,
                                         kCannon,  kRook,    kKing};

// The pieces of `candidates` whose own steps (`steps(from)`) reach s: for the steppers whose
// tables are not symmetric everywhere (palace and river limits).
template <class Steps>
Bitboard ThatReach(Bitboard candidates, Square s, Steps steps) {
  Bitboard found = 0;
  for (Bitboard b = candidates; b;) {
    const Square from = PopLowestBit(b);
    if (steps(from) & SquareBB(s)) found |= SquareBB(from);
  }
  return found;
}

}  // namespace

int SeeValue(PieceType pt) { return kSeeValues[pt]; }

Bitboard CapturersTo(const Position& pos, Square s, Bitboard occupied) {
  Bitboard found = (RookAttacks(s, occupied) & pos.pieces(kRook)) |
                   (CannonCaptures(s, occupied) & pos.pieces(kCannon)) |
                   (HorseAttackersTo(s, occupied) & pos.pieces(kHorse));
  for (const Color c : {kRed, kBlack}) {
    found |= tables::soldier_attackers[c][s] & pos.pieces(c, kSoldier);
    // The candidates of the steppers are the squares they would reach from s themselves;
    // each is then confirmed from its own square.
    found |= ThatReach(tables::advisor_steps[c][s] & pos.pieces(c, kAdvisor), s,
                       [c](Square from) { return tables::advisor_steps[c][from]; });
    found |= ThatReach(tables::king_steps[c][s] & pos.pieces(c, kKing), s,
                       [c](Square from) { return tables::king_steps[c][from]; });
    found |= ThatReach(ElephantAttacks(c, s, occupied) & pos.pieces(c, kElephant), s,
                       [c, occupied](Square from) { return ElephantAttacks(c, from, occupied); });
  }
  return found & occupied;
}

bool SeeGe(const Position& pos, Move m, int threshold) {
  const Square from = m.from(), to = m.to();
  // `swap` is what the side to move is ahead of the threshold if the exchange stopped here,
  // seen from the side about to decide whether to go on.
  int swap = SeeValue(TypeOf(pos.piece_on(to))) - threshold;
  if (swap < 0) return false;
  swap = SeeValue(TypeOf(pos.MovedPiece(m))) - swap;  // if the opponent takes back the mover
  if (swap <= 0) return true;

  // The square stays occupied (by whoever took last): it screens no line to itself. The
  // capturers are worked out again after each capture: a cannon loses or gains its screen.
  const Bitboard occupied = (pos.pieces() ^ SquareBB(from)) | SquareBB(to);
  return ExchangeReachesThreshold(
      pos, ColorOf(pos.MovedPiece(m)), swap, occupied, kRecaptureOrder,
      [&pos, to](Bitboard occ) { return CapturersTo(pos, to, occ) & ~SquareBB(to); }, SeeValue);
}

}  // namespace tumen::xiangqi
