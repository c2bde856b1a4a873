// A position of the 10x10 family with make/unmake and incremental Zobrist keys.
//
// The undo information lives in StateInfo records owned by the caller (a search stack, a
// game's history), linked backwards; that chain is also the history repetition looks at.
// Input is validated once, in Set(); DoMove trusts its move.
//
// Attacks follow RULES.md §4 exactly: an attack is a capture the restricted move rules allow,
// so a bodyguard's zone (which cuts enemy lines) and an envoy's neutral squares (where nothing
// captures or is captured) shape check as they shape moves.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_POSITION_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_POSITION_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/games/hiashatar/geometry.h"
#include "engine/games/hiashatar/rules.h"
#include "engine/games/hiashatar/types.h"

namespace tumen::hiashatar {

struct StateInfo {
  // Carried over from the previous state and updated by DoMove.
  Key key = 0;
  int rule50 = 0;           // plies since the last capture or pawn move
  int plies_from_null = 0;  // plies since the last null move (repetitions cannot cross it)
  // Set by DoMove.
  Piece captured = kNoPiece;
  bool in_check = false;
  StateInfo* previous = nullptr;
};

class Position {
 public:
  Position() = default;

  // Sets the position from a FEN under `rules` (which must outlive the position). `root` is
  // the caller's state record for this position. On error the position is unusable.
  absl::Status Set(const HiaShatarRules& rules, absl::string_view fen, StateInfo* root);
  std::string Fen() const;

  const HiaShatarRules& rules() const { return *rules_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Square king_square(Color c) const { return king_square_[c]; }

  bool in_check() const { return st_->in_check; }
  Key key() const { return st_->key; }
  int rule50() const { return st_->rule50; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == kBlack)) / 2; }
  const StateInfo* state() const { return st_; }
  Piece captured_piece() const { return st_->captured; }

  // RULES.md §4: the squares around `owner`'s bodyguards, which restrict the moves of the
  // other side's pieces (knights excepted).
  Bitboard Zone(Color owner) const { return NeighboursOf(pieces(owner, kBodyguard)); }
  // RULES.md §4 (envoy): squares next to any envoy; no capture or check starts, ends or
  // passes there.
  Bitboard Neutral() const { return NeighboursOf(pieces(kEnvoy)); }

  // True when a piece of colour `by` could capture on `s` under the zone and envoy rules
  // (whatever stands on s).
  bool IsAttacked(Square s, Color by) const;

  Piece MovedPiece(Move m) const { return board_[m.from()]; }
  bool IsCapture(Move m) const { return board_[m.to()] != kNoPiece; }

  void DoMove(Move m, StateInfo& new_state);
  void UndoMove(Move m);
  void DoNullMove(StateInfo& new_state);
  void UndoNullMove();

  // Make-and-test legality of a pseudo-legal move: plays it on the board only (no key, no
  // state), asks whether the mover's king is attacked, and takes it back.
  bool LeavesKingSafe(Move m);

  // Times the current position occurred before within the reversible plies (0 = new).
  int RepetitionCount() const;
  // A repetition inside the search tree since `plies_from_root`, or twofold before it.
  bool IsRepetitionForSearch(int plies_from_root) const;

  Key ComputeKey() const;  // from scratch; tests compare it with the incremental key

 private:
  void PutPiece(Piece p, Square s);
  void RemovePiece(Square s);
  void MovePiece(Square from, Square to);

  Piece board_[kSquareCount] = {};
  Bitboard by_type_[kPieceTypeCount] = {};
  Bitboard by_color_[2] = {};
  Square king_square_[2] = {kNoSquare, kNoSquare};
  Color side_ = kWhite;
  int game_ply_ = 0;
  StateInfo* st_ = nullptr;
  const HiaShatarRules* rules_ = nullptr;
};

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_POSITION_H_
