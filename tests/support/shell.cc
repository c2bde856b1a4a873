#include "tests/support/shell.h"

#include <sys/wait.h>

#include <cstdio>

namespace tumen::testing {

int RunShell(const std::string& command, std::string* out) {
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) out->append(buf, n);
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string FindChromium() {
  std::string path;
  RunShell("command -v chromium || command -v chromium-browser", &path);
  return path.substr(0, path.find_first_of("\r\n"));
}

}  // namespace tumen::testing
