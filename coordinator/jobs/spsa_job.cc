#include "coordinator/jobs/spsa_job.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"

namespace tumen::coordinator {
namespace {

v1::SpsaPerturbation ToProto(const SpsaPerturbation& p) {
  v1::SpsaPerturbation out;
  out.set_iteration(uint32_t(p.iteration));
  for (size_t i = 0; i < p.flips.size(); ++i) {
    out.add_flips(p.flips[i]);
    out.add_c(p.c[i]);
    out.add_r(p.r[i]);
    out.add_plus(p.plus[i]);
    out.add_minus(p.minus[i]);
  }
  return out;
}

SpsaPerturbation FromProto(const v1::SpsaPerturbation& p) {
  SpsaPerturbation out;
  out.iteration = int(p.iteration());
  out.flips.assign(p.flips().begin(), p.flips().end());
  out.c.assign(p.c().begin(), p.c().end());
  out.r.assign(p.r().begin(), p.r().end());
  out.plus.assign(p.plus().begin(), p.plus().end());
  out.minus.assign(p.minus().begin(), p.minus().end());
  return out;
}

absl::Status Invalid(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("spsa spec: ", what));
}

}  // namespace

// Checks the tuned parameters against the engine's parameters of the variant.
absl::Status SpsaJob::Complete(v1::JobSpec& spec, const JobLimits& limits) {
  if (!spec.has_match())
    return absl::InvalidArgumentError("job spec: SPSA tunes a match; give the match");
  absl::StatusOr<std::vector<SpsaParam>> params = SpsaTuner::ParseSpec(spec.spsa().params());
  if (!params.ok()) return absl::InvalidArgumentError(params.status().message());
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(spec.match().variant());
  if (!session.ok())
    return absl::InvalidArgumentError(absl::StrCat("match spec: ", session.status().message()));
  for (const SpsaParam& p : *params) {
    if (!(*session)->params().Has(p.name))
      return Invalid(absl::StrCat(spec.match().variant(), " has no parameter ", p.name));
    for (const ParamSet::Entry& e : (*session)->params().All())
      if (p.name == e.spec->name && (p.min < e.spec->min || p.max > e.spec->max))
        return Invalid(absl::StrCat(p.name, " range [", p.min, ", ", p.max,
                                    "] exceeds the engine's [", e.spec->min, ", ", e.spec->max,
                                    "]"));
  }
  if (spec.match().has_sprt() && spec.match().sprt().elo0() != spec.match().sprt().elo1())
    return Invalid("a tuning run plays its whole budget; drop the SPRT");
  return MatchJob::Complete(spec, limits);
}

SpsaJob::SpsaJob(StoredJob s) : MatchJob(std::move(s)) {
  const v1::SpsaSpec& spsa = stored.spec.spsa();
  SpsaConfig config;
  config.iterations = int(pairs());
  if (spsa.alpha() > 0) config.alpha = spsa.alpha();
  if (spsa.gamma() > 0) config.gamma = spsa.gamma();
  if (spsa.a_ratio() > 0) config.a_ratio = spsa.a_ratio();
  // Complete parsed the same text: it cannot fail here.
  tuner_ = std::make_unique<SpsaTuner>(SpsaTuner::ParseSpec(spsa.params()).value(), config);
}

absl::Status SpsaJob::Restore(GameStore* store) {
  if (!store) return absl::OkStatus();
  restoring_ = true;
  const absl::Status counted = MatchJob::Restore(store);
  restoring_ = false;
  if (!counted.ok()) return counted;
  // Replay the applied results in their order, then apply completed pairs whose result was
  // not recorded as applied before a crash. Each pair counts exactly once.
  absl::StatusOr<std::vector<StoredSpsaPair>> pairs = store->LoadSpsaPairs(id());
  if (!pairs.ok()) return pairs.status();
  std::vector<const StoredSpsaPair*> applied;
  for (const StoredSpsaPair& p : *pairs) {
    issued_[p.pair] = FromProto(p.perturbation);
    if (p.applied_seq >= 0) applied.push_back(&p);
  }
  std::sort(applied.begin(), applied.end(), [](const StoredSpsaPair* a, const StoredSpsaPair* b) {
    return a->applied_seq < b->applied_seq;
  });
  for (const StoredSpsaPair* p : applied) Apply(p->pair, false);
  for (const StoredSpsaPair& p : *pairs) {
    const auto& pts = points(p.pair);
    if (p.applied_seq < 0 && pts[0] >= 0 && pts[1] >= 0) Apply(p.pair, true);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::pair<std::string, std::string>> SpsaJob::PairParams(uint32_t pair) const {
  auto it = issued_.find(pair);
  if (it == issued_.end())
    return absl::FailedPreconditionError(absl::StrCat("pair ", pair, " has not been issued"));
  const std::string& base = stored.spec.match().params_a();
  return std::pair{base + tuner_->ParamsText(it->second.plus),
                   base + tuner_->ParamsText(it->second.minus)};
}

void SpsaJob::AddPairToShard(uint32_t pair, v1::Shard& shard) {
  if (!issued_.contains(pair)) {  // issued once: a re-leased pair keeps its flips
    issued_[pair] = tuner_->Perturb(int(pair) + 1, stored.spec.match().seed());
    unsaved_pairs_.push_back({pair, ToProto(issued_[pair]), -1});
  }
  auto [a, b] = PairParams(pair).value();
  shard.add_pair_params_a(std::move(a));
  shard.add_pair_params_b(std::move(b));
}

void SpsaJob::PairCompleted(uint32_t pair) {
  MatchJob::PairCompleted(pair);
  if (!restoring_) Apply(pair, true);
}

void SpsaJob::Apply(uint32_t pair, bool mark) {
  auto it = issued_.find(pair);
  if (it == issued_.end()) return;  // cannot happen: games of a pair match its issued params
  const auto& pts = points(pair);
  // Result of the plus side (player A) over the pair: wins - losses, -2..2.
  tuner_->Apply(it->second, double(pts[0] + pts[1] - 2));
  ++applied_seq_;
  if (mark) unsaved_marks_.emplace_back(pair, applied_seq_);
  const int64_t every = std::max<int64_t>(1, pairs() / 100);
  if (applied_seq_ % every == 0 || applied_seq_ == int64_t(pairs())) {
    v1::SpsaSnapshot snapshot;
    snapshot.set_pairs_applied(uint32_t(applied_seq_));
    for (double t : tuner_->theta()) snapshot.add_theta(t);
    history_.push_back(std::move(snapshot));
  }
}

StoreWrites SpsaJob::TakeWrites() {
  StoreWrites writes = MatchJob::TakeWrites();
  // Perturbations reach the store before any worker plays them.
  if (!unsaved_pairs_.empty())
    writes.push_back([job = id(), pairs = std::exchange(unsaved_pairs_, {})](GameStore& store) {
      return store.SaveSpsaPairs(job, pairs);
    });
  if (!unsaved_marks_.empty())
    writes.push_back([job = id(), marks = std::exchange(unsaved_marks_, {})](GameStore& store) {
      return store.MarkSpsaApplied(job, marks);
    });
  return writes;
}

void SpsaJob::Describe(v1::JobInfo& info) const {
  MatchJob::Describe(info);
  v1::SpsaStatus* spsa = info.mutable_spsa();
  for (const SpsaParam& p : tuner_->params()) spsa->add_names(p.name);
  for (double t : tuner_->theta()) spsa->add_theta(t);
  spsa->set_pairs_applied(uint32_t(applied_seq_));
  for (const v1::SpsaSnapshot& h : history_) *spsa->add_history() = h;
}

}  // namespace tumen::coordinator
