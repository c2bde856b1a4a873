#include "engine/games/bogenjirge/notation.h"

#include "absl/strings/str_cat.h"
#include "engine/games/bogenjirge/movegen.h"

namespace tumen::bogenjirge {

std::string MoveToUci(Move m) {
  if (m.is_drop()) return "D@" + PointName(m.to());
  return PointName(m.from()) + PointName(m.to());
}

std::string MoveToSan(const Position& pos, Move m) {
  (void)pos;
  if (m.is_drop()) return "D@" + PointName(m.to());
  return absl::StrCat(PointName(m.from()), m.is_jump() ? "x" : "-", PointName(m.to()));
}

absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text) {
  auto error = [&](absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("bogenjirge move '", text, "': ", what));
  };
  const Board& b = pos.board();
  MoveList moves;
  GenerateMoves(pos, moves);
  if (text.size() == 4 && text[1] == '@') {
    if (text[0] != 'D' && text[0] != 'd' && text[0] != 'P' && text[0] != 'p')
      return error("a drop is written D@<point>");
    const Point to = b.Find(text.substr(2));
    if (to < 0) return error(absl::StrCat("'", text.substr(2), "' is not a point of the board"));
    if (pos.side_to_move() != kDogs) return error("only the dogs drop, and the deer are to move");
    if (pos.hand() == 0) return error("the dogs have no dog in hand");
    if (!moves.contains(Move::Drop(to)))
      return error("dogs drop only on an empty point of the big square");
    return Move::Drop(to);
  }
  if (text.size() != 4) return error("expected <from><to> (c3d3) or a drop (D@e3)");
  const Point from = b.Find(text.substr(0, 2)), to = b.Find(text.substr(2, 2));
  if (from < 0) return error(absl::StrCat("'", text.substr(0, 2), "' is not a point of the board"));
  if (to < 0) return error(absl::StrCat("'", text.substr(2, 2), "' is not a point of the board"));
  const Mask own = pos.side_to_move() == kDeer ? pos.deer() : pos.dogs();
  if (!(own & PointMask(from)))
    return error(
        absl::StrCat("no ", pos.side_to_move() == kDeer ? "deer" : "dog", " on ", PointName(from)));
  for (Move m : moves)
    if (!m.is_drop() && m.from() == from && m.to() == to) return m;
  return error("not a legal move in this position");
}

std::string BoardDiagram(const Position& pos) {
  const Board& b = pos.board();
  std::string out;
  for (const std::vector<Point>& row : b.rows()) {
    const int y = PointY(row.front());
    absl::StrAppend(&out, " ", y, " ");
    size_t i = 0;
    for (int x = 1; x <= kGridWidth; ++x) {
      char c = ' ';
      if (i < row.size() && PointX(row[i]) == x) {
        const Mask bit = PointMask(row[i++]);
        c = (pos.deer() & bit) ? 'D' : (pos.dogs() & bit) ? 'd' : '.';
      }
      out += ' ';
      out += c;
    }
    out += '\n';
  }
  out += "   ";
  for (int x = 1; x <= kGridWidth; ++x) {
    out += ' ';
    out += char('a' + x - 1);
  }
  absl::StrAppend(&out, "\n\n", pos.side_to_move() == kDeer ? "Deer" : "Dogs",
                  " to move, dogs in hand: ", pos.hand(), ", ply ", pos.game_ply(),
                  "\nFen: ", pos.Fen(), "\nKey: ", absl::Hex(pos.key(), absl::kZeroPad16), "\n");
  return out;
}

}  // namespace tumen::bogenjirge
