#include "engine/games/hiashatar/position.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/fen_counters.h"
#include "engine/core/prng.h"
#include "engine/core/repetition.h"

namespace tumen::hiashatar {
namespace {

struct Zobrist {
  Key piece_square[kPieceCount][kSquareCount];
  Key black_to_move;
  Zobrist() {
    Prng prng(0x4849415348415441ULL);  // "HIASHATA"
    for (auto& row : piece_square)
      for (Key& k : row) k = prng.Next();
    black_to_move = prng.Next();
  }
};
const Zobrist zobrist;

absl::Status FenError(absl::string_view fen, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("hiashatar fen '", fen, "': ", what));
}

}  // namespace

void Position::PutPiece(Piece p, Square s) {
  board_[s] = p;
  const Bitboard b = SquareBB(s);
  by_type_[0] |= b;
  by_type_[TypeOf(p)] |= b;
  by_color_[ColorOf(p)] |= b;
  if (TypeOf(p) == kKing) king_square_[ColorOf(p)] = s;
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
  if (TypeOf(p) == kKing) king_square_[ColorOf(p)] = to;
}

absl::Status Position::Set(const HiaShatarRules& rules, absl::string_view fen, StateInfo* root) {
  *this = Position();
  *root = StateInfo();
  rules_ = &rules;
  st_ = root;

  const std::vector<absl::string_view> fields =
      absl::StrSplit(fen, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() < 2 || fields.size() > 6)
    return FenError(
        fen, "expected 2 to 6 fields: board, side, [castling, en passant, halfmove, fullmove]");

  // Field 1: the board, rank 10 first; runs of empty squares are numbers 1..10.
  const std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != 10)
    return FenError(fen,
                    absl::StrCat("the board has ", ranks.size(), " ranks; a 10x10 board needs 10"));
  for (int i = 0; i < 10; ++i) {
    const int rank = 9 - i;
    const absl::string_view row = ranks[i];
    int file = 0;
    for (size_t j = 0; j < row.size() && file <= 10; ++j) {
      const char ch = row[j];
      if (ch >= '0' && ch <= '9') {
        int run = ch - '0';
        if (j + 1 < row.size() && row[j + 1] >= '0' && row[j + 1] <= '9')
          run = 10 * run + (row[++j] - '0');
        if (run < 1 || run > 10)
          return FenError(fen, absl::StrCat("rank ", rank + 1, " has an empty run of ", run,
                                            "; runs are 1 to 10"));
        file += run;
        continue;
      }
      const Piece p = PieceFromLetter(ch);
      if (p == kNoPiece)
        return FenError(fen, absl::StrCat("'", std::string(1, ch), "' is not a piece letter"));
      if (!rules.AllowsPiece(TypeOf(p)))
        return FenError(
            fen, absl::StrCat("piece '", std::string(1, ch), "' is not used in ", rules.name));
      if (file < 10) PutPiece(p, MakeSquare(file, rank));
      ++file;
    }
    if (file != 10)
      return FenError(fen,
                      absl::StrCat("rank ", rank + 1, " does not describe exactly 10 squares"));
  }
  for (Color c : {kWhite, kBlack}) {
    const char* name = c == kWhite ? "white" : "black";
    if (PopCount(pieces(c, kKing)) != 1)
      return FenError(fen, absl::StrCat(name, " must have exactly one king"));
    if (PopCount(pieces(c)) > 20)
      return FenError(fen, absl::StrCat(name, " has more than 20 pieces"));
    if (PopCount(pieces(c, kPawn)) > 10)
      return FenError(fen, absl::StrCat(name, " has more than 10 pawns"));
    for (Bitboard b = pieces(c, kEnvoy); b;)
      if (RelativeRank(c, PopLowestBit(b)) > 2)
        return FenError(fen,
                        absl::StrCat("a ", name, " envoy stands outside its first three ranks"));
  }
  for (Bitboard b = pieces(kPawn); b;) {
    const int r = RankOf(PopLowestBit(b));
    if (r == 0 || r == 9)
      return FenError(fen, "a pawn stands on the first or last rank, where it must have promoted");
  }

  // Field 2: side to move.
  if (fields[1] != "w" && fields[1] != "b")
    return FenError(fen, absl::StrCat("side to move is '", fields[1], "'; use w or b"));
  side_ = fields[1] == "w" ? kWhite : kBlack;

  // Fields 3 and 4: no castling and no en passant in RULES.md §4.
  if (fields.size() > 2 && fields[2] != "-")
    return FenError(fen, absl::StrCat(rules.name, " has no castling; write '-'"));
  if (fields.size() > 3 && fields[3] != "-")
    return FenError(fen, absl::StrCat(rules.name, " has no en passant; write '-'"));

  // Fields 5 and 6: move counters.
  FenCounters counters;
  if (absl::Status s = ParseFenCounters(fields, counters); !s.ok())
    return FenError(fen, s.message());
  st_->rule50 = counters.halfmove;
  game_ply_ = counters.GamePly(side_ == kBlack);

  if (IsAttacked(king_square(~side_), side_))
    return FenError(fen, "the side not to move is in check");
  st_->in_check = IsAttacked(king_square(side_), ~side_);
  st_->key = ComputeKey();
  return absl::OkStatus();
}

std::string Position::Fen() const {
  std::string fen;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 10; ++file) {
      const Piece p = board_[MakeSquare(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) absl::StrAppend(&fen, empty);
      empty = 0;
      fen += PieceLetter(p);
    }
    if (empty) absl::StrAppend(&fen, empty);
    if (rank) fen += '/';
  }
  fen += side_ == kWhite ? " w - - " : " b - - ";
  absl::StrAppend(&fen, st_->rule50, " ", fullmove_number());
  return fen;
}

bool Position::IsAttacked(Square s, Color by) const {
  const Geometry& g = kGeometry;
  const Bitboard neutral = rules_->envoys() ? Neutral() : Bitboard{0};
  if (Has(neutral, s)) return false;  // nothing captures next to an envoy
  const Bitboard zone = rules_->envoys() ? Bitboard{0} : Zone(~by);
  const Bitboard restricted = zone | neutral;

  // Knights ignore zones; a knight jumps, so it passes over no square.
  const Piece knight = MakePiece(by, kKnight);
  for (int i = 0; i < g.knight_count[s]; ++i) {
    const Square t = g.knight[s][i];
    if (board_[t] == knight && !Has(neutral, t)) return true;
  }
  const Piece pawn = MakePiece(by, kPawn);
  for (int i = 0; i < g.pawn_attacker_count[by][s]; ++i) {
    const Square t = g.pawn_attackers[by][s][i];
    if (board_[t] == pawn && !Has(neutral, t)) return true;
  }
  // Kings, bodyguards and sliders: walk out from s to the first piece in each direction. A
  // move of two or more squares is cut when it starts in a zone or crosses a zone square
  // before s; a capture is void when it starts on or crosses a neutral square.
  for (int d = 0; d < kDirectionCount; ++d) {
    const bool diagonal = IsDiagonal(d);
    const int8_t* ray = g.ray[s][d];
    bool crossed = false;
    for (int k = 0; k < g.ray_length[s][d]; ++k) {
      const Square t = ray[k];
      const Piece p = board_[t];
      if (p == kNoPiece) {
        crossed |= Has(restricted, t);
        continue;
      }
      if (ColorOf(p) != by || Has(neutral, t)) break;
      const PieceType pt = TypeOf(p);
      const bool slider = pt == kQueen || pt == (diagonal ? kBishop : kRook);
      if (k == 0) {
        if (slider || pt == kKing || pt == kBodyguard) return true;
      } else if (!crossed && !Has(zone, t)) {
        if (slider || (pt == kBodyguard && k == 1)) return true;
      }
      break;
    }
  }
  return false;
}

Key Position::ComputeKey() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = PopLowestBit(b);
    k ^= zobrist.piece_square[board_[s]][s];
  }
  if (side_ == kBlack) k ^= zobrist.black_to_move;
  return k;
}

void Position::DoMove(Move m, StateInfo& ns) {
  ns.key = st_->key ^ zobrist.black_to_move;
  ns.rule50 = st_->rule50 + 1;
  ns.plies_from_null = st_->plies_from_null + 1;
  ns.previous = st_;
  st_ = &ns;
  ++game_ply_;

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  const Piece captured = board_[to];
  if (captured != kNoPiece) {
    RemovePiece(to);
    ns.key ^= zobrist.piece_square[captured][to];
    ns.rule50 = 0;
  }
  MovePiece(from, to);
  ns.key ^= zobrist.piece_square[pc][from] ^ zobrist.piece_square[pc][to];
  if (TypeOf(pc) == kPawn) {
    ns.rule50 = 0;
    if (m.is_promotion()) {  // RULES.md §4: to a queen only
      const Piece queen = MakePiece(us, kQueen);
      RemovePiece(to);
      PutPiece(queen, to);
      ns.key ^= zobrist.piece_square[pc][to] ^ zobrist.piece_square[queen][to];
    }
  }
  ns.captured = captured;
  side_ = them;
  ns.in_check = IsAttacked(king_square_[them], us);
}

void Position::UndoMove(Move m) {
  side_ = ~side_;
  const Square from = m.from(), to = m.to();
  if (m.is_promotion()) {
    RemovePiece(to);
    PutPiece(MakePiece(side_, kPawn), to);
  }
  MovePiece(to, from);
  if (st_->captured != kNoPiece) PutPiece(st_->captured, to);
  st_ = st_->previous;
  --game_ply_;
}

bool Position::LeavesKingSafe(Move m) {
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  const Piece captured = board_[to];
  if (captured != kNoPiece) RemovePiece(to);
  MovePiece(from, to);
  // A promoted pawn blocks as the pawn did and no queen has a zone, so the promotion itself
  // cannot change whether our king is attacked.
  const bool safe = !IsAttacked(king_square_[us], ~us);
  MovePiece(to, from);
  if (captured != kNoPiece) PutPiece(captured, to);
  return safe;
}

void Position::DoNullMove(StateInfo& ns) {
  ns = *st_;
  ns.previous = st_;
  ns.key ^= zobrist.black_to_move;
  ns.rule50 = st_->rule50 + 1;
  ns.plies_from_null = 0;
  ns.captured = kNoPiece;
  st_ = &ns;
  ++game_ply_;
  side_ = ~side_;
  ns.in_check = IsAttacked(king_square_[side_], ~side_);
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

}  // namespace tumen::hiashatar
