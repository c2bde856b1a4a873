// A Xiangqi position with make/unmake and incremental Zobrist keys.
//
// The undo information lives in StateInfo records owned by the caller (a search stack, a
// game's history), linked backwards; that chain is also the history the repetition policy
// reads. Input is validated once, in Set(); DoMove trusts its move.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_POSITION_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_POSITION_H_

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/games/xiangqi/attacks.h"
#include "engine/games/xiangqi/rules.h"
#include "engine/games/xiangqi/types.h"

namespace tumen::xiangqi {

struct StateInfo {
  // Carried over from the previous state and updated by DoMove.
  Key key = 0;
  int rule50 = 0;           // plies since the last capture (RULES.md §5: 120 ends the game)
  int plies_from_null = 0;  // plies since the last null move (repetitions cannot cross it)
  // Set by DoMove.
  Piece captured = kNoPiece;
  Bitboard checkers = 0;  // non-zero: the move that led here gave check
  StateInfo* previous = nullptr;
};

class Position {
 public:
  Position() = default;

  // Sets the position from a FEN under `rules` (which must outlive the position). `root` is
  // the caller's state record for this position. On error the position is unusable.
  absl::Status Set(const XiangqiRules& rules, absl::string_view fen, StateInfo* root);
  std::string Fen() const;

  const XiangqiRules& rules() const { return *rules_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Square king_square(Color c) const { return king_[c]; }

  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return st_->checkers != 0; }
  Key key() const { return st_->key; }
  int rule50() const { return st_->rule50; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == kBlack)) / 2; }
  const StateInfo* state() const { return st_; }

  // Pieces of colour `by` that attack the king square `ksq` of the other colour, given
  // occupancy `occupied` and `by`'s pieces `theirs` (a subset of the board after a capture).
  // Includes the opposing king along an open file (RULES.md §5, flying general).
  Bitboard CheckersTo(Color by, Square ksq, Bitboard occupied, Bitboard theirs) const {
    return theirs & ((RookAttacks(ksq, occupied) & (by_type_[kRook] | by_type_[kKing])) |
                     (CannonCaptures(ksq, occupied) & by_type_[kCannon]) |
                     (HorseAttackersTo(ksq, occupied) & by_type_[kHorse]) |
                     (tables::soldier_attackers[by][ksq] & by_type_[kSoldier]));
  }
  // Would the side to move's king be attacked after playing m (from its own pieces)?
  bool LeavesKingAttacked(Move m) const {
    const Square from = m.from(), to = m.to();
    const Bitboard occupied = (pieces() ^ SquareBB(from)) | SquareBB(to);
    const Square ksq = from == king_[side_] ? to : king_[side_];
    return CheckersTo(~side_, ksq, occupied, pieces(~side_) & ~SquareBB(to)) != 0;
  }

  Piece MovedPiece(Move m) const { return board_[m.from()]; }
  bool IsCapture(Move m) const { return board_[m.to()] != kNoPiece; }

  void DoMove(Move m, StateInfo& new_state);
  void UndoMove(Move m);
  void DoNullMove(StateInfo& new_state);
  void UndoNullMove();

  // Times the current position occurred before within the reversible plies (0 = new).
  int RepetitionCount() const;
  // When the current position repeats an earlier one (the `min_count`-th earlier occurrence,
  // or any occurrence at most `plies_in_tree` plies back), the verdict of the rules'
  // repetition policy on the cycle since that occurrence; nullopt otherwise.
  std::optional<GameStatus> RepetitionVerdict(int min_count, int plies_in_tree) const;

  Key ComputeKey() const;  // from scratch; tests compare it with the incremental key

 private:
  void PutPiece(Piece p, Square s);
  void RemovePiece(Square s);
  void MovePiece(Square from, Square to);
  void ComputeCheckers() {
    st_->checkers = CheckersTo(~side_, king_[side_], pieces(), pieces(~side_));
  }

  Piece board_[kSquares] = {};
  Bitboard by_type_[kPieceTypeCount] = {};
  Bitboard by_color_[2] = {};
  Square king_[2] = {kNoSquare, kNoSquare};
  Color side_ = kRed;
  int game_ply_ = 0;
  StateInfo* st_ = nullptr;
  const XiangqiRules* rules_ = nullptr;
};

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_POSITION_H_
