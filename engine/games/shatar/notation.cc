#include "engine/games/shatar/notation.h"

#include "absl/strings/str_cat.h"
#include "engine/games/shatar/movegen.h"

namespace tumen::shatar {

std::string SquareToString(Square s) { return {char('a' + FileOf(s)), char('1' + RankOf(s))}; }

std::string MoveToUci(Move m) {
  if (!m) return "0000";
  std::string s = SquareToString(m.from()) + SquareToString(m.to());
  if (m.is_promotion()) s += kPieceTypeLetters[m.promotion_type()];
  return s;
}

absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text) {
  const auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(absl::StrCat("move '", text, "': ", why));
  };
  const auto is_file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto is_rank = [](char c) { return c >= '1' && c <= '8'; };
  if (text.size() < 4 || text.size() > 5 || !is_file(text[0]) || !is_rank(text[1]) ||
      !is_file(text[2]) || !is_rank(text[3]))
    return bad("not a move in UCI notation (e.g. e2e4, a7a8q)");
  const Square from = MakeSquare(text[0] - 'a', text[1] - '1');
  const Square to = MakeSquare(text[2] - 'a', text[3] - '1');
  PieceType promotion = kNoPieceType;
  if (text.size() == 5) {
    const Piece p = PieceFromLetter(text[4]);
    if (p == kNoPiece || ColorOf(p) != kBlack) return bad("promotion letter must be lower case");
    promotion = TypeOf(p);
  }
  MoveList legal;
  GenerateLegalMoves(pos, legal);
  for (Move m : legal) {
    if (m.from() != from || m.to() != to) continue;
    if (m.is_promotion() ? m.promotion_type() == promotion : promotion == kNoPieceType) return m;
  }
  if (legal.empty()) return bad("the game is over; there are no legal moves");
  return bad(absl::StrCat("illegal in ", pos.Fen()));
}

std::string MoveToSan(const Position& pos, Move m) {
  std::string san;
  const Piece pc = pos.MovedPiece(m);
  const PieceType pt = TypeOf(pc);
  if (m.is_castling()) {
    san = FileOf(m.to()) == 6 ? "O-O" : "O-O-O";
  } else {
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
          san += char('1' + RankOf(m.from()));
        else
          san += SquareToString(m.from());
      }
    }
    if (pos.IsCapture(m)) san += 'x';
    san += SquareToString(m.to());
    if (m.is_promotion()) {
      san += '=';
      san += char(kPieceTypeLetters[m.promotion_type()] - 'a' + 'A');
    }
  }
  Position after = pos;
  StateInfo st;
  after.DoMove(m, st);
  if (after.in_check()) san += CountLegalMoves(after) == 0 ? '#' : '+';
  return san;
}

std::string BoardDiagram(const Position& pos) {
  std::string out = " +---+---+---+---+---+---+---+---+\n";
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const Piece p = pos.piece_on(MakeSquare(file, rank));
      absl::StrAppend(&out, " | ", std::string(1, p == kNoPiece ? ' ' : PieceLetter(p)));
    }
    absl::StrAppend(&out, " | ", rank + 1, "\n +---+---+---+---+---+---+---+---+\n");
  }
  out += "   a   b   c   d   e   f   g   h\n";
  return out;
}

}  // namespace tumen::shatar
