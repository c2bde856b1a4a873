// Statistics for match jobs: Elo estimates with 95% intervals and fishtest's generalized
// SPRT (logistic Elo), for both trinomial (win/draw/loss per game) and pentanomial (score
// per game pair: same opening, colours swapped) counts. Pure C++, standard library only.
//
// Everything is from engine A's point of view: a "win" is a game A won, and a pair scored
// 2 is a pair in which A won both games.
//
// Sources of the formulas (see match_stats.cc for the details):
//   - fishtest, server/fishtest/stats/LLRcalc.py: regularize, results_to_pdf, secular,
//     MLE_expected, LLR, LLR_logistic (the SPRT log-likelihood ratio);
//   - fishtest, server/fishtest/stats/stat_util.py: elo(), L(), SPRT() bounds, get_elo();
//   - M. Van den Bergh, "Maximum likelihood estimation for multinomial distributions with a
//     given expectation value" (https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf).
#ifndef TUMEN_COORDINATOR_STATS_MATCH_STATS_H_
#define TUMEN_COORDINATOR_STATS_MATCH_STATS_H_

#include <array>
#include <cstdint>

namespace tumen::coordinator {

// Per-game results, from engine A's point of view.
struct WdlCounts {
  int64_t wins = 0, draws = 0, losses = 0;

  int64_t games() const { return wins + draws + losses; }
};

// Per-pair results: counts[i] is the number of game pairs (same opening, colours swapped)
// in which A scored i/2 points, i.e. 0, 0.5, 1, 1.5 or 2.
struct PentanomialCounts {
  std::array<int64_t, 5> counts{};

  // The cell for a pair score in {0, 0.5, 1, 1.5, 2}; -1 for anything else (including
  // NaN and values that are not within 1e-9 of a half point).
  static int Index(double pair_score);

  int64_t pairs() const;
};

// An Elo estimate with its 95% confidence interval [elo_lower, elo_upper], the likelihood
// of superiority (probability that A is stronger) and the mean score per game in [0, 1].
struct EloEstimate {
  double elo = 0, elo_lower = 0, elo_upper = 0;
  double los = 0;
  double score = 0;
};

// Expected score per game of the stronger side at a logistic Elo difference:
// 1 / (1 + 10^(-elo/400)) (fishtest stat_util.L).
double EloToScore(double elo);

// The inverse, -400 * log10(1/score - 1). Like fishtest's stat_util.elo() the score is first
// clamped into [1e-3, 1 - 1e-3], so the result is finite (within about +-1200 Elo) for any
// score, including 0 and 1. NaN maps to 0.
double ScoreToElo(double score);

// Trinomial estimate: s = (W + D/2) / N, per-game variance
// var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N, stderr = sqrt(var / N);
// elo = ScoreToElo(s), interval ScoreToElo(s -+ 1.96 stderr);
// los = Phi((W - L) / sqrt(W + L)) (0.5 when W + L == 0). No games: all fields zero.
EloEstimate EloFromWdl(const WdlCounts& wdl);

// Pentanomial estimate: the same with the per-pair score x/2 in {0, 1/4, 1/2, 3/4, 1} as the
// sample (so s is still the mean score per game), its variance over pairs, and
// stderr = sqrt(var / pairs). The pairs do not split into wins and losses, so the LOS is
// fishtest's get_elo() form Phi((s - 1/2) / stderr) (1, 0 or 0.5 when stderr == 0).
// No pairs: all fields zero.
EloEstimate EloFromPentanomial(const PentanomialCounts& pentanomial);

// H0: elo = elo0 against H1: elo = elo1 (logistic Elo), with error rates alpha (accepting H1
// when elo = elo0) and beta (accepting H0 when elo = elo1).
struct SprtParams {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

struct SprtResult {
  double llr = 0, lower_bound = 0, upper_bound = 0;
  SprtDecision decision = SprtDecision::kContinue;
};

// fishtest's SPRT (LLRcalc.LLR_logistic with the pentanomial model): the generalized
// log-likelihood ratio N * sum_i p_i log(P1_i / P0_i), where p is the (regularized) empirical
// distribution of the pair score / 2 and Pk is the maximum-likelihood distribution with
// expected score EloToScore(elok). Bounds: lower = log(beta / (1 - alpha)),
// upper = log((1 - beta) / alpha); the decision is kAcceptH0 when llr < lower, kAcceptH1
// when llr > upper (fishtest's update_SPRT without its dynamic overshoot correction).
// No pairs: llr 0, kContinue. Parameters whose scores are not strictly inside (0, 1)
// (non-finite Elo) give llr NaN and kContinue.
SprtResult PentanomialSprt(const PentanomialCounts& pentanomial, const SprtParams& params);

// The same with the three-outcome (loss, draw, win) = (0, 1/2, 1) per-game distribution.
SprtResult TrinomialSprt(const WdlCounts& wdl, const SprtParams& params);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_MATCH_STATS_H_
