// SPSA (simultaneous perturbation stochastic approximation) as fishtest runs it for engine
// tuning: each game pair plays theta + c_k * delta against theta - c_k * delta (delta a random
// +-1 flip per parameter) and moves theta along delta by the pair's result.
//
// Gain schedules (Spall; fishtest's conventions, with the per-parameter c_end and r_end):
//   c = c_end * N^gamma           c_k = c / k^gamma
//   a = r_end * c_end^2 * (A + N)^alpha      a_k = a / (A + k)^alpha
//   R_k = a_k / c_k^2
//   theta_i <- clamp(theta_i + R_k * c_k * result * delta_i)
// where N is the number of iterations (game pairs), A = a_ratio * N, alpha = 0.602,
// gamma = 0.101, and result = wins - losses of the plus side over the pair (-2..2).
#ifndef TUMEN_COORDINATOR_STATS_SPSA_H_
#define TUMEN_COORDINATOR_STATS_SPSA_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tumen::coordinator {

struct SpsaParam {
  std::string name;
  double start = 0, min = 0, max = 0, c_end = 0, r_end = 0;
};

struct SpsaConfig {
  int iterations = 0;  // N: game pairs
  double alpha = 0.602;
  double gamma = 0.101;
  double a_ratio = 0.1;  // A = a_ratio * N
};

// One iteration's perturbation: what the pair plays and how its result moves theta.
struct SpsaPerturbation {
  int iteration = 0;          // k, from 1
  std::vector<int> flips;     // delta_i in {-1, +1}
  std::vector<double> c;      // c_k per parameter
  std::vector<double> r;      // R_k per parameter
  std::vector<double> plus;   // clamp(theta + c_k delta)
  std::vector<double> minus;  // clamp(theta - c_k delta)
};

class SpsaTuner {
 public:
  // Lines "name start min max c_end r_end" (commas or spaces; '#' comments), as in
  // fishtest's SPSA parameter box. Errors name the line.
  static absl::StatusOr<std::vector<SpsaParam>> ParseSpec(absl::string_view text);

  SpsaTuner(std::vector<SpsaParam> params, SpsaConfig config);

  // The perturbation of iteration k (1-based) around the current theta; the flips come from
  // (seed, k) alone, so re-issuing an iteration gives the same flips.
  SpsaPerturbation Perturb(int k, uint64_t seed) const;
  // Applies a pair result (wins - losses of the plus side, -2..2).
  void Apply(const SpsaPerturbation& p, double result);

  const std::vector<double>& theta() const { return theta_; }
  const std::vector<SpsaParam>& params() const { return params_; }
  // "name value" lines with values rounded to integers (what the engine loads).
  std::string ParamsText(const std::vector<double>& values) const;

 private:
  std::vector<SpsaParam> params_;
  SpsaConfig config_;
  std::vector<double> theta_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_SPSA_H_
