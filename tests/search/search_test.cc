// The search through the game-independent session API: mates, the Shatar mate rules,
// tactics, determinism and parameters.
#include <algorithm>

#include "engine/api/bench.h"
#include "engine/api/game_session.h"
#include "engine/search/lazy_smp.h"
#include "gtest/gtest.h"

namespace tumen {
namespace {

struct Outcome {
  search::SearchResult result;
  search::SearchInfo last_info;
};

Outcome Search(const std::string& variant, const std::string& fen, search::Limits limits,
               int threads = 1) {
  auto session = CreateGameSession(variant);
  EXPECT_TRUE(session.ok());
  (*session)->SetThreads(threads);
  const absl::Status s = (*session)->SetPosition(fen, {});
  EXPECT_TRUE(s.ok()) << s;
  Outcome out;
  out.result = (*session)->Go(limits, [&](const search::SearchInfo& i) {
    if (i.multipv == 1) out.last_info = i;
  });
  return out;
}

search::Limits Depth(int d) {
  search::Limits l;
  l.depth = d;
  return l;
}

TEST(SearchMates, FindsMateInOneEverywhere) {
  for (const char* variant : {"chess", "shatar", "shatar-traditional"}) {
    const Outcome o = Search(variant, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Depth(4));
    EXPECT_EQ(o.result.best_move, "a1a8") << variant;
    EXPECT_TRUE(o.last_info.is_mate) << variant;
    EXPECT_EQ(o.last_info.mate_in, 1) << variant;
  }
}

// The rook ladder: 1.Ra7 (any) 2.Rb8#. Black's pawn keeps shatar-traditional's bare-king rule
// out of the way.
TEST(SearchMates, FindsMateInTwoEverywhere) {
  for (const char* variant : {"chess", "shatar", "shatar-traditional"}) {
    const Outcome o = Search(variant, "7k/8/8/8/8/7p/R7/1R2K3 w - - 0 1", Depth(6));
    EXPECT_TRUE(o.last_info.is_mate) << variant;
    EXPECT_EQ(o.last_info.mate_in, 2) << variant;
  }
}

TEST(SearchMates, SeesBeingMated) {
  // Black is checkmated already: no legal move, so no best move.
  const Outcome o = Search("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Depth(4));
  EXPECT_TRUE(o.result.best_move.empty());
  // One move before, Black to move sees that every move but one loses at once.
  const Outcome defend = Search("chess", "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", Depth(4));
  EXPECT_FALSE(defend.last_info.is_mate && defend.last_info.mate_in < 0);
}

// RULES.md §2: a knight-only mate loses in shatar-traditional, so the engine must not give
// the smothered mate it would play under the 2017 rules.
TEST(SearchShatarRules, AvoidsTheKnightOnlyMateInTraditional) {
  const std::string fen = "6rk/6pp/8/6N1/8/8/P7/K7 w - - 0 1";
  const Outcome modern = Search("shatar", fen, Depth(5));
  EXPECT_EQ(modern.result.best_move, "g5f7");
  EXPECT_TRUE(modern.last_info.is_mate);
  const Outcome traditional = Search("shatar-traditional", fen, Depth(5));
  EXPECT_NE(traditional.result.best_move, "g5f7");
  EXPECT_FALSE(traditional.last_info.is_mate && traditional.last_info.mate_in > 0);
}

// The losing side in shatar-traditional welcomes a knight-only "mate" against itself.
TEST(SearchShatarRules, ScoresAKnightOnlyMateAsAWinForTheMatedSide) {
  const Outcome o = Search("shatar-traditional", "6rk/5Npp/8/8/8/8/P7/K7 b - - 0 1", Depth(3));
  EXPECT_TRUE(o.result.best_move.empty());  // no legal move; the rules decide
  auto session = *CreateGameSession("shatar-traditional");
  ASSERT_TRUE(session->SetPosition("6rk/6pp/8/6N1/8/8/P7/K7 w - - 0 1", {"g5f7"}).ok());
  EXPECT_EQ(session->Status().result, GameResult::kSecondPlayerWins);
}

TEST(SearchTactics, WinsAHangingQueen) {
  for (const char* variant : {"chess", "shatar"}) {
    const Outcome o = Search(variant, "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", Depth(4));
    EXPECT_EQ(o.result.best_move, "d2d5") << variant;
    EXPECT_GT(o.result.score, 300) << variant;
  }
}

TEST(SearchTactics, KnightForkWinsTheRook) {
  // Nc7+ forks king e8 and rook a8 (the pawn keeps the ending alive: K+N v K is dead).
  const Outcome o = Search("chess", "r3k3/8/8/3N4/8/8/4P3/4K3 w - - 0 1", Depth(6));
  EXPECT_EQ(o.result.best_move, "d5c7");
  EXPECT_GT(o.result.score, 200);
}

TEST(SearchDeterminism, OneThreadNodeLimitGivesTheSameResultEveryRun) {
  for (const char* variant : {"chess", "shatar", "shatar-traditional"}) {
    search::Limits l;
    l.nodes = 30000;
    auto session = *CreateGameSession(variant);
    const Outcome a = Search(variant, session->StartFen(), l);
    const Outcome b = Search(variant, session->StartFen(), l);
    EXPECT_EQ(a.result.best_move, b.result.best_move) << variant;
    EXPECT_EQ(a.result.score, b.result.score) << variant;
    EXPECT_EQ(a.result.nodes, b.result.nodes) << variant;
    EXPECT_EQ(a.result.nodes, 30000u) << variant;
  }
}

// Move-ordering statistics are kept between the searches of a game (as the table is) and
// forgotten by a new game: after NewGame the same search counts the same nodes as in a new
// session, while a second search without it is a different one.
TEST(SearchDeterminism, NewGameForgetsWhatEarlierSearchesLearned) {
  for (const char* variant : {"chess", "shatar-traditional"}) {
    search::Limits l;
    l.depth = 8;
    auto fresh = *CreateGameSession(variant);
    const uint64_t fresh_nodes = fresh->Go(l, nullptr).nodes;
    auto session = *CreateGameSession(variant);
    ASSERT_TRUE(session->SetPosition("", {"g1f3", "g8f6"}).ok());
    session->Go(l, nullptr);
    session->NewGame();
    EXPECT_EQ(session->Go(l, nullptr).nodes, fresh_nodes) << variant;
  }
}

// A node limit stops the search inside an iteration, which may already have found a better
// move than the last iteration's; the answer and the last line reported must still agree,
// since a GUI shows that line as the engine's reason for the move.
// (From 20,000 nodes on: depth 1 alone can take 15,000 in the chess middlegame.)
TEST(SearchReport, LastLineMatchesTheAnswerWhenANodeLimitStopsAnIteration) {
  int checked = 0;
  for (const BenchPosition& p : BenchPositions()) {
    if (p.variant != "chess" && p.variant != "shatar-traditional") continue;
    for (uint64_t nodes = 20000; nodes <= 58000; nodes += 2000) {
      search::Limits l;
      l.nodes = nodes;
      const Outcome o = Search(p.variant, p.fen, l);
      ASSERT_FALSE(o.last_info.pv.empty()) << p.fen << " nodes " << nodes;
      EXPECT_EQ(o.last_info.pv[0], o.result.best_move) << p.fen << " nodes " << nodes;
      EXPECT_EQ(o.last_info.score, o.result.score) << p.fen << " nodes " << nodes;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 8 * 20);
}

TEST(SearchMultiPv, ReportsDistinctLines) {
  auto session = *CreateGameSession("chess");
  search::Limits l;
  l.depth = 5;
  l.multipv = 3;
  std::vector<std::string> first_moves(4);
  session->Go(l, [&](const search::SearchInfo& i) {
    if (i.depth == 5) first_moves[i.multipv] = i.pv.empty() ? "" : i.pv[0];
  });
  EXPECT_FALSE(first_moves[1].empty());
  EXPECT_NE(first_moves[1], first_moves[2]);
  EXPECT_NE(first_moves[2], first_moves[3]);
  EXPECT_NE(first_moves[1], first_moves[3]);
}

TEST(SearchParams, ParametersChangeTheSearchAndFilesRoundTrip) {
  auto session = *CreateGameSession("shatar");
  ParamSet& params = session->params();
  EXPECT_TRUE(params.Has("KnightMg"));
  EXPECT_TRUE(params.Has("LmrDivisor"));
  EXPECT_FALSE(params.Set("KnightMg", 100000).ok());
  EXPECT_FALSE(params.Set("NoSuchParam", 1).ok());
  EXPECT_FALSE(params.ParseText("KnightMg 300\nBogus 1\n").ok());
  EXPECT_FALSE(params.ParseText("KnightMg three\n").ok());

  search::Limits l;
  l.depth = 6;
  ASSERT_TRUE(
      session->SetPosition("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4", {})
          .ok());
  const uint64_t before = session->Go(l, nullptr).nodes;
  const std::string path = ::testing::TempDir() + "/params.txt";
  int knight_before = 0;
  for (const auto& e : params.All())
    if (std::string(e.spec->name) == "KnightMg") knight_before = e.value;
  ASSERT_TRUE(params.SaveFile(path).ok());
  ASSERT_TRUE(params.ParseText("KnightMg 250\n# comment\nPawnEg=150\n").ok());
  session->NewGame();
  ASSERT_TRUE(
      session->SetPosition("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4", {})
          .ok());
  const uint64_t after = session->Go(l, nullptr).nodes;
  EXPECT_NE(before, after);
  ASSERT_TRUE(params.LoadFile(path).ok());
  for (const auto& e : params.All()) {
    if (std::string(e.spec->name) == "KnightMg") {
      EXPECT_EQ(e.value, knight_before);
    }
  }
}

// The constants that became search parameters for SPSA (the history bonus, late move
// pruning's depth factor, the quiet-check order; then the quiet check's exchange margin and
// the depth limits of late move pruning, the null move, the singular test's table entry and
// late move reductions) reach the search: each, moved well away from its value, changes the
// tree of a fixed-depth search.
TEST(SearchParams, TheFormerConstantsChangeTheSearch) {
  const auto nodes = [](const char* name, int value) {
    auto session = *CreateGameSession("shatar-traditional");
    if (name) {
      EXPECT_TRUE(session->params().Set(name, value).ok()) << name;
    }
    EXPECT_TRUE(session->SetPosition("", {}).ok());
    search::Limits l;
    l.depth = 8;
    return session->Go(l, nullptr).nodes;
  };
  const uint64_t base = nodes(nullptr, 0);
  EXPECT_NE(nodes("HistoryBonusScale", 500), base);
  EXPECT_NE(nodes("HistoryBonusMax", 400), base);
  EXPECT_NE(nodes("LateMovePruningScale", 60), base);
  EXPECT_NE(nodes("QuietCheckOrder", 0), base);
  EXPECT_NE(nodes("QuietCheckSeeMargin", 300), base);
  EXPECT_NE(nodes("LateMovePruningDepth", 1), base);
  EXPECT_NE(nodes("NullMoveMinDepth", 6), base);
  EXPECT_NE(nodes("SingularTableDepth", 1), base);
  EXPECT_NE(nodes("LmrMinDepth", 5), base);
}

// The tuned defaults of a rule set apply to new sessions of that variant only.
TEST(SearchParams, TunedDefaultsBelongToTheirVariant) {
  const auto value = [](const std::string& variant, const char* name) {
    auto session = *CreateGameSession(variant);
    for (const auto& e : session->params().All())
      if (std::string(e.spec->name) == name) return e.value;
    return -1;
  };
  EXPECT_EQ(value("shatar", "KingAttackWeight"), 3);              // fitted (fitted_2017.h)
  EXPECT_EQ(value("shatar-traditional", "KingAttackWeight"), 6);  // fitted (fitted_traditional.h)
  EXPECT_EQ(value("shatar-folk", "KingAttackWeight"), 12);        // the table's default
  EXPECT_EQ(value("chess", "KingAttackWeight"), 4);               // fitted (fitted_chess.h)
  EXPECT_EQ(value("shatar-traditional", "BishopOutpostMg"), 36);  // fitted alone, line 166
  EXPECT_EQ(value("shatar-traditional", "ThreatByKingEg"), 24);   // fitted alone, line 167
  EXPECT_EQ(value("shatar-traditional", "KingPawnDistanceEg"), 14);       // fitted alone, line 168
  EXPECT_EQ(value("shatar-traditional", "QueenPieceLowMobilityEg"), 18);  // line 170
  EXPECT_EQ(value("shatar-traditional", "WeakQueenProtectionEg"), 12);    // line 170
  EXPECT_EQ(value("shatar-traditional", "PassedPathSafeEg"), 36);         // line 171
  EXPECT_EQ(value("shatar", "BishopOutpostMg"), 0);
  EXPECT_EQ(value("xiangqi", "CentralCannonMg"), 65);    // fitted (fitted_xiangqi.h)
  EXPECT_EQ(value("xiangqi", "XqPstKingEgRank3"), -12);  // its last line
  // Search parameters tuned by SPSA (tuned_search_traditional.h), its last line, the defaults.
  EXPECT_EQ(value("shatar-traditional", "QsDeltaMargin"), 306);
  EXPECT_EQ(value("shatar-traditional", "QuietCheckOrder"), 5202);
  EXPECT_EQ(value("shatar", "QsDeltaMargin"), 150);
  EXPECT_EQ(value("shatar", "QuietCheckOrder"), 5000);
  EXPECT_EQ(value("xiangqi", "QsDeltaMargin"), 162);  // tuned_search_xiangqi.h
  EXPECT_EQ(value("xiangqi", "QuietCheckOrder"), 5352);
}

// The Lazy SMP iteration schedule: the main thread searches every depth; helpers 1 and 2
// split the depths between them; each later helper skips exactly half of the depths, in
// blocks whose size grows with the helper's number, and no two helpers of one block size
// share a phase.
TEST(LazySmpSchedule, HelpersSkipHalfTheDepthsInBlocksOfTheirOwn) {
  using search::HelperSkipsIteration;
  for (int depth = 1; depth <= 64; ++depth) {
    EXPECT_FALSE(HelperSkipsIteration(0, depth)) << depth;
    EXPECT_NE(HelperSkipsIteration(1, depth), HelperSkipsIteration(2, depth)) << depth;
  }
  EXPECT_FALSE(HelperSkipsIteration(1, 14));  // helper 1 searches the even depths
  const auto schedule = [](int helper) {
    std::string s;
    for (int depth = 1; depth <= 48; ++depth) s += HelperSkipsIteration(helper, depth) ? '-' : 'x';
    return s;
  };
  for (int helper = 1; helper <= 20; ++helper) {
    const std::string s = schedule(helper);
    EXPECT_EQ(std::count(s.begin(), s.end(), 'x'), 24) << "helper " << helper << ": " << s;
    const int block = helper <= 2 ? 1 : helper <= 6 ? 2 : helper <= 12 ? 3 : 4;
    EXPECT_EQ(s.find(std::string(block + 1, 'x')), std::string::npos) << helper << ": " << s;
    for (int other = 1; other < helper; ++other)
      EXPECT_NE(schedule(other), s) << "helpers " << other << " and " << helper;
    EXPECT_EQ(schedule(helper + 20), s) << "the pattern repeats after 20 helpers";
  }
}

// Skip blocks and deferral change which thread searches what, never the answer: with 2 and
// 4 threads the search still wins the hanging queen.
TEST(LazySmp, SeveralThreadsStillWinTheHangingQueen) {
  for (int threads : {2, 4}) {
    auto session = *CreateGameSession("chess");
    session->SetThreads(threads);
    ASSERT_TRUE(session->SetPosition("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", {}).ok());
    search::Limits limits;
    limits.depth = 9;
    const search::SearchResult r = session->Go(limits, nullptr);
    EXPECT_EQ(r.best_move, "d2d5") << threads;
    EXPECT_GT(r.score, 300) << threads;
    EXPECT_GT(r.depth, 0) << threads;
  }
}

}  // namespace
}  // namespace tumen
