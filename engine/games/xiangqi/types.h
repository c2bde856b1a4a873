// Basic types of Xiangqi (RULES.md §5). Squares run a1=0 .. i10=89, rank-major (sq = 9*rank +
// file), packed densely into a 128-bit Bitboard as Pikafish does; bits 90..127 stay zero.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_TYPES_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_TYPES_H_

#include <bit>
#include <cstdint>

#include "engine/core/move_list.h"

namespace tumen::xiangqi {

using Bitboard = unsigned __int128;
using Key = uint64_t;

// Red moves first and is written upper case with side `w` in FEN (Fairy-Stockfish).
enum Color : uint8_t { kRed = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// FEN letters k a b n r c p (b = elephant, n = horse, a = advisor).
enum PieceType : uint8_t {
  kNoPieceType = 0,
  kSoldier = 1,
  kAdvisor = 2,
  kElephant = 3,
  kHorse = 4,
  kCannon = 5,
  kRook = 6,
  kKing = 7,
};
constexpr int kPieceTypeCount = 8;  // index 0 of per-type arrays holds "all pieces"

enum Piece : uint8_t { kNoPiece = 0 };
constexpr int kPieceCount = 16;
constexpr Piece MakePiece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType TypeOf(Piece p) { return PieceType(p & 7); }
constexpr Color ColorOf(Piece p) { return Color(p >> 3); }

inline constexpr char kPieceTypeLetters[] = " pabncrk";
constexpr char PieceLetter(Piece p) {
  const char c = kPieceTypeLetters[TypeOf(p)];
  return ColorOf(p) == kRed ? char(c - 'a' + 'A') : c;
}
constexpr Piece PieceFromLetter(char ch) {
  const bool red = ch >= 'A' && ch <= 'Z';
  const char lower = red ? char(ch - 'A' + 'a') : ch;
  for (int pt = kSoldier; pt <= kKing; ++pt)
    if (kPieceTypeLetters[pt] == lower) return MakePiece(red ? kRed : kBlack, PieceType(pt));
  return kNoPiece;
}

constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = 90;
using Square = int;  // 0..89; kNoSquare when absent
constexpr Square kNoSquare = 90;
constexpr int FileOf(Square s) { return s % kFiles; }
constexpr int RankOf(Square s) { return s / kFiles; }
constexpr Square MakeSquare(int file, int rank) { return rank * kFiles + file; }
constexpr Bitboard SquareBB(Square s) { return Bitboard{1} << s; }
// Rank r as seen from colour c (0 = own back rank).
constexpr int RelativeRank(Color c, Square s) { return c == kRed ? RankOf(s) : 9 - RankOf(s); }

// --- 128-bit bit operations ---
constexpr uint64_t Low64(Bitboard b) { return uint64_t(b); }
constexpr uint64_t High64(Bitboard b) { return uint64_t(b >> 64); }
inline int PopCount(Bitboard b) { return std::popcount(Low64(b)) + std::popcount(High64(b)); }
// b must not be zero.
inline Square LowestBit(Bitboard b) {
  const uint64_t lo = Low64(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(High64(b));
}
inline Square HighestBit(Bitboard b) {
  const uint64_t hi = High64(b);
  return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(Low64(b));
}
inline Square PopLowestBit(Bitboard& b) {
  const Square s = LowestBit(b);
  b &= b - 1;
  return s;
}
inline bool MoreThanOne(Bitboard b) { return (b & (b - 1)) != 0; }

// --- Constant masks ---
constexpr Bitboard kRank0BB = 0x1FF;  // rank 1 (index 0)
constexpr Bitboard RankBB(int rank) { return kRank0BB << (9 * rank); }
constexpr Bitboard FileBB(int file) {
  Bitboard b = 0;
  for (int r = 0; r < kRanks; ++r) b |= SquareBB(MakeSquare(file, r));
  return b;
}
constexpr Bitboard kAllSquares = (Bitboard{1} << kSquares) - 1;
// Red's half: ranks 1-5; Black's half: ranks 6-10. The river runs between them.
constexpr Bitboard kRedHalf = (Bitboard{1} << 45) - 1;
constexpr Bitboard kBlackHalf = kAllSquares ^ kRedHalf;
constexpr Bitboard HalfBB(Color c) { return c == kRed ? kRedHalf : kBlackHalf; }
constexpr Bitboard PalaceBB(Color c) {
  Bitboard b = 0;
  const int base = c == kRed ? 0 : 7;
  for (int r = base; r < base + 3; ++r)
    for (int f = 3; f <= 5; ++f) b |= SquareBB(MakeSquare(f, r));
  return b;
}

// A move in 16 bits: from (7) | to (7). Xiangqi has no special moves.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : bits_(uint16_t(from | (to << 7))) {}
  static constexpr Move None() { return Move(); }
  constexpr Square from() const { return bits_ & 127; }
  constexpr Square to() const { return (bits_ >> 7) & 127; }
  constexpr uint16_t raw() const { return bits_; }
  static constexpr Move FromRaw(uint16_t raw) {
    Move m;
    m.bits_ = raw;
    return m;
  }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t bits_ = 0;
};

// Fixed-capacity move list. Position::Set admits at most the 16 pieces of the start array a
// side (two rooks and two cannons of 17 targets each, two horses of 8, five soldiers of 3,
// king, advisors and elephants of 4): well below 256.
using MoveList = FixedMoveList<Move, 256>;

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_TYPES_H_
