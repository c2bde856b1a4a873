// Tests for coordinator/match_stats.
//
// Provenance of the expected numbers: they were produced by a separate, throwaway python3
// script (numpy 1.24 / scipy 1.10, not part of the repository) that re-implements fishtest's
// server/fishtest/stats/LLRcalc.py and stat_util.py independently of this C++ code:
//   - regularize (empty cell -> 1e-3), results_to_pdf, secular solved with
//     scipy.optimize.brentq (xtol = rtol = 1e-15) instead of the bisection used here,
//     MLE_expected, LLR = N * sum p_i (log P1_i - log P0_i), LLR_logistic with L(elo);
//   - Elo estimates: score and population variance of the per-game (trinomial) or per-pair
//     score / 2 (pentanomial) sample, stderr = sqrt(var / n), interval
//     elo(s -+ Phi^-1(0.975) * stderr) with fishtest's elo() (score clamped to
//     [1e-3, 1 - 1e-3]); LOS = scipy.stats.norm.cdf((W - L) / sqrt(W + L)) for WDL and
//     norm.cdf((s - 0.5) / stderr) for pentanomial counts.
// The values were printed with 10-12 decimals and are compared with a 1e-6 tolerance.
#include "coordinator/stats/match_stats.h"

#include <cmath>

#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

constexpr double kTol = 1e-6;

PentanomialCounts Penta(int64_t a, int64_t b, int64_t c, int64_t d, int64_t e) {
  PentanomialCounts p;
  p.counts = {a, b, c, d, e};
  return p;
}

WdlCounts Wdl(int64_t wins, int64_t draws, int64_t losses) {
  WdlCounts w;
  w.wins = wins;
  w.draws = draws;
  w.losses = losses;
  return w;
}

SprtParams Params(double elo0, double elo1) {
  SprtParams p;
  p.elo0 = elo0;
  p.elo1 = elo1;
  return p;
}

TEST(MatchStatsTest, EloScoreConversions) {
  EXPECT_NEAR(EloToScore(0), 0.5, 1e-15);
  EXPECT_NEAR(EloToScore(400), 10.0 / 11.0, 1e-15);
  EXPECT_NEAR(EloToScore(-400), 1.0 / 11.0, 1e-15);
  for (double elo : {-800.0, -100.0, -3.5, 0.0, 1.0, 37.9, 500.0}) {
    EXPECT_NEAR(ScoreToElo(EloToScore(elo)), elo, 1e-9) << elo;
  }
  // fishtest's elo() clamp: scores 0 and 1 give +-1199.826...
  EXPECT_NEAR(ScoreToElo(1.0), 1199.8261952904, kTol);
  EXPECT_NEAR(ScoreToElo(0.0), -1199.8261952904, kTol);
  EXPECT_TRUE(std::isfinite(ScoreToElo(2.0)));
  EXPECT_EQ(ScoreToElo(std::nan("")), 0.0);
}

TEST(MatchStatsTest, PentanomialIndex) {
  EXPECT_EQ(PentanomialCounts::Index(0.0), 0);
  EXPECT_EQ(PentanomialCounts::Index(0.5), 1);
  EXPECT_EQ(PentanomialCounts::Index(1.0), 2);
  EXPECT_EQ(PentanomialCounts::Index(1.5), 3);
  EXPECT_EQ(PentanomialCounts::Index(2.0), 4);
  EXPECT_EQ(PentanomialCounts::Index(0.25), -1);
  EXPECT_EQ(PentanomialCounts::Index(-0.5), -1);
  EXPECT_EQ(PentanomialCounts::Index(2.5), -1);
  EXPECT_EQ(PentanomialCounts::Index(std::nan("")), -1);
  EXPECT_EQ(Penta(1, 2, 3, 4, 5).pairs(), 15);
}

TEST(MatchStatsTest, EloFromWdlMatchesReference) {
  const EloEstimate e = EloFromWdl(Wdl(100, 200, 80));
  EXPECT_NEAR(e.score, 0.526315789474, kTol);
  EXPECT_NEAR(e.elo, 18.3029962243, kTol);
  EXPECT_NEAR(e.elo_lower, -5.6862686411, kTol);
  EXPECT_NEAR(e.elo_upper, 42.4681766212, kTol);
  EXPECT_NEAR(e.los, 0.931981435943, kTol);

  const EloEstimate all_wins = EloFromWdl(Wdl(30, 0, 0));
  EXPECT_NEAR(all_wins.score, 1.0, kTol);
  EXPECT_NEAR(all_wins.elo, 1199.8261952904, kTol);
  EXPECT_NEAR(all_wins.elo_lower, 1199.8261952904, kTol);
  EXPECT_NEAR(all_wins.elo_upper, 1199.8261952904, kTol);
  EXPECT_NEAR(all_wins.los, 0.999999978398, kTol);

  const EloEstimate all_draws = EloFromWdl(Wdl(0, 50, 0));
  EXPECT_NEAR(all_draws.score, 0.5, kTol);
  EXPECT_NEAR(all_draws.elo, 0, kTol);
  EXPECT_NEAR(all_draws.elo_lower, 0, kTol);
  EXPECT_NEAR(all_draws.elo_upper, 0, kTol);
  EXPECT_NEAR(all_draws.los, 0.5, kTol);
}

TEST(MatchStatsTest, EloFromPentanomialMatchesReference) {
  const EloEstimate even = EloFromPentanomial(Penta(10, 60, 110, 60, 10));
  EXPECT_NEAR(even.score, 0.5, kTol);
  EXPECT_NEAR(even.elo, 0, kTol);
  EXPECT_NEAR(even.elo_lower, -19.2802589651, kTol);
  EXPECT_NEAR(even.elo_upper, 19.2802589651, kTol);
  EXPECT_NEAR(even.los, 0.5, kTol);

  const EloEstimate ahead = EloFromPentanomial(Penta(5, 40, 100, 70, 15));
  EXPECT_NEAR(ahead.score, 0.554347826087, kTol);
  EXPECT_NEAR(ahead.elo, 37.9145277513, kTol);
  EXPECT_NEAR(ahead.elo_lower, 17.9677838900, kTol);
  EXPECT_NEAR(ahead.elo_upper, 58.1136519743, kTol);
  EXPECT_NEAR(ahead.los, 0.999906445752, kTol);

  const EloEstimate small = EloFromPentanomial(Penta(5, 30, 50, 40, 10));
  EXPECT_NEAR(small.score, 0.537037037037, kTol);
  EXPECT_NEAR(small.elo, 25.7831956908, kTol);
  EXPECT_NEAR(small.elo_lower, -2.6906114836, kTol);
  EXPECT_NEAR(small.elo_upper, 54.6077663549, kTol);
  EXPECT_NEAR(small.los, 0.962005982163, kTol);

  // The same proportions, 100 times more pairs: same Elo, narrower interval.
  const EloEstimate large = EloFromPentanomial(Penta(500, 3000, 5000, 4000, 1000));
  EXPECT_NEAR(large.elo, 25.7831956908, kTol);
  EXPECT_NEAR(large.elo_lower, 22.9265358391, kTol);
  EXPECT_NEAR(large.elo_upper, 28.6433395423, kTol);
  EXPECT_NEAR(large.los, 1.0, kTol);

  // All pairs 1-1: zero variance, a degenerate interval and an undecided LOS.
  const EloEstimate flat = EloFromPentanomial(Penta(0, 0, 10, 0, 0));
  EXPECT_NEAR(flat.elo, 0, kTol);
  EXPECT_NEAR(flat.elo_lower, 0, kTol);
  EXPECT_NEAR(flat.elo_upper, 0, kTol);
  EXPECT_NEAR(flat.los, 0.5, kTol);
}

TEST(MatchStatsTest, NoGamesGivesZeros) {
  for (const EloEstimate& e : {EloFromWdl(WdlCounts{}), EloFromPentanomial(PentanomialCounts{})}) {
    EXPECT_EQ(e.elo, 0);
    EXPECT_EQ(e.elo_lower, 0);
    EXPECT_EQ(e.elo_upper, 0);
    EXPECT_EQ(e.los, 0);
    EXPECT_EQ(e.score, 0);
  }
  for (const SprtResult& r : {PentanomialSprt(PentanomialCounts{}, SprtParams{}),
                              TrinomialSprt(WdlCounts{}, SprtParams{})}) {
    EXPECT_EQ(r.llr, 0);
    EXPECT_EQ(r.decision, SprtDecision::kContinue);
    EXPECT_NEAR(r.lower_bound, -2.9444389791664403, 1e-12);
    EXPECT_NEAR(r.upper_bound, 2.9444389791664403, 1e-12);
  }
}

TEST(MatchStatsTest, SprtBounds) {
  SprtParams p;
  p.alpha = 0.05;
  p.beta = 0.1;
  const SprtResult r = PentanomialSprt(Penta(1, 2, 3, 2, 1), p);
  EXPECT_NEAR(r.lower_bound, std::log(0.1 / 0.95), 1e-12);
  EXPECT_NEAR(r.upper_bound, std::log(0.9 / 0.05), 1e-12);
}

struct PentaCase {
  std::array<int64_t, 5> counts;
  double elo0, elo1, llr;
};

TEST(MatchStatsTest, PentanomialLlrMatchesReference) {
  const PentaCase cases[] = {
      {{10, 60, 110, 60, 10}, 0, 5, -0.129372762663},
      {{10, 60, 110, 60, 10}, -3, 1, 0.041412358768},
      {{10, 60, 110, 60, 10}, 0, 2, -0.020708795306},
      {{5, 40, 100, 70, 15}, 0, 5, 1.629816401751},
      {{5, 40, 100, 70, 15}, -3, 1, 1.418242929833},
      {{5, 40, 100, 70, 15}, 0, 2, 0.676809012372},
      // Regularized: the four empty cells count 1e-3 each (N = 10.004).
      {{0, 0, 10, 0, 0}, 0, 5, -0.139427638815},
      {{0, 0, 10, 0, 0}, -3, 1, 0.056811619397},
      {{0, 0, 10, 0, 0}, 0, 2, -0.053102527145},
      {{15, 70, 100, 40, 5}, 0, 5, -1.832229439352},
      {{5, 30, 50, 40, 10}, 0, 5, 0.542816732457},
      {{500, 3000, 5000, 4000, 1000}, 0, 5, 54.281673245706},
      {{500, 3000, 5000, 4000, 1000}, 0, 2, 23.077278353082},
      {{10, 40, 50, 30, 5}, 0, 5, -0.655510968658},
      {{1000, 4000, 5000, 3000, 500}, 0, 5, -65.551096865848},
      {{1000, 4000, 5000, 3000, 500}, -3, 1, -46.151128822319},
      // The pentanomial case of fishtest's own stat_util.py self-test (elo0 -3, elo1 1).
      {{10789, 19328, 33806, 19402, 10543}, -3, 1, 2.131067811794},
  };
  for (const PentaCase& c : cases) {
    PentanomialCounts p;
    p.counts = c.counts;
    const SprtResult r = PentanomialSprt(p, Params(c.elo0, c.elo1));
    EXPECT_NEAR(r.llr, c.llr, kTol)
        << c.counts[0] << " " << c.counts[1] << " " << c.counts[2] << " " << c.counts[3] << " "
        << c.counts[4] << " elo0 " << c.elo0 << " elo1 " << c.elo1;
  }
}

TEST(MatchStatsTest, TrinomialLlrMatchesReference) {
  EXPECT_NEAR(TrinomialSprt(Wdl(100, 200, 80), Params(0, 5)).llr, 0.524958564993, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(100, 200, 80), Params(-3, 1)).llr, 0.512476863745, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(80, 200, 100), Params(0, 5)).llr, -0.689998297062, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(80, 200, 100), Params(-3, 1)).llr, -0.459659301407, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(30, 0, 0), Params(0, 5)).llr, 0.428628023166, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(30, 0, 0), Params(-3, 1)).llr, 0.346381921629, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(0, 50, 0), Params(0, 5)).llr, -0.717863656824, kTol);
  EXPECT_NEAR(TrinomialSprt(Wdl(0, 50, 0), Params(-3, 1)).llr, 0.288389472468, kTol);
}

TEST(MatchStatsTest, SwappingWinsAndLossesNegatesElo) {
  const EloEstimate a = EloFromWdl(Wdl(100, 200, 80));
  const EloEstimate b = EloFromWdl(Wdl(80, 200, 100));
  EXPECT_NEAR(a.elo, -b.elo, 1e-9);
  EXPECT_NEAR(a.elo_lower, -b.elo_upper, 1e-9);
  EXPECT_NEAR(a.elo_upper, -b.elo_lower, 1e-9);
  EXPECT_NEAR(a.los, 1 - b.los, 1e-9);
  EXPECT_NEAR(a.score, 1 - b.score, 1e-12);

  const EloEstimate c = EloFromPentanomial(Penta(5, 40, 100, 70, 15));
  const EloEstimate d = EloFromPentanomial(Penta(15, 70, 100, 40, 5));
  EXPECT_NEAR(c.elo, -d.elo, 1e-9);
  EXPECT_NEAR(c.elo_lower, -d.elo_upper, 1e-9);
  EXPECT_NEAR(c.los, 1 - d.los, 1e-9);
}

TEST(MatchStatsTest, MoreWinsRaiseLlr) {
  const SprtParams params;
  double previous = -INFINITY;
  for (int64_t wins = 60; wins <= 140; wins += 10) {
    const double llr = TrinomialSprt(Wdl(wins, 200, 100), params).llr;
    EXPECT_GT(llr, previous) << wins;
    previous = llr;
  }
  previous = -INFINITY;
  for (int64_t ww = 0; ww <= 40; ww += 5) {
    const double llr = PentanomialSprt(Penta(10, 60, 110, 60, ww), params).llr;
    EXPECT_GT(llr, previous) << ww;
    previous = llr;
  }
  // Turning a 0.5 pair into a 1.5 pair also helps.
  EXPECT_GT(PentanomialSprt(Penta(10, 50, 110, 70, 10), params).llr,
            PentanomialSprt(Penta(10, 60, 110, 60, 10), params).llr);
}

TEST(MatchStatsTest, DecisionsFlipAsCountsGrow) {
  const SprtParams params;  // elo0 0, elo1 5, alpha = beta = 0.05
  // A run about +26 Elo: undecided after 135 pairs, H1 after 13500.
  EXPECT_EQ(PentanomialSprt(Penta(5, 30, 50, 40, 10), params).decision, SprtDecision::kContinue);
  EXPECT_EQ(PentanomialSprt(Penta(500, 3000, 5000, 4000, 1000), params).decision,
            SprtDecision::kAcceptH1);
  // About -26 Elo: undecided, then H0.
  EXPECT_EQ(PentanomialSprt(Penta(10, 40, 50, 30, 5), params).decision, SprtDecision::kContinue);
  EXPECT_EQ(PentanomialSprt(Penta(1000, 4000, 5000, 3000, 500), params).decision,
            SprtDecision::kAcceptH0);
  // Trinomial: the same flip for a clearly positive and a clearly negative run.
  EXPECT_EQ(TrinomialSprt(Wdl(100, 200, 80), params).decision, SprtDecision::kContinue);
  EXPECT_EQ(TrinomialSprt(Wdl(1000, 2000, 800), params).decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(TrinomialSprt(Wdl(80, 200, 100), params).decision, SprtDecision::kContinue);
  EXPECT_EQ(TrinomialSprt(Wdl(800, 2000, 1000), params).decision, SprtDecision::kAcceptH0);
}

TEST(MatchStatsTest, NonFiniteBoundsDoNotDecide) {
  const SprtResult r = PentanomialSprt(Penta(5, 40, 100, 70, 15), Params(0, INFINITY));
  EXPECT_TRUE(std::isnan(r.llr));
  EXPECT_EQ(r.decision, SprtDecision::kContinue);
}

// scripts/sprt.sh's two bound sets in logistic Elo (issue 16): a change of equal strength
// fails as a gainer [0, 5] and passes as a simplification [-3, 1]; a change about 4 Elo worse
// fails both.
TEST(MatchStatsTest, ScriptBoundsTellGainersFromSimplifications) {
  const SprtParams gainer = Params(0, 5), simplification = Params(-3, 1);
  const PentanomialCounts equal = Penta(1500, 6000, 15000, 6000, 1500);
  EXPECT_NEAR(EloFromPentanomial(equal).elo, 0, 1e-9);
  EXPECT_EQ(PentanomialSprt(equal, gainer).decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(PentanomialSprt(equal, simplification).decision, SprtDecision::kAcceptH1);
  const PentanomialCounts worse = Penta(1650, 6250, 15000, 5750, 1350);
  EXPECT_LT(EloFromPentanomial(worse).elo, -3);
  EXPECT_EQ(PentanomialSprt(worse, gainer).decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(PentanomialSprt(worse, simplification).decision, SprtDecision::kAcceptH0);
}

}  // namespace
}  // namespace tumen::coordinator
