#include "engine/games/shatar/rules.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/games/shatar/fitted_2017.h"
#include "engine/games/shatar/fitted_chess.h"
#include "engine/games/shatar/fitted_traditional.h"
#include "engine/games/shatar/tuned_search_traditional.h"

namespace tumen::shatar {
namespace {

constexpr uint8_t Bit(PieceType pt) { return uint8_t(1u << pt); }

// Fills start_array from the board field of start_fen (trusted, constant data).
ShatarRules WithStartArray(ShatarRules r) {
  std::fill(std::begin(r.start_array), std::end(r.start_array), kNoPiece);
  int file = 0, rank = 7;
  for (char ch : r.start_fen) {
    if (ch == ' ') break;
    if (ch == '/') {
      --rank, file = 0;
    } else if (ch >= '1' && ch <= '8') {
      file += ch - '0';
    } else {
      r.start_array[MakeSquare(file++, rank)] = PieceFromLetter(ch);
    }
  }
  return r;
}

// The board field of a FEN for a full 64-square board.
std::string BoardField(const Piece (&board)[64]) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[MakeSquare(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += PieceLetter(p);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

// RULES.md §3: the start FEN of a Shatar rule set from its array, queen piece and first round.
std::string ShatarStartFen(const ShatarRules& r) {
  Piece board[64] = {};
  const PieceType back[8] = {kRook, kKnight, kBishop, r.queen_piece,
                             kKing, kBishop, kKnight, kRook};
  for (int f = 0; f < 8; ++f) {
    board[MakeSquare(f, 0)] = MakePiece(kWhite, back[f]);
    board[MakeSquare(f, 7)] = MakePiece(kBlack, back[f]);
    board[MakeSquare(f, 1)] = MakePiece(kWhite, kPawn);
    board[MakeSquare(f, 6)] = MakePiece(kBlack, kPawn);
  }
  // The rotational array: White's king and queen piece change places (K d1, Q e1), so the
  // position is point-symmetric; Black keeps Q d8, K e8.
  if (r.array == StartArray::kRotational) std::swap(board[3], board[4]);
  const auto double_step = [&](int file, Color c) {
    const Square from = MakeSquare(file, c == kWhite ? 1 : 6);
    const Square to = MakeSquare(file, c == kWhite ? 3 : 4);
    board[to] = board[from];
    board[from] = kNoPiece;
  };
  if (r.first_round == FirstRound::kFixedD4D5) {
    double_step(3, kWhite);
    double_step(3, kBlack);
  } else if (r.first_round == FirstRound::kQueenPawn) {
    // The pawn in front of each side's queen piece (d-file, or e-file for White in the
    // rotational array).
    for (Color c : {kWhite, kBlack})
      for (int f = 0; f < 8; ++f)
        if (board[MakeSquare(f, c == kWhite ? 0 : 7)] == MakePiece(c, r.queen_piece))
          double_step(f, c);
  }
  return BoardField(board) + " w - - 0 1";
}

ShatarRules Chess() {
  ShatarRules r;
  r.name = "chess";
  r.tuned_eval = kFittedChess;
  r.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  r.castling = r.en_passant = r.double_step = true;
  r.promotion_types = Bit(kQueen) | Bit(kRook) | Bit(kBishop) | Bit(kKnight);
  return r;
}

// SPSA on the farm (scripts/tune.sh): 8,000 pairs at 1,000 nodes per move, then accepted by
// SPRT(0, 5) against the previous defaults after 4,152 games: +13.8 Elo [+5.3, +22.4]. The
// positional weights are fitted since (fitted_2017.h); the material ones stay SPSA's.
constexpr char kTunedMaterial2017[] =
    "PawnMg 85\nPawnEg 117\nKnightMg 316\nBishopMg 333\nRookMg 485\nRookEg 543\nQueenMg 957\n";

// RULES.md §1: Inner Mongolia 2017.
ShatarRules Shatar2017() {
  ShatarRules r;
  r.name = "shatar";
  r.tuned_eval = std::string(kTunedMaterial2017) + kFitted2017;
  r.first_round = FirstRound::kChoiceMirrored;
  r.promotion = Promotion::kAny;
  DeriveShatarRules(r);
  return r;
}

// RULES.md §3: the 1997 competition rules, as 2017 but a pawn promotes to the queen only.
// The 2017 tuning is kept (the games differ only in rare under-promotions).
ShatarRules Shatar1997() {
  ShatarRules r = Shatar2017();
  r.name = "shatar-1997";
  r.promotion = Promotion::kQueenPiece;
  DeriveShatarRules(r);
  return r;
}

// RULES.md §2: Fairy-Stockfish's `shatar`.
ShatarRules ShatarTraditional() {
  ShatarRules r;
  r.name = "shatar-traditional";
  // Fitted evaluation weights and SPSA-tuned search parameters: see the headers.
  r.tuned_eval = std::string(kFittedTraditional) + kTunedSearchTraditional;
  r.queen_piece = kBers;
  r.first_round = FirstRound::kFixedD4D5;
  r.promotion = Promotion::kQueenPiece;
  r.knight_mate = MateByPiece::kLoses;
  r.shak_rule = true;
  r.bare_king_draw = true;
  DeriveShatarRules(r);  // dead_position_draw off: the bare-king rule ends such games first
  return r;
}

// RULES.md §3, the folk rules: rotational array, White's choice mirrored, the bers, delayed
// folk promotion, knight and bishop final mates draw, a bare king draws.
ShatarRules ShatarFolk() {
  ShatarRules r;
  r.name = "shatar-folk";
  r.queen_piece = kBers;
  r.array = StartArray::kRotational;
  r.first_round = FirstRound::kChoiceMirrored;
  r.promotion = Promotion::kFolk;
  r.knight_mate = MateByPiece::kDraw;
  r.bishop_mate = MateByPiece::kDraw;
  r.bare_king_draw = true;
  DeriveShatarRules(r);
  return r;
}

}  // namespace

void DeriveShatarRules(ShatarRules& r) {
  r.castling = r.en_passant = r.double_step = false;
  r.start_fen = ShatarStartFen(r);
  r = WithStartArray(std::move(r));
  switch (r.promotion) {
    case Promotion::kAny:
      r.promotion_types = Bit(r.queen_piece) | Bit(kRook) | Bit(kBishop) | Bit(kKnight);
      break;
    case Promotion::kQueenPiece:
      r.promotion_types = Bit(r.queen_piece);
      break;
    case Promotion::kFolk:
      r.promotion_types = 0;  // pawns wait on the last rank instead (position.h)
      break;
  }
  r.dead_position_draw = !r.bare_king_draw;
}

const std::vector<std::string>& ShatarFamilyVariants() {
  static const std::vector<std::string> names = {"shatar", "shatar-traditional", "chess",
                                                 "shatar-1997", "shatar-folk"};
  return names;
}

absl::StatusOr<ShatarRules> RulesForVariant(absl::string_view variant) {
  if (variant == "shatar") return Shatar2017();
  if (variant == "shatar-traditional") return ShatarTraditional();
  if (variant == "chess") return WithStartArray(Chess());
  if (variant == "shatar-1997") return Shatar1997();
  if (variant == "shatar-folk") return ShatarFolk();
  return absl::InvalidArgumentError(absl::StrCat(
      "unknown variant '", variant, "'; known: ", absl::StrJoin(ShatarFamilyVariants(), ", ")));
}

}  // namespace tumen::shatar
