#include "engine/games/xiangqi/movegen.h"

namespace tumen::xiangqi {
namespace {

// Squares whose piece may be screening the king (`blockers`) and empty squares between the
// king and an enemy cannon with nothing in between (`cannon_lines`); see movegen.h.
struct Danger {
  Bitboard blockers = 0;
  Bitboard cannon_lines = 0;
};

Danger ComputeDanger(const Position& pos, Color us) {
  const Color them = ~us;
  const Square ksq = pos.king_square(us);
  const Bitboard occupied = pos.pieces();
  Danger danger;
  // The first, second and third piece on each line from the king: the rook's targets, the
  // cannon's targets, and the cannon's targets once the first pieces are lifted.
  const Bitboard first = RookAttacks(ksq, occupied) & occupied;
  const Bitboard second = CannonCaptures(ksq, occupied);
  const Bitboard third = CannonCaptures(ksq, occupied ^ first);
  const Bitboard their_cannons = pos.pieces(them, kCannon);
  // An enemy cannon first on a line: a piece landing in between makes the screen.
  for (Bitboard b = first & their_cannons; b;)
    danger.cannon_lines |= tables::between[ksq][PopLowestBit(b)];
  // An enemy rook or the enemy king (flying general) second: the first piece is pinned.
  for (Bitboard b = second & (pos.pieces(them, kRook) | pos.pieces(them, kKing)); b;)
    danger.blockers |= tables::between[ksq][PopLowestBit(b)] & occupied;
  // An enemy cannon third: either of the two pieces in between may not leave the line.
  for (Bitboard b = third & their_cannons; b;)
    danger.blockers |= tables::between[ksq][PopLowestBit(b)] & occupied;
  // Horses that would attack the king but for a piece on their leg.
  for (Bitboard h = HorseAttackersTo(ksq, 0) & pos.pieces(them, kHorse); h;) {
    const Square s = PopLowestBit(h);
    const int df = FileOf(ksq) - FileOf(s), dr = RankOf(ksq) - RankOf(s);
    const Square leg = (df == 2 || df == -2) ? s + df / 2 : s + kFiles * (dr / 2);
    danger.blockers |= SquareBB(leg);
  }
  return danger;
}

template <bool kCount>
struct Sink {
  MoveList* list;
  uint64_t count = 0;
  void Add(Square from, Square to) {
    if constexpr (kCount)
      ++count;
    else
      list->push_back(Move(from, to));
  }
  void AddAll(Square from, Bitboard targets) {
    if constexpr (kCount) {
      count += PopCount(targets);
    } else {
      while (targets) list->push_back(Move(from, PopLowestBit(targets)));
    }
  }
};

// Pseudo-legal targets of the piece on `from` (not the king).
template <bool kTacticalOnly>
inline Bitboard PieceTargets(const Position& pos, Color us, PieceType pt, Square from,
                             Bitboard occupied, Bitboard target) {
  switch (pt) {
    case kSoldier:
      return tables::soldier_steps[us][from] & target;
    case kAdvisor:
      return tables::advisor_steps[us][from] & target;
    case kElephant:
      return ElephantAttacks(us, from, occupied) & target;
    case kHorse:
      return HorseAttacks(from, occupied) & target;
    case kRook:
      return RookAttacks(from, occupied) & target;
    case kCannon: {
      const Bitboard captures = CannonCaptures(from, occupied) & pos.pieces(~us);
      if constexpr (kTacticalOnly) return captures;
      return captures | CannonQuiets(from, occupied);
    }
    default:
      return 0;
  }
}

template <bool kCount, bool kTacticalOnly>
uint64_t Generate(const Position& pos, MoveList* list) {
  Sink<kCount> sink{list};
  const Color us = pos.side_to_move();
  const Bitboard occupied = pos.pieces();
  const Bitboard target = kTacticalOnly ? pos.pieces(~us) : kAllSquares & ~pos.pieces(us);
  const Square ksq = pos.king_square(us);

  // King moves: always tested.
  for (Bitboard t = tables::king_steps[us][ksq] & target; t;) {
    const Square to = PopLowestBit(t);
    if (!pos.LeavesKingAttacked(Move(ksq, to))) sink.Add(ksq, to);
  }

  const bool in_check = pos.in_check();
  const Danger danger = in_check ? Danger{kAllSquares, kAllSquares} : ComputeDanger(pos, us);
  for (int pt = kSoldier; pt < kKing; ++pt) {
    for (Bitboard b = pos.pieces(us, PieceType(pt)); b;) {
      const Square from = PopLowestBit(b);
      Bitboard t = PieceTargets<kTacticalOnly>(pos, us, PieceType(pt), from, occupied, target);
      Bitboard risky = t;
      if (!(danger.blockers & SquareBB(from))) {
        risky = t & danger.cannon_lines;
        sink.AddAll(from, t ^ risky);
      }
      while (risky) {
        const Square to = PopLowestBit(risky);
        if (!pos.LeavesKingAttacked(Move(from, to))) sink.Add(from, to);
      }
    }
  }
  return sink.count;
}

}  // namespace

void GenerateLegalMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  Generate<false, false>(pos, &moves);
}

void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  Generate<false, true>(pos, &moves);
}

uint64_t CountLegalMoves(const Position& pos) { return Generate<true, false>(pos, nullptr); }

}  // namespace tumen::xiangqi
