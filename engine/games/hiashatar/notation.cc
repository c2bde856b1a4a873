#include "engine/games/hiashatar/notation.h"

#include "absl/strings/str_cat.h"
#include "engine/games/hiashatar/movegen.h"

namespace tumen::hiashatar {
namespace {

// Reads a square (file a-j, rank 1-10) at text[*i], advancing *i; kNoSquare if none.
Square ReadSquare(absl::string_view text, size_t* i) {
  if (*i + 1 >= text.size() || text[*i] < 'a' || text[*i] > 'j') return kNoSquare;
  const int file = text[*i] - 'a';
  size_t j = *i + 1;
  if (j >= text.size() || text[j] < '1' || text[j] > '9') return kNoSquare;
  int rank = text[j] - '0';
  ++j;
  if (rank == 1 && j < text.size() && text[j] == '0') rank = 10, ++j;
  *i = j;
  return MakeSquare(file, rank - 1);
}

}  // namespace

std::string SquareToString(Square s) {
  return absl::StrCat(std::string(1, char('a' + FileOf(s))), RankOf(s) + 1);
}

std::string MoveToUci(Move m) {
  if (!m) return "0000";
  std::string s = SquareToString(m.from()) + SquareToString(m.to());
  if (m.is_promotion()) s += 'q';
  return s;
}

absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text) {
  const auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("move '", text, "': ", why));
  };
  size_t i = 0;
  const Square from = ReadSquare(text, &i);
  const Square to = from == kNoSquare ? kNoSquare : ReadSquare(text, &i);
  if (from == kNoSquare || to == kNoSquare || i + 1 < text.size())
    return bad("not a move in UCI notation (e.g. e2e4, a10a8, d9d10q)");
  bool promotion = false;
  if (i < text.size()) {
    if (text[i] != 'q') return bad("the only promotion is to a queen, written q");
    promotion = true;
  }
  MoveList legal;
  GenerateLegalMoves(pos, legal);
  for (Move m : legal)
    if (m.from() == from && m.to() == to && m.is_promotion() == promotion) return m;
  if (legal.empty()) return bad("the game is over; there are no legal moves");
  return bad(absl::StrCat("illegal in ", pos.Fen()));
}

std::string MoveToSan(const Position& pos, Move m) {
  std::string san;
  const Piece pc = pos.MovedPiece(m);
  const PieceType pt = TypeOf(pc);
  if (pt == kPawn) {
    if (pos.IsCapture(m)) san += char('a' + FileOf(m.from()));
  } else {
    san += char(kPieceTypeLetters[pt] - 'a' + 'A');
    // Disambiguate among same-type pieces that can also reach the target.
    MoveList legal;
    GenerateLegalMoves(pos, legal);
    bool same_file = false, same_rank = false, ambiguous = false;
    for (Move o : legal) {
      if (o.to() != m.to() || o.from() == m.from() || pos.MovedPiece(o) != pc) continue;
      ambiguous = true;
      same_file |= FileOf(o.from()) == FileOf(m.from());
      same_rank |= RankOf(o.from()) == RankOf(m.from());
    }
    if (ambiguous) {
      if (!same_file)
        san += char('a' + FileOf(m.from()));
      else if (!same_rank)
        absl::StrAppend(&san, RankOf(m.from()) + 1);
      else
        san += SquareToString(m.from());
    }
  }
  if (pos.IsCapture(m)) san += 'x';
  san += SquareToString(m.to());
  if (m.is_promotion()) san += "=Q";
  Position after = pos;
  StateInfo st;
  after.DoMove(m, st);
  if (after.in_check()) san += CountLegalMoves(after) == 0 ? '#' : '+';
  return san;
}

std::string BoardDiagram(const Position& pos) {
  const std::string line = " +---+---+---+---+---+---+---+---+---+---+\n";
  std::string out = line;
  for (int rank = 9; rank >= 0; --rank) {
    for (int file = 0; file < 10; ++file) {
      const Piece p = pos.piece_on(MakeSquare(file, rank));
      absl::StrAppend(&out, " | ", std::string(1, p == kNoPiece ? ' ' : PieceLetter(p)));
    }
    absl::StrAppend(&out, " | ", rank + 1, "\n", line);
  }
  out += "   a   b   c   d   e   f   g   h   i   j\n";
  return out;
}

}  // namespace tumen::hiashatar
