// SPSA tuning: a match of theta + c_k*delta (player A) against theta - c_k*delta (player B),
// one perturbation per game pair, each completed pair's result moving theta
// (coordinator/stats/spsa.h). Every perturbation is stored before a worker plays it, and
// every applied result with its order, so a restart replays theta exactly.
#ifndef TUMEN_COORDINATOR_JOBS_SPSA_JOB_H_
#define TUMEN_COORDINATOR_JOBS_SPSA_JOB_H_

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "coordinator/jobs/match_job.h"
#include "coordinator/stats/spsa.h"

namespace tumen::coordinator {

class SpsaJob : public MatchJob {
 public:
  static bool Matches(const v1::JobSpec& spec) { return spec.has_spsa(); }
  static absl::Status Complete(v1::JobSpec& spec, const JobLimits& limits);
  // The spec must have passed Complete.
  explicit SpsaJob(StoredJob stored);

  absl::Status Restore(GameStore* store) override;
  void Describe(v1::JobInfo& info) const override;
  StoreWrites TakeWrites() override;

 protected:
  absl::StatusOr<std::pair<std::string, std::string>> PairParams(uint32_t pair) const override;
  void AddPairToShard(uint32_t pair, v1::Shard& shard) override;
  void PairCompleted(uint32_t pair) override;

 private:
  // Applies a completed pair's result to theta; `mark`: record (pair, seq) for the store.
  void Apply(uint32_t pair, bool mark);

  std::unique_ptr<SpsaTuner> tuner_;
  std::map<uint32_t, SpsaPerturbation> issued_;  // the perturbation of each issued pair
  int64_t applied_seq_ = 0;
  std::vector<v1::SpsaSnapshot> history_;
  bool restoring_ = false;  // Restore counts stored games; it applies them in stored order
  // Not yet in the store: perturbations issued, and results applied as (pair, seq).
  std::vector<StoredSpsaPair> unsaved_pairs_;
  std::vector<std::pair<uint32_t, int64_t>> unsaved_marks_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_SPSA_JOB_H_
