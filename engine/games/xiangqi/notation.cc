#include "engine/games/xiangqi/notation.h"

#include "absl/strings/str_cat.h"
#include "engine/games/xiangqi/movegen.h"

namespace tumen::xiangqi {
namespace {

// Parses "a1".."i10" from the front of `text`; returns the characters used, 0 if none.
int ParseSquare(absl::string_view text, Square& s) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '9') return 0;
  int rank = text[1] - '0';
  int used = 2;
  if (text.size() > 2 && text[2] >= '0' && text[2] <= '9') {
    rank = rank * 10 + (text[2] - '0');
    used = 3;
  }
  if (rank < 1 || rank > kRanks) return 0;
  s = MakeSquare(text[0] - 'a', rank - 1);
  return used;
}

}  // namespace

std::string SquareToString(Square s) {
  return absl::StrCat(std::string(1, char('a' + FileOf(s))), RankOf(s) + 1);
}

std::string MoveToUci(Move m) {
  if (!m) return "0000";
  return SquareToString(m.from()) + SquareToString(m.to());
}

absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text) {
  const auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("xiangqi move '", text, "': ", why));
  };
  Square from = kNoSquare, to = kNoSquare;
  const int used = ParseSquare(text, from);
  const int used_to = used ? ParseSquare(text.substr(used), to) : 0;
  if (!used || !used_to || used + used_to != int(text.size()))
    return bad("not a move in UCI notation (e.g. h3e3, a10a9)");
  MoveList legal;
  GenerateLegalMoves(pos, legal);
  for (Move m : legal)
    if (m.from() == from && m.to() == to) return m;
  if (legal.empty()) return bad("the game is over; there are no legal moves");
  return bad(absl::StrCat("illegal in ", pos.Fen()));
}

std::string MoveToSan(const Position& pos, Move m) {
  const Piece pc = pos.MovedPiece(m);
  const PieceType pt = TypeOf(pc);
  std::string san(1, char(kPieceTypeLetters[pt] - 'a' + 'A'));
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
  if (pos.IsCapture(m)) san += 'x';
  san += SquareToString(m.to());
  Position after = pos;
  StateInfo st;
  after.DoMove(m, st);
  if (after.in_check()) san += CountLegalMoves(after) == 0 ? '#' : '+';
  return san;
}

std::string BoardDiagram(const Position& pos) {
  const std::string line = " +---+---+---+---+---+---+---+---+---+\n";
  std::string out = line;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = pos.piece_on(MakeSquare(file, rank));
      absl::StrAppend(&out, " | ", std::string(1, p == kNoPiece ? ' ' : PieceLetter(p)));
    }
    absl::StrAppend(&out, " | ", rank + 1, "\n", line);
    if (rank == 5) out += "   ~~~~~~~~~~~~~ river ~~~~~~~~~~~~~\n" + line;
  }
  out += "   a   b   c   d   e   f   g   h   i\n";
  return out;
}

}  // namespace tumen::xiangqi
