#include "coordinator/stats/match_stats.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace tumen::coordinator {
namespace {

// fishtest stat_util.elo(): the score is clamped into [1e-3, 1 - 1e-3] before the logit.
constexpr double kScoreClamp = 1e-3;

// fishtest LLRcalc.regularize(): an empty cell counts as 1e-3 observations.
constexpr double kRegularizeEpsilon = 1e-3;

// Two-sided 95% normal quantile, Phi^-1(0.975).
constexpr double kZ95 = 1.959963984540054;

// Standard normal CDF.
double Phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// Elo estimate from a sample of per-game scores: values[i] (in [0, 1]) observed counts[i]
// times. s is the mean, var the (population) variance of one sample, stderr = sqrt(var / n).
struct Moments {
  double n = 0, mean = 0, var = 0;
};

template <size_t K>
Moments SampleMoments(const std::array<double, K>& counts, const std::array<double, K>& values) {
  Moments m;
  for (size_t i = 0; i < K; ++i) m.n += counts[i];
  if (m.n <= 0) return m;
  for (size_t i = 0; i < K; ++i) m.mean += counts[i] * values[i];
  m.mean /= m.n;
  for (size_t i = 0; i < K; ++i) m.var += counts[i] * (values[i] - m.mean) * (values[i] - m.mean);
  m.var /= m.n;
  return m;
}

void FillScoreInterval(const Moments& m, EloEstimate& e) {
  const double stderr_mean = std::sqrt(m.var / m.n);
  e.score = m.mean;
  e.elo = ScoreToElo(m.mean);
  e.elo_lower = ScoreToElo(m.mean - kZ95 * stderr_mean);
  e.elo_upper = ScoreToElo(m.mean + kZ95 * stderr_mean);
}

// Solves the secular equation f(x) = sum_i p_i a_i / (1 + x a_i) = 0 (fishtest
// LLRcalc.secular) for x in the open interval (-1/max a, -1/min a), where every 1 + x a_i is
// positive. It needs min a < 0 < max a and all p_i > 0. f is strictly decreasing there, from
// +inf at the left pole to -inf at the right one, so plain bisection down to adjacent doubles
// finds the unique root (fishtest uses scipy's brentq on the same bracket shrunk by 1e-9).
template <size_t K>
double SolveSecular(const std::array<double, K>& p, const std::array<double, K>& a) {
  double a_min = a[0], a_max = a[0];
  for (double ai : a) {
    a_min = std::min(a_min, ai);
    a_max = std::max(a_max, ai);
  }
  double lo = -1.0 / a_max, hi = -1.0 / a_min;
  for (int iter = 0; iter < 2000; ++iter) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    double f = 0;
    int side = 0;  // -1: at or past the left pole (f = +inf), +1: past the right one
    for (size_t i = 0; i < K; ++i) {
      const double d = 1.0 + mid * a[i];
      if (d <= 0) {
        side = a[i] > 0 ? -1 : +1;
        break;
      }
      f += p[i] * a[i] / d;
    }
    const bool root_is_right = side != 0 ? side < 0 : f > 0;
    if (root_is_right) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo + (hi - lo) / 2;
}

// fishtest LLRcalc.LLR_logistic(elo0, elo1, results) for results = counts[0..K-1], the
// frequencies of the scores values[i] = i / (K - 1) (K = 3: L, D, W per game; K = 5: pair
// scores 0..2, halved):
//
//   1. regularize: every empty cell becomes 1e-3; N = sum of the regularized counts;
//      p_i = count_i / N (results_to_pdf).
//   2. for s = s0 = L(elo0) and s = s1 = L(elo1), the maximum-likelihood distribution with
//      expectation s given the empirical p (MLE_expected, Van den Bergh Prop. 1.1):
//      P_i = p_i / (1 + x (a_i - s)) where x solves sum_i p_i (a_i - s) / (1 + x (a_i - s)) = 0
//      (x is the Lagrange multiplier of the constraint sum_i P_i a_i = s).
//   3. LLR = N * sum_i p_i (log P1_i - log P0_i)  (LLR, LLRjumps), which simplifies to
//      N * sum_i p_i (log(1 + x0 (a_i - s0)) - log(1 + x1 (a_i - s1))).
template <size_t K>
double LlrLogistic(const std::array<int64_t, K>& raw, double elo0, double elo1) {
  std::array<double, K> counts;
  double n = 0;
  for (size_t i = 0; i < K; ++i) {
    counts[i] = raw[i] == 0 ? kRegularizeEpsilon : static_cast<double>(raw[i]);
    n += counts[i];
  }
  std::array<double, K> p, values;
  for (size_t i = 0; i < K; ++i) {
    p[i] = counts[i] / n;
    values[i] = static_cast<double>(i) / static_cast<double>(K - 1);
  }
  const double s0 = EloToScore(elo0), s1 = EloToScore(elo1);
  if (!(s0 > 0 && s0 < 1 && s1 > 0 && s1 < 1)) return std::numeric_limits<double>::quiet_NaN();

  auto lagrange = [&](double s, std::array<double, K>& shifted) {
    for (size_t i = 0; i < K; ++i) shifted[i] = values[i] - s;
    return SolveSecular(p, shifted);
  };
  std::array<double, K> a0, a1;
  const double x0 = lagrange(s0, a0);
  const double x1 = lagrange(s1, a1);
  double llr_per_sample = 0;
  for (size_t i = 0; i < K; ++i) {
    llr_per_sample += p[i] * (std::log1p(x0 * a0[i]) - std::log1p(x1 * a1[i]));
  }
  return n * llr_per_sample;
}

SprtResult Decide(double llr, const SprtParams& params) {
  // fishtest stat_util.SPRT(): Wald's bounds.
  SprtResult r;
  r.llr = llr;
  r.lower_bound = std::log(params.beta / (1 - params.alpha));
  r.upper_bound = std::log((1 - params.beta) / params.alpha);
  if (llr < r.lower_bound) {
    r.decision = SprtDecision::kAcceptH0;
  } else if (llr > r.upper_bound) {
    r.decision = SprtDecision::kAcceptH1;
  } else {
    r.decision = SprtDecision::kContinue;  // also for NaN
  }
  return r;
}

}  // namespace

int PentanomialCounts::Index(double pair_score) {
  if (!(pair_score >= -1e-9 && pair_score <= 2 + 1e-9)) return -1;
  const double doubled = pair_score * 2;
  const double rounded = std::round(doubled);
  if (std::fabs(doubled - rounded) > 2e-9) return -1;
  return static_cast<int>(rounded);
}

int64_t PentanomialCounts::pairs() const {
  int64_t n = 0;
  for (int64_t c : counts) n += c;
  return n;
}

double EloToScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double ScoreToElo(double score) {
  if (std::isnan(score)) return 0;
  score = std::clamp(score, kScoreClamp, 1 - kScoreClamp);
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate EloFromWdl(const WdlCounts& wdl) {
  EloEstimate e;
  if (wdl.games() <= 0) return e;
  const Moments m =
      SampleMoments<3>({static_cast<double>(wdl.losses), static_cast<double>(wdl.draws),
                        static_cast<double>(wdl.wins)},
                       {0.0, 0.5, 1.0});
  FillScoreInterval(m, e);
  const double decisive = static_cast<double>(wdl.wins + wdl.losses);
  e.los =
      decisive > 0 ? Phi(static_cast<double>(wdl.wins - wdl.losses) / std::sqrt(decisive)) : 0.5;
  return e;
}

EloEstimate EloFromPentanomial(const PentanomialCounts& pentanomial) {
  EloEstimate e;
  if (pentanomial.pairs() <= 0) return e;
  std::array<double, 5> counts;
  for (size_t i = 0; i < 5; ++i) counts[i] = static_cast<double>(pentanomial.counts[i]);
  const Moments m = SampleMoments<5>(counts, {0.0, 0.25, 0.5, 0.75, 1.0});
  FillScoreInterval(m, e);
  const double stderr_mean = std::sqrt(m.var / m.n);
  if (stderr_mean > 0) {
    e.los = Phi((m.mean - 0.5) / stderr_mean);
  } else {
    e.los = m.mean > 0.5 ? 1.0 : m.mean < 0.5 ? 0.0 : 0.5;
  }
  return e;
}

SprtResult PentanomialSprt(const PentanomialCounts& pentanomial, const SprtParams& params) {
  if (pentanomial.pairs() <= 0) return Decide(0, params);
  return Decide(LlrLogistic<5>(pentanomial.counts, params.elo0, params.elo1), params);
}

SprtResult TrinomialSprt(const WdlCounts& wdl, const SprtParams& params) {
  if (wdl.games() <= 0) return Decide(0, params);
  return Decide(LlrLogistic<3>({wdl.losses, wdl.draws, wdl.wins}, params.elo0, params.elo1),
                params);
}

}  // namespace tumen::coordinator
