#include "engine/games/bogenjirge/board.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/core/bits.h"

namespace tumen::bogenjirge {
namespace {

// The generated table of embedded board files: {file name, text}.
struct EmbeddedFile {
  const char* name;
  const char* text;
};
constexpr EmbeddedFile kEmbeddedFiles[] = {
#include "engine/games/bogenjirge/embedded_boards.inc"
};

}  // namespace

std::string PointName(Point p) {
  return absl::StrCat(std::string(1, char('a' + PointX(p) - 1)), PointY(p));
}

Point ParsePointName(absl::string_view name) {
  if (name.size() != 2 || name[0] < 'a' || name[0] >= 'a' + kGridWidth || name[1] < '1' ||
      name[1] >= '1' + kGridHeight)
    return -1;
  return MakePoint(name[0] - 'a' + 1, name[1] - '0');
}

Point Board::Find(absl::string_view name) const {
  const Point p = ParsePointName(name);
  return p >= 0 && (all_ & PointMask(p)) ? p : -1;
}

absl::StatusOr<std::shared_ptr<const Board>> Board::Parse(absl::string_view text,
                                                          absl::string_view source) {
  std::shared_ptr<Board> board(new Board());
  Board& b = *board;
  std::memset(b.over_, kNoPoint, sizeof(b.over_));

  struct Line {
    int number;
    std::vector<absl::string_view> tokens;
  };
  std::vector<Line> lines;
  int number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++number;
    const size_t hash = raw.find('#');
    if (hash != absl::string_view::npos) raw = raw.substr(0, hash);
    std::vector<absl::string_view> tokens =
        absl::StrSplit(raw, absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (!tokens.empty()) lines.push_back({number, std::move(tokens)});
  }
  auto error = [&](int line, const std::string& what) {
    return absl::InvalidArgumentError(absl::StrCat("board ", source, " line ", line, ": ", what));
  };

  // Pass 1: points (lines may come before or after the points they name).
  for (const Line& l : lines) {
    const absl::string_view directive = l.tokens[0];
    if (directive == "point") {
      if (l.tokens.size() != 4) return error(l.number, "expected 'point <name> <x> <y>'");
      const absl::string_view name = l.tokens[1];
      int x, y;
      if (!absl::SimpleAtoi(l.tokens[2], &x) || !absl::SimpleAtoi(l.tokens[3], &y) || x < 1 ||
          x > kGridWidth || y < 1 || y > kGridHeight)
        return error(l.number, absl::StrCat("coordinates of '", name, "' must be x in 1..",
                                            kGridWidth, " and y in 1..", kGridHeight));
      const Point p = MakePoint(x, y);
      if (name != PointName(p))
        return error(l.number, absl::StrCat("point '", name, "' at (", x, ",", y,
                                            ") must be named ", PointName(p)));
      if (b.all_ & PointMask(p))
        return error(l.number, absl::StrCat("duplicate point '", name, "'"));
      b.all_ |= PointMask(p);
      ++b.size_;
    } else if (directive != "line" && directive != "square" && directive != "start") {
      return error(l.number, absl::StrCat("unknown directive '", directive,
                                          "'; use point, line, square or start"));
    }
  }
  if (b.size() < 2)
    return absl::InvalidArgumentError(absl::StrCat("board ", source, ": fewer than 2 points"));

  // Pass 2: lines, the square, the start position.
  bool has_start = false;
  for (const Line& l : lines) {
    const absl::string_view directive = l.tokens[0];
    if (directive == "start") {
      if (has_start) return error(l.number, "a second start position");
      std::vector<absl::string_view> rest(l.tokens.begin() + 1, l.tokens.end());
      if (rest.empty()) return error(l.number, "expected 'start <fen>'");
      b.start_fen_ = absl::StrJoin(rest, " ");
      has_start = true;
    } else if (directive == "square") {
      for (size_t i = 1; i < l.tokens.size(); ++i) {
        const Point p = b.Find(l.tokens[i]);
        if (p < 0) return error(l.number, absl::StrCat("unknown point '", l.tokens[i], "'"));
        if (b.square_ & PointMask(p))
          return error(l.number, absl::StrCat("point '", l.tokens[i], "' is in the square twice"));
        b.square_ |= PointMask(p);
      }
    } else if (directive == "line") {
      std::vector<Point> pts;
      for (size_t i = 1; i < l.tokens.size(); ++i) {
        const Point p = b.Find(l.tokens[i]);
        if (p < 0) return error(l.number, absl::StrCat("unknown point '", l.tokens[i], "'"));
        if (std::find(pts.begin(), pts.end(), p) != pts.end())
          return error(l.number, absl::StrCat("point '", l.tokens[i], "' repeats in the line"));
        pts.push_back(p);
      }
      if (pts.size() < 2) return error(l.number, "a line needs at least 2 points");
      // Collinear, and in order along the line: every point's offset from the first is a
      // positive multiple of the direction to the second, growing along the line.
      const int64_t dx = PointX(pts[1]) - PointX(pts[0]), dy = PointY(pts[1]) - PointY(pts[0]);
      int64_t previous = 0;
      for (size_t i = 1; i < pts.size(); ++i) {
        const int64_t ex = PointX(pts[i]) - PointX(pts[0]), ey = PointY(pts[i]) - PointY(pts[0]);
        if (dx * ey - dy * ex != 0)
          return error(
              l.number,
              absl::StrCat("point '", PointName(pts[i]), "' is not on the straight line through '",
                           PointName(pts[0]), "' and '", PointName(pts[1]), "'"));
        const int64_t t = dx * ex + dy * ey;
        if (t <= previous)
          return error(l.number, absl::StrCat("point '", PointName(pts[i]),
                                              "' is out of order along the line"));
        previous = t;
      }
      for (size_t i = 0; i + 1 < pts.size(); ++i) {
        b.neighbours_[pts[i]] |= PointMask(pts[i + 1]);
        b.neighbours_[pts[i + 1]] |= PointMask(pts[i]);
      }
      for (size_t i = 0; i + 2 < pts.size(); ++i) {
        for (int dir = 0; dir < 2; ++dir) {
          const Point from = dir ? pts[i + 2] : pts[i], over = pts[i + 1],
                      to = dir ? pts[i] : pts[i + 2];
          const uint8_t known = b.over_[from][to];
          if (known == over) continue;  // the same jump along an overlapping line
          if (known != kNoPoint)
            return error(l.number, absl::StrCat("the jump ", PointName(from), "-", PointName(to),
                                                " passes over both ", PointName(known), " and ",
                                                PointName(over)));
          if (b.jump_count_[from] >= kMaxJumpsPerPoint)
            return error(l.number, absl::StrCat("more than ", kMaxJumpsPerPoint, " jumps from '",
                                                PointName(from), "'"));
          b.over_[from][to] = uint8_t(over);
          b.jumps_[from][b.jump_count_[from]++] = Jump{uint8_t(over), uint8_t(to)};
          ++b.jump_total_;
        }
      }
    }
  }
  if (!b.square_)
    return absl::InvalidArgumentError(
        absl::StrCat("board ", source, ": no 'square' (the points where dogs stand)"));
  if (!has_start)
    return absl::InvalidArgumentError(absl::StrCat("board ", source, ": no 'start' position"));
  int directed_edges = 0;
  for (Point p = 0; p < kMaxPoints; ++p) directed_edges += PopCount(b.neighbours_[p]);
  b.edge_count_ = directed_edges / 2;
  // The move list bound: dogs' drops and steps, or deer steps and jumps.
  if (PopCount(b.square_) + directed_edges + b.jump_total_ > MoveList::kCapacity)
    return absl::InvalidArgumentError(
        absl::StrCat("board ", source, ": too many lines for the fixed move list"));

  // Distances to the square, by breadth-first search over the adjacency.
  for (int& d : b.distance_) d = 99;
  Mask frontier = b.square_, seen = b.square_;
  for (int d = 0; frontier; ++d) {
    Mask next = 0;
    for (Mask m = frontier; m;) {
      const Point p = PopLowestBit(m);
      b.distance_[p] = d;
      next |= b.neighbours_[p];
    }
    frontier = next & ~seen;
    seen |= next;
  }

  std::map<int, std::vector<Point>, std::greater<int>> by_row;
  for (Mask m = b.all_; m;) {
    const Point p = PopLowestBit(m);
    by_row[PointY(p)].push_back(p);
  }
  for (auto& [y, row] : by_row) {
    std::sort(row.begin(), row.end(), [&](Point a, Point c) { return PointX(a) < PointX(c); });
    b.rows_.push_back(row);
  }
  return std::shared_ptr<const Board>(std::move(board));
}

absl::StatusOr<std::shared_ptr<const Board>> LoadBoardFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("board file '", path, "' cannot be read"));
  std::stringstream text;
  text << in.rdbuf();
  return Board::Parse(text.str(), path);
}

absl::string_view EmbeddedBoardText(absl::string_view file_name) {
  for (const EmbeddedFile& f : kEmbeddedFiles)
    if (file_name == f.name) return f.text;
  return {};
}

absl::StatusOr<std::shared_ptr<const Board>> EmbeddedBoard(absl::string_view file_name) {
  static std::mutex mutex;
  static std::map<std::string, absl::StatusOr<std::shared_ptr<const Board>>, std::less<>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(file_name);
  if (it != cache.end()) return it->second;
  const absl::string_view text = EmbeddedBoardText(file_name);
  absl::StatusOr<std::shared_ptr<const Board>> board =
      text.empty() ? absl::NotFoundError(absl::StrCat("no embedded board file '", file_name, "'"))
                   : Board::Parse(text, file_name);
  cache.emplace(std::string(file_name), board);
  return board;
}

}  // namespace tumen::bogenjirge
