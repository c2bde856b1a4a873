// Attack tables of the 8x8 family. Sliders use PEXT-indexed tables where the CPU has BMI2
// (compile with -march=native) and magic multiplication otherwise; both index one shared
// layout, so the rest of the engine never knows which is in use.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_ATTACKS_H_
#define TUMEN_ENGINE_GAMES_SHATAR_ATTACKS_H_

#include "engine/core/bits.h"
#include "engine/games/shatar/types.h"

namespace tumen::shatar {

struct SliderEntry {
  Bitboard mask;   // relevant occupancy (board edges removed)
  Bitboard magic;  // used only without BMI2
  const Bitboard* attacks;
  int shift;  // 64 - popcount(mask)

  unsigned Index(Bitboard occupied) const {
#if defined(__BMI2__)
    return unsigned(ParallelExtract(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};

namespace tables {
extern SliderEntry rook[64];
extern SliderEntry bishop[64];
extern Bitboard knight[64];
extern Bitboard king[64];
extern Bitboard ferz[64];         // one step diagonally: the bers's extra move
extern Bitboard pawn[2][64];      // squares a pawn of the colour attacks
extern Bitboard between[64][64];  // squares strictly between two aligned squares
extern Bitboard line[64][64];     // the whole line through two aligned squares
}  // namespace tables

inline Bitboard RookAttacks(Square s, Bitboard occupied) {
  const SliderEntry& e = tables::rook[s];
  return e.attacks[e.Index(occupied)];
}
inline Bitboard BishopAttacks(Square s, Bitboard occupied) {
  const SliderEntry& e = tables::bishop[s];
  return e.attacks[e.Index(occupied)];
}
inline Bitboard QueenAttacks(Square s, Bitboard occupied) {
  return RookAttacks(s, occupied) | BishopAttacks(s, occupied);
}
// RULES.md §2: the bers moves as a rook or one square diagonally.
inline Bitboard BersAttacks(Square s, Bitboard occupied) {
  return RookAttacks(s, occupied) | tables::ferz[s];
}
inline Bitboard KnightAttacks(Square s) { return tables::knight[s]; }
inline Bitboard KingAttacks(Square s) { return tables::king[s]; }
inline Bitboard PawnAttacks(Color c, Square s) { return tables::pawn[c][s]; }
inline Bitboard Between(Square a, Square b) { return tables::between[a][b]; }
inline Bitboard LineThrough(Square a, Square b) { return tables::line[a][b]; }

// Attacks of a non-pawn piece type from s.
inline Bitboard AttacksOf(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case kKnight:
      return KnightAttacks(s);
    case kBishop:
      return BishopAttacks(s, occupied);
    case kRook:
      return RookAttacks(s, occupied);
    case kQueen:
      return QueenAttacks(s, occupied);
    case kBers:
      return BersAttacks(s, occupied);
    case kKing:
      return KingAttacks(s);
    default:
      return 0;
  }
}

// Reference ray walk, for table construction and tests.
Bitboard SlowSliderAttacks(Square s, Bitboard occupied, bool diagonal);

// Builds magic-indexed tables regardless of BMI2 and checks them against the ray walk on
// `samples` random occupancies per square; true when every lookup agrees. Lets the portable
// fallback be tested on machines that use PEXT.
bool VerifyMagicFallback(int samples, uint64_t seed);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_ATTACKS_H_
