// A bogenjirge position with make/unmake and incremental Zobrist keys (RULES.md §6).
//
// FEN-like notation, fields separated by spaces:
//   <rows> <side> <dogs in hand> [<ply>]
// - rows: the board's points grouped by row (y), top row first, '/' between rows; in a row
//   the points from left to right (x), whatever gaps the grid has: 'D' a deer, 'd' a dog,
//   a number n for n empty points ('.' also means one empty point on input). The default
//   start is 6/2ddd2/2Dd1dD2/2ddd2/6 (rows 5..1: c5-g5,i5 / b4-h4 / a3-i3 / b2-h2 / c1-g1,i1).
// - side: 'd' the deer to move, 'g' the dogs to move.
// - dogs in hand: 0..100.
// - ply: plies played since the game's start (the ply cap counts them); default 0.
//
// Undo information lives in caller-owned StateInfo records linked backwards; that chain is
// the history repetition looks at. Input is validated once, in Set(); DoMove trusts its move.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_POSITION_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_POSITION_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/core/bits.h"
#include "engine/games/bogenjirge/rules.h"
#include "engine/games/bogenjirge/types.h"

namespace tumen::bogenjirge {

constexpr int kMaxHand = 100;

struct StateInfo {
  Key key = 0;
  int reversible_plies = 0;  // plies since the last drop or capture
  int plies_from_null = 0;   // repetitions cannot cross a null move
  bool captured = false;     // set by DoMove: this move jumped a dog
  StateInfo* previous = nullptr;
};

class Position {
 public:
  Position() = default;

  // Sets the position from a FEN under `rules` (which must outlive the position). `root` is
  // the caller's state record for this position. On error the position is unusable.
  absl::Status Set(const BogenjirgeRules& rules, absl::string_view fen, StateInfo* root);
  std::string Fen() const;

  const BogenjirgeRules& rules() const { return *rules_; }
  const Board& board() const { return *board_; }
  Side side_to_move() const { return side_; }
  Mask deer() const { return deer_; }
  Mask dogs() const { return dogs_; }
  Mask occupied() const { return deer_ | dogs_; }
  Mask empty() const { return board_->all() & ~(deer_ | dogs_); }
  int hand() const { return hand_; }
  int dogs_left() const { return PopCount(dogs_) + hand_; }
  int game_ply() const { return game_ply_; }
  Key key() const { return st_->key; }
  const StateInfo* state() const { return st_; }
  int reversible_plies() const { return st_->reversible_plies; }

  void DoMove(Move m, StateInfo& new_state);
  void UndoMove(Move m);
  void DoNullMove(StateInfo& new_state);
  void UndoNullMove();

  // Times the current position occurred before within the reversible plies (0 = new).
  int RepetitionCount() const;
  // A repetition inside the search tree since `plies_from_root`, or the third occurrence.
  bool IsRepetitionForSearch(int plies_from_root) const;

  Key ComputeKey() const;  // from scratch; tests compare it with the incremental key

 private:
  Mask deer_ = 0, dogs_ = 0;
  int hand_ = 0;
  Side side_ = kDeer;
  int game_ply_ = 0;
  StateInfo* st_ = nullptr;
  const BogenjirgeRules* rules_ = nullptr;
  const Board* board_ = nullptr;
};

namespace zobrist {
extern Key deer[kMaxPoints];
extern Key dog[kMaxPoints];
extern Key hand[kMaxHand + 1];
extern Key dogs_to_move;
}  // namespace zobrist

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_POSITION_H_
