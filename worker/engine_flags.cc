#include "worker/engine_flags.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tumen::worker {
namespace {

// The coordinator's limits (coordinator/server/scheduler.cc): engine names in a job, engines a
// worker offers.
constexpr size_t kMaxEngineName = 64;
constexpr size_t kMaxEngines = 64;

bool IsExecutableFile(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::vector<std::string> TakeRepeatedFlag(std::vector<std::string>& args, absl::string_view name) {
  std::vector<std::string> values, rest;
  size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;  // what follows is positional
    absl::string_view flag = a;
    if (!absl::ConsumePrefix(&flag, "--")) absl::ConsumePrefix(&flag, "-");
    if (flag.size() == a.size() || !absl::ConsumePrefix(&flag, name)) {
      rest.push_back(a);
      continue;
    }
    if (absl::ConsumePrefix(&flag, "=")) {
      values.emplace_back(flag);
    } else if (flag.empty() && i + 1 < args.size()) {
      values.push_back(args[++i]);
    } else {
      rest.push_back(a);  // another flag that starts with `name`, or a missing value
    }
  }
  rest.insert(rest.end(), args.begin() + std::ptrdiff_t(i), args.end());
  args = std::move(rest);
  return values;
}

absl::StatusOr<std::map<std::string, std::string>> ParseEngineFlags(
    const std::vector<std::string>& values) {
  std::map<std::string, std::string> engines;
  for (const std::string& value : values) {
    for (absl::string_view entry : absl::StrSplit(value, ',', absl::SkipEmpty())) {
      const size_t eq = entry.find('=');
      const std::string name(entry.substr(0, eq));
      const std::string path(eq == absl::string_view::npos ? "" : entry.substr(eq + 1));
      if (eq == absl::string_view::npos || name.empty() || path.empty())
        return absl::InvalidArgumentError(
            absl::StrCat("--engine '", entry, "': use NAME=PATH, e.g. fairy-stockfish=/usr/games/",
                         "fairy-stockfish"));
      if (name.size() > kMaxEngineName)
        return absl::InvalidArgumentError(absl::StrCat("--engine '", name, "': names have at most ",
                                                       kMaxEngineName, " characters"));
      if (!IsExecutableFile(path))
        return absl::InvalidArgumentError(
            absl::StrCat("--engine ", name, "=", path, ": ", path, " is not an executable file"));
      auto [it, inserted] = engines.emplace(name, path);
      if (!inserted && it->second != path)
        return absl::InvalidArgumentError(absl::StrCat("--engine: '", name, "' is given twice (",
                                                       it->second, " and ", path,
                                                       "); give each engine name once"));
    }
  }
  if (engines.size() > kMaxEngines)
    return absl::InvalidArgumentError(absl::StrCat(
        "--engine: ", engines.size(), " engines; a worker offers at most ", kMaxEngines));
  return engines;
}

}  // namespace tumen::worker
