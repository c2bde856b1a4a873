// Why a job's open work goes to no worker. The scheduler leases a match's shards only to
// workers that run every external engine the match names (Scheduler::LeaseShards), so a job
// whose engines no live worker offers would wait for ever behind an empty progress bar
// (issue 20). The scheduler asks this when a running job has unleased work; `tumen status`
// shows the answer and the coordinator logs it.
//
// A worker may lack engines, or the ability to build a job's engine builds (--source), or
// have refused those builds; every worker plays every variant and rule set. A new lease
// filter adds its reason here.
#ifndef TUMEN_COORDINATOR_SERVER_JOB_WAITING_H_
#define TUMEN_COORDINATOR_SERVER_JOB_WAITING_H_

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
  bool builds = false;  // it builds engine builds (--source)
  // It may play the job's builds: it builds and has reported no problem with them (true
  // for a job without builds).
  bool can_build = true;
};

// `engines`: the external engines the job's games need (empty: only our own engine).
// `live`: one offer per live worker. `needs_builds`: its players include engine builds.
// Returns why no live worker can take the job's work, or nothing when one can.
std::optional<v1::JobWaiting> WhyNoWorkerCanTake(const std::vector<std::string>& engines,
                                                 const std::vector<WorkerOffer>& live,
                                                 bool needs_builds = false);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_SERVER_JOB_WAITING_H_
