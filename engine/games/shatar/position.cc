#include "engine/games/shatar/position.h"

#include <cstdlib>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/fen_counters.h"
#include "engine/core/repetition.h"
#include "engine/games/shatar/zobrist.h"

namespace tumen::shatar {
namespace {

absl::Status FenError(absl::string_view fen, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("fen '", fen, "': ", what));
}

std::string SquareName(Square s) { return {char('a' + FileOf(s)), char('1' + RankOf(s))}; }

}  // namespace

void Position::PutPiece(Piece p, Square s) {
  board_[s] = p;
  const Bitboard b = SquareBB(s);
  by_type_[0] |= b;
  by_type_[TypeOf(p)] |= b;
  by_color_[ColorOf(p)] |= b;
}

void Position::RemovePiece(Square s) {
  const Piece p = board_[s];
  const Bitboard b = SquareBB(s);
  by_type_[0] ^= b;
  by_type_[TypeOf(p)] ^= b;
  by_color_[ColorOf(p)] ^= b;
  board_[s] = kNoPiece;
}

void Position::MovePiece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard b = SquareBB(from) | SquareBB(to);
  by_type_[0] ^= b;
  by_type_[TypeOf(p)] ^= b;
  by_color_[ColorOf(p)] ^= b;
  board_[from] = kNoPiece;
  board_[to] = p;
}

absl::Status Position::Set(const ShatarRules& rules, absl::string_view fen, StateInfo* root) {
  *this = Position();
  *root = StateInfo();
  rules_ = &rules;
  st_ = root;

  const std::vector<absl::string_view> fields =
      absl::StrSplit(fen, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() < 2 || fields.size() > 6)
    return FenError(
        fen, "expected 2 to 6 fields: board, side, [castling, en passant, halfmove, fullmove]");

  // Field 1: the board, rank 8 first.
  const std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != 8)
    return FenError(fen,
                    absl::StrCat("the board has ", ranks.size(), " ranks; an 8x8 board needs 8"));
  for (int i = 0; i < 8; ++i) {
    const int rank = 7 - i;
    int file = 0;
    for (char ch : ranks[i]) {
      if (ch >= '1' && ch <= '8') {
        file += ch - '0';
      } else if (ch == '~') {
        // Folk promotion: `P~` is a waiting pawn that made its backward step (position.h).
        const Square last = file >= 1 && file <= 8 ? MakeSquare(file - 1, rank) : kNoSquare;
        if (!rules.folk_promotion())
          return FenError(fen, absl::StrCat("'~' marks a waiting pawn of folk promotion; ",
                                            rules.name, " does not use folk promotion"));
        if (last == kNoSquare || TypeOf(board_[last]) != kPawn ||
            RelativeRank(ColorOf(board_[last]), last) != 6 || (st_->folk_stepped & SquareBB(last)))
          return FenError(fen,
                          "'~' must follow a pawn on its own seventh rank (a waiting pawn "
                          "after its backward step)");
        st_->folk_stepped |= SquareBB(last);
      } else {
        const Piece p = PieceFromLetter(ch);
        if (p == kNoPiece)
          return FenError(fen, absl::StrCat("'", std::string(1, ch), "' is not a piece letter"));
        if (!rules.AllowsPiece(TypeOf(p)))
          return FenError(
              fen, absl::StrCat("piece '", std::string(1, ch), "' is not used in ", rules.name));
        if (file < 8) PutPiece(p, MakeSquare(file, rank));
        ++file;
      }
      if (file > 8) break;
    }
    if (file != 8)
      return FenError(fen, absl::StrCat("rank ", rank + 1, " does not describe exactly 8 squares"));
  }
  for (Color c : {kWhite, kBlack}) {
    const char* name = c == kWhite ? "white" : "black";
    if (PopCount(pieces(c, kKing)) != 1)
      return FenError(fen, absl::StrCat(name, " must have exactly one king"));
    if (PopCount(pieces(c)) > 16)
      return FenError(fen, absl::StrCat(name, " has more than 16 pieces"));
    if (PopCount(pieces(c, kPawn)) > 8)
      return FenError(fen, absl::StrCat(name, " has more than 8 pawns"));
  }
  if (rules.folk_promotion()) {
    // Folk promotion: a pawn on its last rank is a waiting pawn; none may stand on its first.
    if ((pieces(kWhite, kPawn) & kRank1) || (pieces(kBlack, kPawn) & kRank8))
      return FenError(fen, "a pawn stands on its own first rank");
  } else if (pieces(kPawn) & (kRank1 | kRank8)) {
    return FenError(fen, "a pawn stands on the first or last rank, where it must have promoted");
  }

  // Field 2: side to move.
  if (fields[1] != "w" && fields[1] != "b")
    return FenError(fen, absl::StrCat("side to move is '", fields[1], "'; use w or b"));
  side_ = fields[1] == "w" ? kWhite : kBlack;

  // Field 3: castling rights (KQkq; only where the rules have castling).
  if (fields.size() > 2 && fields[2] != "-") {
    if (!rules.castling)
      return FenError(fen, absl::StrCat(rules.name, " has no castling; write '-'"));
    for (char ch : fields[2]) {
      uint8_t right;
      Square king, rook;
      switch (ch) {
        case 'K':
          right = kWhiteKingside, king = 4, rook = 7;
          break;
        case 'Q':
          right = kWhiteQueenside, king = 4, rook = 0;
          break;
        case 'k':
          right = kBlackKingside, king = 60, rook = 63;
          break;
        case 'q':
          right = kBlackQueenside, king = 60, rook = 56;
          break;
        default:
          return FenError(fen, absl::StrCat("castling field has '", std::string(1, ch),
                                            "'; use a subset of KQkq or -"));
      }
      const Color c = ch <= 'Z' ? kWhite : kBlack;
      if (st_->castling & right) return FenError(fen, "castling field repeats a right");
      if (board_[king] != MakePiece(c, kKing) || board_[rook] != MakePiece(c, kRook))
        return FenError(fen, absl::StrCat("castling right '", std::string(1, ch),
                                          "' needs the king and rook on their start squares"));
      st_->castling |= right;
      castling_mask_[king] |= right;
      castling_mask_[rook] |= right;
    }
  }
  // Masks for all rights, so that moves from/to these squares always clear them.
  castling_mask_[4] = kWhiteKingside | kWhiteQueenside;
  castling_mask_[7] = kWhiteKingside;
  castling_mask_[0] = kWhiteQueenside;
  castling_mask_[60] = kBlackKingside | kBlackQueenside;
  castling_mask_[63] = kBlackKingside;
  castling_mask_[56] = kBlackQueenside;

  // Field 4: en passant target square.
  if (fields.size() > 3 && fields[3] != "-") {
    const absl::string_view ep = fields[3];
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] < '1' || ep[1] > '8')
      return FenError(fen, absl::StrCat("en passant square '", ep, "' is not a square"));
    if (!rules.en_passant)
      return FenError(fen, absl::StrCat(rules.name, " has no en passant; write '-'"));
    const Square s = MakeSquare(ep[0] - 'a', ep[1] - '1');
    const Color them = ~side_;
    const Square pawn_square = them == kWhite ? s + 8 : s - 8;
    const Square origin = them == kWhite ? s - 8 : s + 8;
    if (RelativeRank(them, s) != 2 || board_[pawn_square] != MakePiece(them, kPawn) ||
        board_[s] != kNoPiece || board_[origin] != kNoPiece)
      return FenError(
          fen, absl::StrCat("en passant square ", ep, " does not follow a double pawn step"));
    // Kept only when a pawn can take, so equal positions get equal keys.
    if (PawnAttacks(them, s) & pieces(side_, kPawn)) st_->en_passant = s;
  }

  // Fields 5 and 6: move counters.
  FenCounters counters;
  if (absl::Status s = ParseFenCounters(fields, counters); !s.ok())
    return FenError(fen, s.message());
  st_->rule50 = counters.halfmove;
  game_ply_ = counters.GamePly(side_ == kBlack);

  if (AttackersTo(king_square(~side_)) & pieces(side_))
    return FenError(fen, "the side not to move is in check");
  ComputeCheckers();
  st_->key = ComputeKey();
  return absl::OkStatus();
}

std::string Position::Fen() const {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board_[MakeSquare(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += PieceLetter(p);
      if (st_->folk_stepped & SquareBB(MakeSquare(file, rank))) fen += '~';
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  fen += side_ == kWhite ? " w " : " b ";
  const uint8_t cr = st_->castling;
  if (!cr) fen += '-';
  if (cr & kWhiteKingside) fen += 'K';
  if (cr & kWhiteQueenside) fen += 'Q';
  if (cr & kBlackKingside) fen += 'k';
  if (cr & kBlackQueenside) fen += 'q';
  fen += ' ';
  fen += st_->en_passant == kNoSquare ? "-" : SquareName(st_->en_passant);
  absl::StrAppend(&fen, " ", st_->rule50, " ", fullmove_number());
  return fen;
}

Bitboard Position::AttackersTo(Square s, Bitboard occupied) const {
  return (PawnAttacks(kBlack, s) & attacking_pawns(kWhite)) |
         (PawnAttacks(kWhite, s) & attacking_pawns(kBlack)) |
         (KnightAttacks(s) & by_type_[kKnight]) | (RookAttacks(s, occupied) & rook_sliders()) |
         (BishopAttacks(s, occupied) & bishop_sliders()) | (tables::ferz[s] & by_type_[kBers]) |
         (KingAttacks(s) & by_type_[kKing]);
}

void Position::ComputeCheckers() {
  st_->checkers = AttackersTo(king_square(side_)) & pieces(~side_);
  // The queen piece: the array's one, or either under folk promotion (which makes both).
  st_->shak_check =
      st_->checkers & (by_type_[kKnight] | by_type_[kRook] | by_type_[kQueen] | by_type_[kBers]);
}

Key Position::ComputeKey() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = PopLowestBit(b);
    k ^= zobrist::piece_square[board_[s]][s];
  }
  k ^= zobrist::castling[st_->castling];
  if (st_->en_passant != kNoSquare) k ^= zobrist::en_passant_file[FileOf(st_->en_passant)];
  if (side_ == kBlack) k ^= zobrist::black_to_move;
  for (Bitboard b = st_->folk_stepped; b;) k ^= zobrist::folk_stepped[PopLowestBit(b)];
  return k;
}

void Position::CastlingSquares(Square king_to, Square& rook_from, Square& rook_to) {
  const bool kingside = FileOf(king_to) == 6;
  const int rank_base = king_to & ~7;
  rook_from = rank_base + (kingside ? 7 : 0);
  rook_to = rank_base + (kingside ? 5 : 3);
}

void Position::DoMove(Move m, StateInfo& ns) {
  ns.key = st_->key ^ zobrist::black_to_move;
  ns.rule50 = st_->rule50 + 1;
  ns.plies_from_null = st_->plies_from_null + 1;
  ns.castling = st_->castling;
  ns.en_passant = kNoSquare;
  ns.folk_stepped = st_->folk_stepped;
  ns.previous = st_;
  if (st_->en_passant != kNoSquare) ns.key ^= zobrist::en_passant_file[FileOf(st_->en_passant)];
  st_ = &ns;
  ++game_ply_;

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  Piece captured = kNoPiece;

  if (m.is_castling()) {
    Square rook_from, rook_to;
    CastlingSquares(to, rook_from, rook_to);
    const Piece rook = board_[rook_from];
    MovePiece(from, to);
    MovePiece(rook_from, rook_to);
    ns.key ^= zobrist::piece_square[pc][from] ^ zobrist::piece_square[pc][to] ^
              zobrist::piece_square[rook][rook_from] ^ zobrist::piece_square[rook][rook_to];
  } else {
    const Square capture_square = m.is_en_passant() ? (us == kWhite ? to - 8 : to + 8) : to;
    captured = board_[capture_square];
    if (captured != kNoPiece) {
      RemovePiece(capture_square);
      ns.key ^= zobrist::piece_square[captured][capture_square];
      ns.rule50 = 0;
      if (ns.folk_stepped & SquareBB(capture_square)) {  // a stepped waiting pawn is taken
        ns.folk_stepped ^= SquareBB(capture_square);
        ns.key ^= zobrist::folk_stepped[capture_square];
      }
    }
    MovePiece(from, to);
    ns.key ^= zobrist::piece_square[pc][from] ^ zobrist::piece_square[pc][to];
    if (TypeOf(pc) == kPawn) {
      ns.rule50 = 0;
      if (m.is_promotion()) {
        const Piece promoted = MakePiece(us, m.promotion_type());
        RemovePiece(to);
        PutPiece(promoted, to);
        ns.key ^= zobrist::piece_square[pc][to] ^ zobrist::piece_square[promoted][to];
        if (ns.folk_stepped & SquareBB(from)) {  // folk: the second backward step promotes
          ns.folk_stepped ^= SquareBB(from);
          ns.key ^= zobrist::folk_stepped[from];
        }
      } else if ((from ^ to) == 16 && rules_->en_passant) {
        const Square ep = (from + to) / 2;
        if (PawnAttacks(us, ep) & pieces(them, kPawn)) {
          ns.en_passant = ep;
          ns.key ^= zobrist::en_passant_file[FileOf(ep)];
        }
      } else if (SquareBB(from) & (kRank1 | kRank8)) {
        // Folk promotion: a waiting pawn's first backward step without promoting; it keeps
        // waiting, now with one step made (only waiting pawns stand on a last rank).
        ns.folk_stepped |= SquareBB(to);
        ns.key ^= zobrist::folk_stepped[to];
      }
    }
  }
  if (ns.castling && (castling_mask_[from] | castling_mask_[to])) {
    ns.key ^= zobrist::castling[ns.castling];
    ns.castling &= ~(castling_mask_[from] | castling_mask_[to]);
    ns.key ^= zobrist::castling[ns.castling];
  }
  ns.captured = captured;
  side_ = them;
  ComputeCheckers();
}

void Position::UndoMove(Move m) {
  side_ = ~side_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.is_castling()) {
    Square rook_from, rook_to;
    CastlingSquares(to, rook_from, rook_to);
    MovePiece(to, from);
    MovePiece(rook_to, rook_from);
  } else {
    if (m.is_promotion()) {
      RemovePiece(to);
      PutPiece(MakePiece(us, kPawn), to);
    }
    MovePiece(to, from);
    if (st_->captured != kNoPiece) {
      const Square capture_square = m.is_en_passant() ? (us == kWhite ? to - 8 : to + 8) : to;
      PutPiece(st_->captured, capture_square);
    }
  }
  st_ = st_->previous;
  --game_ply_;
}

void Position::DoNullMove(StateInfo& ns) {
  ns = *st_;
  ns.previous = st_;
  ns.key ^= zobrist::black_to_move;
  if (st_->en_passant != kNoSquare) ns.key ^= zobrist::en_passant_file[FileOf(st_->en_passant)];
  ns.en_passant = kNoSquare;
  ns.rule50 = st_->rule50 + 1;
  ns.plies_from_null = 0;
  ns.captured = kNoPiece;
  st_ = &ns;
  ++game_ply_;
  side_ = ~side_;
  ComputeCheckers();
}

void Position::UndoNullMove() {
  st_ = st_->previous;
  --game_ply_;
  side_ = ~side_;
}

int Position::RepetitionCount() const {
  return EarlierOccurrences(st_, std::min(st_->rule50, st_->plies_from_null));
}

bool Position::IsRepetitionForSearch(int plies_from_root) const {
  return IsRepetitionInSearch(st_, std::min(st_->rule50, st_->plies_from_null), plies_from_root);
}

}  // namespace tumen::shatar
