// A balance study: self-play of one engine in several arms (rule set x node budget), counted
// per arm from the first player's side (coordinator/stats/balance_stats.h reads its games).
#ifndef TUMEN_COORDINATOR_JOBS_BALANCE_JOB_H_
#define TUMEN_COORDINATOR_JOBS_BALANCE_JOB_H_

#include "coordinator/jobs/games_job.h"
#include "coordinator/jobs/match_spec.h"

namespace tumen::coordinator {

class BalanceJob : public GamesJob {
 public:
  static bool Matches(const v1::JobSpec& spec) { return spec.has_balance(); }
  static absl::Status Complete(v1::JobSpec& spec, const JobLimits& limits);
  explicit BalanceJob(StoredJob stored) : GamesJob(std::move(stored)) {}

  void Describe(v1::JobInfo& info) const override;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_BALANCE_JOB_H_
