#include "coordinator/stats/eval_fit.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tumen::coordinator {
namespace {

class Loss {
 public:
  Loss(const EvalPositions& positions, const std::vector<double>& labels, int threads)
      : positions_(positions),
        labels_(labels),
        evals_(labels.size()),
        threads_(std::max(1, threads)) {}

  // Evaluates every position with the session's current parameters.
  void Evaluate() {
    const size_t n = positions_.size(), chunk = (n + size_t(threads_) - 1) / size_t(threads_);
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads_; ++t)
      helpers.emplace_back([&, t] {
        positions_.Evaluate(std::min(n, chunk * size_t(t)), std::min(n, chunk * size_t(t + 1)),
                            evals_.data());
      });
    positions_.Evaluate(0, std::min(n, chunk), evals_.data());
    for (std::thread& h : helpers) h.join();
  }

  // Mean squared error of sigmoid(k * eval) against the labels, for the last evaluations.
  double Of(double k) const {
    double sum = 0;
    for (size_t i = 0; i < evals_.size(); ++i) {
      const double p = 1 / (1 + std::exp(-k * evals_[i]));
      sum += (labels_[i] - p) * (labels_[i] - p);
    }
    return sum / double(evals_.size());
  }

  // The k of least loss (golden-section search; the loss is unimodal in k).
  double FitK() const {
    double lo = 1e-4, hi = 0.05;
    const double g = (std::sqrt(5.0) - 1) / 2;
    double a = hi - g * (hi - lo), b = lo + g * (hi - lo), fa = Of(a), fb = Of(b);
    for (int i = 0; i < 60; ++i) {
      if (fa < fb) {
        hi = b, b = a, fb = fa, a = hi - g * (hi - lo), fa = Of(a);
      } else {
        lo = a, a = b, fa = fb, b = lo + g * (hi - lo), fb = Of(b);
      }
    }
    return (lo + hi) / 2;
  }

 private:
  const EvalPositions& positions_;
  const std::vector<double>& labels_;
  std::vector<int> evals_;
  int threads_;
};

}  // namespace

absl::StatusOr<EvalFitResult> FitEvalParams(GameSession& session, const EvalPositions& positions,
                                            const std::vector<double>& labels,
                                            const EvalFitOptions& options) {
  if (positions.size() != labels.size() || labels.empty())
    return absl::InvalidArgumentError(absl::StrCat("fit: ", positions.size(), " positions and ",
                                                   labels.size(), " labels; give one each"));
  // The parameters to fit, with their ranges and steps.
  std::vector<const ParamSpec*> specs;
  for (const ParamSpec& spec : session.EvalSpecs())
    if (options.params.empty() ||
        std::find(options.params.begin(), options.params.end(), spec.name) != options.params.end())
      specs.push_back(&spec);
  for (const std::string& name : options.params)
    if (std::none_of(specs.begin(), specs.end(),
                     [&](const ParamSpec* s) { return s->name == name; }))
      return absl::InvalidArgumentError(
          absl::StrCat("fit: ", name, " is not an evaluation parameter of ", session.variant()));
  std::vector<int> values;
  for (const ParamSpec* spec : specs)
    for (const ParamSet::Entry& e : session.params().All())
      if (e.spec == spec) values.push_back(e.value);

  const std::vector<int> start = values;
  Loss loss(positions, labels, options.threads);
  loss.Evaluate();
  EvalFitResult result;
  result.k = loss.FitK();
  double best = result.loss_before = loss.Of(result.k);
  const auto set = [&](size_t i, int v) { return session.params().Set(specs[i]->name, v); };
  for (int pass = 1; pass <= options.max_passes; ++pass) {
    int moved = 0;
    for (size_t i = 0; i < specs.size(); ++i) {
      const int step = std::max(1, int(std::lround(specs[i]->step)));
      // Up while that helps; if the first step up does not, down while that helps.
      for (int direction : {+1, -1}) {
        bool improved = false;
        while (true) {
          const int v = values[i] + direction * step;
          if (v < specs[i]->min || v > specs[i]->max) break;
          if (absl::Status s = set(i, v); !s.ok()) return s;
          loss.Evaluate();
          const double l = loss.Of(result.k);
          if (l >= best) {
            if (absl::Status s = set(i, values[i]); !s.ok()) return s;
            break;
          }
          best = l, values[i] = v, improved = true, ++moved;
        }
        if (improved) break;
      }
    }
    result.passes = pass;
    if (options.progress)
      options.progress(absl::StrFormat("pass %d: loss %.6f, %d steps", pass, best, moved));
    if (moved == 0) break;
  }
  loss.Evaluate();
  result.loss_after = loss.Of(result.k);
  for (size_t i = 0; i < specs.size(); ++i) {
    result.fitted.emplace_back(specs[i]->name, values[i]);
    result.changed += values[i] != start[i];
  }
  return result;
}

}  // namespace tumen::coordinator
