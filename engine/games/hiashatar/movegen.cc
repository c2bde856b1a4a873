#include "engine/games/hiashatar/movegen.h"

#include <initializer_list>

namespace tumen::hiashatar {
namespace {

// Calls sink(from, to, promotion, moving type) for every pseudo-legal move of colour `us`;
// with kTactical only captures and promotions. RULES.md §4:
// - zone: the squares around the enemy bodyguards. A line move (slider, bodyguard two-step,
//   pawn double step) stops at the first zone square it enters (capturing there if an enemy
//   stands there); a piece that starts in a zone moves one square at most; knights ignore it.
// - neutral: the squares around any envoy (envoy variant). No capture starts there, ends
//   there or passes over such a square; quiet moves are not affected. Envoys are never
//   captured and never capture.
template <bool kTactical, class Sink>
void GeneratePseudo(const Position& pos, Color us, Sink&& sink) {
  const Geometry& g = kGeometry;
  const Color them = ~us;
  const bool envoys = pos.rules().envoys();
  const Bitboard zone = envoys ? Bitboard{0} : pos.Zone(them);
  const Bitboard neutral = envoys ? pos.Neutral() : Bitboard{0};
  const auto capturable = [&](Piece p, Square t) {
    return ColorOf(p) == them && TypeOf(p) != kEnvoy && !Has(neutral, t);
  };

  for (Bitboard b = pos.pieces(us); b;) {
    const Square from = PopLowestBit(b);
    const PieceType pt = TypeOf(pos.piece_on(from));
    const bool from_neutral = Has(neutral, from);
    const bool from_zone = Has(zone, from);
    switch (pt) {
      case kPawn: {
        const int up = us == kWhite ? 10 : -10;
        const Square t1 = from + up;  // on the board: no pawn stands on its last rank
        const bool promotes = RelativeRank(us, t1) == 9;
        if (pos.piece_on(t1) == kNoPiece) {
          if (promotes) {
            sink(from, t1, true, pt);
          } else if (!kTactical) {
            sink(from, t1, false, pt);
            if (RelativeRank(us, from) == 1 && !from_zone && !Has(zone, t1) &&
                pos.piece_on(t1 + up) == kNoPiece)
              sink(from, t1 + up, false, pt);
          }
        }
        if (from_neutral) break;
        const int file = FileOf(from);
        for (int df : {-1, 1}) {
          if (file + df < 0 || file + df > 9) continue;
          const Square t = t1 + df;
          const Piece p = pos.piece_on(t);
          if (p != kNoPiece && capturable(p, t)) sink(from, t, promotes, pt);
        }
        break;
      }
      case kKnight:
      case kKing:
        for (int i = 0, n = pt == kKnight ? g.knight_count[from] : g.king_count[from]; i < n; ++i) {
          const Square t = pt == kKnight ? g.knight[from][i] : g.king[from][i];
          const Piece p = pos.piece_on(t);
          if (p == kNoPiece) {
            if (!kTactical) sink(from, t, false, pt);
          } else if (!from_neutral && capturable(p, t)) {
            sink(from, t, false, pt);
          }
        }
        break;
      case kEnvoy:
        if (kTactical) break;
        for (int i = 0; i < g.king_count[from]; ++i) {
          const Square t = g.king[from][i];
          if (pos.piece_on(t) == kNoPiece && RelativeRank(us, t) <= 2) sink(from, t, false, pt);
        }
        break;
      case kBodyguard:
        for (int d = 0; d < kDirectionCount; ++d) {
          const int len = g.ray_length[from][d];
          if (!len) continue;
          const Square t1 = g.ray[from][d][0];
          const Piece p1 = pos.piece_on(t1);
          if (p1 != kNoPiece) {
            if (!from_neutral && capturable(p1, t1)) sink(from, t1, false, pt);
            continue;
          }
          if (!kTactical) sink(from, t1, false, pt);
          if (len < 2 || from_zone || Has(zone, t1)) continue;
          const Square t2 = g.ray[from][d][1];
          const Piece p2 = pos.piece_on(t2);
          if (p2 == kNoPiece) {
            if (!kTactical) sink(from, t2, false, pt);
          } else if (!from_neutral && !Has(neutral, t1) && capturable(p2, t2)) {
            sink(from, t2, false, pt);
          }
        }
        break;
      default: {  // bishop, rook, queen
        const int first = pt == kBishop ? 4 : 0, last = pt == kRook ? 4 : 8;
        for (int d = first; d < last; ++d) {
          const int8_t* ray = g.ray[from][d];
          bool crossed_neutral = from_neutral;
          for (int k = 0; k < g.ray_length[from][d]; ++k) {
            const Square t = ray[k];
            const Piece p = pos.piece_on(t);
            if (p != kNoPiece) {
              if (!crossed_neutral && capturable(p, t)) sink(from, t, false, pt);
              break;
            }
            if (!kTactical) sink(from, t, false, pt);
            if (from_zone || Has(zone, t)) break;
            crossed_neutral |= Has(neutral, t);
          }
        }
        break;
      }
    }
  }
}

// Squares on one rank, file or diagonal: only through such a square can a line to the king
// open.
bool Aligned(Square a, Square b) {
  const int df = FileOf(a) - FileOf(b), dr = RankOf(a) - RankOf(b);
  return df == 0 || dr == 0 || df == dr || df == -dr;
}

// Make-and-test, skipped where the answer is known: when the king is not in check, a move of
// a piece other than the king, a bodyguard (whose zone shields the king) or an envoy (whose
// neutral squares do) from a square off the king's lines cannot expose the king. Removing an
// enemy piece or adding ours on `to` never creates an attack.
class LegalityFilter {
 public:
  explicit LegalityFilter(const Position& pos)
      : scratch_(pos), in_check_(pos.in_check()), king_(pos.king_square(pos.side_to_move())) {}
  bool IsLegal(Move m) {
    const PieceType pt = TypeOf(scratch_.piece_on(m.from()));
    if (!in_check_ && pt != kKing && pt != kBodyguard && pt != kEnvoy && !Aligned(m.from(), king_))
      return true;
    return scratch_.LeavesKingSafe(m);
  }

 private:
  Position scratch_;
  bool in_check_;
  Square king_;
};

template <bool kTactical>
void GenerateLegal(const Position& pos, MoveList& moves) {
  const int start = moves.size();
  GeneratePseudo<kTactical>(pos, pos.side_to_move(),
                            [&](Square from, Square to, bool promo, PieceType) {
                              moves.push_back(Move(from, to, promo));
                            });
  LegalityFilter filter(pos);
  int kept = start;
  for (int i = start; i < moves.size(); ++i)
    if (filter.IsLegal(moves[i])) moves[kept++] = moves[i];
  moves.truncate(kept);
}

}  // namespace

void GenerateLegalMoves(const Position& pos, MoveList& moves) { GenerateLegal<false>(pos, moves); }

void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves) {
  GenerateLegal<true>(pos, moves);
}

uint64_t CountLegalMoves(const Position& pos) {
  MoveList moves;
  GeneratePseudo<false>(pos, pos.side_to_move(),
                        [&](Square from, Square to, bool promo, PieceType) {
                          moves.push_back(Move(from, to, promo));
                        });
  LegalityFilter filter(pos);
  uint64_t count = 0;
  for (Move m : moves) count += filter.IsLegal(m);
  return count;
}

void CountPseudoMovesByType(const Position& pos, Color c, int counts[kPieceTypeCount]) {
  for (int i = 0; i < kPieceTypeCount; ++i) counts[i] = 0;
  GeneratePseudo<false>(pos, c, [&](Square, Square, bool, PieceType pt) { ++counts[pt]; });
}

}  // namespace tumen::hiashatar
