// A board of points joined by lines, as a game's board data describes it (deer chess reads
// its board from a file: RULES.md §6), for whoever draws the board (the dashboard's viewer).
#ifndef TUMEN_ENGINE_CORE_BOARD_GEOMETRY_H_
#define TUMEN_ENGINE_CORE_BOARD_GEOMETRY_H_

#include <string>
#include <utility>
#include <vector>

namespace tumen {

struct BoardGeometry {
  struct Point {
    int x = 0, y = 0;  // grid coordinates; y grows upwards
    std::string name;  // as in moves ("c3")
  };
  std::vector<Point> points;               // in the order of a FEN's board field
  std::vector<std::pair<int, int>> edges;  // lines between adjacent points (indices, i < j)
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_BOARD_GEOMETRY_H_
