// Basic types of bogenjirge (Mongolian deer chess, RULES.md §6): points of a board given as
// data (board.h), one bit per point in a 64-bit mask, and moves in 16 bits.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_TYPES_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_TYPES_H_

#include <cstdint>

#include "engine/core/move_list.h"

namespace tumen::bogenjirge {

using Mask = uint64_t;  // one bit per point
using Key = uint64_t;

// Points lie on a grid of kGridWidth columns (a..i, x = 1..9) and kGridHeight rows (1..7,
// y = 1..7); a point's index is its grid cell and its name its coordinates ("c3": x = 3,
// y = 3). A board file says which cells are points and which lines join them. Fixing the
// naming this way lets a move be printed without its board (the search's ToString(Move)).
using Point = int;
constexpr int kGridWidth = 9;
constexpr int kGridHeight = 7;
constexpr int kMaxPoints = kGridWidth * kGridHeight;  // 63: fits a 64-bit mask
constexpr Point MakePoint(int x, int y) { return (y - 1) * kGridWidth + (x - 1); }
constexpr int PointX(Point p) { return p % kGridWidth + 1; }
constexpr int PointY(Point p) { return p / kGridWidth + 1; }
constexpr Mask PointMask(Point p) { return Mask{1} << p; }

// The deer move first: they are the first player (GameResult::kFirstPlayerWins).
enum Side : uint8_t { kDeer = 0, kDogs = 1 };
constexpr Side operator~(Side s) { return Side(s ^ 1); }

// A move in 16 bits: from (6) | to (6) | kind (2). A drop has from == to. Raw 0 (a step
// from point 0 to itself) is no move.
class Move {
 public:
  enum Kind : uint16_t { kStep = 0, kJump = 1, kDrop = 2 };

  constexpr Move() = default;
  constexpr Move(Point from, Point to, Kind kind)
      : bits_(uint16_t(from | (to << 6) | (uint16_t(kind) << 12))) {}
  static constexpr Move Step(Point from, Point to) { return Move(from, to, kStep); }
  static constexpr Move Jump(Point from, Point to) { return Move(from, to, kJump); }
  static constexpr Move Drop(Point to) { return Move(to, to, kDrop); }
  static constexpr Move None() { return Move(); }

  constexpr Point from() const { return bits_ & 63; }
  constexpr Point to() const { return (bits_ >> 6) & 63; }
  constexpr Kind kind() const { return Kind(bits_ >> 12); }
  constexpr bool is_step() const { return kind() == kStep; }
  constexpr bool is_jump() const { return kind() == kJump; }
  constexpr bool is_drop() const { return kind() == kDrop; }
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

// Fixed-capacity move list. Board::Parse rejects boards whose move count could exceed it
// (drops on every square point plus a step or jump along every directed edge and jump).
using MoveList = FixedMoveList<Move, 512>;

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_TYPES_H_
