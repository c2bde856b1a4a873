// An analysis job: a fixed list of positions, cut into shards up front, one search result
// each (stored as AnalysisResult rows).
#ifndef TUMEN_COORDINATOR_JOBS_ANALYSIS_JOB_H_
#define TUMEN_COORDINATOR_JOBS_ANALYSIS_JOB_H_

#include <vector>

#include "coordinator/jobs/job.h"
#include "coordinator/jobs/match_spec.h"

namespace tumen::coordinator {

class AnalysisJob : public Job {
 public:
  static bool Matches(const v1::JobSpec& spec) { return spec.has_analysis(); }
  static absl::Status Complete(v1::JobSpec& spec, const JobLimits& limits);
  explicit AnalysisJob(StoredJob stored);

  absl::Status Restore(GameStore* store) override;
  // Positions are cut as workers ask, so any live worker can take open work.
  bool HasOpenWork(int64_t) const override { return true; }
  void Lease(const LeaseRequester& worker, size_t max_leases, std::vector<v1::Lease>& out) override;
  bool ShardIsLive(uint32_t shard_id) const override { return shard_id < shard_count_; }
  absl::Status AnalysisRules(std::string& variant, std::string& rules) const override;
  absl::StatusOr<v1::AnalysisPosition> TaskPosition(uint64_t task_id) const override;
  void RecordAnalysis(uint64_t task_id) override;
  v1::JobState Verdict() const override;
  void Describe(v1::JobInfo& info) const override;

 private:
  const v1::AnalysisSpec& spec() const { return stored.spec.analysis(); }
  uint32_t shard_count_ = 0;
  std::vector<bool> analysed_;  // which positions have a stored result
  uint64_t analysed_count_ = 0;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_ANALYSIS_JOB_H_
