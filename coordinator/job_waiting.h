// Why a job's open work goes to no worker. The scheduler leases a match's shards only to
// workers that run every external engine the match names (Scheduler::LeaseShards), so a job
// whose engines no live worker offers would wait for ever behind an empty progress bar
// (issue 20). The scheduler asks this when a running job has unleased work; `tumen status`
// shows the answer and the coordinator logs it.
//
// Engines are the only thing a worker may lack today: every worker plays every variant and
// rule set with the engine it was built with. A new lease filter (a build, a rule set) adds
// its reason here.
#ifndef TUMEN_COORDINATOR_JOB_WAITING_H_
#define TUMEN_COORDINATOR_JOB_WAITING_H_

#include <optional>
#include <string>
#include <vector>

#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

// What a live worker offers.
struct WorkerOffer {
  // False until the worker's first lease request since the coordinator started (a restarted
  // coordinator learns a worker's engines from its next request): such a worker may take the
  // job, so it never makes a job wait.
  bool engines_known = false;
  std::vector<std::string> engines;
};

// `engines`: the external engines the job's games need (empty: only our own engine).
// `live`: one offer per live worker. Returns why no live worker can take the job's work, or
// nothing when one can.
std::optional<v1::JobWaiting> WhyNoWorkerCanTake(const std::vector<std::string>& engines,
                                                 const std::vector<WorkerOffer>& live);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOB_WAITING_H_
