// SPSA arithmetic against values computed by hand from fishtest's formulas, and convergence
// on a synthetic objective.
#include "coordinator/stats/spsa.h"

#include <cmath>

#include "engine/core/prng.h"
#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

// Expected numbers: python3, N=100, A=0.1N, alpha=0.602, gamma=0.101, c_end=10, r_end=0.002:
//   c = c_end N^gamma; a = r_end c_end^2 (A+N)^alpha; c_k = c/k^gamma; a_k = a/(A+k)^alpha;
//   R_k = a_k/c_k^2; the step for result 2 is R_k c_k 2.
TEST(Spsa, GainSchedulesMatchHandComputedValues) {
  SpsaTuner tuner({{"X", 100, 0, 200, 10, 0.002}}, {100});
  const SpsaPerturbation p1 = tuner.Perturb(1, 7);
  EXPECT_NEAR(p1.c[0], 15.922087270511703, 1e-9);
  EXPECT_NEAR(p1.r[0], 0.0031552225393986963, 1e-12);
  EXPECT_NEAR(p1.plus[0], 100 + 15.922087270511703 * p1.flips[0], 1e-9);
  EXPECT_NEAR(p1.minus[0], 100 - 15.922087270511703 * p1.flips[0], 1e-9);
  const SpsaPerturbation p50 = tuner.Perturb(50, 7);
  EXPECT_NEAR(p50.c[0], 10.725166168179426, 1e-9);
  EXPECT_NEAR(p50.r[0], 0.00250433994257136, 1e-12);
  tuner.Apply(p1, 2);
  EXPECT_NEAR(tuner.theta()[0], 100 + 0.10047545726038319 * p1.flips[0], 1e-9);
  tuner.Apply(p1, -2);  // the opposite result undoes it
  EXPECT_NEAR(tuner.theta()[0], 100, 1e-9);
}

TEST(Spsa, FlipsDependOnlyOnSeedAndIteration) {
  SpsaTuner tuner(
      {{"A", 0, -50, 50, 2, 0.002}, {"B", 0, -50, 50, 2, 0.002}, {"C", 0, -50, 50, 2, 0.002}},
      {1000});
  EXPECT_EQ(tuner.Perturb(5, 1).flips, tuner.Perturb(5, 1).flips);
  int plus = 0, total = 0;
  for (int k = 1; k <= 300; ++k)
    for (int f : tuner.Perturb(k, 1).flips) plus += f > 0, ++total;
  EXPECT_GT(plus, total * 4 / 10);
  EXPECT_LT(plus, total * 6 / 10);
}

TEST(Spsa, ValuesStayWithinBounds) {
  SpsaTuner tuner({{"X", 199, 0, 200, 10, 0.5}}, {10});
  for (int k = 1; k <= 10; ++k) {
    const SpsaPerturbation p = tuner.Perturb(k, 3);
    EXPECT_LE(std::max(p.plus[0], p.minus[0]), 200);
    tuner.Apply(p, 2 * p.flips[0]);  // always push upward
    EXPECT_LE(tuner.theta()[0], 200);
  }
  EXPECT_EQ(tuner.theta()[0], 200);
}

// A noisy "match" whose expected result favours the side closer to the optimum (40, -20):
// SPSA must walk there from (100, 30).
TEST(Spsa, ConvergesOnASyntheticObjective) {
  const int n = 4000;
  SpsaTuner tuner({{"X", 100, 0, 200, 6, 0.02}, {"Y", 30, -100, 100, 6, 0.02}}, {n});
  const auto strength = [](const std::vector<double>& v) {
    return -((v[0] - 40) * (v[0] - 40) + (v[1] + 20) * (v[1] + 20)) / 400.0;  // Elo / 100
  };
  Prng noise(99);
  for (int k = 1; k <= n; ++k) {
    const SpsaPerturbation p = tuner.Perturb(k, 11);
    const double elo = 100 * (strength(p.plus) - strength(p.minus));
    const double win = 1 / (1 + std::pow(10, -elo / 400));
    double result = 0;
    for (int game = 0; game < 2; ++game) {
      const double u = double(noise.Next() >> 11) / double(1ULL << 53);
      result += u < win * 0.7 ? 1 : u > 1 - (1 - win) * 0.7 ? -1 : 0;  // 30% draws
    }
    tuner.Apply(p, result);
  }
  EXPECT_NEAR(tuner.theta()[0], 40, 12);
  EXPECT_NEAR(tuner.theta()[1], -20, 12);
}

TEST(Spsa, SpecErrorsNameTheLine) {
  EXPECT_TRUE(
      SpsaTuner::ParseSpec("KnightMg, 320, 200, 450, 10, 0.002\n# c\nRookMg 480 350 650 12 0.002\n")
          .ok());
  const auto bad = SpsaTuner::ParseSpec("KnightMg 320 200 450 10\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("line 1"), absl::string_view::npos);
  EXPECT_FALSE(SpsaTuner::ParseSpec("X 500 0 100 1 0.1\n").ok());                 // start outside
  EXPECT_FALSE(SpsaTuner::ParseSpec("X 5 0 100 1 0.1\nX 6 0 100 1 0.1\n").ok());  // twice
  EXPECT_FALSE(SpsaTuner::ParseSpec("").ok());
}

}  // namespace
}  // namespace tumen::coordinator
