#include "worker/failure_log.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tumen::worker {
namespace {

std::string Seconds(absl::Duration d) {
  return absl::StrFormat("%.0f s", absl::ToDoubleSeconds(d));
}

}  // namespace

FailureLog::FailureLog(std::string what, std::function<void(const std::string&)> log,
                       absl::Duration interval, std::function<absl::Time()> now)
    : what_(std::move(what)), log_(std::move(log)), interval_(interval), now_(std::move(now)) {}

void FailureLog::Failed(const std::string& error) {
  std::string line;
  {
    absl::MutexLock lock(&mutex_);
    const absl::Time now = now_();
    if (failures_++ == 0) {
      first_failure_ = last_line_ = now;
      line = absl::StrCat(what_, " failed (", error, "); retrying");
    } else if (++unreported_, now - last_line_ >= interval_) {
      line = absl::StrCat(what_, " still failing for ", Seconds(now - first_failure_), " (",
                          unreported_, " more failures; the last: ", error, ")");
      last_line_ = now;
      unreported_ = 0;
    }
  }
  if (!line.empty()) log_(line);
}

void FailureLog::Succeeded() {
  std::string line;
  {
    absl::MutexLock lock(&mutex_);
    if (failures_ == 0) return;
    if (failures_ > 1)
      line = absl::StrCat(what_, " works again after ", failures_, " failures in ",
                          Seconds(now_() - first_failure_));
    failures_ = unreported_ = 0;
  }
  if (!line.empty()) log_(line);
}

}  // namespace tumen::worker
