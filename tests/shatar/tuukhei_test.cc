// Tuukhei (RULES.md §3): the grade of a win by mate, and the session API around rule options.
#include "engine/games/shatar/tuukhei.h"

#include <string>
#include <vector>

#include "engine/api/game_session.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/rule_options.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tumen::shatar {
namespace {

// Grades the game `moves` (UCI) from `fen` under a variant and options.
std::optional<WinGrade> Grade(const std::string& fen, const std::vector<std::string>& moves,
                              const std::string& variant = "shatar",
                              const std::string& options = "") {
  const ShatarRules rules = *ApplyRuleOptions(*RulesForVariant(variant), options);
  // Parse the moves on a replay so that an illegal test move fails loudly.
  std::vector<StateInfo> states(moves.size() + 1);
  Position pos;
  EXPECT_TRUE(pos.Set(rules, fen, &states[0]).ok()) << fen;
  std::vector<Move> parsed;
  for (size_t i = 0; i < moves.size(); ++i) {
    const absl::StatusOr<Move> m = ParseUciMove(pos, moves[i]);
    EXPECT_TRUE(m.ok()) << m.status();
    if (!m.ok()) return std::nullopt;
    parsed.push_back(*m);
    pos.DoMove(*m, states[i + 1]);
  }
  return GradeWin(rules, fen, parsed);
}

// RULES.md §3's worked example: 1.Rc7-a7+ Kb8 2.Bc5-d6+ Kc8 3.b6-b7#.
constexpr char kWorkedExample[] = "k7/2R1K2p/1P6/2B5/8/8/8/8 w - - 0 1";

TEST(Tuukhei, WorkedExampleIsCamelTwo) {
  const std::optional<WinGrade> g = Grade(kWorkedExample, {"c7a7", "a8b8", "c5d6", "b8c8", "b6b7"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(g->count, 2);
  EXPECT_EQ(g->name, "camel-2");
}

TEST(Tuukhei, OrdinaryMateScoresOneNamedByTheMatingPiece) {
  // A back-rank mate with no check before it.
  const std::optional<WinGrade> g = Grade("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", {"a1a8"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{1, "rook-1"}));
}

TEST(Tuukhei, SeriesIsCutAtAMoveWithoutCheck) {
  // The worked example with a quiet move (g2g3) between the rook and the bishop checks: the
  // run is Bd6+ alone, which does not start with a rook or queen-piece check, so the pawn's
  // mate is ordinary.
  const std::optional<WinGrade> g = Grade("k7/2R1K2p/1P6/2B5/8/8/6P1/8 w - - 0 1",
                                          {"c7a7", "a8b8", "g2g3", "h7h6", "c5d6", "b8c8", "b6b7"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{1, "pawn-1"}));
}

TEST(Tuukhei, SeriesMustStartWithARookOrQueenCheck) {
  // 1.Ng6+ Kg8 2.Ra8+ Kh7 3.Rh8#: the knight check opens the run and is dropped; the series
  // is the one rook check.
  const std::optional<WinGrade> g =
      Grade("7k/8/5K2/4N3/8/8/8/R7 w - - 0 1", {"e5g6", "h8g8", "a1a8", "g8h7", "a8h8"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{1, "rook-1"}));
}

TEST(Tuukhei, RepeatedPositionCutsTheSeries) {
  // 1.Ra8+ Kh7 2.Ra7+ Kh8 3.Ra8+ Kh7 4.Ra7+ Kh8 5.Rb8#. Walking back from the mate, 4.Ra7+
  // and 3.Ra8+ (with their replies) are new positions; 2.Ra7+ repeats the position after
  // 4.Ra7+, so the series is cut there: two checks.
  const std::optional<WinGrade> g =
      Grade("7k/8/5K2/8/8/8/8/RR6 w - - 0 1",
            {"a1a8", "h8h7", "a8a7", "h7h8", "a7a8", "h8h7", "a8a7", "h7h8", "b1b8"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{2, "rook-2"}));
}

TEST(Tuukhei, Talbod) {
  // 1.Qd5+ Kb8 2.Nc6+ Kc8 3.Bg4+ Kb7 4.Rh7+ Ka6 5.b5+ Kb6 6.Qd8#: queen, knight, bishop,
  // rook and pawn all check in a series that starts with the queen.
  const std::optional<WinGrade> g = Grade(
      "k7/8/8/4N3/1PK5/8/4B3/3Q3R w - - 0 1",
      {"d1d5", "a8b8", "e5c6", "b8c8", "e2g4", "c8b7", "h1h7", "b7a6", "b4b5", "a6b6", "d5d8"});
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{5, "talbod"}));
}

TEST(Tuukhei, BersName) {
  // shatar-traditional (bare king played on): 1.Ja8+ Kh7 2.Ja7+ Kh8 3.Rb8#, the line above
  // with a bers for the a-rook: two checks, the second by the bers.
  const std::optional<WinGrade> g =
      Grade("7k/8/5K2/8/8/8/8/JR6 w - - 0 1", {"a1a8", "h8h7", "a8a7", "h7h8", "b1b8"},
            "shatar-traditional", "bare_king=play");
  ASSERT_TRUE(g.has_value());
  EXPECT_EQ(*g, (WinGrade{2, "bers-2"}));
}

TEST(Tuukhei, NoMovesNothingToGrade) {
  EXPECT_FALSE(Grade("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", {}).has_value());
}

TEST(Tuukhei, NonMateWinsAreNotGraded) {
  // A knight-only mate under knight_mate=loses is a win for the mated side: no tuukhei.
  const std::optional<WinGrade> lost =
      Grade("kr6/pp6/8/3N4/8/8/8/4K3 w - - 0 1", {"d5c7"}, "shatar", "knight_mate=loses");
  EXPECT_FALSE(lost.has_value());
  const std::optional<WinGrade> allowed =
      Grade("kr6/pp6/8/3N4/8/8/8/4K3 w - - 0 1", {"d5c7"}, "shatar", "knight_mate=allowed");
  ASSERT_TRUE(allowed.has_value());
  EXPECT_EQ(*allowed, (WinGrade{1, "knight-1"}));
  // A game that is not over, and a draw.
  EXPECT_FALSE(Grade(kWorkedExample, {"c7a7", "a8b8"}).has_value());
  EXPECT_FALSE(Grade("kr6/pp6/8/3N4/8/8/8/4K3 w - - 0 1", {"d5c7"}, "shatar", "knight_mate=draw")
                   .has_value());
}

// ---- The session API ----

TEST(SessionRuleOptions, SetRuleOptionsRuleSetAndGradeWin) {
  std::unique_ptr<GameSession> s = *CreateGameSession("shatar");
  EXPECT_EQ(s->RuleSet(), CanonicalRuleOptions(*RulesForVariant("shatar")));
  ASSERT_TRUE(s->SetRuleOptions("array=rotational,queen=bers").ok());
  EXPECT_EQ(s->Fen(), "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKJBNR w - - 0 1");
  EXPECT_THAT(s->RuleSet(), ::testing::HasSubstr("queen=bers,array=rotational"));
  EXPECT_EQ(s->variant(), "shatar");
  // Errors keep the rules and position.
  ASSERT_TRUE(s->PlayMove("e2e4").ok());
  EXPECT_FALSE(s->SetRuleOptions("queen=king").ok());
  EXPECT_EQ(s->Fen(), "rnbjkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKJBNR b - - 0 1");
  // Empty: the plain preset again.
  ASSERT_TRUE(s->SetRuleOptions("").ok());
  EXPECT_EQ(s->Fen(), RulesForVariant("shatar")->start_fen);
  // GradeWin over SetPosition + PlayMove.
  ASSERT_TRUE(s->SetPosition(kWorkedExample, {"c7a7", "a8b8", "c5d6", "b8c8"}).ok());
  EXPECT_FALSE(s->GradeWin().has_value());
  ASSERT_TRUE(s->PlayMove("b6b7").ok());
  ASSERT_TRUE(s->GradeWin().has_value());
  EXPECT_EQ(s->GradeWin()->name, "camel-2");
}

TEST(SessionRuleOptions, FamiliesWithoutOptions) {
  for (const char* variant : {"xiangqi", "hiashatar", "chess"}) {
    std::unique_ptr<GameSession> s = *CreateGameSession(variant);
    EXPECT_TRUE(s->SetRuleOptions("").ok()) << variant;
    EXPECT_FALSE(s->SetRuleOptions("shak=on").ok()) << variant;
    EXPECT_EQ(s->RuleSet(), "") << variant;
    EXPECT_FALSE(s->GradeWin().has_value());
  }
}

// Every preset plays a full game with short searches, and its status stays consistent.
TEST(SessionRuleOptions, EveryPresetPlaysAFullGame) {
  for (const std::string& variant : ShatarFamilyVariants()) {
    std::unique_ptr<GameSession> s = *CreateGameSession(variant);
    s->SetHashMb(1);
    search::Limits limits;
    limits.nodes = 400;
    int plies = 0;
    for (; plies < 300 && !s->Status().over(); ++plies) {
      const search::SearchResult r = s->Go(limits, nullptr);
      ASSERT_FALSE(r.best_move.empty()) << variant << " " << s->Fen();
      ASSERT_TRUE(s->PlayMove(r.best_move).ok()) << variant << " " << r.best_move;
    }
    EXPECT_GT(plies, 4) << variant;
    if (s->Status().over()) {
      EXPECT_TRUE(s->LegalMoves().empty() || s->Status().result == GameResult::kDraw) << variant;
    }
  }
}

}  // namespace
}  // namespace tumen::shatar
