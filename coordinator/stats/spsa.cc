#include "coordinator/stats/spsa.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/prng.h"

namespace tumen::coordinator {

absl::StatusOr<std::vector<SpsaParam>> SpsaTuner::ParseSpec(absl::string_view text) {
  std::vector<SpsaParam> params;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (const size_t hash = line.find('#'); hash != absl::string_view::npos)
      line = line.substr(0, hash);
    const std::vector<absl::string_view> f =
        absl::StrSplit(line, absl::ByAnyChar(" ,\t\r"), absl::SkipEmpty());
    if (f.empty()) continue;
    const auto bad = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("spsa spec line ", line_number, ": ", why));
    };
    SpsaParam p;
    if (f.size() != 6 || !absl::SimpleAtod(f[1], &p.start) || !absl::SimpleAtod(f[2], &p.min) ||
        !absl::SimpleAtod(f[3], &p.max) || !absl::SimpleAtod(f[4], &p.c_end) ||
        !absl::SimpleAtod(f[5], &p.r_end))
      return bad("expected 'name start min max c_end r_end'");
    p.name = std::string(f[0]);
    if (!(p.min <= p.start && p.start <= p.max)) return bad("start must lie within [min, max]");
    if (!(p.c_end > 0) || !(p.r_end > 0)) return bad("c_end and r_end must be positive");
    for (const SpsaParam& q : params)
      if (q.name == p.name) return bad(absl::StrCat("parameter ", p.name, " is listed twice"));
    params.push_back(std::move(p));
  }
  if (params.empty()) return absl::InvalidArgumentError("spsa spec lists no parameter");
  return params;
}

SpsaTuner::SpsaTuner(std::vector<SpsaParam> params, SpsaConfig config)
    : params_(std::move(params)), config_(config) {
  for (const SpsaParam& p : params_) theta_.push_back(p.start);
}

SpsaPerturbation SpsaTuner::Perturb(int k, uint64_t seed) const {
  SpsaPerturbation out;
  out.iteration = k;
  const double n = std::max(1, config_.iterations);
  const double big_a = config_.a_ratio * n;
  Prng prng(MixSeed(seed, uint64_t(k)));
  for (size_t i = 0; i < params_.size(); ++i) {
    const SpsaParam& p = params_[i];
    const double c = p.c_end * std::pow(n, config_.gamma);
    const double a = p.r_end * p.c_end * p.c_end * std::pow(big_a + n, config_.alpha);
    const double c_k = c / std::pow(double(k), config_.gamma);
    const double a_k = a / std::pow(big_a + k, config_.alpha);
    const int flip = (prng.Next() >> 63) ? 1 : -1;
    out.flips.push_back(flip);
    out.c.push_back(c_k);
    out.r.push_back(a_k / (c_k * c_k));
    out.plus.push_back(std::clamp(theta_[i] + c_k * flip, p.min, p.max));
    out.minus.push_back(std::clamp(theta_[i] - c_k * flip, p.min, p.max));
  }
  return out;
}

void SpsaTuner::Apply(const SpsaPerturbation& p, double result) {
  for (size_t i = 0; i < params_.size(); ++i)
    theta_[i] = std::clamp(theta_[i] + p.r[i] * p.c[i] * result * p.flips[i], params_[i].min,
                           params_[i].max);
}

std::string SpsaTuner::ParamsText(const std::vector<double>& values) const {
  std::string out;
  for (size_t i = 0; i < params_.size(); ++i)
    absl::StrAppend(&out, params_[i].name, " ", std::lround(values[i]), "\n");
  return out;
}

}  // namespace tumen::coordinator
