#include "engine/selfplay/subprocess.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"

extern char** environ;

namespace tumen::selfplay {
namespace {

constexpr absl::Duration kExitGracePeriod = absl::Seconds(1);

// A write to a child that has exited must come back as EPIPE, not kill the test binary.
void IgnoreSigpipeOnce() {
  static const bool ignored = [] {
    signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)ignored;
}

absl::Status ErrnoError(absl::string_view what, int err) {
  return absl::InternalError(absl::StrCat("subprocess: ", what, ": ", std::strerror(err)));
}

void CloseFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// Owns the posix_spawn attribute objects for the duration of one spawn.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
  }
};

}  // namespace

absl::StatusOr<std::unique_ptr<Subprocess>> Subprocess::Start(
    const std::string& path, const std::vector<std::string>& args) {
  IgnoreSigpipeOnce();
  if (access(path.c_str(), X_OK) != 0) {
    return absl::NotFoundError(
        absl::StrCat("subprocess: cannot execute ", path, ": ", std::strerror(errno)));
  }

  // Close-on-exec everywhere: the child keeps only the ends dup2'ed onto its fds 0 and 1,
  // and other children started meanwhile inherit none of them.
  int to_child[2];
  int from_child[2];
  if (pipe2(to_child, O_CLOEXEC) != 0) return ErrnoError("pipe", errno);
  if (pipe2(from_child, O_CLOEXEC) != 0) {
    const int err = errno;
    close(to_child[0]);
    close(to_child[1]);
    return ErrnoError("pipe", err);
  }

  SpawnSetup setup;
  posix_spawn_file_actions_adddup2(&setup.actions, to_child[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&setup.actions, from_child[1], STDOUT_FILENO);
  // An ignored SIGPIPE would survive exec: give the child the default disposition back, and
  // an empty signal mask.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&setup.attr, &defaults);
  sigset_t empty;
  sigemptyset(&empty);
  posix_spawnattr_setsigmask(&setup.attr, &empty);
  posix_spawnattr_setflags(&setup.attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  pid_t pid = -1;
  const int err =
      posix_spawn(&pid, path.c_str(), &setup.actions, &setup.attr, argv.data(), environ);
  close(to_child[0]);
  close(from_child[1]);
  if (err != 0) {
    close(to_child[1]);
    close(from_child[0]);
    return ErrnoError(absl::StrCat("spawn ", path), err);
  }
  return std::unique_ptr<Subprocess>(new Subprocess(pid, to_child[1], from_child[0]));
}

Subprocess::~Subprocess() {
  CloseStdin();
  const absl::StatusOr<int> exited = Wait(kExitGracePeriod);
  if (!exited.ok() && absl::IsDeadlineExceeded(exited.status())) {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  CloseFd(stdout_fd_);
}

absl::Status Subprocess::WriteLine(absl::string_view line) {
  if (stdin_fd_ < 0) return absl::FailedPreconditionError("subprocess: stdin is closed");
  const std::string data = absl::StrCat(line, "\n");
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = write(stdin_fd_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE) {
        return absl::UnavailableError(
            absl::StrCat("subprocess: child closed its stdin before '", line.substr(0, 80), "'"));
      }
      return ErrnoError("write", errno);
    }
    done += static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> Subprocess::ReadLine(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  for (;;) {
    const size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) {
      return absl::DeadlineExceededError(
          absl::StrCat("subprocess: no line within ", absl::FormatDuration(timeout),
                       buffer_.empty() ? "" : absl::StrCat(" (partial: '", buffer_, "')")));
    }
    const int64_t ms = std::min<int64_t>(
        absl::ToInt64Milliseconds(absl::Ceil(left, absl::Milliseconds(1))), INT_MAX);
    pollfd pfd{stdout_fd_, POLLIN, 0};
    const int ready = poll(&pfd, 1, static_cast<int>(ms));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return ErrnoError("poll", errno);
    }
    if (ready == 0) continue;  // the deadline check above ends the loop
    char chunk[4096];
    const ssize_t n = read(stdout_fd_, chunk, sizeof(chunk));
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return ErrnoError("read", errno);
    }
    if (n == 0) {
      return absl::UnavailableError(
          absl::StrCat("subprocess: end of output",
                       buffer_.empty() ? "" : absl::StrCat(" (partial: '", buffer_, "')")));
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

void Subprocess::CloseStdin() { CloseFd(stdin_fd_); }

absl::StatusOr<int> Subprocess::Wait(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  while (!reaped_) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      wait_status_ = status;
      break;
    }
    if (r < 0 && errno != EINTR) return ErrnoError("waitpid", errno);
    if (absl::Now() >= deadline) {
      return absl::DeadlineExceededError(absl::StrCat(
          "subprocess: pid ", pid_, " still running after ", absl::FormatDuration(timeout)));
    }
    absl::SleepFor(absl::Milliseconds(5));
  }
  return wait_status_;
}

}  // namespace tumen::selfplay
