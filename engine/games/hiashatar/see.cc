#include "engine/games/hiashatar/see.h"

#include "engine/core/exchange.h"

namespace tumen::hiashatar {

namespace {

// The evaluation's values (evaluate.cc); the envoy is never captured and never captures.
constexpr int kSeeValues[kPieceTypeCount] = {0, 100, 300, 330, 500, 950, 450, 150, 20000};

// Least valuable first: pawn, knight, bishop, bodyguard, rook, queen, king.
constexpr PieceType kRecaptureOrder[] = {kPawn, kKnight, kBishop, kBodyguard, kRook, kQueen, kKing};

}  // namespace

int SeeValue(PieceType pt) { return kSeeValues[pt]; }

Bitboard CapturersTo(const Position& pos, Square s, Bitboard occupied,
                     const Bitboard restricted[2]) {
  const Geometry& g = kGeometry;
  const Bitboard neutral = pos.Neutral();
  if (Has(neutral, s)) return 0;                  // nothing captures next to an envoy
  const Bitboard standing = occupied & ~neutral;  // no capture starts on a neutral square
  Bitboard found = 0;

  // Knights ignore zones and pass over no square; a pawn takes one step.
  for (int i = 0; i < g.knight_count[s]; ++i) found |= SquareBB(g.knight[s][i]);
  found &= pos.pieces(kKnight);
  for (const Color c : {kWhite, kBlack})
    for (int i = 0; i < g.pawn_attacker_count[c][s]; ++i)
      found |= SquareBB(g.pawn_attackers[c][s][i]) & pos.pieces(c, kPawn);

  // Kings, bodyguards and sliders: the first piece in each direction. A move of two or more
  // squares is cut when it starts in a zone or crosses a zone square of its colour's
  // opponent, and void when it crosses a neutral square.
  for (int d = 0; d < kDirectionCount; ++d) {
    const PieceType slider = IsDiagonal(d) ? kBishop : kRook;
    const int8_t* ray = g.ray[s][d];
    bool crossed[2] = {false, false};
    for (int k = 0; k < g.ray_length[s][d]; ++k) {
      const Square t = ray[k];
      if (!Has(occupied, t)) {
        for (const Color c : {kWhite, kBlack}) crossed[c] |= Has(restricted[c] | neutral, t);
        continue;
      }
      const Piece p = pos.piece_on(t);
      const Color c = ColorOf(p);
      const PieceType pt = TypeOf(p);
      const bool line = pt == kQueen || pt == slider;
      if (k == 0) {
        if (line || pt == kKing || pt == kBodyguard) found |= SquareBB(t);
      } else if (!crossed[c] && !Has(restricted[c], t)) {
        if (line || (pt == kBodyguard && k == 1)) found |= SquareBB(t);
      }
      break;
    }
  }
  return found & standing;
}

bool SeeGe(const Position& pos, Move m, int threshold) {
  const Square from = m.from(), to = m.to();
  const PieceType mover = m.is_promotion() ? kQueen : TypeOf(pos.MovedPiece(m));
  // `swap` is what the side to move is ahead of the threshold if the exchange stopped here,
  // seen from the side about to decide whether to go on.
  int swap = SeeValue(TypeOf(pos.piece_on(to))) - threshold;
  if (m.is_promotion()) swap += SeeValue(kQueen) - SeeValue(kPawn);
  if (swap < 0) return false;
  swap = SeeValue(mover) - swap;  // if the opponent takes back the piece that moved
  if (swap <= 0) return true;

  // Each call follows one capture: the piece that left `before` now stands on `to`, and if
  // it is a bodyguard its zone stands around `to` (so the other side takes back only next to
  // it, or with a knight).
  Bitboard before = pos.pieces();
  const Bitboard guards = pos.pieces(kBodyguard) & ~SquareBB(to);
  const auto capturers = [&](Bitboard occupied) {
    const Piece occupant = pos.piece_on(LowestBit(before & ~occupied));
    before = occupied;
    Bitboard own_guards[2] = {guards & occupied & pos.pieces(kWhite),
                              guards & occupied & pos.pieces(kBlack)};
    if (TypeOf(occupant) == kBodyguard) own_guards[ColorOf(occupant)] |= SquareBB(to);
    const Bitboard restricted[2] = {NeighboursOf(own_guards[kBlack]),
                                    NeighboursOf(own_guards[kWhite])};
    return CapturersTo(pos, to, occupied, restricted) & ~SquareBB(to);
  };
  const Bitboard occupied = (pos.pieces() ^ SquareBB(from)) | SquareBB(to);
  return ExchangeReachesThreshold(pos, ColorOf(pos.MovedPiece(m)), swap, occupied, kRecaptureOrder,
                                  capturers, SeeValue);
}

}  // namespace tumen::hiashatar
