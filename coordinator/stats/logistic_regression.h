// Logistic regression for balance studies: a fractional-response (quasi-binomial) logit model
// fitted by Newton-Raphson (IRLS) with an intercept and a small ridge penalty, and a
// cluster-robust (sandwich) covariance for observations that come in correlated groups
// (positions sampled from one game). Pure C++ on small dense matrices (a few dozen features).
//
// Model: P(y = 1 | x) = p = 1 / (1 + exp(-(b0 + x . b))), targets y in [0, 1] (fractional
// responses such as a drawn game's 0.5 are allowed: the binomial log-likelihood is then a
// quasi-likelihood whose maximiser is still consistent for b, Papke & Wooldridge 1996).
//
// Estimate: the maximiser of the penalized log-likelihood
//   l(b) = sum_i [y_i log p_i + (1 - y_i) log(1 - p_i)] - ridge / 2 * |b|^2
// (the intercept is not penalized). With ridge > 0 the maximiser exists even when a feature
// separates the outcomes perfectly, where the plain MLE runs off to infinity.
//
// Covariance (sandwich): V = H^-1 M H^-1 * G / (G - 1), where H = X' W X + ridge * I
// (W = diag p_i (1 - p_i), the intercept row without ridge) is the penalized information,
// M = sum_g u_g u_g' with u_g = sum_{i in g} x_i (y_i - p_i) the score of cluster g, and G
// the number of clusters (the usual small-sample factor; Stata's CR1 without (N-1)/(N-K)).
// Without cluster ids every observation is its own cluster (White's robust covariance).
#ifndef TUMEN_COORDINATOR_STATS_LOGISTIC_REGRESSION_H_
#define TUMEN_COORDINATOR_STATS_LOGISTIC_REGRESSION_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"

namespace tumen::coordinator {

struct LogisticOptions {
  bool intercept = true;
  double ridge = 1e-3;  // 0: the plain (quasi-)MLE
  int max_iterations = 100;
  // Converged when the largest Newton step of any coefficient is below this.
  double tolerance = 1e-9;
};

struct LogisticFit {
  // With an intercept, coefficients[0] is the intercept and coefficients[1 + j] belongs to
  // feature column j; without, coefficients[j] belongs to column j.
  std::vector<double> coefficients;
  // Cluster-robust covariance of the coefficients (same indexing), and the model-based one
  // (H^-1, what the coefficients' variance would be if the observations were independent
  // Bernoulli draws).
  std::vector<std::vector<double>> covariance;
  std::vector<std::vector<double>> model_covariance;
  bool converged = false;
  int iterations = 0;
  double log_likelihood = 0;  // unpenalized, at the estimate
  int64_t observations = 0;
  int64_t clusters = 0;

  // sqrt of the diagonal of `covariance`.
  std::vector<double> StdErrors() const;
};

// `features[i]` is observation i's feature row (all rows the same length, finite values),
// `targets[i]` in [0, 1], `clusters` either empty or one id per observation (any integers;
// equal ids form a cluster). Errors: no observations, ragged rows, sizes that disagree,
// non-finite values, targets outside [0, 1], a negative ridge, or a singular information
// matrix (collinear features or separation with ridge 0: the message says to add a ridge).
// Not converging within max_iterations is not an error: the fit says converged = false.
absl::StatusOr<LogisticFit> FitLogistic(const std::vector<std::vector<double>>& features,
                                        const std::vector<double>& targets,
                                        const std::vector<int64_t>& clusters,
                                        const LogisticOptions& options = {});

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_LOGISTIC_REGRESSION_H_
