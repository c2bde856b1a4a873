// A match's spec (of a match, an SPSA run or a balance arm), checked and completed: the
// limits on every field, engine builds as players, the clock's scaling, and one distinct
// opening per game pair.
#ifndef TUMEN_COORDINATOR_JOBS_MATCH_SPEC_H_
#define TUMEN_COORDINATOR_JOBS_MATCH_SPEC_H_

#include <cstdint>

#include "absl/status/status.h"
#include "tumen/v1/jobs.pb.h"

namespace tumen::coordinator {

// What the coordinator allows and fills in (its flags).
struct JobLimits {
  uint32_t max_games_per_job = 200'000;
  uint32_t default_pairs_per_shard = 2;
  double reference_nps = 1'000'000;  // scale_tc matches without their own reference
};

// Validates a match spec and fills in defaults and the openings (one per pair).
absl::Status CompleteMatchSpec(v1::MatchSpec& m, const JobLimits& limits);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_MATCH_SPEC_H_
