#include "engine/book/dropout.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <system_error>
#include <tuple>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/core/status_macros.h"

namespace tumen::book {
namespace {

constexpr absl::string_view kMagic = "tumen-dropout-book 1";

// A move is an opaque token: printable ASCII without spaces, and not "-" (the format's "none").
bool ValidMove(absl::string_view move) {
  if (move.empty() || move == "-" || move.size() > 64) return false;
  for (char ch : move)
    if (ch <= ' ' || ch > '~') return false;
  return true;
}

bool ValidScore(int64_t score) {
  return score >= -DropoutBook::kMaxScore && score <= DropoutBook::kMaxScore;
}

absl::Status CheckConfig(const DropoutConfig& config) {
  if (!std::isfinite(config.omega) || config.omega < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("DropoutConfig.omega must be a finite number >= 0, got ", config.omega));
  if (config.max_plies < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("DropoutConfig.max_plies must be >= 0 (0: no limit), got ", config.max_plies));
  return absl::OkStatus();
}

absl::Status CheckFen(absl::string_view fen) {
  if (fen.empty()) return absl::InvalidArgumentError("the root FEN is empty");
  if (fen.find_first_of("\r\n") != absl::string_view::npos)
    return absl::InvalidArgumentError("the root FEN must be a single line");
  return absl::OkStatus();
}

uint64_t Fnv1a(absl::string_view data) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char ch : data) {
    h ^= ch;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string Hex64(uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[i] = kDigits[v & 15];
  return s;
}

std::string FormatDouble(double v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace

absl::StatusOr<DropoutBook> DropoutBook::Create(std::string root_fen, DropoutConfig config) {
  TUMEN_RETURN_IF_ERROR(CheckFen(root_fen));
  TUMEN_RETURN_IF_ERROR(CheckConfig(config));
  DropoutBook book;
  book.root_fen_ = std::move(root_fen);
  book.config_ = config;
  Node root;
  root.first = Work::kWanted;
  book.nodes_.push_back(std::move(root));
  return book;
}

bool DropoutBook::ExpansionOpen(int n) const {
  const Node& node = nodes_[n];
  if (node.children.empty()) return false;
  return node.reanalysis != Work::kDone || nodes_[node.last_child].first != Work::kDone;
}

bool DropoutBook::Pending(int n) const {
  const Node& node = nodes_[n];
  if (node.first != Work::kDone || node.reanalysis != Work::kDone || ExpansionOpen(n)) return true;
  return node.parent >= 0 && nodes_[node.parent].last_child == n && ExpansionOpen(node.parent);
}

bool DropoutBook::Expandable(int n) const {
  const Node& node = nodes_[n];
  if (node.terminal || !node.has_dropout || Pending(n)) return false;
  return config_.max_plies == 0 || node.depth < config_.max_plies;
}

int DropoutBook::ComputeValue(int n) const {
  const Node& node = nodes_[n];
  if (node.terminal || node.first != Work::kDone) return node.base_value;
  bool any = false;
  int best = 0;
  if (node.reanalysis == Work::kDone && node.has_dropout) {
    best = node.dropout_value;
    any = true;
  }
  for (const auto& [move, child] : node.children) {
    const int v = -nodes_[child].value;
    if (!any || v > best) best = v;
    any = true;
  }
  return any ? best : node.base_value;
}

void DropoutBook::PropagateFrom(int n) {
  for (int x = n; x >= 0; x = nodes_[x].parent) nodes_[x].value = ComputeValue(x);
}

// Parents precede their children in nodes_, so one forward pass suffices.
std::vector<double> DropoutBook::Costs() const {
  std::vector<double> cost(nodes_.size(), 0.0);
  for (size_t i = 1; i < nodes_.size(); ++i) {
    const Node& node = nodes_[i];
    const int64_t lost = int64_t{nodes_[node.parent].value} + node.value;  // v(n) - (-v(c))
    cost[i] = cost[node.parent] + 1 + config_.omega * static_cast<double>(lost);
  }
  return cost;
}

std::vector<std::string> DropoutBook::PathOf(int n) const {
  std::vector<std::string> path;
  for (int x = n; x > 0; x = nodes_[x].parent) path.push_back(nodes_[x].move);
  std::reverse(path.begin(), path.end());
  return path;
}

AnalysisRequest DropoutBook::MakeRequest(uint64_t id, int node, Kind kind) const {
  AnalysisRequest request;
  request.id = id;
  request.path = PathOf(node);
  if (kind == Kind::kReanalysis)
    for (const auto& [move, child] : nodes_[node].children) request.excluded_moves.push_back(move);
  return request;
}

AnalysisRequest DropoutBook::Issue(int node, Kind kind) {
  const uint64_t id = next_id_++;
  (kind == Kind::kFirst ? nodes_[node].first : nodes_[node].reanalysis) = Work::kIssued;
  outstanding_[id] = Outstanding{node, kind, false};
  return MakeRequest(id, node, kind);
}

std::vector<AnalysisRequest> DropoutBook::NextRequests(int max_requests) {
  std::vector<AnalysisRequest> out;
  const size_t limit = max_requests > 0 ? static_cast<size_t>(max_requests) : 0;
  // Work already decided on: released requests and second halves that did not fit.
  for (size_t n = 0; n < nodes_.size() && out.size() < limit; ++n) {
    if (nodes_[n].first == Work::kWanted) out.push_back(Issue(static_cast<int>(n), Kind::kFirst));
    if (nodes_[n].reanalysis == Work::kWanted && out.size() < limit)
      out.push_back(Issue(static_cast<int>(n), Kind::kReanalysis));
  }
  if (out.size() >= limit) return out;

  // New expansions, cheapest drop-out edge first. Opening an expansion changes no value, so
  // the costs computed here stay valid for the whole batch.
  const std::vector<double> cost = Costs();
  std::vector<std::pair<double, int>> candidates;
  for (size_t n = 0; n < nodes_.size(); ++n) {
    if (!Expandable(static_cast<int>(n))) continue;
    const Node& node = nodes_[n];
    const int64_t lost = int64_t{node.value} - node.dropout_value;
    candidates.emplace_back(cost[n] + 1 + config_.omega * static_cast<double>(lost),
                            static_cast<int>(n));
  }
  std::sort(candidates.begin(), candidates.end());
  for (const auto& [edge_cost, n] : candidates) {
    if (out.size() >= limit) break;
    const int c = static_cast<int>(nodes_.size());
    Node child;
    child.parent = n;
    child.move = nodes_[n].dropout_move;
    child.depth = nodes_[n].depth + 1;
    child.first = Work::kWanted;
    child.base_value = -nodes_[n].dropout_value;  // what n's analysis said m is worth
    child.value = child.base_value;
    Node& parent = nodes_[n];
    parent.children.emplace(child.move, c);
    parent.last_child = c;
    parent.reanalysis = Work::kWanted;
    parent.has_dropout = false;
    parent.dropout_move.clear();
    parent.dropout_value = 0;
    nodes_.push_back(std::move(child));
    out.push_back(Issue(c, Kind::kFirst));
    if (out.size() < limit) out.push_back(Issue(n, Kind::kReanalysis));
  }
  return out;
}

absl::Status DropoutBook::ApplyResult(const AnalysisResult& result) {
  const auto it = outstanding_.find(result.id);
  if (it == outstanding_.end()) {
    if (result.id == 0 || result.id >= next_id_)
      return absl::NotFoundError(absl::StrCat("no analysis request with id ", result.id,
                                              " was issued (ids issued so far: 1 to ", next_id_ - 1,
                                              ")"));
    return absl::AlreadyExistsError(
        absl::StrCat("the result for request ", result.id,
                     " is already applied (or its work was done under a reissued id); "
                     "nothing to do"));
  }
  const Outstanding o = it->second;
  Node& node = nodes_[o.node];
  Work& state = o.kind == Kind::kFirst ? node.first : node.reanalysis;
  const std::string id = absl::StrCat(result.id);
  if (!ValidScore(result.score_cp))
    return absl::InvalidArgumentError(
        absl::StrCat("request ", id, ": score_cp ", result.score_cp, " is outside +-", kMaxScore));
  if (!result.best_move.empty() && !ValidMove(result.best_move))
    return absl::InvalidArgumentError(
        absl::StrCat("request ", id, ": best_move '", result.best_move,
                     "' is not a move token (printable, no spaces, not '-')"));
  if (o.kind == Kind::kFirst) {
    if (result.terminal && !result.best_move.empty())
      return absl::InvalidArgumentError(absl::StrCat(
          "request ", id, ": a terminal result has no best_move, got '", result.best_move, "'"));
    if (!result.terminal && result.best_move.empty())
      return absl::InvalidArgumentError(absl::StrCat(
          "request ", id,
          " excluded no move, so best_move must be set; report a position without legal "
          "moves (or a finished game) as terminal"));
  } else {
    if (result.terminal)
      return absl::InvalidArgumentError(absl::StrCat(
          "request ", id,
          " re-analyses a node that has book moves, so it cannot be terminal; report an empty "
          "best_move when every legal move is excluded"));
    if (node.children.count(result.best_move))
      return absl::InvalidArgumentError(absl::StrCat(
          "request ", id, ": best_move ", result.best_move, " is one of the excluded book moves"));
  }

  if (result.terminal) {
    node.terminal = true;
    node.base_value = result.score_cp;
    node.has_dropout = false;
  } else {
    node.has_dropout = !result.best_move.empty();
    node.dropout_move = result.best_move;
    node.dropout_value = node.has_dropout ? result.score_cp : 0;
    if (o.kind == Kind::kFirst) node.base_value = 0;  // the provisional value is spent
  }
  state = Work::kDone;
  // Copies of this work issued under other ids (after a release) are now answered.
  for (auto j = outstanding_.begin(); j != outstanding_.end();) {
    if (j->second.node == o.node && j->second.kind == o.kind)
      j = outstanding_.erase(j);
    else
      ++j;
  }
  PropagateFrom(o.node);
  return absl::OkStatus();
}

void DropoutBook::ReleasePending(uint64_t id) {
  const auto it = outstanding_.find(id);
  if (it == outstanding_.end() || it->second.released) return;
  it->second.released = true;
  Node& node = nodes_[it->second.node];
  (it->second.kind == Kind::kFirst ? node.first : node.reanalysis) = Work::kWanted;
}

int DropoutBook::ReleaseAllPending() {
  std::vector<uint64_t> ids;
  for (const auto& [id, o] : outstanding_)
    if (!o.released) ids.push_back(id);
  for (uint64_t id : ids) ReleasePending(id);
  return static_cast<int>(ids.size());
}

std::vector<AnalysisRequest> DropoutBook::PendingRequests() const {
  std::vector<AnalysisRequest> out;
  for (const auto& [id, o] : outstanding_)
    if (!o.released) out.push_back(MakeRequest(id, o.node, o.kind));
  return out;
}

int DropoutBook::RootValue() const { return nodes_[0].value; }

bool DropoutBook::Complete() const {
  for (size_t n = 0; n < nodes_.size(); ++n)
    if (nodes_[n].first != Work::kDone || nodes_[n].reanalysis != Work::kDone ||
        Expandable(static_cast<int>(n)))
      return false;
  return true;
}

std::vector<DropoutBook::NodeView> DropoutBook::Nodes() const {
  const std::vector<double> cost = Costs();
  std::vector<NodeView> views;
  views.reserve(nodes_.size());
  std::deque<int> queue = {0};
  while (!queue.empty()) {
    const int n = queue.front();
    queue.pop_front();
    const Node& node = nodes_[n];
    NodeView view;
    view.path = PathOf(n);
    view.value = node.value;
    if (node.first == Work::kDone && node.reanalysis == Work::kDone && node.has_dropout) {
      view.dropout_move = node.dropout_move;
      view.dropout_value = node.dropout_value;
      view.dropout_cost =
          cost[n] + 1 +
          config_.omega * static_cast<double>(int64_t{node.value} - node.dropout_value);
    }
    for (const auto& [move, child] : node.children) {
      view.book_moves.emplace_back(move, -nodes_[child].value);
      queue.push_back(child);
    }
    view.terminal = node.terminal;
    view.pending = Pending(n);
    view.cost = cost[n];
    views.push_back(std::move(view));
  }
  return views;
}

std::string DropoutBook::BestLine() const {
  std::vector<std::string> line;
  int n = 0;
  while (!nodes_[n].children.empty()) {
    const Node& node = nodes_[n];
    int best_child = -1;
    int best = 0;
    for (const auto& [move, child] : node.children)
      if (best_child < 0 || -nodes_[child].value > best)
        best_child = child, best = -nodes_[child].value;
    if (node.first == Work::kDone && node.reanalysis == Work::kDone && node.has_dropout &&
        node.dropout_value > best)
      break;
    line.push_back(nodes_[best_child].move);
    n = best_child;
  }
  return absl::StrJoin(line, " ");
}

// Format (one record a line, fields separated by one space):
//   tumen-dropout-book 1
//   fen <root FEN>
//   omega <double, shortest round-trip form>
//   max_plies <int>
//   next_id <next request id>
//   nodes <N>
//   <parent> <move> <first> <reanalysis> <terminal> <has_dropout> <dropout_move> <d> <base>
//     (N lines in creation order; the root has parent -1 and move '-'; work states 0 done,
//      1 wanted, 2 issued; base is the exact value of a terminal node or the provisional value
//      of a node whose first analysis is not in, else 0; '-' for no drop-out move)
//   outstanding <K>
//   <id> <node> <kind: 0 first analysis, 1 re-analysis> <released 0/1>   (K lines)
//   checksum <FNV-1a 64 of everything before this line, 16 hex digits>
std::string DropoutBook::Serialize() const {
  std::string out = absl::StrCat(kMagic, "\nfen ", root_fen_, "\nomega ",
                                 FormatDouble(config_.omega), "\nmax_plies ", config_.max_plies,
                                 "\nnext_id ", next_id_, "\nnodes ", nodes_.size(), "\n");
  for (const Node& node : nodes_) {
    absl::StrAppend(&out, node.parent, " ", node.parent < 0 ? "-" : node.move, " ",
                    static_cast<int>(node.first), " ", static_cast<int>(node.reanalysis), " ",
                    node.terminal ? 1 : 0, " ", node.has_dropout ? 1 : 0, " ",
                    node.has_dropout ? node.dropout_move : "-", " ", node.dropout_value, " ",
                    node.base_value, "\n");
  }
  absl::StrAppend(&out, "outstanding ", outstanding_.size(), "\n");
  for (const auto& [id, o] : outstanding_)
    absl::StrAppend(&out, id, " ", o.node, " ", static_cast<int>(o.kind), " ", o.released ? 1 : 0,
                    "\n");
  absl::StrAppend(&out, "checksum ", Hex64(Fnv1a(out)), "\n");
  return out;
}

namespace {

// Reads the serialized form line by line, with errors that name the line.
class LineReader {
 public:
  explicit LineReader(absl::string_view data) : data_(data) {}

  absl::StatusOr<absl::string_view> Next() {
    if (data_.empty())
      return absl::InvalidArgumentError(
          absl::StrCat("dropout book: input ends early, after line ", line_));
    const size_t end = data_.find('\n');
    if (end == absl::string_view::npos)
      return absl::InvalidArgumentError(
          absl::StrCat("dropout book: line ", line_ + 1, " has no line end (truncated?)"));
    absl::string_view line = data_.substr(0, end);
    data_.remove_prefix(end + 1);
    ++line_;
    return line;
  }

  // The value after "key " on the next line.
  absl::StatusOr<absl::string_view> Keyed(absl::string_view key) {
    TUMEN_ASSIGN_OR_RETURN(absl::string_view line, Next());
    const std::string prefix = absl::StrCat(key, " ");
    if (line.substr(0, prefix.size()) != prefix)
      return Error(absl::StrCat("expected '", key, " <value>', got '", line, "'"));
    return line.substr(prefix.size());
  }

  template <typename T>
  absl::StatusOr<T> Number(absl::string_view text, absl::string_view what) {
    T value;
    // Only the canonical form Serialize writes: no sign '+', no leading zeros, no spaces.
    if (!absl::SimpleAtoi(text, &value) || absl::StrCat(value) != text)
      return Error(absl::StrCat(what, " '", text, "' is not a valid integer"));
    return value;
  }

  absl::Status Error(absl::string_view message) const {
    return absl::InvalidArgumentError(absl::StrCat("dropout book line ", line_, ": ", message));
  }

  bool AtEnd() const { return data_.empty(); }

 private:
  absl::string_view data_;
  int line_ = 0;
};

}  // namespace

absl::StatusOr<DropoutBook> DropoutBook::Deserialize(absl::string_view data) {
  // The checksum line comes last and covers everything before it.
  if (data.empty() || data.back() != '\n')
    return absl::InvalidArgumentError(
        "dropout book: input is empty or does not end with a line end (truncated?)");
  const size_t last = data.substr(0, data.size() - 1).rfind('\n');
  const size_t body_end = last == absl::string_view::npos ? 0 : last + 1;
  const absl::string_view body = data.substr(0, body_end);
  const absl::string_view check_line = data.substr(body_end, data.size() - 1 - body_end);
  if (check_line.substr(0, 9) != "checksum ")
    return absl::InvalidArgumentError(
        "dropout book: the last line is not 'checksum <hex>' (truncated or not a dropout book)");
  if (check_line.substr(9) != Hex64(Fnv1a(body)))
    return absl::InvalidArgumentError(
        absl::StrCat("dropout book: checksum mismatch (stored ", check_line.substr(9),
                     ", computed ", Hex64(Fnv1a(body)), "): the data was altered or truncated"));

  LineReader in(body);
  TUMEN_ASSIGN_OR_RETURN(absl::string_view magic, in.Next());
  if (magic != kMagic)
    return in.Error(absl::StrCat("expected the header '", kMagic, "', got '", magic,
                                 "' (not a dropout book, or a version this build cannot read)"));
  DropoutBook book;
  TUMEN_ASSIGN_OR_RETURN(absl::string_view fen, in.Keyed("fen"));
  book.root_fen_ = std::string(fen);
  TUMEN_ASSIGN_OR_RETURN(absl::string_view omega, in.Keyed("omega"));
  {
    const auto r = std::from_chars(omega.data(), omega.data() + omega.size(), book.config_.omega);
    if (r.ec != std::errc() || r.ptr != omega.data() + omega.size())
      return in.Error(absl::StrCat("omega '", omega, "' is not a number"));
  }
  TUMEN_ASSIGN_OR_RETURN(absl::string_view plies, in.Keyed("max_plies"));
  TUMEN_ASSIGN_OR_RETURN(book.config_.max_plies, in.Number<int>(plies, "max_plies"));
  TUMEN_RETURN_IF_ERROR(CheckFen(book.root_fen_));
  TUMEN_RETURN_IF_ERROR(CheckConfig(book.config_));
  TUMEN_ASSIGN_OR_RETURN(absl::string_view next_id, in.Keyed("next_id"));
  TUMEN_ASSIGN_OR_RETURN(book.next_id_, in.Number<uint64_t>(next_id, "next_id"));
  if (book.next_id_ == 0) return in.Error("next_id must be >= 1");
  TUMEN_ASSIGN_OR_RETURN(absl::string_view count_text, in.Keyed("nodes"));
  TUMEN_ASSIGN_OR_RETURN(const int64_t count, in.Number<int64_t>(count_text, "nodes"));
  if (count < 1 || count > int64_t{1} << 31)
    return in.Error(absl::StrCat("node count ", count, " is out of range (>= 1 needed)"));

  const auto work = [&](absl::string_view text, Work* w) -> absl::Status {
    if (text == "0")
      *w = Work::kDone;
    else if (text == "1")
      *w = Work::kWanted;
    else if (text == "2")
      *w = Work::kIssued;
    else
      return in.Error(absl::StrCat("work state '", text, "' is not 0, 1 or 2"));
    return absl::OkStatus();
  };
  const auto flag = [&](absl::string_view text, bool* b) -> absl::Status {
    if (text != "0" && text != "1")
      return in.Error(absl::StrCat("flag '", text, "' is not 0 or 1"));
    *b = text == "1";
    return absl::OkStatus();
  };
  for (int64_t i = 0; i < count; ++i) {
    TUMEN_ASSIGN_OR_RETURN(absl::string_view line, in.Next());
    const std::vector<absl::string_view> f = absl::StrSplit(line, ' ');
    if (f.size() != 9)
      return in.Error(absl::StrCat(
          "expected 9 fields '<parent> <move> <first> <reanalysis> <terminal> <has_dropout> "
          "<dropout_move> <d> <base>', got ",
          f.size()));
    Node node;
    TUMEN_ASSIGN_OR_RETURN(node.parent, in.Number<int>(f[0], "parent"));
    if (i == 0 ? (node.parent != -1 || f[1] != "-") : (node.parent < 0 || node.parent >= i))
      return in.Error(i == 0 ? "the root must have parent -1 and move '-'"
                             : absl::StrCat("parent ", node.parent,
                                            " must be an earlier node (0 to ", i - 1, ")"));
    if (i > 0) {
      if (!ValidMove(f[1])) return in.Error(absl::StrCat("'", f[1], "' is not a move token"));
      node.move = std::string(f[1]);
      Node& parent = book.nodes_[node.parent];
      if (!parent.children.emplace(node.move, static_cast<int>(i)).second)
        return in.Error(absl::StrCat("node ", node.parent, " has two children by move ", f[1]));
      parent.last_child = static_cast<int>(i);
      node.depth = parent.depth + 1;
    }
    TUMEN_RETURN_IF_ERROR(work(f[2], &node.first));
    TUMEN_RETURN_IF_ERROR(work(f[3], &node.reanalysis));
    TUMEN_RETURN_IF_ERROR(flag(f[4], &node.terminal));
    TUMEN_RETURN_IF_ERROR(flag(f[5], &node.has_dropout));
    if (node.has_dropout ? !ValidMove(f[6]) : f[6] != "-")
      return in.Error(absl::StrCat("drop-out move '", f[6], "' does not match has_dropout ", f[5]));
    if (node.has_dropout) node.dropout_move = std::string(f[6]);
    TUMEN_ASSIGN_OR_RETURN(node.dropout_value, in.Number<int>(f[7], "drop-out value"));
    TUMEN_ASSIGN_OR_RETURN(node.base_value, in.Number<int>(f[8], "base value"));
    if (!ValidScore(node.dropout_value) || !ValidScore(node.base_value))
      return in.Error(absl::StrCat("a value is outside +-", kMaxScore));
    book.nodes_.push_back(std::move(node));
  }
  TUMEN_ASSIGN_OR_RETURN(absl::string_view pending_text, in.Keyed("outstanding"));
  TUMEN_ASSIGN_OR_RETURN(const int64_t pending, in.Number<int64_t>(pending_text, "outstanding"));
  if (pending < 0 || pending > int64_t{1} << 31)
    return in.Error(absl::StrCat("outstanding count ", pending, " is out of range"));
  for (int64_t i = 0; i < pending; ++i) {
    TUMEN_ASSIGN_OR_RETURN(absl::string_view line, in.Next());
    const std::vector<absl::string_view> f = absl::StrSplit(line, ' ');
    if (f.size() != 4)
      return in.Error(
          absl::StrCat("expected 4 fields '<id> <node> <kind> <released>', got ", f.size()));
    TUMEN_ASSIGN_OR_RETURN(const uint64_t id, in.Number<uint64_t>(f[0], "request id"));
    Outstanding o;
    TUMEN_ASSIGN_OR_RETURN(o.node, in.Number<int>(f[1], "node"));
    if (id == 0 || id >= book.next_id_)
      return in.Error(absl::StrCat("request id ", id, " is not below next_id ", book.next_id_));
    if (o.node < 0 || o.node >= static_cast<int>(book.nodes_.size()))
      return in.Error(absl::StrCat("node ", o.node, " does not exist"));
    if (f[2] != "0" && f[2] != "1")
      return in.Error(absl::StrCat("kind '", f[2], "' is not 0 or 1"));
    o.kind = f[2] == "0" ? Kind::kFirst : Kind::kReanalysis;
    TUMEN_RETURN_IF_ERROR(flag(f[3], &o.released));
    if (!book.outstanding_.emplace(id, o).second)
      return in.Error(absl::StrCat("request id ", id, " is listed twice"));
  }
  if (!in.AtEnd()) return in.Error("unexpected data after the outstanding requests");
  TUMEN_RETURN_IF_ERROR(book.Validate());
  for (int n = static_cast<int>(book.nodes_.size()) - 1; n >= 0; --n)
    book.nodes_[n].value = book.ComputeValue(n);
  return book;
}

// Consistency of a deserialized state (what NextRequests and ApplyResult could have produced).
absl::Status DropoutBook::Validate() const {
  const auto error = [](int n, absl::string_view what) {
    return absl::InvalidArgumentError(absl::StrCat("dropout book: node ", n, " ", what));
  };
  std::map<std::pair<int, Kind>, int> live;  // issued, not released
  std::map<std::pair<int, Kind>, int> any;
  for (const auto& [id, o] : outstanding_) {
    any[{o.node, o.kind}]++;
    if (!o.released) live[{o.node, o.kind}]++;
  }
  for (int n = 0; n < static_cast<int>(nodes_.size()); ++n) {
    const Node& node = nodes_[n];
    for (const Kind kind : {Kind::kFirst, Kind::kReanalysis}) {
      const Work w = kind == Kind::kFirst ? node.first : node.reanalysis;
      const int l = live.count({n, kind}) ? live.at({n, kind}) : 0;
      const int a = any.count({n, kind}) ? any.at({n, kind}) : 0;
      const char* name = kind == Kind::kFirst ? "first analysis" : "re-analysis";
      if (w == Work::kDone && a != 0)
        return error(n, absl::StrCat("has its ", name, " done but requests for it outstanding"));
      if (w == Work::kIssued && l != 1)
        return error(n, absl::StrCat("has its ", name, " issued but ", l,
                                     " unreleased requests for it (1 expected)"));
      if (w == Work::kWanted && l != 0)
        return error(n, absl::StrCat("has its ", name,
                                     " waiting to be issued but an unreleased request for it"));
    }
    if (node.terminal && (!node.children.empty() || node.first != Work::kDone ||
                          node.reanalysis != Work::kDone || node.has_dropout))
      return error(n, "is terminal but has book moves, a drop-out move or open analyses");
    if (node.first != Work::kDone &&
        (!node.children.empty() || node.reanalysis != Work::kDone || node.has_dropout))
      return error(n, "awaits its first analysis but has book moves or a drop-out move");
    if (node.reanalysis != Work::kDone && (node.children.empty() || node.has_dropout))
      return error(n, "awaits a re-analysis but has no book moves or already a drop-out move");
    if (node.has_dropout && node.children.count(node.dropout_move))
      return error(n, "has a drop-out move that is also a book move");
    if (node.first == Work::kDone && node.reanalysis == Work::kDone && !node.terminal &&
        node.children.empty() && !node.has_dropout)
      return error(n, "is an analysed non-terminal leaf without a drop-out move");
    if (!node.terminal && node.first == Work::kDone && node.base_value != 0)
      return error(n, "has a base value but is neither terminal nor awaiting its first analysis");
    if (config_.max_plies > 0 && node.depth > config_.max_plies)
      return error(
          n, absl::StrCat("is at depth ", node.depth, ", beyond max_plies ", config_.max_plies));
  }
  return absl::OkStatus();
}

}  // namespace tumen::book
