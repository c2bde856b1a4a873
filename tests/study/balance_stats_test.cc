// Balance-study statistics on hand-made games; every expected number is worked out by hand in
// the comments (z = 1.959964, z^2 = 3.841459).
#include "coordinator/stats/balance_stats.h"

#include <cmath>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "proto/convert.h"
#include "tests/study/hand_games.h"

namespace tumen::coordinator {
namespace {

// Eight finished games and one unfinished:
//   #  result  termination         plies  tuukhei
//   1  1-0     checkmate           30     camel-2 (2)
//   2  1-0     checkmate           50     camel-2 (2)
//   3  0-1     knight mate loses   41
//   4  draw    no shak             60     (message present but empty: not counted)
//   5  draw    bare king           120
//   6  0-1     checkmate           75
//   7  1-0     checkmate           19     ordinary (1)
//   8  draw    knight mate draw    400
//   9  none    -                   10     (ignored)
BalanceArm HandArm() {
  BalanceArm arm;
  arm.variant = "shatar";
  arm.nodes = 1000;
  arm.games = {
      MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 30),
      MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 50),
      MakeGame(v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_KNIGHT_MATE_LOSES, 41),
      MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_NO_SHAK_DRAW, 60),
      MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_BARE_KING, 120),
      MakeGame(v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_CHECKMATE, 75),
      MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 19),
      MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_KNIGHT_MATE_DRAW, 400),
      MakeGame(v1::GAME_RESULT_UNSPECIFIED, v1::TERMINATION_UNSPECIFIED, 10),
  };
  for (int i : {0, 1}) {
    arm.games[i].mutable_tuukhei()->set_count(2);
    arm.games[i].mutable_tuukhei()->set_name("camel-2");
  }
  arm.games[6].mutable_tuukhei()->set_count(1);
  arm.games[6].mutable_tuukhei()->set_name("ordinary");
  arm.games[3].mutable_tuukhei();  // present, empty
  return arm;
}

TEST(BalanceStatsTest, Label) {
  BalanceArm arm;
  arm.variant = "shatar";
  arm.rules = "queen=bers";
  arm.nodes = 1000;
  EXPECT_EQ(arm.Label(), "shatar [queen=bers] nodes=1000");
  arm.rules.clear();
  arm.variant = "chess";
  arm.nodes = 250;
  EXPECT_EQ(arm.Label(), "chess nodes=250");
}

TEST(BalanceStatsTest, WilsonInterval) {
  // 3/8: p = 0.375, denominator 1 + z^2/8 = 1.480182, centre (0.375 + 0.240091) / 1.480182 =
  // 0.415552, half 1.324137 * sqrt(0.029297 + 0.015006) = 0.278707 -> [0.136845, 0.694259].
  Proportion p = WilsonInterval(3, 8);
  EXPECT_DOUBLE_EQ(p.rate, 0.375);
  EXPECT_NEAR(p.lower, 0.136844, 1e-5);
  EXPECT_NEAR(p.upper, 0.694258, 1e-5);
  // 0/10: centre = half = (z^2/20) / (1 + z^2/10) = 0.192073 / 1.384146 = 0.138766.
  p = WilsonInterval(0, 10);
  EXPECT_EQ(p.rate, 0);
  EXPECT_NEAR(p.lower, 0, 1e-12);
  EXPECT_NEAR(p.upper, 0.277533, 1e-5);
  // 10/10 mirrors it.
  p = WilsonInterval(10, 10);
  EXPECT_NEAR(p.lower, 1 - 0.277533, 1e-5);
  EXPECT_NEAR(p.upper, 1, 1e-12);
  p = WilsonInterval(0, 0);
  EXPECT_EQ(p.total, 0);
  EXPECT_EQ(p.upper, 0);
}

TEST(BalanceStatsTest, RatesScoreAndElo) {
  absl::StatusOr<ArmStats> s = ComputeArmStats(HandArm());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->label, "shatar nodes=1000");
  EXPECT_EQ(s->games, 8);
  EXPECT_EQ(s->unfinished, 1);
  EXPECT_EQ(s->white_wins, 3);
  EXPECT_EQ(s->draws, 3);
  EXPECT_EQ(s->black_wins, 2);
  // White 3/8 (interval above), draws 3/8, Black 2/8:
  // p = 0.25, centre (0.25 + 0.240091) / 1.480182 = 0.331102, half 1.324137 * sqrt(0.0234375 +
  // 0.015006) = 0.259623 -> [0.071479, 0.590725].
  EXPECT_NEAR(s->white_win.rate, 0.375, 1e-12);
  EXPECT_NEAR(s->white_win.lower, 0.136844, 1e-5);
  EXPECT_NEAR(s->draw.upper, 0.694258, 1e-5);
  EXPECT_NEAR(s->black_win.rate, 0.25, 1e-12);
  EXPECT_NEAR(s->black_win.lower, 0.071479, 1e-5);
  EXPECT_NEAR(s->black_win.upper, 0.590725, 1e-5);

  // Score (3 + 3/2) / 8 = 0.5625. Per-game variance (3 * 0.4375^2 + 3 * 0.0625^2 + 2 * 0.5625^2)
  // / 8 = 1.21875 / 8 = 0.15234375; stderr sqrt(0.15234375 / 8) = 0.137996; interval
  // 0.5625 -+ 0.270468 = [0.292032, 0.832968].
  const ScoreEstimate& w = s->white_score;
  EXPECT_DOUBLE_EQ(w.score, 0.5625);
  EXPECT_NEAR(w.stderr_score, 0.137996, 1e-6);
  EXPECT_NEAR(w.lower, 0.292032, 1e-5);
  EXPECT_NEAR(w.upper, 0.832968, 1e-5);
  // Elo -400 log10(1/0.5625 - 1) = -400 log10(0.777778) = 43.658; bounds at the score bounds:
  // -400 log10(1/0.292032 - 1) = -153.83, -400 log10(1/0.832968 - 1) = 279.13.
  EXPECT_NEAR(w.elo, 43.658, 1e-3);
  EXPECT_NEAR(w.elo_lower, -153.83, 0.01);
  EXPECT_NEAR(w.elo_upper, 279.13, 0.01);
}

TEST(BalanceStatsTest, LengthsAndHistogram) {
  absl::StatusOr<ArmStats> s = ComputeArmStats(HandArm());
  ASSERT_TRUE(s.ok()) << s.status();
  // Sorted: 19 30 41 50 60 75 120 400 (the unfinished game's 10 is left out); sum 795.
  const LengthStats& l = s->length;
  EXPECT_DOUBLE_EQ(l.mean, 795.0 / 8);
  EXPECT_EQ(l.min, 19);
  EXPECT_EQ(l.max, 400);
  // Positions (n - 1) q = 1.75, 3.5, 5.25: 30 + 0.75 * 11, 50 + 0.5 * 10, 75 + 0.25 * 45.
  EXPECT_DOUBLE_EQ(l.q1, 38.25);
  EXPECT_DOUBLE_EQ(l.median, 55);
  EXPECT_DOUBLE_EQ(l.q3, 86.25);
  ASSERT_EQ(l.histogram.size(), size_t(kLengthBins));
  // Bins of 20: 19 -> 0, 30 -> 1, 41 and 50 -> 2, 60 and 75 -> 3, 120 -> 6, 400 -> the last
  // (300+).
  const std::vector<int64_t> expected = {1, 1, 2, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  for (size_t i = 0; i < expected.size(); ++i)
    EXPECT_EQ(l.histogram[i].count, expected[i]) << "bin " << i;
  EXPECT_EQ(l.histogram[1].Label(), "20-39");
  EXPECT_EQ(l.histogram.back().Label(), "300+");
  EXPECT_EQ(l.histogram.back().upper, -1);
}

TEST(BalanceStatsTest, TerminationsSpecialRulesAndTuukhei) {
  absl::StatusOr<ArmStats> s = ComputeArmStats(HandArm());
  ASSERT_TRUE(s.ok()) << s.status();
  // In enum order: checkmate 4, knight mate loses 1, knight mate draw 1, no shak 1, bare king 1.
  ASSERT_EQ(s->terminations.size(), 5u);
  EXPECT_EQ(s->terminations[0].termination, v1::TERMINATION_CHECKMATE);
  EXPECT_EQ(s->terminations[0].name, "checkmate");
  EXPECT_EQ(s->terminations[0].share.count, 4);
  EXPECT_DOUBLE_EQ(s->terminations[0].share.rate, 0.5);
  EXPECT_EQ(s->terminations[1].termination, v1::TERMINATION_KNIGHT_MATE_LOSES);
  EXPECT_EQ(s->terminations[2].termination, v1::TERMINATION_KNIGHT_MATE_DRAW);
  EXPECT_EQ(s->terminations[3].termination, v1::TERMINATION_NO_SHAK_DRAW);
  EXPECT_EQ(s->terminations[4].termination, v1::TERMINATION_BARE_KING);
  EXPECT_EQ(s->terminations[4].share.count, 1);

  const auto rule = [&](const std::string& name) -> const SpecialRuleCount& {
    for (const SpecialRuleCount& r : s->special_rules)
      if (r.rule == name) return r;
    ADD_FAILURE() << "no rule " << name;
    static SpecialRuleCount none;
    return none;
  };
  ASSERT_EQ(s->special_rules.size(), SpecialRules().size());
  // Knight-mate ban: games 3 and 8, 2/8 = 0.25.
  EXPECT_EQ(rule("knight-mate ban").share.count, 2);
  EXPECT_DOUBLE_EQ(rule("knight-mate ban").share.rate, 0.25);
  EXPECT_TRUE(rule("knight-mate ban").applies);
  EXPECT_EQ(rule("bishop-mate draw").share.count, 0);
  EXPECT_EQ(rule("shak rule (mate without shak)").share.count, 1);
  EXPECT_EQ(rule("bare king").share.count, 1);
  EXPECT_EQ(rule("lone bishops").share.count, 0);
  EXPECT_EQ(rule("perpetual check").share.count, 0);
  EXPECT_FALSE(rule("perpetual check").applies);  // a Xiangqi rule
  EXPECT_FALSE(rule("ply cap (deer win)").applies);

  // Tuukhei: camel-2 twice, ordinary once; counts 2 -> 2, 1 -> 1. Game 4's empty message is no
  // tuukhei.
  EXPECT_EQ(s->tuukhei.games, 3);
  EXPECT_EQ(s->tuukhei.by_name.at("camel-2"), 2);
  EXPECT_EQ(s->tuukhei.by_name.at("ordinary"), 1);
  EXPECT_EQ(s->tuukhei.by_name.size(), 2u);
  EXPECT_EQ(s->tuukhei.by_count.at(2), 2);
  EXPECT_EQ(s->tuukhei.by_count.at(1), 1);
}

TEST(BalanceStatsTest, DeerChessRulesAndEmptyArm) {
  BalanceArm arm;
  arm.variant = "bogenjirge";
  arm.nodes = 100;
  v1::Game g = MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_PLY_CAP, 200);
  g.set_variant("bogenjirge");
  arm.games = {g, g};
  g.set_result(v1::GAME_RESULT_BLACK_WINS);
  g.set_termination(v1::TERMINATION_DEER_IMMOBILISED);
  arm.games.push_back(g);
  absl::StatusOr<ArmStats> s = ComputeArmStats(arm);
  ASSERT_TRUE(s.ok()) << s.status();
  for (const SpecialRuleCount& r : s->special_rules) {
    if (r.rule == "ply cap (deer win)") {
      EXPECT_EQ(r.share.count, 2);
    }
    if (r.rule == "deer immobilised (dogs win)") {
      EXPECT_EQ(r.share.count, 1);
    }
    if (r.rule == "knight-mate ban") {
      EXPECT_FALSE(r.applies);
    }
  }
  EXPECT_FALSE(s->piece_values.computed);
  EXPECT_NE(s->piece_values.note.find("deer chess"), std::string::npos) << s->piece_values.note;

  BalanceArm empty;
  empty.variant = "chess";
  s = ComputeArmStats(empty);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->games, 0);
  EXPECT_EQ(s->white_score.score, 0);
  EXPECT_EQ(s->length.histogram.size(), size_t(kLengthBins));
}

TEST(BalanceStatsTest, RejectsAGameOfAnotherVariant) {
  BalanceArm arm = HandArm();
  arm.games[2].set_variant("chess");
  absl::StatusOr<ArmStats> s = ComputeArmStats(arm);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.status().message()).find("game 2"), std::string::npos) << s.status();
  BalanceStatsOptions bad;
  bad.ply_step = 0;
  EXPECT_FALSE(ComputeArmStats(HandArm(), bad).ok());
}

TEST(BalanceStatsTest, MaterialDifference) {
  std::map<char, int> d =
      MaterialDifference("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  for (const auto& [c, v] : d) EXPECT_EQ(v, 0) << c;
  EXPECT_EQ(d.count('k'), 0u);
  EXPECT_EQ(d.count('p'), 1u);
  // White: K, N, P, P; Black: k, r, p.
  d = MaterialDifference("4k3/7r/8/8/8/8/PP1p4/4K1N1 b - - 0 1");
  EXPECT_EQ(d['n'], 1);
  EXPECT_EQ(d['p'], 1);
  EXPECT_EQ(d['r'], -1);
  // Xiangqi with its 9-file digits: the rook missing for Black.
  d = MaterialDifference("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  EXPECT_EQ(d['r'], 1);
  EXPECT_EQ(d['c'], 0);
}

// Chess games played move by move: the groups (knight diff, pawn diff) -> White's mean score
//   A (+1, 0): 3 wins, 1 draw -> 0.875      B (-1, 0): 3 losses, 1 draw -> 0.125
//   D (0, +1): 3 wins, 1 loss -> 0.75       E (0, -1): 1 win, 3 losses -> 0.25
//   C (0, 0): 2 draws -> 0.5
// Every game is 14 plies with the material fixed from ply 5 on, so the samples (plies 10, 12, 14)
// of a group share its features and the model fits every group mean exactly: intercept 0,
// b_knight = logit(0.875) = ln 7 = 1.945910, b_pawn = logit(0.75) = ln 3 = 1.098612, so the
// knight is worth ln 7 / ln 3 = 1.771244 pawns (the 1e-3 ridge moves this by far less than 0.01).
std::vector<v1::Game> KnightAndPawnGames() {
  const std::vector<std::string> a = {"e2e4", "g8h6", "b1c3", "h6g4", "d1g4", "b8c6", "g1f3",
                                      "c6b8", "f3g1", "b8c6", "g1f3", "c6b8", "f3g1", "b8c6"};
  const std::vector<std::string> b = {"g1h3", "e7e5", "h3g5", "d8g5", "b1c3", "b8c6", "c3b1",
                                      "c6b8", "b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6"};
  const std::vector<std::string> c = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1",
                                      "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"};
  const std::vector<std::string> d = {"e2e4", "d7d5", "e4d5", "g8f6", "g1f3", "f6g8", "f3g1",
                                      "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8"};
  const std::vector<std::string> e = {"d2d4", "e7e5", "g1f3", "e5d4", "f3g1", "g8f6", "g1f3",
                                      "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6"};
  constexpr v1::GameResult W = v1::GAME_RESULT_WHITE_WINS, L = v1::GAME_RESULT_BLACK_WINS,
                           D = v1::GAME_RESULT_DRAW;
  const std::vector<std::pair<const std::vector<std::string>*, std::vector<v1::GameResult>>> plan =
      {{&a, {W, W, W, D}},
       {&b, {L, L, L, D}},
       {&c, {D, D}},
       {&d, {W, W, W, L}},
       {&e, {W, L, L, L}}};
  std::vector<v1::Game> games;
  for (const auto& [moves, results] : plan)
    for (v1::GameResult r : results) {
      v1::Game g;
      g.set_variant("chess");
      g.set_result(r);
      for (const std::string& m : *moves) {
        absl::StatusOr<uint32_t> packed = proto::EncodeMove(m);
        EXPECT_TRUE(packed.ok()) << m;
        g.add_moves(*packed);
      }
      games.push_back(g);
    }
  return games;
}

TEST(PieceValuesTest, KnightAndPawnFromPlayedChessGames) {
  BalanceArm arm;
  arm.variant = "chess";
  arm.nodes = 100;
  arm.games = KnightAndPawnGames();
  absl::StatusOr<ArmStats> s = ComputeArmStats(arm);
  ASSERT_TRUE(s.ok()) << s.status();
  const PieceValueStats& pv = s->piece_values;
  ASSERT_TRUE(pv.computed) << pv.note;
  EXPECT_TRUE(pv.converged);
  EXPECT_EQ(pv.games_used, 18);
  EXPECT_EQ(pv.games_skipped, 0);
  EXPECT_EQ(pv.positions, 18 * 3);
  ASSERT_EQ(pv.pieces.size(), 2u);  // only the knight and the pawn ever differ
  EXPECT_EQ(pv.pieces[0].letter, 'p');
  EXPECT_EQ(pv.pieces[1].letter, 'n');
  EXPECT_NEAR(pv.intercept, 0, 1e-3);
  EXPECT_NEAR(pv.pieces[0].coefficient, 1.098612, 0.01);
  EXPECT_NEAR(pv.pieces[1].coefficient, 1.945910, 0.01);
  EXPECT_GT(pv.pieces[1].coefficient, 0);
  EXPECT_DOUBLE_EQ(pv.pieces[0].pawns, 1);
  EXPECT_NEAR(pv.pieces[1].pawns, 1.771244, 0.01);
  EXPECT_LT(pv.pieces[1].pawns_lower, pv.pieces[1].pawns);
  EXPECT_GT(pv.pieces[1].pawns_upper, pv.pieces[1].pawns);
  EXPECT_GT(pv.pieces[1].coefficient_stderr, 0);
}

TEST(PieceValuesTest, SkipsGamesThatDoNotReplay) {
  std::vector<v1::Game> games = KnightAndPawnGames();
  v1::Game bad = games[0];
  bad.set_moves(3, *proto::EncodeMove("a1a8"));  // a rook through its own pawn: illegal
  games.push_back(bad);
  PieceValueStats pv = FitPieceValues("chess", "", games);
  EXPECT_TRUE(pv.computed) << pv.note;
  EXPECT_EQ(pv.games_used, 18);
  EXPECT_EQ(pv.games_skipped, 1);
  EXPECT_NE(pv.note.find("game 18"), std::string::npos) << pv.note;

  // Games are replayed under their rule options; options the engine rejects skip the game.
  pv = FitPieceValues("chess", "no_such_option=1", KnightAndPawnGames());
  EXPECT_FALSE(pv.computed);
  EXPECT_EQ(pv.games_skipped, 18);
  EXPECT_NE(pv.note.find("rule options 'no_such_option=1'"), std::string::npos) << pv.note;

  pv = FitPieceValues("no-such-variant", "", games);
  EXPECT_FALSE(pv.computed);
  EXPECT_NE(pv.note.find("no-such-variant"), std::string::npos) << pv.note;
}

}  // namespace
}  // namespace tumen::coordinator
