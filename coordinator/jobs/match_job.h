// A match between players A and B (engines, engine builds, or parameter sets), stopped by its
// SPRT when it has one, and its Elo and LLR as its pairs completed (the dashboard's charts).
#ifndef TUMEN_COORDINATOR_JOBS_MATCH_JOB_H_
#define TUMEN_COORDINATOR_JOBS_MATCH_JOB_H_

#include <optional>
#include <vector>

#include "coordinator/jobs/games_job.h"
#include "coordinator/jobs/match_spec.h"

namespace tumen::coordinator {

class MatchJob : public GamesJob {
 public:
  // At most this many progress points, spread over the match (in memory: after a restart
  // rebuilt in pair order).
  static constexpr size_t kMaxProgressPoints = 400;

  static bool Matches(const v1::JobSpec& spec) { return spec.has_match() && !spec.has_spsa(); }
  static absl::Status Complete(v1::JobSpec& spec, const JobLimits& limits);
  explicit MatchJob(StoredJob stored) : GamesJob(std::move(stored)) {}

  v1::JobState Verdict() const override;
  void Describe(v1::JobInfo& info) const override;
  std::vector<ProgressPoint> Progress() const override { return progress_; }

 protected:
  void PairCompleted(uint32_t pair) override;

 private:
  // The match's SPRT, when it has one (distinct bounds).
  std::optional<SprtResult> Sprt() const;

  // The match after every progress_stride_-th completed pair (the stride doubles when the
  // points fill up, and every other point goes).
  std::vector<ProgressPoint> progress_;
  uint32_t progress_stride_ = 1, pairs_completed_ = 0;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_MATCH_JOB_H_
