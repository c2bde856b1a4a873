// A child process spoken to line by line over its stdin and stdout: an external UCI engine
// playing farm games, or our own binaries in tests. Its stderr is inherited.
//
// Threads: one thread owns a Subprocess and makes every call; it is not thread-safe.
#ifndef TUMEN_ENGINE_SELFPLAY_SUBPROCESS_H_
#define TUMEN_ENGINE_SELFPLAY_SUBPROCESS_H_

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"

namespace tumen::selfplay {

class Subprocess {
 public:
  // Starts `path` (no PATH search) with `args` (argv[1..]). Fails if the program cannot be
  // executed.
  static absl::StatusOr<std::unique_ptr<Subprocess>> Start(const std::string& path,
                                                           const std::vector<std::string>& args);

  // Closes the child's stdin, gives it a short grace period to exit, then sends SIGKILL;
  // always reaps it.
  ~Subprocess();

  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes `line` plus '\n' to the child's stdin. A child that has gone away is an error,
  // never a SIGPIPE.
  absl::Status WriteLine(absl::string_view line);

  // Returns the next line of the child's stdout without its '\n' (and without a trailing
  // '\r'). Fails with DeadlineExceeded when no full line arrives within `timeout`, and with
  // Unavailable when the child closed its stdout first.
  absl::StatusOr<std::string> ReadLine(absl::Duration timeout);

  // Closes the child's stdin, so a well-behaved child sees end of input.
  void CloseStdin();

  // Waits up to `timeout` for the child to exit; returns its wait status (see waitpid).
  absl::StatusOr<int> Wait(absl::Duration timeout);

  pid_t pid() const { return pid_; }

 private:
  Subprocess(pid_t pid, int stdin_fd, int stdout_fd)
      : pid_(pid), stdin_fd_(stdin_fd), stdout_fd_(stdout_fd) {}

  pid_t pid_;
  int stdin_fd_;   // write end of the child's stdin; -1 once closed
  int stdout_fd_;  // read end of the child's stdout
  bool reaped_ = false;
  int wait_status_ = 0;
  std::string buffer_;  // bytes read but not yet returned as a line
};

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_SUBPROCESS_H_
