// Runs a program to its end, its standard output and error merged and handed over line by
// line: the build steps of worker/build_cache.h (git, tar, cmake, the engine's bench).
// The program is found on PATH; its arguments are never seen by a shell.
#ifndef TUMEN_WORKER_RUN_COMMAND_H_
#define TUMEN_WORKER_RUN_COMMAND_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"

namespace tumen::worker {

struct CommandResult {
  int exit_code = 0;                    // 128 + the signal for a program killed by one
  std::vector<std::string> last_lines;  // the last few lines of its output
};

// `argv[0]` is the program. Fails only when the program cannot be started or does not end
// within `timeout` (it is then killed); a non-zero exit is a result, not an error.
absl::StatusOr<CommandResult> RunCommand(
    const std::vector<std::string>& argv, absl::Duration timeout,
    const std::function<void(const std::string&)>& on_line = {});

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_RUN_COMMAND_H_
