#include "engine/games/xiangqi/attacks.h"

#include <vector>

namespace tumen::xiangqi {

namespace tables {
Bitboard ray[4][kSquares];
Bitboard between[kSquares][kSquares];
Bitboard king_steps[2][kSquares];
Bitboard advisor_steps[2][kSquares];
Bitboard soldier_steps[2][kSquares];
Bitboard soldier_attackers[2][kSquares];
LegTable horse_moves[kSquares];
LegTable horse_attackers[kSquares];
LegTable elephant_moves[2][kSquares];
uint16_t rank_rook[kFiles][1 << kFiles];
uint16_t rank_cannon[kFiles][1 << kFiles];
uint16_t file_rook[kRanks][1 << kRanks];
uint16_t file_cannon[kRanks][1 << kRanks];
uint64_t file_mask_lo[kFiles], file_mask_hi[kFiles];
int file_lo_bits[kFiles];
}  // namespace tables

Bitboard AttacksOf(Color c, PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case kSoldier:
      return tables::soldier_steps[c][s];
    case kAdvisor:
      return tables::advisor_steps[c][s];
    case kElephant:
      return ElephantAttacks(c, s, occupied);
    case kHorse:
      return HorseAttacks(s, occupied);
    case kCannon:
      return CannonCaptures(s, occupied);
    case kRook:
      return RookAttacks(s, occupied);
    case kKing:
      return tables::king_steps[c][s];
    default:
      return 0;
  }
}

namespace {

// One line of n places: the rook's and the cannon's targets from place p under occupancy occ.
void LineAttacks(int n, int p, unsigned occ, uint16_t& rook, uint16_t& cannon) {
  rook = cannon = 0;
  for (int step : {-1, 1}) {
    bool screen = false;
    for (int q = p + step; q >= 0 && q < n; q += step) {
      const bool occupied = occ & (1u << q);
      if (!screen) {
        rook |= uint16_t(1u << q);
        if (occupied) screen = true;
      } else if (occupied) {
        cannon |= uint16_t(1u << q);
        break;
      }
    }
  }
}

bool OnBoard(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// One leg-blocked move: the leg (or eye) square and the target reached when it is empty.
struct LegMove {
  Square leg, target;
};

// Fills a LegTable from the list of (leg, target) pairs of one square: every subset of the
// leg squares is enumerated and indexed by the same extraction LegLookup uses.
void BuildLegTable(tables::LegTable& t, const std::vector<LegMove>& moves, Bitboard allowed) {
  Bitboard legs = 0;
  for (const LegMove& m : moves) legs |= SquareBB(m.leg);
  t.mask_lo = Low64(legs);
  t.mask_hi = High64(legs);
  t.lo_bits = std::popcount(t.mask_lo);
  std::vector<Square> leg_squares;
  for (Bitboard b = legs; b;) leg_squares.push_back(PopLowestBit(b));
  const int n = int(leg_squares.size());
  for (int subset = 0; subset < (1 << n); ++subset) {
    Bitboard occupied = 0;
    for (int i = 0; i < n; ++i)
      if (subset & (1 << i)) occupied |= SquareBB(leg_squares[i]);
    Bitboard targets = 0;
    for (const LegMove& m : moves)
      if (!(occupied & SquareBB(m.leg))) targets |= SquareBB(m.target);
    const unsigned index = unsigned(ExtractBits(Low64(occupied), t.mask_lo)) |
                           unsigned(ExtractBits(High64(occupied), t.mask_hi) << t.lo_bits);
    t.targets[index] = targets & allowed;
  }
}

struct Initializer {
  Initializer() {
    using namespace tables;
    for (int f = 0; f < kFiles; ++f) {
      file_mask_lo[f] = Low64(FileBB(f));
      file_mask_hi[f] = High64(FileBB(f));
      file_lo_bits[f] = std::popcount(file_mask_lo[f]);
      for (unsigned occ = 0; occ < (1u << kFiles); ++occ)
        LineAttacks(kFiles, f, occ, rank_rook[f][occ], rank_cannon[f][occ]);
    }
    for (int r = 0; r < kRanks; ++r)
      for (unsigned occ = 0; occ < (1u << kRanks); ++occ)
        LineAttacks(kRanks, r, occ, file_rook[r][occ], file_cannon[r][occ]);
    const int dfile[4] = {0, 1, 0, -1}, drank[4] = {1, 0, -1, 0};
    for (Square s = 0; s < kSquares; ++s) {
      const int f = FileOf(s), r = RankOf(s);
      for (int d = 0; d < 4; ++d) {
        ray[d][s] = 0;
        for (int ff = f + dfile[d], rr = r + drank[d]; OnBoard(ff, rr);
             ff += dfile[d], rr += drank[d])
          ray[d][s] |= SquareBB(MakeSquare(ff, rr));
      }
    }
    for (Square a = 0; a < kSquares; ++a)
      for (int d = 0; d < 4; ++d)
        for (Bitboard b = ray[d][a]; b;) {
          const Square t = PopLowestBit(b);
          between[a][t] = ray[d][a] & ray[(d + 2) % 4][t];
        }

    for (Color c : {kRed, kBlack}) {
      const int forward = c == kRed ? 1 : -1;
      for (Square s = 0; s < kSquares; ++s) {
        const int f = FileOf(s), r = RankOf(s);
        Bitboard orth = 0, diag = 0;
        for (int d = 0; d < 4; ++d)
          if (OnBoard(f + dfile[d], r + drank[d]))
            orth |= SquareBB(MakeSquare(f + dfile[d], r + drank[d]));
        for (int df : {-1, 1})
          for (int dr : {-1, 1})
            if (OnBoard(f + df, r + dr)) diag |= SquareBB(MakeSquare(f + df, r + dr));
        // RULES.md §5: king and advisor stay inside their palace.
        king_steps[c][s] = (PalaceBB(c) & SquareBB(s)) ? orth & PalaceBB(c) : 0;
        advisor_steps[c][s] = (PalaceBB(c) & SquareBB(s)) ? diag & PalaceBB(c) : 0;
        // Soldier: one step forward; sideways once across the river; never back.
        Bitboard steps = 0;
        if (OnBoard(f, r + forward)) steps |= SquareBB(MakeSquare(f, r + forward));
        if (!(HalfBB(c) & SquareBB(s))) {
          if (f > 0) steps |= SquareBB(s - 1);
          if (f < kFiles - 1) steps |= SquareBB(s + 1);
        }
        soldier_steps[c][s] = steps;
        // Elephant: two diagonal steps, blocked by a piece on the eye, never across the river.
        std::vector<LegMove> elephant;
        for (int df : {-1, 1})
          for (int dr : {-1, 1})
            if (OnBoard(f + 2 * df, r + 2 * dr))
              elephant.push_back({MakeSquare(f + df, r + dr), MakeSquare(f + 2 * df, r + 2 * dr)});
        BuildLegTable(elephant_moves[c][s], elephant, HalfBB(c));
      }
    }
    for (Color c : {kRed, kBlack})
      for (Square s = 0; s < kSquares; ++s) {
        soldier_attackers[c][s] = 0;
        for (Square from = 0; from < kSquares; ++from)
          if (soldier_steps[c][from] & SquareBB(s)) soldier_attackers[c][s] |= SquareBB(from);
      }

    // Horse: one orthogonal step (the leg) then one diagonal step outward.
    for (Square s = 0; s < kSquares; ++s) {
      const int f = FileOf(s), r = RankOf(s);
      std::vector<LegMove> moves, attackers;
      for (int d = 0; d < 4; ++d) {
        const int lf = f + dfile[d], lr = r + drank[d];
        if (!OnBoard(lf, lr)) continue;
        for (int side : {-1, 1}) {
          // Outward: continue in direction d and step sideways.
          const int tf = lf + dfile[d] + (drank[d] ? side : 0);
          const int tr = lr + drank[d] + (dfile[d] ? side : 0);
          if (OnBoard(tf, tr)) moves.push_back({MakeSquare(lf, lr), MakeSquare(tf, tr)});
        }
      }
      // A horse on h attacks s when the leg of h (next to h, towards s) is empty; that leg is
      // diagonally adjacent to s.
      for (int df : {-1, 1})
        for (int dr : {-1, 1}) {
          const int lf = f + df, lr = r + dr;
          if (!OnBoard(lf, lr)) continue;
          const Square leg = MakeSquare(lf, lr);
          if (OnBoard(lf + df, lr)) attackers.push_back({leg, MakeSquare(lf + df, lr)});
          if (OnBoard(lf, lr + dr)) attackers.push_back({leg, MakeSquare(lf, lr + dr)});
        }
      BuildLegTable(horse_moves[s], moves, kAllSquares);
      BuildLegTable(horse_attackers[s], attackers, kAllSquares);
    }
  }
};
const Initializer initializer;

}  // namespace
}  // namespace tumen::xiangqi
