// Basic types of the 8x8 family: orthodox chess and every Shatar rule set. Squares run
// a1=0 .. h8=63 (a1 dark), one bit per square in a 64-bit Bitboard.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_TYPES_H_
#define TUMEN_ENGINE_GAMES_SHATAR_TYPES_H_

#include <cstdint>

#include "engine/core/move_list.h"

namespace tumen::shatar {

using Bitboard = uint64_t;
using Key = uint64_t;

enum Color : uint8_t { kWhite = 0, kBlack = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// kBers is the traditional queen piece (rook + one diagonal step, RULES.md §2).
enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kKnight = 2,
  kBishop = 3,
  kRook = 4,
  kQueen = 5,
  kBers = 6,
  kKing = 7,
};
constexpr int kPieceTypeCount = 8;  // index 0 of per-type arrays holds "all pieces"

// Piece = color << 3 | type, so 0 is empty and 16 entries cover both colours.
enum Piece : uint8_t { kNoPiece = 0 };
constexpr int kPieceCount = 16;
constexpr Piece MakePiece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType TypeOf(Piece p) { return PieceType(p & 7); }
constexpr Color ColorOf(Piece p) { return Color(p >> 3); }

// FEN letters: white upper case, black lower case; the bers is J (Fairy-Stockfish's letter).
inline constexpr char kPieceTypeLetters[] = " pnbrqjk";
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

using Square = int;  // 0..63; kNoSquare when absent
constexpr Square kNoSquare = 64;
constexpr int FileOf(Square s) { return s & 7; }
constexpr int RankOf(Square s) { return s >> 3; }
constexpr Square MakeSquare(int file, int rank) { return rank * 8 + file; }
constexpr Bitboard SquareBB(Square s) { return Bitboard{1} << s; }
// Rank r as seen from colour c (0 = own first rank).
constexpr int RelativeRank(Color c, Square s) { return c == kWhite ? RankOf(s) : 7 - RankOf(s); }

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank2 = kRank1 << 8;
constexpr Bitboard kRank3 = kRank1 << 16;
constexpr Bitboard kRank4 = kRank1 << 24;
constexpr Bitboard kRank5 = kRank1 << 32;
constexpr Bitboard kRank6 = kRank1 << 40;
constexpr Bitboard kRank7 = kRank1 << 48;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

// Moves a board one step "forward" for colour c.
template <Color C>
constexpr Bitboard PawnPush(Bitboard b) {
  return C == kWhite ? b << 8 : b >> 8;
}

// A move in 16 bits: from (6) | to (6) | kind (4). Kinds: normal, en passant, castling
// (to = the king's destination), or promotion with the piece type in the low three bits.
class Move {
 public:
  enum Kind : uint16_t { kNormal = 0, kEnPassant = 1, kCastling = 2, kPromotionFlag = 8 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to, uint16_t kind = kNormal)
      : bits_(uint16_t(from | (to << 6) | (kind << 12))) {}
  static constexpr Move Promotion(Square from, Square to, PieceType pt) {
    return Move(from, to, uint16_t(kPromotionFlag | uint16_t(pt)));
  }
  static constexpr Move None() { return Move(); }

  constexpr Square from() const { return bits_ & 63; }
  constexpr Square to() const { return (bits_ >> 6) & 63; }
  constexpr uint16_t kind() const { return bits_ >> 12; }
  constexpr bool is_promotion() const { return kind() & kPromotionFlag; }
  constexpr PieceType promotion_type() const { return PieceType(kind() & 7); }
  constexpr bool is_en_passant() const { return kind() == kEnPassant; }
  constexpr bool is_castling() const { return kind() == kCastling; }
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
// 16 pieces and 8 pawns a side, which bounds the legal moves far below 512 (15 queens would
// have 405), even in positions no game can reach.
using MoveList = FixedMoveList<Move, 512>;

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_TYPES_H_
