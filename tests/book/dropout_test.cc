// Drop-out expansion on toy game trees whose values are known, against orders and values
// computed by hand; idempotency of results, releases, and the serialized form.
#include "engine/book/dropout.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"

namespace tumen::book {
namespace {

constexpr char kFen[] = "toy w - 0 1";

// A toy game: each position (keyed by its move path, moves separated by spaces) has a static
// value for the side to move and a list of moves; a position without moves is terminal, its
// static value exact.
struct ToyNode {
  int static_value = 0;
  std::vector<std::string> moves;
};
using ToyTree = std::map<std::string, ToyNode>;

std::string Key(const std::vector<std::string>& path) { return absl::StrJoin(path, " "); }
std::string Child(const std::string& key, const std::string& move) {
  return key.empty() ? move : key + " " + move;
}

int Negamax(const ToyTree& tree, const std::string& key, int depth) {
  const ToyNode& node = tree.at(key);
  if (node.moves.empty() || depth == 0) return node.static_value;
  int best = -1000000;
  for (const std::string& m : node.moves)
    best = std::max(best, -Negamax(tree, Child(key, m), depth - 1));
  return best;
}

// The analyser: a fixed-depth negamax over the toy tree, best non-excluded move (the first in
// move order on ties).
AnalysisResult Analyse(const ToyTree& tree, const AnalysisRequest& request, int depth) {
  AnalysisResult result;
  result.id = request.id;
  const std::string key = Key(request.path);
  const ToyNode& node = tree.at(key);
  if (node.moves.empty()) {
    result.terminal = true;
    result.score_cp = node.static_value;
    return result;
  }
  for (const std::string& m : node.moves) {
    if (std::find(request.excluded_moves.begin(), request.excluded_moves.end(), m) !=
        request.excluded_moves.end())
      continue;
    const int v = -Negamax(tree, Child(key, m), depth - 1);
    if (result.best_move.empty() || v > result.score_cp) result.best_move = m, result.score_cp = v;
  }
  return result;
}

// Root (side A to move) with moves a, b, c; each answered by two moves of side B leading to
// terminal positions with A to move again. Static values (side to move):
//   a: 0    a1: 30   a2: -20      exact: v(a) = max(-30, 20) = 20,  A's a = -20
//   b: -60  b1: 50   b2: 40              v(b) = max(-50, -40) = -40, A's b = 40
//   c: -70  c1: -10  c2: 60              v(c) = max(10, -60) = 10,   A's c = -10
// True root value 40 (b, then b2). A depth-1 analyser misjudges the root: it sees
// a: 0, b: 60, c: 70 and proposes c first.
ToyTree SmallTree() {
  ToyTree t;
  t[""] = {0, {"a", "b", "c"}};
  t["a"] = {0, {"a1", "a2"}};
  t["b"] = {-60, {"b1", "b2"}};
  t["c"] = {-70, {"c1", "c2"}};
  t["a a1"] = {30, {}};
  t["a a2"] = {-20, {}};
  t["b b1"] = {50, {}};
  t["b b2"] = {40, {}};
  t["c c1"] = {-10, {}};
  t["c c2"] = {60, {}};
  return t;
}

DropoutBook MakeBook(double omega, int max_plies = 0) {
  auto book = DropoutBook::Create(kFen, {omega, max_plies});
  EXPECT_TRUE(book.ok()) << book.status();
  return *std::move(book);
}

// Runs serially: each round takes up to `batch` requests and answers them in order.
// Returns the paths of the nodes added, in order (a first analysis of a non-root node).
std::vector<std::string> Drive(DropoutBook& book, const ToyTree& tree, int depth, int batch,
                               int max_rounds = 1000) {
  std::vector<std::string> added;
  for (int round = 0; round < max_rounds; ++round) {
    const std::vector<AnalysisRequest> requests = book.NextRequests(batch);
    if (requests.empty()) break;
    for (const AnalysisRequest& r : requests) {
      if (!r.path.empty() && r.excluded_moves.empty()) added.push_back(Key(r.path));
      const absl::Status s = book.ApplyResult(Analyse(tree, r, depth));
      EXPECT_TRUE(s.ok()) << s;
    }
  }
  return added;
}

const DropoutBook::NodeView* Find(const std::vector<DropoutBook::NodeView>& views,
                                  const std::string& key) {
  for (const auto& v : views)
    if (Key(v.path) == key) return &v;
  return nullptr;
}

TEST(Dropout, CreateRejectsBadInput) {
  EXPECT_FALSE(DropoutBook::Create("", {}).ok());
  EXPECT_FALSE(DropoutBook::Create("a\nb", {}).ok());
  EXPECT_FALSE(DropoutBook::Create(kFen, {-1.0, 0}).ok());
  EXPECT_FALSE(DropoutBook::Create(kFen, {0.05, -3}).ok());
  auto book = DropoutBook::Create(kFen, {});
  ASSERT_TRUE(book.ok());
  // The first request is the root with nothing excluded.
  const auto requests = book->NextRequests(5);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].id, 1u);
  EXPECT_TRUE(requests[0].path.empty());
  EXPECT_TRUE(requests[0].excluded_moves.empty());
  EXPECT_TRUE(book->NextRequests(5).empty());  // root pending: nothing else to do
}

// omega = 0: cost(n) = depth(n), every drop-out edge of a node at depth k costs k + 1, so the
// book grows breadth-first, ties going to the earlier-created node. The root's analyses give
// c (70), then b (60), then a (0), then nothing: root takes c, b, a. Depth 1 in creation
// order c, b, a; each node's moves in the analyser's order: c1 (10) then c2 (-60); b2 (-40)
// then b1 (-50); a2 (20) then a1 (-30).
TEST(Dropout, OmegaZeroGrowsBreadthFirst) {
  DropoutBook book = MakeBook(0.0);
  const auto added = Drive(book, SmallTree(), 1, 2);
  EXPECT_EQ(added, (std::vector<std::string>{"c", "b", "a", "c c1", "c c2", "b b2", "b b1", "a a2",
                                             "a a1"}));
  EXPECT_EQ(book.RootValue(), 40);
  EXPECT_TRUE(book.Complete());
}

// omega = 1 by hand (cd = cost of the drop-out edge):
//   root analysed: d = 70 (c). E1 root+c: v(c) = d(c) = 10 (c1); root re-analysed: d = 60 (b),
//     v(root) = max(60, -10) = 60. cd(root) = 1 + (60-60) = 1; cost(c) = 1 + (60+10) = 71,
//     cd(c) = 72.
//   E2 root+b: v(b) = d(b) = -40 (b2); root: d = 0 (a), v = max(0, -10, 40) = 40.
//     cd(root) = 1 + 40 = 41; cost(c) = 1 + (40+10) = 51, cd(c) = 52; cost(b) = 1 + 0 = 1,
//     cd(b) = 2 + 0 = 2.
//   E3 b+b2 (cost 2, the principal line): b2 terminal 40, b re-analysed d = -50 (b1),
//     v(b) = -40; cd(b) = 2 + (-40+50) = 12.
//   E4 b+b1 (12): terminal 50; b has no move left.
//   E5 root+a (41): v(a) = 20 (a2), root has no move left, v = 40. cost(a) = 1 + 60 = 61.
//   E6 c+c1 (52): terminal -10, d(c) = -60 (c2): cd(c) = 51 + 1 + 70 = 122.
//   E7 a+a2 (cd(a) = 62): terminal -20, d(a) = -30: cd(a) = 61 + 1 + 50 = 112.
//   E8 a+a1 (112). E9 c+c2 (122).
TEST(Dropout, LargeOmegaFollowsThePrincipalLineFirst) {
  DropoutBook book = MakeBook(1.0);
  const ToyTree tree = SmallTree();
  // Root analysis, E1, E2: three rounds of one expansion each.
  Drive(book, tree, 1, 2, 3);
  EXPECT_EQ(book.expansions(), 2);
  EXPECT_EQ(book.RootValue(), 40);
  const auto views = book.Nodes();
  ASSERT_EQ(views.size(), 3u);
  // Breadth-first, children in move order: root, b, c.
  EXPECT_EQ(Key(views[1].path), "b");
  EXPECT_EQ(Key(views[2].path), "c");
  EXPECT_EQ(views[0].value, 40);
  EXPECT_EQ(views[0].dropout_move, "a");
  EXPECT_EQ(views[0].dropout_value, 0);
  EXPECT_EQ(views[0].book_moves, (std::vector<std::pair<std::string, int>>{{"b", 40}, {"c", -10}}));
  EXPECT_DOUBLE_EQ(views[0].cost, 0);
  EXPECT_DOUBLE_EQ(views[0].dropout_cost, 41);
  EXPECT_EQ(views[1].value, -40);
  EXPECT_EQ(views[1].dropout_move, "b2");
  EXPECT_DOUBLE_EQ(views[1].cost, 1);
  EXPECT_DOUBLE_EQ(views[1].dropout_cost, 2);
  EXPECT_EQ(views[2].value, 10);
  EXPECT_EQ(views[2].dropout_move, "c1");
  EXPECT_DOUBLE_EQ(views[2].cost, 51);
  EXPECT_DOUBLE_EQ(views[2].dropout_cost, 52);
  for (const auto& v : views) EXPECT_FALSE(v.pending);

  const auto added = Drive(book, tree, 1, 2);
  EXPECT_EQ(added, (std::vector<std::string>{"b b2", "b b1", "a", "c c1", "a a2", "a a1", "c c2"}));
  EXPECT_TRUE(book.Complete());
}

// After completion every node's value is the exact negamax of the toy tree, and nodes whose
// moves are all in the book have no drop-out edge.
TEST(Dropout, CompletedBookHasExactNegamaxValues) {
  const ToyTree tree = SmallTree();
  for (const int depth : {1, 2, 3}) {
    DropoutBook book = MakeBook(0.05);
    Drive(book, tree, depth, 2);
    EXPECT_TRUE(book.Complete());
    EXPECT_EQ(book.RootValue(), 40);
    EXPECT_EQ(book.size(), 10u);
    EXPECT_EQ(book.BestLine(), "b b2");
    const auto views = book.Nodes();
    const std::vector<std::pair<std::string, int>> expected = {
        {"", 40},      {"a", 20},    {"b", -40},   {"c", 10},     {"a a1", 30},
        {"a a2", -20}, {"b b1", 50}, {"b b2", 40}, {"c c1", -10}, {"c c2", 60}};
    ASSERT_EQ(views.size(), expected.size());
    for (size_t i = 0; i < views.size(); ++i) {
      EXPECT_EQ(Key(views[i].path), expected[i].first);
      EXPECT_EQ(views[i].value, expected[i].second) << expected[i].first;
      EXPECT_FALSE(views[i].dropout_move.has_value()) << expected[i].first;
      EXPECT_EQ(views[i].terminal, views[i].path.size() == 2);
      if (views[i].terminal) {
        EXPECT_TRUE(views[i].book_moves.empty());
      }
    }
    EXPECT_EQ(views[0].book_moves,
              (std::vector<std::pair<std::string, int>>{{"a", -20}, {"b", 40}, {"c", -10}}));
  }
}

// A random tree with random batch sizes, results answered in shuffled order and some leases
// lost (released and reissued, the late result sometimes arriving anyway): the finished book
// holds the exact value of every position.
TEST(Dropout, ParallelRunConvergesOnRandomTrees) {
  for (int seed = 1; seed <= 6; ++seed) {
    std::mt19937 rng(seed);
    ToyTree tree;
    std::vector<std::string> frontier = {""};
    while (!frontier.empty()) {
      const std::string key = frontier.back();
      frontier.pop_back();
      const int depth =
          key.empty() ? 0 : static_cast<int>(std::count(key.begin(), key.end(), ' ')) + 1;
      ToyNode node;
      node.static_value = static_cast<int>(rng() % 201) - 100;
      const int moves = depth >= 4 ? 0 : static_cast<int>(rng() % 4);  // 0: game over
      for (int m = 0; m < moves; ++m) {
        const std::string move = absl::StrCat("m", depth, m);
        node.moves.push_back(move);
        frontier.push_back(Child(key, move));
      }
      tree[key] = node;
    }
    DropoutBook book = MakeBook(0.02 * seed);
    std::vector<AnalysisRequest> out;
    for (int round = 0; round < 10000; ++round) {
      for (auto& r : book.NextRequests(1 + static_cast<int>(rng() % 5))) out.push_back(r);
      if (out.empty()) break;
      std::shuffle(out.begin(), out.end(), rng);
      const size_t answer = 1 + rng() % out.size();
      for (size_t i = 0; i < answer; ++i) {
        const AnalysisRequest r = out.back();
        out.pop_back();
        if (rng() % 10 == 0) {  // lease lost; its worker may still report later
          book.ReleasePending(r.id);
          if (rng() % 2) out.insert(out.begin(), r);
          continue;
        }
        const absl::Status s = book.ApplyResult(Analyse(tree, r, 1));
        EXPECT_TRUE(s.ok() || absl::IsAlreadyExists(s)) << s;
      }
    }
    EXPECT_TRUE(book.Complete()) << "seed " << seed;
    EXPECT_EQ(book.size(), tree.size());
    for (const auto& v : book.Nodes())
      EXPECT_EQ(v.value, Negamax(tree, Key(v.path), 100)) << "seed " << seed << " " << Key(v.path);
    EXPECT_EQ(book.RootValue(), Negamax(tree, "", 100));
  }
}

TEST(Dropout, ResultsAreAppliedOnce) {
  const ToyTree tree = SmallTree();
  DropoutBook book = MakeBook(0.05);
  Drive(book, tree, 1, 2, 1);  // root analysed
  const auto requests = book.NextRequests(2);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(Key(requests[0].path), "c");
  EXPECT_TRUE(requests[0].excluded_moves.empty());
  EXPECT_TRUE(requests[1].path.empty());
  EXPECT_EQ(requests[1].excluded_moves, (std::vector<std::string>{"c"}));

  // Invalid results change nothing.
  const std::string before = book.Serialize();
  AnalysisResult bad = Analyse(tree, requests[1], 1);
  bad.best_move = "c";
  EXPECT_TRUE(absl::IsInvalidArgument(book.ApplyResult(bad)));
  bad = Analyse(tree, requests[1], 1);
  bad.terminal = true;
  EXPECT_TRUE(absl::IsInvalidArgument(book.ApplyResult(bad)));
  bad = Analyse(tree, requests[0], 1);
  bad.best_move.clear();
  EXPECT_TRUE(absl::IsInvalidArgument(book.ApplyResult(bad)));
  bad = Analyse(tree, requests[0], 1);
  bad.score_cp = DropoutBook::kMaxScore + 1;
  EXPECT_TRUE(absl::IsInvalidArgument(book.ApplyResult(bad)));
  EXPECT_EQ(book.Serialize(), before);

  ASSERT_TRUE(book.ApplyResult(Analyse(tree, requests[0], 1)).ok());
  const std::string after = book.Serialize();
  const absl::Status again = book.ApplyResult(Analyse(tree, requests[0], 1));
  EXPECT_TRUE(absl::IsAlreadyExists(again)) << again;
  EXPECT_EQ(book.Serialize(), after);

  AnalysisResult unknown;
  unknown.id = 999;
  unknown.best_move = "a";
  const absl::Status s = book.ApplyResult(unknown);
  EXPECT_TRUE(absl::IsNotFound(s)) << s;
  EXPECT_NE(s.message().find("999"), absl::string_view::npos);
  unknown.id = 0;
  EXPECT_TRUE(absl::IsNotFound(book.ApplyResult(unknown)));
  EXPECT_EQ(book.Serialize(), after);
}

TEST(Dropout, ReleasedRequestsAreReissued) {
  const ToyTree tree = SmallTree();
  DropoutBook book = MakeBook(0.05);
  Drive(book, tree, 1, 2, 1);
  const auto requests = book.NextRequests(2);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_TRUE(book.NextRequests(4).empty());  // root and c wait on these two
  book.ReleasePending(requests[0].id);
  book.ReleasePending(requests[0].id);  // no-op
  book.ReleasePending(12345);           // no-op
  EXPECT_EQ(book.PendingRequests().size(), 1u);
  const auto reissued = book.NextRequests(4);
  ASSERT_EQ(reissued.size(), 1u);
  EXPECT_GT(reissued[0].id, requests[1].id);
  EXPECT_EQ(reissued[0].path, requests[0].path);
  EXPECT_EQ(reissued[0].excluded_moves, requests[0].excluded_moves);
  const auto pending = book.PendingRequests();
  ASSERT_EQ(pending.size(), 2u);
  EXPECT_EQ(pending[0].id, requests[1].id);
  EXPECT_EQ(pending[0].excluded_moves, requests[1].excluded_moves);
  EXPECT_EQ(pending[1].id, reissued[0].id);
  // The lost worker reports after all: accepted; the reissue's result is then a duplicate.
  ASSERT_TRUE(book.ApplyResult(Analyse(tree, requests[0], 1)).ok());
  EXPECT_TRUE(absl::IsAlreadyExists(book.ApplyResult(Analyse(tree, reissued[0], 1))));
  ASSERT_TRUE(book.ApplyResult(Analyse(tree, requests[1], 1)).ok());
  EXPECT_TRUE(book.PendingRequests().empty());
  // An odd batch leaves the second half of an expansion for the next call.
  const auto one = book.NextRequests(1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_TRUE(one[0].excluded_moves.empty());
  const auto next = book.NextRequests(1);
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].path, std::vector<std::string>(one[0].path.begin(), one[0].path.end() - 1));
  EXPECT_EQ(next[0].excluded_moves.size(),
            Find(book.Nodes(), Key(next[0].path))->book_moves.size());
}

// An expansion stays open until both of its results are in: neither the parent nor the new
// child is expanded meanwhile, whichever result comes first.
TEST(Dropout, OpenExpansionBlocksParentAndChild) {
  const ToyTree tree = SmallTree();
  for (const int first : {0, 1}) {
    DropoutBook book = MakeBook(0.05);
    Drive(book, tree, 1, 2, 1);
    const auto requests = book.NextRequests(2);  // c's first analysis, the root's re-analysis
    ASSERT_EQ(requests.size(), 2u);
    // Opening the expansion changes no value: c counts with the 70 the root's analysis gave it.
    EXPECT_EQ(book.RootValue(), 70);
    EXPECT_EQ(book.Nodes()[0].book_moves, (std::vector<std::pair<std::string, int>>{{"c", 70}}));
    EXPECT_FALSE(book.Nodes()[0].dropout_move.has_value());  // unknown until re-analysed
    ASSERT_TRUE(book.ApplyResult(Analyse(tree, requests[first], 1)).ok());
    // c's own analysis in: c is worth -10 to the root, whose drop-out is still unknown.
    // The root's re-analysis in: d = 60 (b), but c still counts 70.
    EXPECT_EQ(book.RootValue(), first == 0 ? -10 : 70);
    EXPECT_TRUE(book.NextRequests(4).empty()) << "after result " << first;
    for (const auto& v : book.Nodes()) EXPECT_TRUE(v.pending) << Key(v.path);
    EXPECT_FALSE(book.Complete());
    ASSERT_TRUE(book.ApplyResult(Analyse(tree, requests[1 - first], 1)).ok());
    for (const auto& v : book.Nodes()) EXPECT_FALSE(v.pending) << Key(v.path);
    EXPECT_EQ(book.RootValue(), 60);
    // Now both the root (b, 60) and c (c1, 10) can be expanded: two expansions.
    EXPECT_EQ(book.NextRequests(4).size(), 4u);
  }
}

TEST(Dropout, TerminalRootIsNeverExpanded) {
  DropoutBook book = MakeBook(0.05);
  const auto r = book.NextRequests(1);
  ASSERT_EQ(r.size(), 1u);
  AnalysisResult result;
  result.id = r[0].id;
  result.terminal = true;
  result.score_cp = -30000;  // mated
  ASSERT_TRUE(book.ApplyResult(result).ok());
  EXPECT_TRUE(book.NextRequests(10).empty());
  EXPECT_TRUE(book.Complete());
  EXPECT_EQ(book.RootValue(), -30000);
  EXPECT_EQ(book.BestLine(), "");
  EXPECT_TRUE(book.Nodes()[0].terminal);
}

// max_plies = 1: the root's three moves enter the book, their replies never do. Values come
// from the depth-1 analyses of a, b, c: -20, 40, -10.
TEST(Dropout, MaxPliesStopsExpansion) {
  DropoutBook book = MakeBook(0.05, 1);
  const auto added = Drive(book, SmallTree(), 1, 4);
  EXPECT_EQ(added, (std::vector<std::string>{"c", "b", "a"}));
  EXPECT_EQ(book.size(), 4u);
  EXPECT_TRUE(book.Complete());
  EXPECT_TRUE(book.NextRequests(10).empty());
  EXPECT_EQ(book.RootValue(), 40);
  const auto views = book.Nodes();
  EXPECT_FALSE(views[0].dropout_move.has_value());  // all root moves in the book
  for (size_t i = 1; i < views.size(); ++i) {
    EXPECT_TRUE(views[i].dropout_move.has_value());  // known, but beyond the depth limit
    EXPECT_TRUE(views[i].book_moves.empty());
  }
  EXPECT_EQ(book.BestLine(), "b");
}

uint64_t Fnv1a(const std::string& data) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char ch : data) h = (h ^ ch) * 0x100000001b3ULL;
  return h;
}

// Replaces the body (everything before the checksum line) and writes a matching checksum.
std::string Reseal(const std::string& body) {
  char hex[17];
  snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(Fnv1a(body)));
  return body + "checksum " + hex + "\n";
}
std::string Body(const std::string& s) { return s.substr(0, s.rfind("checksum ")); }

TEST(Dropout, SerializedStateContinuesIdentically) {
  const ToyTree tree = SmallTree();
  DropoutBook book = MakeBook(0.3);
  Drive(book, tree, 1, 3, 3);
  // Mid-run with requests outstanding, one released, and a half expansion waiting.
  auto out = book.NextRequests(3);
  ASSERT_EQ(out.size(), 3u);
  ASSERT_TRUE(book.ApplyResult(Analyse(tree, out[0], 1)).ok());
  book.ReleasePending(out[2].id);
  const std::string data = book.Serialize();
  auto copy = DropoutBook::Deserialize(data);
  ASSERT_TRUE(copy.ok()) << copy.status();
  EXPECT_EQ(copy->Serialize(), data);
  EXPECT_EQ(copy->RootValue(), book.RootValue());
  EXPECT_EQ(copy->root_fen(), kFen);
  EXPECT_EQ(copy->config().omega, 0.3);

  // Both continue the same way: the outstanding result first, then a shared driver.
  std::vector<std::string> log_a, log_b;
  for (DropoutBook* b : {&book, &*copy}) {
    std::vector<std::string>& log = b == &book ? log_a : log_b;
    ASSERT_TRUE(b->ApplyResult(Analyse(tree, out[1], 1)).ok());
    ASSERT_TRUE(b->ApplyResult(Analyse(tree, out[2], 1)).ok());  // late but accepted
    for (int round = 0; round < 100; ++round) {
      const auto requests = b->NextRequests(3);
      if (requests.empty()) break;
      for (const auto& r : requests) {
        log.push_back(
            absl::StrCat(r.id, ":", Key(r.path), "/", absl::StrJoin(r.excluded_moves, ",")));
        ASSERT_TRUE(b->ApplyResult(Analyse(tree, r, 1)).ok());
      }
    }
  }
  EXPECT_FALSE(log_a.empty());
  EXPECT_EQ(log_a, log_b);
  EXPECT_EQ(book.Serialize(), copy->Serialize());
  EXPECT_EQ(book.RootValue(), 40);
}

TEST(Dropout, CorruptInputIsRejected) {
  const ToyTree tree = SmallTree();
  DropoutBook book = MakeBook(0.05);
  Drive(book, tree, 1, 2, 3);
  book.NextRequests(2);
  const std::string good = book.Serialize();
  ASSERT_TRUE(DropoutBook::Deserialize(good).ok());
  ASSERT_TRUE(DropoutBook::Deserialize(Reseal(Body(good))).ok());  // the test's sealing works

  const auto expect_error = [](const std::string& data, const std::string& fragment) {
    const auto r = DropoutBook::Deserialize(data);
    ASSERT_FALSE(r.ok()) << "accepted:\n" << data;
    EXPECT_TRUE(absl::IsInvalidArgument(r.status()));
    EXPECT_NE(r.status().message().find(fragment), absl::string_view::npos) << r.status();
  };
  expect_error("", "empty");
  expect_error(good.substr(0, good.size() / 2), "");
  expect_error(good.substr(0, good.size() - 1), "line end");
  expect_error(Body(good), "checksum");
  std::string flipped = good;
  flipped[flipped.find("next_id ") + 8] ^= 1;
  expect_error(flipped, "checksum mismatch");

  std::string body = Body(good);
  std::string other = body;
  other.replace(0, std::string("tumen-dropout-book 1").size(), "tumen-dropout-book 9");
  expect_error(Reseal(other), "version");
  other = body;
  other.replace(other.find("omega "), 10, "omega -1.0");
  expect_error(Reseal(other), "omega");
  // A node whose parent comes after it.
  other = body;
  const size_t root_line = other.find('\n', other.find("nodes ")) + 1;
  const size_t node1 = other.find('\n', root_line) + 1;
  ASSERT_EQ(other[node1], '0');
  other.replace(node1, 1, "7");
  expect_error(Reseal(other), "parent 7");
  // An outstanding request for work that is recorded as done.
  other = body;
  const size_t out = other.find("outstanding ");
  other.replace(out, other.size() - out, "outstanding 0\n");
  expect_error(Reseal(other), "issued but 0 unreleased requests");
  // A non-canonical number.
  other = body;
  other.replace(other.find("max_plies 0"), 11, "max_plies +0");
  expect_error(Reseal(other), "max_plies");
  // Trailing garbage before the checksum.
  expect_error(Reseal(body + "extra\n"), "unexpected data");
}

}  // namespace
}  // namespace tumen::book
