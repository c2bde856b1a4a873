#include "coordinator/jobs/job_kinds.h"

#include "absl/strings/str_cat.h"
#include "coordinator/jobs/analysis_job.h"
#include "coordinator/jobs/balance_job.h"
#include "coordinator/jobs/book_job.h"
#include "coordinator/jobs/match_job.h"
#include "coordinator/jobs/spsa_job.h"

namespace tumen::coordinator {
namespace {

struct JobKind {
  bool (*matches)(const v1::JobSpec&);
  absl::Status (*complete)(v1::JobSpec&, const JobLimits&);
  std::unique_ptr<Job> (*make)(StoredJob);
};

template <class Kind>
constexpr JobKind Register() {
  return {&Kind::Matches, &Kind::Complete, [](StoredJob stored) -> std::unique_ptr<Job> {
            return std::make_unique<Kind>(std::move(stored));
          }};
}

// The first kind whose Matches accepts a spec is its kind (SPSA before match: an SPSA spec
// holds the match it tunes).
constexpr JobKind kKinds[] = {
    Register<SpsaJob>(),     Register<MatchJob>(), Register<BalanceJob>(),
    Register<AnalysisJob>(), Register<BookJob>(),
};

const JobKind* KindOf(const v1::JobSpec& spec) {
  for (const JobKind& kind : kKinds)
    if (kind.matches(spec)) return &kind;
  return nullptr;
}

}  // namespace

absl::Status CompleteJobSpec(v1::JobSpec& spec, const JobLimits& limits) {
  const JobKind* kind = KindOf(spec);
  if (!kind)
    return absl::InvalidArgumentError("job spec: give a match, balance, analysis or book job");
  return kind->complete(spec, limits);
}

absl::StatusOr<std::unique_ptr<Job>> MakeJob(StoredJob stored) {
  const JobKind* kind = KindOf(stored.spec);
  if (!kind)
    return absl::DataLossError(absl::StrCat("stored job ", stored.id, " is of no known kind"));
  return kind->make(std::move(stored));
}

}  // namespace tumen::coordinator
