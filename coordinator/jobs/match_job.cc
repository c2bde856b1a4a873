#include "coordinator/jobs/match_job.h"

namespace tumen::coordinator {

absl::Status MatchJob::Complete(v1::JobSpec& spec, const JobLimits& limits) {
  return CompleteMatchSpec(*spec.mutable_match(), limits);
}

std::optional<SprtResult> MatchJob::Sprt() const {
  const v1::MatchSpec& m = stored.spec.match();
  if (!m.has_sprt() || m.sprt().elo0() == m.sprt().elo1()) return std::nullopt;
  return PentanomialSprt(pentanomial(),
                         {m.sprt().elo0(), m.sprt().elo1(), m.sprt().alpha(), m.sprt().beta()});
}

void MatchJob::PairCompleted(uint32_t) {
  if (++pairs_completed_ % progress_stride_ != 0) return;
  const EloEstimate elo = EloFromPentanomial(pentanomial());
  const std::optional<SprtResult> sprt = Sprt();
  progress_.push_back(
      {games_stored(), elo.elo, elo.elo_lower, elo.elo_upper, sprt ? sprt->llr : 0});
  if (progress_.size() < kMaxProgressPoints) return;
  // Full: keep every other point and record half as often from now on.
  for (size_t i = 0; 2 * i + 1 < progress_.size(); ++i) progress_[i] = progress_[2 * i + 1];
  progress_.resize(progress_.size() / 2);
  progress_stride_ *= 2;
}

v1::JobState MatchJob::Verdict() const {
  if (const std::optional<SprtResult> sprt = Sprt();
      sprt && sprt->decision != SprtDecision::kContinue)
    return v1::JOB_STATE_FINISHED;
  return GamesJob::Verdict();
}

void MatchJob::Describe(v1::JobInfo& info) const {
  GamesJob::Describe(info);
  const std::optional<SprtResult> sprt = Sprt();
  if (!sprt) return;
  v1::MatchStatus* st = info.mutable_match();
  st->set_llr(sprt->llr);
  st->set_llr_lower(sprt->lower_bound);
  st->set_llr_upper(sprt->upper_bound);
  st->set_sprt_decision(sprt->decision == SprtDecision::kAcceptH1   ? "H1"
                        : sprt->decision == SprtDecision::kAcceptH0 ? "H0"
                                                                    : "");
}

}  // namespace tumen::coordinator
