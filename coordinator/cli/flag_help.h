// --help for Tumen's programs (tumen, tumen-coordinator, tumen-worker): the flags a command
// takes, with their meaning and defaults, from Abseil's flag registry (so the text is the
// one next to each ABSL_FLAG), and a clear error for a flag the command does not take.
#ifndef TUMEN_COORDINATOR_CLI_FLAG_HELP_H_
#define TUMEN_COORDINATOR_CLI_FLAG_HELP_H_

#include <string>
#include <vector>

#include "absl/status/status.h"

namespace tumen::cli {

// One line pair per flag, in the order given: "  --name=DEFAULT" and its meaning, indented.
// Names use dashes (--token-file); the registry's underscores are what they stand for.
std::string FlagsHelp(const std::vector<std::string>& names);

// The flags defined in source files whose path contains `path_part` ("worker/main.cc"),
// sorted by name.
std::vector<std::string> FlagsDefinedIn(const std::string& path_part);

// Each "--name", "--name=value" or "--noname" (a boolean) in `args` (before a lone "--") must
// be one of `known` (dashes or underscores) or one of Abseil's own (--flagfile, --helpfull,
// ...): otherwise InvalidArgument naming the flag, the
// closest known one when it is a likely typo, and `where` ("'tumen status'").
absl::Status CheckFlags(const std::vector<std::string>& args, const std::vector<std::string>& known,
                        const std::string& where);

// True when `args` asks for help: --help, -h or --helpshort (--helpfull stays Abseil's: every
// flag of the program, by source file).
bool AsksForHelp(const std::vector<std::string>& args);

}  // namespace tumen::cli

#endif  // TUMEN_COORDINATOR_CLI_FLAG_HELP_H_
