// What a search is told (UCI `go` arguments) and what it reports.
#ifndef TUMEN_ENGINE_SEARCH_LIMITS_H_
#define TUMEN_ENGINE_SEARCH_LIMITS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tumen::search {

struct Limits {
  int depth = 0;                // 0: no depth limit
  uint64_t nodes = 0;           // 0: no node limit (counted over all threads)
  int64_t movetime_ms = 0;      // 0: none
  int64_t time_ms[2] = {0, 0};  // clock of the first/second player (wtime/btime)
  int64_t inc_ms[2] = {0, 0};
  int movestogo = 0;
  bool infinite = false;  // search until stopped
  bool ponder = false;    // like infinite until ponderhit
  int multipv = 1;
  // Root moves (UCI notation) not to search: a book's drop-out analysis asks for the best
  // move outside the book. Excluding every legal move leaves the search without a move.
  std::vector<std::string> excluded_moves;

  bool HasClock() const { return time_ms[0] > 0 || time_ms[1] > 0; }
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;  // centipawns, or mate distance when is_mate
  bool is_mate = false;
  int mate_in = 0;  // moves (negative: being mated)
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int hashfull = 0;
  int64_t time_ms = 0;
  std::vector<std::string> pv;
};

struct SearchResult {
  std::string best_move;    // empty when the root has no legal move
  std::string ponder_move;  // may be empty
  int score = 0;
  int depth = 0;
  uint64_t nodes = 0;
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_LIMITS_H_
