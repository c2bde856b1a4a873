// A position of the 8x8 family with make/unmake and incremental Zobrist keys.
//
// The undo information lives in StateInfo records owned by the caller (a search stack, a
// game's history), linked backwards; that chain is also the history that repetition and the
// Shatar mate rules look at. Input is validated once, in Set(); DoMove trusts its move.
//
// Delayed folk promotion (RULES.md §3, promotion=folk). A pawn that reaches its last rank
// stays a pawn there: a *waiting pawn*. The piece-type space is full (types.h), so the waiting
// states are not piece types:
//   - waiting, no step yet: any pawn on its own last rank (only waiting pawns can be there);
//   - waiting, one backward step made: a pawn in StateInfo::folk_stepped (always on its own
//     seventh rank, where ordinary pawns also stand).
// A waiting pawn moves only one square diagonally backward onto an empty square, never
// captures, attacks nothing and gives no check (movegen.cc lists its moves). FEN writes the
// no-step state as a plain pawn on the last rank (P on rank 8, p on rank 1) and the one-step
// state with `~` after the letter (`P~`, `p~`); the stepped state has its own Zobrist keys
// (zobrist::folk_stepped). Under the other promotion rules no pawn stands on a last rank and
// folk_stepped is 0.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_POSITION_H_
#define TUMEN_ENGINE_GAMES_SHATAR_POSITION_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/games/shatar/attacks.h"
#include "engine/games/shatar/rules.h"
#include "engine/games/shatar/types.h"
#include "engine/games/shatar/zobrist.h"

namespace tumen::shatar {

enum CastlingRight : uint8_t {
  kWhiteKingside = 1,
  kWhiteQueenside = 2,
  kBlackKingside = 4,
  kBlackQueenside = 8,
};

struct StateInfo {
  // Carried over from the previous state and updated by DoMove.
  Key key = 0;
  int rule50 = 0;           // plies since the last capture or pawn move
  int plies_from_null = 0;  // plies since the last null move (repetitions cannot cross it)
  uint8_t castling = 0;
  Square en_passant = kNoSquare;
  Bitboard folk_stepped = 0;  // waiting pawns that made their one backward step (see below)
  // Set by DoMove.
  Piece captured = kNoPiece;
  Bitboard checkers = 0;
  bool shak_check = false;  // RULES.md §2: in check by a knight, rook or the queen piece
  StateInfo* previous = nullptr;
};

class Position {
 public:
  Position() = default;

  // Sets the position from a FEN under `rules` (which must outlive the position). `root` is
  // the caller's state record for this position. On error the position is unusable.
  absl::Status Set(const ShatarRules& rules, absl::string_view fen, StateInfo* root);
  std::string Fen() const;

  const ShatarRules& rules() const { return *rules_; }
  Color side_to_move() const { return side_; }
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Square king_square(Color c) const { return LowestBit(pieces(c, kKing)); }
  // Pieces that slide like a rook / like a bishop.
  Bitboard rook_sliders() const { return by_type_[kRook] | by_type_[kQueen] | by_type_[kBers]; }
  Bitboard bishop_sliders() const { return by_type_[kBishop] | by_type_[kQueen]; }

  // Folk promotion: waiting pawns that made their one backward step (0 under other rules).
  Bitboard folk_stepped() const { return st_->folk_stepped; }
  // Pawns of colour c that attack: all but the stepped waiting pawns (the ones on the last
  // rank have no attack squares there anyway).
  Bitboard attacking_pawns(Color c) const { return pieces(c, kPawn) & ~st_->folk_stepped; }

  Bitboard checkers() const { return st_->checkers; }
  bool in_check() const { return st_->checkers != 0; }
  Key key() const { return st_->key; }
  int rule50() const { return st_->rule50; }
  uint8_t castling_rights() const { return st_->castling; }
  Square en_passant() const { return st_->en_passant; }
  int game_ply() const { return game_ply_; }
  int fullmove_number() const { return 1 + (game_ply_ - (side_ == kBlack)) / 2; }
  const StateInfo* state() const { return st_; }
  Piece captured_piece() const { return st_->captured; }

  // All pieces of either colour attacking `s` given occupancy `occupied`.
  Bitboard AttackersTo(Square s, Bitboard occupied) const;
  Bitboard AttackersTo(Square s) const { return AttackersTo(s, pieces()); }

  Piece MovedPiece(Move m) const { return board_[m.from()]; }
  bool IsCapture(Move m) const {
    return (board_[m.to()] != kNoPiece && !m.is_castling()) || m.is_en_passant();
  }

  // The key DoMove(m) will give, for prefetching the transposition table's bucket before the
  // move is made: exact but for a new en passant square, a change of castling rights and the
  // folk promotion's stepped pawns, which DoMove adds and a prefetch can do without.
  Key KeyAfter(Move m) const {
    const Square from = m.from(), to = m.to();
    const Piece pc = board_[from];
    Key k = st_->key ^ zobrist::black_to_move ^ zobrist::piece_square[pc][from];
    if (st_->en_passant != kNoSquare) k ^= zobrist::en_passant_file[FileOf(st_->en_passant)];
    if (m.is_castling()) {
      Square rook_from, rook_to;
      CastlingSquares(to, rook_from, rook_to);
      const Piece rook = board_[rook_from];
      return k ^ zobrist::piece_square[pc][to] ^ zobrist::piece_square[rook][rook_from] ^
             zobrist::piece_square[rook][rook_to];
    }
    const Square capture_square = m.is_en_passant() ? (side_ == kWhite ? to - 8 : to + 8) : to;
    if (board_[capture_square] != kNoPiece)
      k ^= zobrist::piece_square[board_[capture_square]][capture_square];
    const Piece arriving = m.is_promotion() ? MakePiece(side_, m.promotion_type()) : pc;
    return k ^ zobrist::piece_square[arriving][to];
  }
  void DoMove(Move m, StateInfo& new_state);
  void UndoMove(Move m);
  void DoNullMove(StateInfo& new_state);
  void UndoNullMove();

  // Times the current position occurred before within the reversible plies (0 = new).
  int RepetitionCount() const;
  // A repetition inside the search tree since `plies_from_root`, or twofold before it.
  bool IsRepetitionForSearch(int plies_from_root) const;

  Key ComputeKey() const;  // from scratch; tests compare it with the incremental key
  // Only the king is left for colour c.
  bool IsBare(Color c) const { return by_color_[c] == pieces(c, kKing); }

 private:
  void PutPiece(Piece p, Square s);
  void RemovePiece(Square s);
  void MovePiece(Square from, Square to);
  void ComputeCheckers();
  static void CastlingSquares(Square king_to, Square& rook_from, Square& rook_to);

  Piece board_[64] = {};
  Bitboard by_type_[kPieceTypeCount] = {};
  Bitboard by_color_[2] = {};
  uint8_t castling_mask_[64] = {};  // rights lost when a move touches the square
  Color side_ = kWhite;
  int game_ply_ = 0;
  StateInfo* st_ = nullptr;
  const ShatarRules* rules_ = nullptr;
};

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_POSITION_H_
