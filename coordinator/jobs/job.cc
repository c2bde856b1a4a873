#include "coordinator/jobs/job.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace tumen::coordinator {

Job::Job(StoredJob s) : stored(std::move(s)), slim_spec(stored.spec) {
  if (slim_spec.has_match()) slim_spec.mutable_match()->clear_openings();
  if (slim_spec.has_balance())
    for (v1::MatchSpec& arm : *slim_spec.mutable_balance()->mutable_arms()) arm.clear_openings();
  if (slim_spec.has_analysis()) slim_spec.mutable_analysis()->clear_positions();
}

bool Job::CanBeTakenBy(const LeaseRequester& worker) const {
  for (const std::string& commit : Builds())
    if (!worker.builds || worker.build_problems.contains(commit)) return false;
  for (const std::string& engine : Engines())
    if (std::find(worker.engines.begin(), worker.engines.end(), engine) == worker.engines.end())
      return false;
  return true;
}

absl::Status Job::CheckGame(const v1::Game&) const {
  return absl::InvalidArgumentError(absl::StrCat("job ", id(), " takes no games"));
}

absl::Status Job::AnalysisRules(std::string&, std::string&) const {
  return absl::InvalidArgumentError(absl::StrCat("job ", id(), " takes games, not analyses"));
}

absl::StatusOr<v1::AnalysisPosition> Job::TaskPosition(uint64_t task_id) const {
  return absl::InvalidArgumentError(absl::StrCat("task ", task_id, " is not part of job ", id()));
}

absl::StatusOr<v1::BookTree> Job::Book() const {
  return absl::FailedPreconditionError(absl::StrCat("job ", id(), " is not a book job"));
}

StoreWrites Job::TakeWrites() { return std::exchange(writes_, {}); }

void Job::Issue(const LeaseRequester& worker, uint32_t shard_id, v1::Shard shard,
                std::vector<v1::Lease>& out) {
  const int64_t deadline = worker.now_unix_ms + worker.lease_ms;
  leases[shard_id] = {worker.worker_id, deadline};
  shard.set_job_id(id());
  shard.set_shard_id(shard_id);
  v1::Lease lease;
  *lease.mutable_shard() = std::move(shard);
  lease.set_deadline_unix_ms(deadline);
  out.push_back(std::move(lease));
}

bool Job::Leased(uint32_t shard_id, int64_t now_unix_ms) const {
  auto it = leases.find(shard_id);
  return it != leases.end() && it->second.deadline_unix_ms > now_unix_ms;
}

}  // namespace tumen::coordinator
