// The registry of job kinds: which kind a spec is, how a new spec of it is checked and
// completed, and how its job is made. A new kind is a Job subclass in its own file and one
// line in job_kinds.cc.
#ifndef TUMEN_COORDINATOR_JOBS_JOB_KINDS_H_
#define TUMEN_COORDINATOR_JOBS_JOB_KINDS_H_

#include <memory>

#include "absl/status/statusor.h"
#include "coordinator/jobs/job.h"
#include "coordinator/jobs/match_spec.h"

namespace tumen::coordinator {

// Validates a new job's spec and fills in its defaults.
absl::Status CompleteJobSpec(v1::JobSpec& spec, const JobLimits& limits);

// The job of a stored (completed) spec, before Restore.
absl::StatusOr<std::unique_ptr<Job>> MakeJob(StoredJob stored);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_JOB_KINDS_H_
