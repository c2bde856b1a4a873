// Opening book grown by drop-out expansion (Lincke, "Strategies for the Automatic Construction
// of Opening Books", CG 2000): a game-independent, deterministic state machine. It issues
// analysis requests (a position given as the root FEN plus a path of UCI moves, and the moves
// to leave out), takes the results back, and decides what to analyse next. It does no I/O,
// starts no threads and knows no game rules: moves are opaque tokens, positions are paths.
//
// The book is a plain tree: two paths that reach the same position (a transposition) are two
// nodes. The class cannot see positions, only paths, so it cannot merge them; an analyser that
// replays the path with its history also gets repetition rules right this way.
//
// Values are centipawns for the side to move (negamax); mates are large values (|v| <= 2^30).
//
// Each node n holds
//   * its book children: move -> child node;
//   * its drop-out move: the best move of n that is NOT in the book, from an analysis of n with
//     the book moves excluded, with that move's value d(n); absent (d(n) = -infinity) when every
//     legal move is in the book;
//   * whether n is terminal (no legal moves or game over): its value is exact, from the
//     analysis, and it is never expanded.
// Values (negamax):
//   v(n) = exact value                                     if n is terminal,
//   v(n) = max( d(n), max over book children c of -v(c) )  otherwise (a leaf: v(n) = d(n)).
// Expansion priorities (lower is expanded first), omega weighting the value given up by
// leaving the best line:
//   cost(root)     = 0
//   cost(c)        = cost(n) + 1 + omega * (v(n) - (-v(c)))   for the book child c of n
//   cost_drop(n)   = cost(n) + 1 + omega * (v(n) - d(n))      for the drop-out edge of n
// Both brackets are >= 0 because v(n) is the maximum. omega = 0 grows the book breadth-first
// by depth; a large omega follows the principal line first. Costs are recomputed from the
// root whenever requests are chosen. Ties are broken by node creation order (the root is 0,
// each new node takes the next number), so the whole run is deterministic.
//
// Expanding n (choosing its drop-out edge, move m) adds m to the book as a new child c and
// needs two analyses:
//   (a) c with nothing excluded           -> c's drop-out move and d(c), or c is terminal;
//   (b) n with all its book moves (now m too) excluded -> n's new drop-out move and d(n).
// Until both results are in, the expansion is open: n's drop-out edge cannot be chosen, and
// neither can c's. Meanwhile c counts with the value n's analysis gave m (v(c) = -d_old(n))
// and n's drop-out is unknown (left out of the max), so choosing an expansion changes no
// value. After each result the values are recomputed along the path to the root; only known
// facts count, so v(n) can dip below its final value while n's re-analysis is outstanding.
// The root starts with one analysis with nothing excluded. A node at depth >= max_plies
// (plies from the root) is not expanded when max_plies > 0, so book lines have at most
// max_plies moves.
//
// Requests and results. Every request has a fresh id (1, 2, ...). NextRequests(k) first
// reissues work that was released (and the second half of an expansion that did not fit in
// the previous call), then opens new expansions, cheapest drop-out edge first, two requests
// each ((a) then (b)), until k requests are out. ApplyResult takes a result for an
// outstanding id; a result for a released id is still accepted while its work is open (a
// lease that expired but whose worker did finish), and whichever of the two copies comes
// second gets AlreadyExistsError. State is unchanged by any call that returns an error.
//
// Persistence: Serialize() is an exact snapshot, outstanding requests and their ids included,
// so after a restart results from workers that are still running are accepted. A coordinator
// that has lost its leases calls ReleaseAllPending() after Deserialize() (or ReleasePending
// per lease as leases expire) and the work is reissued under new ids; PendingRequests() lists
// what is out. The text format is versioned ("tumen-dropout-book 1") and ends with an FNV-1a
// checksum, so Deserialize() rejects truncated or altered input.
#ifndef TUMEN_ENGINE_BOOK_DROPOUT_H_
#define TUMEN_ENGINE_BOOK_DROPOUT_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tumen::book {

struct DropoutConfig {
  double omega = 0.05;  // cost per centipawn given up; >= 0
  int max_plies = 0;    // longest book line in plies; 0: no limit
};

// Analyse the position reached from the root FEN by `path`; find the best move not in
// `excluded_moves` and its value for the side to move.
struct AnalysisRequest {
  uint64_t id = 0;
  std::vector<std::string> path;
  std::vector<std::string> excluded_moves;  // sorted
};

struct AnalysisResult {
  uint64_t id = 0;
  // No legal move or game over. Only valid for a node's first analysis (nothing excluded).
  bool terminal = false;
  // Best move outside excluded_moves; empty when every legal move is excluded (never for a
  // first analysis: a position with no legal move is terminal).
  std::string best_move;
  // Value of best_move for the side to move; for a terminal node its exact value.
  int score_cp = 0;
};

class DropoutBook {
 public:
  // Largest |score| accepted in a result.
  static constexpr int kMaxScore = 1 << 30;

  // root_fen is stored and returned, not parsed; it must be non-empty and one line.
  static absl::StatusOr<DropoutBook> Create(std::string root_fen, DropoutConfig config);

  // Up to max_requests requests, marked outstanding. Empty when nothing can be expanded now
  // (the book is complete or every candidate waits on an outstanding result).
  std::vector<AnalysisRequest> NextRequests(int max_requests);
  // NotFoundError for an id never issued, AlreadyExistsError for one whose work is already
  // done (treat as applied), InvalidArgumentError for a result that contradicts the request.
  absl::Status ApplyResult(const AnalysisResult& result);
  // The analysis for `id` was lost: its work is issued again by the next NextRequests. No-op
  // for an id that is not outstanding.
  void ReleasePending(uint64_t id);
  // Releases every outstanding request; returns how many.
  int ReleaseAllPending();
  // Outstanding (issued, not released, not applied) requests, by id.
  std::vector<AnalysisRequest> PendingRequests() const;

  // v(root); 0 until the root's first analysis is in.
  int RootValue() const;
  // Number of book nodes, root included.
  size_t size() const { return nodes_.size(); }
  // Number of expansions chosen so far (size() - 1).
  int expansions() const { return static_cast<int>(nodes_.size()) - 1; }
  // True when nothing is outstanding or waiting and no node can be expanded.
  bool Complete() const;
  const std::string& root_fen() const { return root_fen_; }
  const DropoutConfig& config() const { return config_; }

  struct NodeView {
    std::vector<std::string> path;
    int value = 0;                            // v(n)
    std::optional<std::string> dropout_move;  // absent: all moves in book, terminal, or unknown
    int dropout_value = 0;                    // d(n) when dropout_move is set, else 0
    std::vector<std::pair<std::string, int>> book_moves;  // move, -v(child); sorted by move
    bool terminal = false;
    bool pending = false;     // an analysis of n is outstanding or n's expansion is open
    double cost = 0;          // cost(n)
    double dropout_cost = 0;  // cost_drop(n) when dropout_move is set, else 0
  };
  // Breadth-first from the root, children in move order.
  std::vector<NodeView> Nodes() const;
  // Principal book line from the root, moves separated by spaces: at each node the book move
  // with the best value (first in move order on ties), while it is at least as good as the
  // node's drop-out move.
  std::string BestLine() const;

  std::string Serialize() const;
  static absl::StatusOr<DropoutBook> Deserialize(absl::string_view data);

 private:
  enum class Work : uint8_t { kDone = 0, kWanted = 1, kIssued = 2 };
  enum class Kind : uint8_t { kFirst = 0, kReanalysis = 1 };  // (a) and (b) above

  struct Node {
    int parent = -1;
    std::string move;  // from the parent; empty for the root
    int depth = 0;
    std::map<std::string, int> children;
    int last_child = -1;            // most recently created child
    Work first = Work::kDone;       // analysis with nothing excluded
    Work reanalysis = Work::kDone;  // analysis excluding the book moves
    bool terminal = false;
    bool has_dropout = false;  // meaningful when both analyses are done
    std::string dropout_move;
    int dropout_value = 0;
    int base_value = 0;  // terminal: exact value; first analysis not in: provisional value
    int value = 0;       // v(n), cached
  };
  struct Outstanding {
    int node = 0;
    Kind kind = Kind::kFirst;
    bool released = false;
  };

  DropoutBook() = default;

  bool ExpansionOpen(int n) const;
  bool Pending(int n) const;
  bool Expandable(int n) const;
  int ComputeValue(int n) const;
  void PropagateFrom(int n);
  std::vector<double> Costs() const;
  std::vector<std::string> PathOf(int n) const;
  AnalysisRequest MakeRequest(uint64_t id, int node, Kind kind) const;
  AnalysisRequest Issue(int node, Kind kind);
  absl::Status Validate() const;

  std::string root_fen_;
  DropoutConfig config_;
  std::vector<Node> nodes_;
  uint64_t next_id_ = 1;
  std::map<uint64_t, Outstanding> outstanding_;  // issued ids whose work is still open
};

}  // namespace tumen::book

#endif  // TUMEN_ENGINE_BOOK_DROPOUT_H_
