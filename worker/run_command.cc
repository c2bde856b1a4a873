#include "worker/run_command.h"

#include <sys/wait.h>

#include <deque>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/selfplay/subprocess.h"

namespace tumen::worker {

absl::StatusOr<CommandResult> RunCommand(const std::vector<std::string>& argv,
                                         absl::Duration timeout,
                                         const std::function<void(const std::string&)>& on_line) {
  if (argv.empty()) return absl::InvalidArgumentError("no program to run");
  // The shell only merges stderr into stdout and execs the program: the arguments travel as
  // its positional parameters, never as shell text.
  std::vector<std::string> args = {"-c", "exec \"$0\" \"$@\" 2>&1"};
  args.insert(args.end(), argv.begin(), argv.end());
  absl::StatusOr<std::unique_ptr<selfplay::Subprocess>> process =
      selfplay::Subprocess::Start("/bin/sh", args);
  if (!process.ok()) return process.status();
  (*process)->CloseStdin();
  const absl::Time deadline = absl::Now() + timeout;
  std::deque<std::string> last;
  while (true) {
    absl::StatusOr<std::string> line =
        (*process)->ReadLine(std::max(absl::ZeroDuration(), deadline - absl::Now()));
    if (line.ok()) {
      if (on_line) on_line(*line);
      last.push_back(*std::move(line));
      if (last.size() > 8) last.pop_front();
      continue;
    }
    if (line.status().code() == absl::StatusCode::kUnavailable) break;  // end of output
    return absl::DeadlineExceededError(absl::StrCat(
        "'", absl::StrJoin(argv, " "), "' did not finish within ", absl::FormatDuration(timeout)));
  }
  absl::StatusOr<int> status = (*process)->Wait(absl::Seconds(30));
  if (!status.ok()) return status.status();
  CommandResult result;
  result.exit_code = WIFEXITED(*status)     ? WEXITSTATUS(*status)
                     : WIFSIGNALED(*status) ? 128 + WTERMSIG(*status)
                                            : 1;
  result.last_lines.assign(last.begin(), last.end());
  // The shell's own "not found" (127) means the program is missing, not that it failed.
  if (result.exit_code == 127)
    return absl::FailedPreconditionError(
        absl::StrCat("cannot run '", argv[0], "': is it installed and on PATH?"));
  return result;
}

}  // namespace tumen::worker
