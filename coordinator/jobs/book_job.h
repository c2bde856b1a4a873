// A book job grows a drop-out expansion book (engine/book/dropout.h): each lease cuts a new
// shard from the cheapest drop-out edges, lost leases hand their requests back, and every
// applied result is stored in the same transaction as the book's new state, so a restart
// loses nothing.
#ifndef TUMEN_COORDINATOR_JOBS_BOOK_JOB_H_
#define TUMEN_COORDINATOR_JOBS_BOOK_JOB_H_

#include <map>
#include <memory>
#include <vector>

#include "coordinator/jobs/job.h"
#include "coordinator/jobs/match_spec.h"
#include "engine/book/dropout.h"

namespace tumen::coordinator {

class BookJob : public Job {
 public:
  static bool Matches(const v1::JobSpec& spec) { return spec.has_book(); }
  static absl::Status Complete(v1::JobSpec& spec, const JobLimits& limits);
  explicit BookJob(StoredJob stored) : Job(std::move(stored)) {}

  // A new job (`store` null) starts from its root; a stored one from its saved tree.
  absl::Status Restore(GameStore* store) override;
  bool HasOpenWork(int64_t) const override { return true; }
  void Lease(const LeaseRequester& worker, size_t max_leases, std::vector<v1::Lease>& out) override;
  bool ShardIsLive(uint32_t shard_id) const override { return shard_tasks_.contains(shard_id); }
  void ClearLeases() override;
  void ReleaseShard(uint32_t shard_id) override;
  absl::Status AnalysisRules(std::string& variant, std::string& rules) const override;
  absl::StatusOr<v1::AnalysisPosition> TaskPosition(uint64_t task_id) const override;
  absl::Status ApplyAnalysis(const v1::AnalysisResult& result) override;
  std::optional<std::string> SavedState() const override { return tree_->Serialize(); }
  absl::StatusOr<v1::BookTree> Book() const override;
  v1::JobState Verdict() const override;
  void Describe(v1::JobInfo& info) const override;

 private:
  const v1::BookSpec& spec() const { return stored.spec.book(); }
  std::unique_ptr<book::DropoutBook> tree_;
  uint32_t shards_cut_ = 0;                                // shard ids are never reused
  std::map<uint32_t, std::vector<uint64_t>> shard_tasks_;  // the requests each leased shard carries
  std::map<uint64_t, v1::AnalysisPosition> open_tasks_;    // issued, result not yet applied
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_BOOK_JOB_H_
