// Basic types of the 10x10 family (RULES.md §4): Hia Shatar with bodyguards and its envoy
// variant. Squares run a1=0 .. j10=99 (square = rank * 10 + file); one bit per square in a
// 128-bit Bitboard. Move generation walks a mailbox (precomputed rays, geometry.h) because the
// bodyguard zones cut slider rays at a square that depends on the enemy's pieces.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_TYPES_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_TYPES_H_

#include <bit>
#include <cstdint>

#include "engine/core/move_list.h"

namespace tumen::hiashatar {

using Bitboard = unsigned __int128;
using Key = uint64_t;

enum Color : uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kKnight = 2,
  kBishop = 3,
  kRook = 4,
  kQueen = 5,
  kBodyguard = 6,  // H: one or two squares in any of 8 directions; a zone around it
  kEnvoy = 7,      // E: one king step inside its first three ranks; never captures
  kKing = 8,
};
constexpr int kPieceTypeCount = 9;  // index 0 of per-type arrays holds "all pieces"

// Piece = color << 4 | type, so 0 is empty and 32 entries cover both colours.
enum Piece : uint8_t { kNoPiece = 0 };
constexpr int kPieceCount = 32;
constexpr Piece MakePiece(Color c, PieceType pt) { return Piece((c << 4) | pt); }
constexpr PieceType TypeOf(Piece p) { return PieceType(p & 15); }
constexpr Color ColorOf(Piece p) { return Color(p >> 4); }

// FEN letters: white upper case, black lower case; h = bodyguard, e = envoy.
inline constexpr char kPieceTypeLetters[] = " pnbrqhek";
constexpr char PieceLetter(Piece p) {
  const char c = kPieceTypeLetters[TypeOf(p)];
  return ColorOf(p) == kWhite ? char(c - 'a' + 'A') : c;
}
// kNoPiece for a character that names no piece.
constexpr Piece PieceFromLetter(char ch) {
  const bool white = ch >= 'A' && ch <= 'Z';
  const char lower = white ? char(ch - 'A' + 'a') : ch;
  for (int pt = kPawn; pt <= kKing; ++pt)
    if (kPieceTypeLetters[pt] == lower) return MakePiece(white ? kWhite : kBlack, PieceType(pt));
  return kNoPiece;
}

constexpr int kBoardSize = 10;
constexpr int kSquareCount = 100;
using Square = int;  // 0..99; kNoSquare when absent
constexpr Square kNoSquare = 100;
constexpr int FileOf(Square s) { return s % 10; }
constexpr int RankOf(Square s) { return s / 10; }
constexpr Square MakeSquare(int file, int rank) { return rank * 10 + file; }
constexpr Bitboard SquareBB(Square s) { return Bitboard{1} << s; }
constexpr bool Has(Bitboard b, Square s) { return (b >> s) & 1; }
// Rank r as seen from colour c (0 = own first rank).
constexpr int RelativeRank(Color c, Square s) { return c == kWhite ? RankOf(s) : 9 - RankOf(s); }

inline int PopCount(Bitboard b) {
  return std::popcount(uint64_t(b)) + std::popcount(uint64_t(b >> 64));
}
// Returns the index of the lowest set bit and clears it; b must not be zero.
inline Square PopLowestBit(Bitboard& b) {
  const uint64_t lo = uint64_t(b);
  const Square s = lo ? std::countr_zero(lo) : 64 + std::countr_zero(uint64_t(b >> 64));
  b &= b - 1;
  return s;
}
inline Square LowestBit(Bitboard b) { return PopLowestBit(b); }
inline bool MoreThanOne(Bitboard b) { return (b & (b - 1)) != 0; }

// A move in 16 bits: from (7) | to (7) | promotion (1; always to a queen, RULES.md §4).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, bool promotion = false)
      : bits_(uint16_t(from | (to << 7) | (promotion ? 1 << 14 : 0))) {}
  static constexpr Move None() { return Move(); }

  constexpr Square from() const { return bits_ & 127; }
  constexpr Square to() const { return (bits_ >> 7) & 127; }
  constexpr bool is_promotion() const { return bits_ >> 14; }
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

// Fixed-capacity move list: no allocation in move generation. Position::Set admits at most
// 20 pieces a side; a queen has at most 35 moves on 10x10, so even 19 queens and a king
// (673 moves) fit.
using MoveList = FixedMoveList<Move, 768>;

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_TYPES_H_
