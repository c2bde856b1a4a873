// A bogenjirge board as data (RULES.md §6): points with coordinates and the straight lines
// through them, read from a text file (format in boards/default.txt). At load the board
// derives adjacency (consecutive points of a line) and jumps (three consecutive points of a
// line), after checking that every line's points are collinear and in order along it.
//
// The board files in boards/ are embedded into the binary at build time
// (bogenjirge.cmake), so nothing depends on the working directory; LoadBoardFile reads
// any other file from a path.
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_BOARD_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_BOARD_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/bogenjirge/types.h"

namespace tumen::bogenjirge {

// "c3" for MakePoint(3, 3).
std::string PointName(Point p);
// The grid cell a name denotes ("c3"), or -1 when the text names no cell of the grid.
Point ParsePointName(absl::string_view name);

class Board {
 public:
  // A jump from a point over `over` to `to`, along one line.
  struct Jump {
    uint8_t over, to;
  };
  static constexpr int kMaxJumpsPerPoint = 24;
  static constexpr uint8_t kNoPoint = 255;

  // Parses a board file's text; `source` names it in error messages.
  static absl::StatusOr<std::shared_ptr<const Board>> Parse(absl::string_view text,
                                                            absl::string_view source);

  int size() const { return size_; }  // number of points
  // The point called `name` on this board, or -1.
  Point Find(absl::string_view name) const;

  Mask all() const { return all_; }
  Mask square() const { return square_; }  // where dogs stand, move and drop
  Mask neighbours(Point p) const { return neighbours_[p]; }
  int jump_count(Point p) const { return jump_count_[p]; }
  const Jump* jumps(Point p) const { return jumps_[p]; }
  // The point jumped over from `from` to `to`, or kNoPoint.
  uint8_t over(Point from, Point to) const { return over_[from][to]; }

  // Steps from p to the nearest point of the big square (0 inside; 99 if unreachable).
  int distance_to_square(Point p) const { return distance_[p]; }

  int edge_count() const { return edge_count_; }  // undirected
  int jump_total() const { return jump_total_; }  // directed
  const std::string& start_fen() const { return start_fen_; }

  // Rows for FEN and diagrams: points grouped by y, top row first, each row by x.
  const std::vector<std::vector<Point>>& rows() const { return rows_; }

 private:
  Board() = default;

  int size_ = 0;
  Mask all_ = 0, square_ = 0;
  Mask neighbours_[kMaxPoints] = {};
  int jump_count_[kMaxPoints] = {};
  Jump jumps_[kMaxPoints][kMaxJumpsPerPoint] = {};
  uint8_t over_[kMaxPoints][kMaxPoints];
  int distance_[kMaxPoints] = {};
  int edge_count_ = 0, jump_total_ = 0;
  std::string start_fen_;
  std::vector<std::vector<Point>> rows_;
};

// A board file from a path.
absl::StatusOr<std::shared_ptr<const Board>> LoadBoardFile(const std::string& path);

// The text of a board file embedded at build time ("default.txt", "small7.txt"), or an
// empty view for an unknown name.
absl::string_view EmbeddedBoardText(absl::string_view file_name);

// An embedded board, parsed once.
absl::StatusOr<std::shared_ptr<const Board>> EmbeddedBoard(absl::string_view file_name);

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_BOARD_H_
