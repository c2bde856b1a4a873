// The worker's `--engine NAME=PATH` flag, which may be repeated. absl's vector flags keep only
// the last occurrence of a repeated flag, so `--engine A=x --engine B=y` used to run B alone
// and never lease a job that names A (issue 20). main() therefore takes every occurrence out
// of the command line before absl parses it, and the values add up here.
#ifndef TUMEN_WORKER_ENGINE_FLAGS_H_
#define TUMEN_WORKER_ENGINE_FLAGS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace tumen::worker {

// Removes every `--NAME VALUE`, `--NAME=VALUE` (or with a single dash) before a lone "--" from
// `args` (the arguments after the program name) and returns the values in command-line order.
// A trailing `--NAME` without a value stays, so that absl reports it.
std::vector<std::string> TakeRepeatedFlag(std::vector<std::string>& args, absl::string_view name);

// Parses `--engine` values, each one or more comma-separated NAME=PATH entries, into the
// engines a worker may run (name -> path). Every entry counts; the same entry twice is kept
// once. An entry that is not NAME=PATH, a PATH that is not an executable file, a name longer
// than 64 characters, one name with two different paths or more than 64 engines is an error
// that says what to fix.
absl::StatusOr<std::map<std::string, std::string>> ParseEngineFlags(
    const std::vector<std::string>& values);

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_ENGINE_FLAGS_H_
