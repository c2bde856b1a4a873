#include "engine/games/xiangqi/position.h"

#include <algorithm>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/fen_counters.h"
#include "engine/core/repetition.h"
#include "engine/games/xiangqi/zobrist.h"

namespace tumen::xiangqi {
namespace {

absl::Status FenError(absl::string_view fen, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("xiangqi fen '", fen, "': ", what));
}

std::string SquareName(Square s) {
  return absl::StrCat(std::string(1, 'a' + FileOf(s)), RankOf(s) + 1);
}

// Pieces per side in the start array; no promotion exists, so no position has more.
constexpr int kMaxPerType[kPieceTypeCount] = {16, 5, 2, 2, 2, 2, 2, 1};
constexpr const char* kTypeNames[kPieceTypeCount] = {"pieces", "soldiers", "advisors", "elephants",
                                                     "horses", "cannons",  "rooks",    "kings"};

}  // namespace

void Position::PutPiece(Piece p, Square s) {
  board_[s] = p;
  const Bitboard b = SquareBB(s);
  by_type_[0] |= b;
  by_type_[TypeOf(p)] |= b;
  by_color_[ColorOf(p)] |= b;
  if (TypeOf(p) == kKing) king_[ColorOf(p)] = s;
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
  if (TypeOf(p) == kKing) king_[ColorOf(p)] = to;
}

absl::Status Position::Set(const XiangqiRules& rules, absl::string_view fen, StateInfo* root) {
  *this = Position();
  *root = StateInfo();
  rules_ = &rules;
  st_ = root;

  const std::vector<absl::string_view> fields =
      absl::StrSplit(fen, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() < 2 || fields.size() > 6)
    return FenError(fen, "expected 2 to 6 fields: board, side, [-, -, halfmove, fullmove]");

  // Field 1: the board, rank 10 first.
  const std::vector<absl::string_view> ranks = absl::StrSplit(fields[0], '/');
  if (ranks.size() != kRanks)
    return FenError(fen, absl::StrCat("the board has ", ranks.size(), " ranks; xiangqi needs 10"));
  int count[2][kPieceTypeCount] = {};
  for (int i = 0; i < kRanks; ++i) {
    const int rank = kRanks - 1 - i;
    int file = 0;
    for (char ch : ranks[i]) {
      if (ch >= '1' && ch <= '9') {
        file += ch - '0';
      } else {
        const Piece p = PieceFromLetter(ch);
        if (p == kNoPiece)
          return FenError(fen, absl::StrCat("'", std::string(1, ch),
                                            "' is not a piece letter (k a b n r c p)"));
        if (file < kFiles) {
          const Square s = MakeSquare(file, rank);
          const Color c = ColorOf(p);
          const PieceType pt = TypeOf(p);
          // RULES.md §5: kings and advisors never leave the palace, elephants never cross
          // the river, soldiers never step back behind their starting rank.
          if ((pt == kKing || pt == kAdvisor) && !(PalaceBB(c) & SquareBB(s)))
            return FenError(fen, absl::StrCat("the ", pt == kKing ? "king" : "advisor", " on ",
                                              SquareName(s), " stands outside its palace"));
          if (pt == kElephant && !(HalfBB(c) & SquareBB(s)))
            return FenError(
                fen, absl::StrCat("the elephant on ", SquareName(s), " stands across the river"));
          if (pt == kSoldier && RelativeRank(c, s) < 3)
            return FenError(fen, absl::StrCat("the soldier on ", SquareName(s),
                                              " stands behind its starting rank"));
          if (++count[c][pt] > kMaxPerType[pt])
            return FenError(fen, absl::StrCat(c == kRed ? "red" : "black", " has more than ",
                                              kMaxPerType[pt], " ", kTypeNames[pt]));
          PutPiece(p, s);
        }
        ++file;
      }
      if (file > kFiles) break;
    }
    if (file != kFiles)
      return FenError(fen, absl::StrCat("rank ", rank + 1, " does not describe exactly 9 squares"));
  }
  for (Color c : {kRed, kBlack})
    if (count[c][kKing] != 1)
      return FenError(fen,
                      absl::StrCat(c == kRed ? "red" : "black", " must have exactly one king"));

  // Field 2: side to move (w = Red, as in Fairy-Stockfish).
  if (fields[1] != "w" && fields[1] != "b")
    return FenError(fen, absl::StrCat("side to move is '", fields[1], "'; use w (red) or b"));
  side_ = fields[1] == "w" ? kRed : kBlack;

  // Fields 3 and 4: castling and en passant do not exist.
  if (fields.size() > 2 && fields[2] != "-")
    return FenError(fen, "xiangqi has no castling rights; write '-'");
  if (fields.size() > 3 && fields[3] != "-")
    return FenError(fen, "xiangqi has no en passant square; write '-'");

  // Fields 5 and 6: move counters.
  FenCounters counters;
  if (absl::Status s = ParseFenCounters(fields, counters); !s.ok())
    return FenError(fen, s.message());
  st_->rule50 = counters.halfmove;
  game_ply_ = counters.GamePly(side_ == kBlack);

  if (CheckersTo(side_, king_[~side_], pieces(), pieces(side_)))
    return FenError(fen, "the side not to move is in check (or the kings face each other)");
  ComputeCheckers();
  st_->key = ComputeKey();
  return absl::OkStatus();
}

std::string Position::Fen() const {
  std::string fen;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = board_[MakeSquare(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += PieceLetter(p);
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  fen += side_ == kRed ? " w - - " : " b - - ";
  absl::StrAppend(&fen, st_->rule50, " ", fullmove_number());
  return fen;
}

Key Position::ComputeKey() const {
  Key k = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = PopLowestBit(b);
    k ^= zobrist::piece_square[board_[s]][s];
  }
  if (side_ == kBlack) k ^= zobrist::black_to_move;
  return k;
}

void Position::DoMove(Move m, StateInfo& ns) {
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  const Piece captured = board_[to];
  Key key = st_->key ^ zobrist::black_to_move ^ zobrist::piece_square[pc][from] ^
            zobrist::piece_square[pc][to];
  ns.rule50 = st_->rule50 + 1;
  ns.plies_from_null = st_->plies_from_null + 1;
  ns.previous = st_;
  if (captured != kNoPiece) {
    RemovePiece(to);
    key ^= zobrist::piece_square[captured][to];
    ns.rule50 = 0;
  }
  MovePiece(from, to);
  ns.key = key;
  ns.captured = captured;
  st_ = &ns;
  ++game_ply_;
  side_ = ~side_;
  ComputeCheckers();
}

void Position::UndoMove(Move m) {
  side_ = ~side_;
  MovePiece(m.to(), m.from());
  if (st_->captured != kNoPiece) PutPiece(st_->captured, m.to());
  st_ = st_->previous;
  --game_ply_;
}

void Position::DoNullMove(StateInfo& ns) {
  ns = *st_;
  ns.previous = st_;
  ns.key ^= zobrist::black_to_move;
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

std::optional<GameStatus> Position::RepetitionVerdict(int min_count, int plies_in_tree) const {
  const int window = std::min(st_->rule50, st_->plies_from_null);
  int count = 0;
  const StateInfo* s = st_;
  for (int back = 2; back <= window; back += 2) {
    if (!s->previous || !s->previous->previous) break;
    s = s->previous->previous;
    if (s->key != st_->key) continue;
    if (back >= plies_in_tree && ++count < min_count) continue;
    // The cycle: the `back` moves that led from that occurrence to now. The move into the
    // state `i` plies back was made by the side to move now when i is odd.
    RepetitionCycle cycle;
    bool checks[2] = {true, true};
    const StateInfo* t = st_;
    for (int i = 0; i < back; ++i, t = t->previous) {
      const Color mover = (i & 1) ? side_ : ~side_;
      if (!t->checkers) checks[mover] = false;
    }
    cycle.all_checks[kRed] = checks[kRed];
    cycle.all_checks[kBlack] = checks[kBlack];
    return rules_->repetition_policy(cycle);
  }
  return std::nullopt;
}

}  // namespace tumen::xiangqi
