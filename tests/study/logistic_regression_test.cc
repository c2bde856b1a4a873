// The logistic-regression fitter against hand-computed answers and synthetic data.
#include "coordinator/stats/logistic_regression.h"

#include <cmath>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

LogisticOptions NoRidge() {
  LogisticOptions o;
  o.ridge = 0;
  return o;
}

// One binary feature: the MLE reproduces the group means, so the intercept is the logit of the
// x = 0 mean and the slope the difference of the logits.
// x = 0: targets 1, 0, 0, 0 (mean 1/4); x = 1: 1, 1, 1, 0 (mean 3/4):
//   b0 = ln(1/3) = -1.098612, b1 = ln 3 - ln(1/3) = 2 ln 3 = 2.197225.
TEST(LogisticRegressionTest, BinaryFeatureGivesLogitsOfGroupMeans) {
  const std::vector<std::vector<double>> x = {{0}, {0}, {0}, {0}, {1}, {1}, {1}, {1}};
  const std::vector<double> y = {1, 0, 0, 0, 1, 1, 1, 0};
  absl::StatusOr<LogisticFit> fit = FitLogistic(x, y, {}, NoRidge());
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_TRUE(fit->converged);
  ASSERT_EQ(fit->coefficients.size(), 2u);
  EXPECT_NEAR(fit->coefficients[0], -1.0986123, 1e-7);
  EXPECT_NEAR(fit->coefficients[1], 2.1972246, 1e-7);
  // The same means from fractional targets (a draw scores 1/2): x = 0: 0.5, 0 (1/4);
  // x = 1: 1, 0.5 (3/4).
  fit = FitLogistic({{0}, {0}, {1}, {1}}, {0.5, 0, 1, 0.5}, {}, NoRidge());
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_NEAR(fit->coefficients[0], -1.0986123, 1e-7);
  EXPECT_NEAR(fit->coefficients[1], 2.1972246, 1e-7);
}

// Intercept only, targets 1, 1, 1, 0: b0 = logit(3/4) = ln 3, p = 3/4, information
// H = 4 * 3/4 * 1/4 = 0.75, so the model variance is 1 / 0.75 = 4/3.
// Each observation its own cluster: scores y - p = 1/4, 1/4, 1/4, -3/4, M = 3/16 + 9/16 = 0.75,
// V = M / H^2 * G/(G-1) = 0.75 / 0.5625 * 4/3 = 16/9.
// Clusters {a, a, a, b}: u_a = 3/4, u_b = -3/4, M = 9/8, V = 1.125 / 0.5625 * 2/1 = 4.
TEST(LogisticRegressionTest, SandwichCovarianceByHand) {
  const std::vector<std::vector<double>> x(4, std::vector<double>{});
  const std::vector<double> y = {1, 1, 1, 0};
  absl::StatusOr<LogisticFit> fit = FitLogistic(x, y, {}, NoRidge());
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_NEAR(fit->coefficients[0], std::log(3.0), 1e-9);
  EXPECT_NEAR(fit->model_covariance[0][0], 4.0 / 3, 1e-9);
  EXPECT_NEAR(fit->covariance[0][0], 16.0 / 9, 1e-9);
  EXPECT_EQ(fit->clusters, 4);

  fit = FitLogistic(x, y, {7, 7, 7, 9}, NoRidge());
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_EQ(fit->clusters, 2);
  EXPECT_NEAR(fit->covariance[0][0], 4.0, 1e-9);
  EXPECT_NEAR(fit->StdErrors()[0], 2.0, 1e-9);
}

// Duplicating every observation inside its own cluster changes neither the estimate nor the
// cluster-robust covariance (H and every u_g double: (2H)^-1 4M (2H)^-1 = H^-1 M H^-1), while
// the model-based covariance, which takes the copies as independent, halves.
TEST(LogisticRegressionTest, ClusteringAbsorbsDuplicatedObservations) {
  std::vector<std::vector<double>> x = {{0, 1}, {1, 0}, {2, 1}, {-1, 0}, {0.5, 1}, {1.5, 0}};
  std::vector<double> y = {0, 1, 1, 0, 1, 0};
  std::vector<int64_t> ids = {0, 1, 2, 3, 4, 5};
  absl::StatusOr<LogisticFit> once = FitLogistic(x, y, ids, NoRidge());
  ASSERT_TRUE(once.ok()) << once.status();
  const size_t n = x.size();
  for (size_t i = 0; i < n; ++i) {
    x.push_back(x[i]);
    y.push_back(y[i]);
    ids.push_back(ids[i]);
  }
  absl::StatusOr<LogisticFit> twice = FitLogistic(x, y, ids, NoRidge());
  ASSERT_TRUE(twice.ok()) << twice.status();
  for (size_t j = 0; j < 3; ++j) {
    EXPECT_NEAR(twice->coefficients[j], once->coefficients[j], 1e-8);
    for (size_t k = 0; k < 3; ++k) {
      EXPECT_NEAR(twice->covariance[j][k], once->covariance[j][k], 1e-8);
      EXPECT_NEAR(twice->model_covariance[j][k], once->model_covariance[j][k] / 2, 1e-8);
    }
  }
}

// Data drawn from known coefficients with a fixed seed: b = (-0.5, 1.0, -2.0), x1 ~ N(0, 1),
// x2 ~ Bernoulli(1/2), 20000 observations. The standard errors are about 0.02-0.04, so the
// estimates land within 0.15 of the truth (about 4 standard errors).
TEST(LogisticRegressionTest, RecoversSyntheticCoefficients) {
  std::mt19937_64 rng(20240607);
  std::normal_distribution<double> normal(0, 1);
  std::uniform_real_distribution<double> uniform(0, 1);
  const double b0 = -0.5, b1 = 1.0, b2 = -2.0;
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (int i = 0; i < 20000; ++i) {
    const double x1 = normal(rng), x2 = uniform(rng) < 0.5 ? 1 : 0;
    const double p = 1 / (1 + std::exp(-(b0 + b1 * x1 + b2 * x2)));
    x.push_back({x1, x2});
    y.push_back(uniform(rng) < p ? 1 : 0);
  }
  absl::StatusOr<LogisticFit> fit = FitLogistic(x, y, {});
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_TRUE(fit->converged);
  EXPECT_LT(fit->iterations, 20);
  EXPECT_NEAR(fit->coefficients[0], b0, 0.15);
  EXPECT_NEAR(fit->coefficients[1], b1, 0.15);
  EXPECT_NEAR(fit->coefficients[2], b2, 0.15);
  const std::vector<double> se = fit->StdErrors();
  for (size_t j = 0; j < 3; ++j) {
    EXPECT_GT(fit->covariance[j][j], 0);
    EXPECT_LT(se[j], 0.06);
    for (size_t k = 0; k < 3; ++k) EXPECT_NEAR(fit->covariance[j][k], fit->covariance[k][j], 1e-12);
  }
  // Positive definite: the 2x2 minors are positive too.
  EXPECT_GT(
      fit->covariance[1][1] * fit->covariance[2][2] - fit->covariance[1][2] * fit->covariance[2][1],
      0);
}

// x = 1 always wins: the plain MLE of the slope is +infinity. The ridge keeps it finite.
TEST(LogisticRegressionTest, SeparationNeedsTheRidge) {
  const std::vector<std::vector<double>> x = {{0}, {0}, {1}, {1}};
  const std::vector<double> y = {0, 1, 1, 1};
  LogisticOptions ridge;
  ridge.ridge = 1e-2;
  absl::StatusOr<LogisticFit> fit = FitLogistic(x, y, {}, ridge);
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_TRUE(fit->converged);
  EXPECT_TRUE(std::isfinite(fit->coefficients[1]));
  EXPECT_GT(fit->coefficients[1], 2);
  EXPECT_LT(fit->coefficients[1], 20);
  EXPECT_GT(fit->covariance[1][1], 0);

  fit = FitLogistic(x, y, {}, NoRidge());
  EXPECT_TRUE(!fit.ok() || !fit->converged) << "the unpenalized fit should not claim to converge";
}

TEST(LogisticRegressionTest, RejectsBadInput) {
  EXPECT_FALSE(FitLogistic({}, {}, {}).ok());
  EXPECT_FALSE(FitLogistic({{1}, {2, 3}}, {0, 1}, {}).ok());
  EXPECT_FALSE(FitLogistic({{1}, {2}}, {0, 1.5}, {}).ok());
  EXPECT_FALSE(FitLogistic({{1}, {2}}, {0}, {}).ok());
  EXPECT_FALSE(FitLogistic({{1}, {2}}, {0, 1}, {1}).ok());
  EXPECT_FALSE(FitLogistic({{NAN}, {2}}, {0, 1}, {}).ok());
  LogisticOptions negative;
  negative.ridge = -1;
  absl::StatusOr<LogisticFit> fit = FitLogistic({{1}, {2}}, {0, 1}, {}, negative);
  ASSERT_FALSE(fit.ok());
  EXPECT_NE(std::string(fit.status().message()).find("ridge"), std::string::npos);
  // A constant column duplicates the intercept: singular without a ridge, with a message.
  fit = FitLogistic({{1}, {1}, {1}}, {0, 1, 1}, {}, NoRidge());
  ASSERT_FALSE(fit.ok());
  EXPECT_NE(std::string(fit.status().message()).find("singular"), std::string::npos);
}

}  // namespace
}  // namespace tumen::coordinator
