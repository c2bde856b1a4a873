// What a worker says about calls to the coordinator that keep failing. Cut off from it, a
// worker retries every call for as long as it takes: one line per failed call (a heartbeat a
// second, leases, uploads) would bury the log. A FailureLog per kind of call says the first
// failure, then at most one summary per interval while they go on, and once the call works
// again, how long it failed.
//
// Thread-safe.
#ifndef TUMEN_WORKER_FAILURE_LOG_H_
#define TUMEN_WORKER_FAILURE_LOG_H_

#include <functional>
#include <string>

#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace tumen::worker {

class FailureLog {
 public:
  // `what` names the call ("heartbeat"); lines go to `log`; `now` is the clock (tests move it).
  FailureLog(
      std::string what, std::function<void(const std::string&)> log,
      absl::Duration interval = absl::Seconds(30),
      std::function<absl::Time()> now = [] { return absl::Now(); });

  void Failed(const std::string& error);
  void Succeeded();

 private:
  const std::string what_;
  const std::function<void(const std::string&)> log_;
  const absl::Duration interval_;
  const std::function<absl::Time()> now_;
  absl::Mutex mutex_;
  int failures_ ABSL_GUARDED_BY(mutex_) = 0;    // since the last success
  int unreported_ ABSL_GUARDED_BY(mutex_) = 0;  // since the last line
  absl::Time first_failure_ ABSL_GUARDED_BY(mutex_);
  absl::Time last_line_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_FAILURE_LOG_H_
