// Attack tables of Xiangqi, built once at start-up. Sliders (rook, cannon, the flying
// general) look up their rank and their file separately: the rank's 9 occupancy bits are a
// shift away, the file's 10 are gathered with PEXT and the targets scattered back with PDEP
// (BMI2), so a rook or cannon costs two small table reads. The leg-blocked pieces (horse,
// elephant) use tables indexed by the occupancy of their leg or eye squares, the way sliders
// use magic tables; steppers confined to the palace or to one side of the river get plain
// per-square tables with those constant masks already applied.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_ATTACKS_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_ATTACKS_H_

#include "engine/games/xiangqi/types.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tumen::xiangqi {

// Directions of the rays: north and east run towards higher squares.
enum Direction : int { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3 };

namespace tables {

// A table indexed by the occupancy of a few "leg" squares (parallel bit extract of each
// 64-bit half of the board).
struct LegTable {
  uint64_t mask_lo = 0, mask_hi = 0;
  int lo_bits = 0;
  Bitboard targets[16] = {};
};

extern Bitboard ray[4][kSquares];
extern Bitboard between[kSquares][kSquares];     // squares strictly between two on a line
extern Bitboard king_steps[2][kSquares];         // inside the palace of colour c
extern Bitboard advisor_steps[2][kSquares];      // inside the palace of colour c
extern Bitboard soldier_steps[2][kSquares];      // forward; sideways after the river
extern Bitboard soldier_attackers[2][kSquares];  // squares a soldier of colour c attacks s from
extern LegTable horse_moves[kSquares];
extern LegTable horse_attackers[kSquares];  // squares a horse attacks s from
extern LegTable elephant_moves[2][kSquares];

// Rook and cannon lookups along one line: indexed by the square's place on its rank (file)
// or file (rank) and the occupancy of that line; the value is the attacked places.
extern uint16_t rank_rook[kFiles][1 << kFiles];
extern uint16_t rank_cannon[kFiles][1 << kFiles];
extern uint16_t file_rook[kRanks][1 << kRanks];
extern uint16_t file_cannon[kRanks][1 << kRanks];
extern uint64_t file_mask_lo[kFiles], file_mask_hi[kFiles];
extern int file_lo_bits[kFiles];

}  // namespace tables

// PEXT and PDEP: hardware where the compiler targets BMI2, a portable loop otherwise.
inline uint64_t ExtractBits(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(value, mask);
#else
  uint64_t result = 0;
  for (uint64_t bit = 1; mask != 0; bit <<= 1) {
    if (value & mask & -mask) result |= bit;
    mask &= mask - 1;
  }
  return result;
#endif
}
inline uint64_t DepositBits(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
  return _pdep_u64(value, mask);
#else
  uint64_t result = 0;
  for (uint64_t bit = 1; mask != 0; bit <<= 1) {
    if (value & bit) result |= mask & -mask;
    mask &= mask - 1;
  }
  return result;
#endif
}

// The occupancy of file f as a 10-bit number (bit r = rank r), and back.
inline unsigned FileOccupancy(int f, Bitboard occupied) {
  return unsigned(
      ExtractBits(Low64(occupied), tables::file_mask_lo[f]) |
      (ExtractBits(High64(occupied), tables::file_mask_hi[f]) << tables::file_lo_bits[f]));
}
inline Bitboard FileSquares(int f, unsigned ranks) {
  return Bitboard(DepositBits(ranks, tables::file_mask_lo[f])) |
         (Bitboard(DepositBits(ranks >> tables::file_lo_bits[f], tables::file_mask_hi[f])) << 64);
}
inline unsigned RankOccupancy(int r, Bitboard occupied) {
  return unsigned(uint64_t(occupied >> (kFiles * r)) & 0x1FF);
}

inline Bitboard LegLookup(const tables::LegTable& t, Bitboard occupied) {
  const unsigned index = unsigned(ExtractBits(Low64(occupied), t.mask_lo)) |
                         unsigned(ExtractBits(High64(occupied), t.mask_hi) << t.lo_bits);
  return t.targets[index];
}

// Rook attacks (also the flying general: the enemy king "attacks" along an open file).
inline Bitboard RookAttacks(Square s, Bitboard occupied) {
  const int f = FileOf(s), r = RankOf(s);
  return (Bitboard(tables::rank_rook[f][RankOccupancy(r, occupied)]) << (kFiles * r)) |
         FileSquares(f, tables::file_rook[r][FileOccupancy(f, occupied)]);
}

// The squares a cannon on s captures on: the first piece beyond the first screen, per ray.
inline Bitboard CannonCaptures(Square s, Bitboard occupied) {
  const int f = FileOf(s), r = RankOf(s);
  return (Bitboard(tables::rank_cannon[f][RankOccupancy(r, occupied)]) << (kFiles * r)) |
         FileSquares(f, tables::file_cannon[r][FileOccupancy(f, occupied)]);
}

// Quiet cannon moves are rook moves to empty squares.
inline Bitboard CannonQuiets(Square s, Bitboard occupied) {
  return RookAttacks(s, occupied) & ~occupied;
}

inline Bitboard HorseAttacks(Square s, Bitboard occupied) {
  return LegLookup(tables::horse_moves[s], occupied);
}
inline Bitboard HorseAttackersTo(Square s, Bitboard occupied) {
  return LegLookup(tables::horse_attackers[s], occupied);
}
inline Bitboard ElephantAttacks(Color c, Square s, Bitboard occupied) {
  return LegLookup(tables::elephant_moves[c][s], occupied);
}

// Attacks of a piece of type pt and colour c on s (for the evaluation and tests).
Bitboard AttacksOf(Color c, PieceType pt, Square s, Bitboard occupied);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_ATTACKS_H_
