#include "coordinator/jobs/analysis_job.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "coordinator/jobs/analysis_checks.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxPositions = 100'000;

}  // namespace

absl::Status AnalysisJob::Complete(v1::JobSpec& spec, const JobLimits&) {
  v1::AnalysisSpec& a = *spec.mutable_analysis();
  absl::StatusOr<std::unique_ptr<GameSession>> session = SessionFor(a.variant(), a.rules());
  if (!session.ok()) return session.status();
  if (absl::Status s = CheckTimeControl(a.tc()); !s.ok()) return s;
  if (a.positions_size() < 1 || uint32_t(a.positions_size()) > kMaxPositions)
    return InvalidAnalysis(absl::StrCat("give 1 to ", kMaxPositions, " positions"));
  if (a.params().size() > 64 * 1024) return InvalidAnalysis("params larger than 64 KiB");
  if (absl::Status s = (*session)->params().ParseText(a.params()); !s.ok())
    return InvalidAnalysis(absl::StrCat("params: ", s.message()));
  for (int i = 0; i < a.positions_size(); ++i)
    if (absl::Status s = CheckPosition(**session, a.positions(i), nullptr); !s.ok())
      return InvalidAnalysis(absl::StrCat("position ", i + 1, ": ", s.message()));
  if (a.positions_per_shard() == 0) a.set_positions_per_shard(8);
  a.set_positions_per_shard(std::min<uint32_t>(a.positions_per_shard(), 256));
  if (a.hash_mb() == 0) a.set_hash_mb(16);
  if (a.hash_mb() > 4096) return InvalidAnalysis("hash_mb above 4096");
  return absl::OkStatus();
}

AnalysisJob::AnalysisJob(StoredJob s) : Job(std::move(s)) {
  const uint32_t per_shard = std::max<uint32_t>(1, spec().positions_per_shard());
  shard_count_ = (uint32_t(spec().positions_size()) + per_shard - 1) / per_shard;
  analysed_.assign(size_t(spec().positions_size()), false);
}

absl::Status AnalysisJob::Restore(GameStore* store) {
  if (!store) return absl::OkStatus();
  return store->ForEachAnalysis(id(),
                                [&](const v1::AnalysisResult& r) { RecordAnalysis(r.task_id()); });
}

void AnalysisJob::Lease(const LeaseRequester& worker, size_t max_leases,
                        std::vector<v1::Lease>& out) {
  const v1::AnalysisSpec& a = spec();
  const uint32_t per_shard = a.positions_per_shard();
  for (uint32_t s = 0; s < shard_count_ && out.size() < max_leases; ++s) {
    if (Leased(s, worker.now_unix_ms)) continue;
    v1::Shard shard;
    *shard.mutable_analysis() = a;
    shard.mutable_analysis()->clear_positions();
    const uint32_t end = std::min<uint32_t>(uint32_t(a.positions_size()), (s + 1) * per_shard);
    for (uint32_t i = s * per_shard; i < end; ++i) {
      if (analysed_[i]) continue;
      v1::AnalysisTask* task = shard.add_tasks();
      task->set_id(i);
      *task->mutable_position() = a.positions(int(i));
    }
    if (shard.tasks_size() > 0) Issue(worker, s, std::move(shard), out);
  }
}

absl::Status AnalysisJob::AnalysisRules(std::string& variant, std::string& rules) const {
  variant = spec().variant();
  rules = spec().rules();
  return absl::OkStatus();
}

absl::StatusOr<v1::AnalysisPosition> AnalysisJob::TaskPosition(uint64_t task_id) const {
  if (task_id >= uint64_t(spec().positions_size())) return Job::TaskPosition(task_id);
  return spec().positions(int(task_id));
}

void AnalysisJob::RecordAnalysis(uint64_t task_id) {
  if (task_id < analysed_.size() && !analysed_[task_id]) {
    analysed_[task_id] = true;
    ++analysed_count_;
  }
}

v1::JobState AnalysisJob::Verdict() const {
  return analysed_count_ >= analysed_.size() ? v1::JOB_STATE_FINISHED : v1::JOB_STATE_RUNNING;
}

void AnalysisJob::Describe(v1::JobInfo& info) const {
  info.set_games_stored(analysed_count_);
  info.set_games_total(analysed_.size());
}

}  // namespace tumen::coordinator
