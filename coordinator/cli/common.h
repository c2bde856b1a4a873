// Helpers shared by the `tumen` command line's commands (coordinator/cli/*.cc).
#ifndef TUMEN_COORDINATOR_CLI_COMMON_H_
#define TUMEN_COORDINATOR_CLI_COMMON_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tumen/v1/coordinator.pb.h"
#include "worker/coordinator_client.h"

namespace tumen::cli {

// Prints "tumen: message" to standard error; returns the exit code 1.
int Fail(const std::string& message);
inline int Fail(const absl::Status& status) { return Fail(std::string(status.message())); }

absl::StatusOr<std::string> ReadFile(const std::string& path);
// Writes `content` to `path`; "-" or empty writes to standard output.
absl::Status WriteFile(const std::string& path, absl::string_view content);

// "nodes=N", "depth=N", "movetime=MS" or "BASE+INC" (seconds).
absl::Status ParseTimeControl(const std::string& text, v1::TimeControl& tc);
// "k=v,k=v": calls set for each pair; false from set rejects the item.
absl::Status ParseKeyValues(const std::string& text,
                            const std::function<bool(absl::string_view, absl::string_view)>& set);

// A position of an EPD or FEN file: the FEN (EPD's four fields, or a FEN's six) and the
// EPD `id` operation when there is one.
struct FilePosition {
  std::string fen;
  std::string id;
};
// One position per line; blank lines and lines starting with '#' are skipped.
absl::StatusOr<std::vector<FilePosition>> ReadPositions(const std::string& path);

// Waits for a job to leave the running state, printing a progress line to standard error
// every few seconds; returns its final description.
absl::StatusOr<v1::JobInfo> WaitForJob(worker::CoordinatorClient& client, uint64_t job_id);

}  // namespace tumen::cli

#endif  // TUMEN_COORDINATOR_CLI_COMMON_H_
