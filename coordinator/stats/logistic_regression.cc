#include "coordinator/stats/logistic_regression.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace tumen::coordinator {
namespace {

using Matrix = std::vector<std::vector<double>>;

Matrix Zeros(size_t n) { return Matrix(n, std::vector<double>(n, 0.0)); }

// log(1 + exp(t)) without overflow.
double Softplus(double t) { return t > 0 ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t)); }

double Sigmoid(double t) {
  if (t >= 0) return 1.0 / (1.0 + std::exp(-t));
  const double e = std::exp(t);
  return e / (1.0 + e);
}

// Cholesky factor L (lower, A = L L') of a symmetric positive definite matrix; nullopt when
// A is not numerically positive definite.
std::optional<Matrix> Cholesky(const Matrix& a) {
  const size_t n = a.size();
  double scale = 0;
  for (size_t i = 0; i < n; ++i) scale = std::max(scale, std::abs(a[i][i]));
  Matrix l = Zeros(n);
  for (size_t j = 0; j < n; ++j) {
    double d = a[j][j];
    for (size_t k = 0; k < j; ++k) d -= l[j][k] * l[j][k];
    if (!(d > 1e-13 * std::max(scale, 1e-300))) return std::nullopt;
    l[j][j] = std::sqrt(d);
    for (size_t i = j + 1; i < n; ++i) {
      double s = a[i][j];
      for (size_t k = 0; k < j; ++k) s -= l[i][k] * l[j][k];
      l[i][j] = s / l[j][j];
    }
  }
  return l;
}

// Solves L L' x = b.
std::vector<double> CholeskySolve(const Matrix& l, std::vector<double> b) {
  const size_t n = l.size();
  for (size_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < i; ++k) b[i] -= l[i][k] * b[k];
    b[i] /= l[i][i];
  }
  for (size_t i = n; i-- > 0;) {
    for (size_t k = i + 1; k < n; ++k) b[i] -= l[k][i] * b[k];
    b[i] /= l[i][i];
  }
  return b;
}

Matrix CholeskyInverse(const Matrix& l) {
  const size_t n = l.size();
  Matrix inv = Zeros(n);
  for (size_t j = 0; j < n; ++j) {
    std::vector<double> e(n, 0.0);
    e[j] = 1;
    const std::vector<double> col = CholeskySolve(l, std::move(e));
    for (size_t i = 0; i < n; ++i) inv[i][j] = col[i];
  }
  return inv;
}

struct Design {
  const std::vector<std::vector<double>>& features;
  bool intercept;
  size_t k;  // number of coefficients

  // Element j of observation i's design row.
  double At(size_t i, size_t j) const {
    if (!intercept) return features[i][j];
    return j == 0 ? 1.0 : features[i][j - 1];
  }
  double Eta(size_t i, const std::vector<double>& b) const {
    double eta = 0;
    for (size_t j = 0; j < k; ++j) eta += At(i, j) * b[j];
    return eta;
  }
};

double Penalty(const std::vector<double>& b, const LogisticOptions& o) {
  double s = 0;
  for (size_t j = o.intercept ? 1 : 0; j < b.size(); ++j) s += b[j] * b[j];
  return 0.5 * o.ridge * s;
}

double LogLikelihood(const Design& d, const std::vector<double>& y, const std::vector<double>& b) {
  double ll = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    const double eta = d.Eta(i, b);
    // log p = -softplus(-eta), log(1 - p) = -softplus(eta).
    ll -= y[i] * Softplus(-eta) + (1 - y[i]) * Softplus(eta);
  }
  return ll;
}

// The penalized information H = X' W X + ridge * I (no ridge on the intercept).
Matrix Information(const Design& d, size_t n, const std::vector<double>& b,
                   const LogisticOptions& o) {
  Matrix h = Zeros(d.k);
  for (size_t i = 0; i < n; ++i) {
    const double p = Sigmoid(d.Eta(i, b));
    const double w = p * (1 - p);
    if (w == 0) continue;
    for (size_t r = 0; r < d.k; ++r) {
      const double xr = d.At(i, r) * w;
      if (xr == 0) continue;
      for (size_t c = 0; c <= r; ++c) h[r][c] += xr * d.At(i, c);
    }
  }
  for (size_t r = 0; r < d.k; ++r) {
    for (size_t c = 0; c < r; ++c) h[c][r] = h[r][c];
    if (!(o.intercept && r == 0)) h[r][r] += o.ridge;
  }
  return h;
}

}  // namespace

std::vector<double> LogisticFit::StdErrors() const {
  std::vector<double> se;
  for (size_t i = 0; i < covariance.size(); ++i)
    se.push_back(std::sqrt(std::max(0.0, covariance[i][i])));
  return se;
}

absl::StatusOr<LogisticFit> FitLogistic(const std::vector<std::vector<double>>& features,
                                        const std::vector<double>& targets,
                                        const std::vector<int64_t>& clusters,
                                        const LogisticOptions& options) {
  const size_t n = features.size();
  if (n == 0) return absl::InvalidArgumentError("logistic regression: no observations to fit");
  if (targets.size() != n)
    return absl::InvalidArgumentError(absl::StrCat("logistic regression: ", n, " feature rows but ",
                                                   targets.size(),
                                                   " targets; pass one target per row"));
  if (!clusters.empty() && clusters.size() != n)
    return absl::InvalidArgumentError(
        absl::StrCat("logistic regression: ", clusters.size(), " cluster ids for ", n,
                     " observations; pass one id per observation or none"));
  if (!(options.ridge >= 0) || !std::isfinite(options.ridge))
    return absl::InvalidArgumentError(
        absl::StrCat("logistic regression: ridge must be finite and >= 0, got ", options.ridge));
  const size_t m = features[0].size();
  for (size_t i = 0; i < n; ++i) {
    if (features[i].size() != m)
      return absl::InvalidArgumentError(absl::StrCat(
          "logistic regression: row ", i, " has ", features[i].size(), " features, row 0 has ", m));
    for (double v : features[i])
      if (!std::isfinite(v))
        return absl::InvalidArgumentError(
            absl::StrCat("logistic regression: row ", i, " has a non-finite feature value"));
    if (!(targets[i] >= 0 && targets[i] <= 1))
      return absl::InvalidArgumentError(absl::StrCat("logistic regression: target ", i, " is ",
                                                     targets[i], "; targets must lie in [0, 1]"));
  }
  const Design d{features, options.intercept, m + (options.intercept ? 1 : 0)};
  if (d.k == 0)
    return absl::InvalidArgumentError("logistic regression: no features and no intercept to fit");

  LogisticFit fit;
  fit.observations = int64_t(n);
  std::vector<double> b(d.k, 0.0);
  if (options.intercept) {
    // Start at the logit of the mean target (the exact answer without features).
    double mean = 0;
    for (double y : targets) mean += y;
    mean /= double(n);
    mean = std::clamp(mean, 1e-6, 1 - 1e-6);
    b[0] = std::log(mean / (1 - mean));
  }
  const auto objective = [&](const std::vector<double>& beta) {
    return LogLikelihood(d, targets, beta) - Penalty(beta, options);
  };
  double current = objective(b);
  const auto singular = [] {
    return absl::FailedPreconditionError(
        "logistic regression: the information matrix is singular (collinear or constant "
        "features, or features that separate the outcomes perfectly); drop such features or "
        "fit with a ridge > 0");
  };

  for (int iter = 1; iter <= options.max_iterations; ++iter) {
    fit.iterations = iter;
    // Gradient of the penalized log-likelihood.
    std::vector<double> g(d.k, 0.0);
    for (size_t i = 0; i < n; ++i) {
      const double r = targets[i] - Sigmoid(d.Eta(i, b));
      for (size_t j = 0; j < d.k; ++j) g[j] += d.At(i, j) * r;
    }
    for (size_t j = options.intercept ? 1 : 0; j < d.k; ++j) g[j] -= options.ridge * b[j];
    const std::optional<Matrix> l = Cholesky(Information(d, n, b, options));
    if (!l) return singular();
    const std::vector<double> step = CholeskySolve(*l, g);
    // Newton step, halved until the penalized log-likelihood does not decrease (it is
    // concave, so a small enough step along an ascent direction always improves it).
    double t = 1;
    std::vector<double> next(d.k);
    double value = current;
    for (int halving = 0; halving < 40; ++halving, t /= 2) {
      for (size_t j = 0; j < d.k; ++j) next[j] = b[j] + t * step[j];
      value = objective(next);
      if (value >= current - 1e-12 * std::abs(current)) break;
    }
    double largest = 0;
    for (size_t j = 0; j < d.k; ++j) largest = std::max(largest, std::abs(next[j] - b[j]));
    b = next;
    current = value;
    if (largest < options.tolerance) {
      fit.converged = true;
      break;
    }
  }

  // Covariances at the estimate.
  const std::optional<Matrix> l = Cholesky(Information(d, n, b, options));
  if (!l) return singular();
  const Matrix bread = CholeskyInverse(*l);
  std::map<int64_t, std::vector<double>> scores;  // cluster id -> its score u_g
  for (size_t i = 0; i < n; ++i) {
    const int64_t id = clusters.empty() ? int64_t(i) : clusters[i];
    std::vector<double>& u = scores[id];
    u.resize(d.k, 0.0);
    const double r = targets[i] - Sigmoid(d.Eta(i, b));
    for (size_t j = 0; j < d.k; ++j) u[j] += d.At(i, j) * r;
  }
  Matrix meat = Zeros(d.k);
  for (const auto& [id, u] : scores)
    for (size_t r = 0; r < d.k; ++r)
      for (size_t c = 0; c < d.k; ++c) meat[r][c] += u[r] * u[c];
  const double groups = double(scores.size());
  const double factor = groups > 1 ? groups / (groups - 1) : 1.0;
  Matrix half = Zeros(d.k), cov = Zeros(d.k);
  for (size_t r = 0; r < d.k; ++r)
    for (size_t c = 0; c < d.k; ++c)
      for (size_t q = 0; q < d.k; ++q) half[r][c] += bread[r][q] * meat[q][c];
  for (size_t r = 0; r < d.k; ++r)
    for (size_t c = 0; c < d.k; ++c) {
      for (size_t q = 0; q < d.k; ++q) cov[r][c] += half[r][q] * bread[q][c];
      cov[r][c] *= factor;
    }

  fit.coefficients = b;
  fit.covariance = std::move(cov);
  fit.model_covariance = bread;
  fit.log_likelihood = LogLikelihood(d, targets, b);
  fit.clusters = int64_t(scores.size());
  return fit;
}

}  // namespace tumen::coordinator
