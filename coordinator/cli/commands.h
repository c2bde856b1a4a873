// The `tumen` commands beyond match, tune, status and export: analysis, books and balance
// studies (coordinator/cli/analysis.cc, coordinator/cli/balance.cc), and engine builds as
// match players (coordinator/cli/builds.cc).
#ifndef TUMEN_COORDINATOR_CLI_COMMANDS_H_
#define TUMEN_COORDINATOR_CLI_COMMANDS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tumen/v1/jobs.pb.h"
#include "worker/coordinator_client.h"

namespace tumen::cli {

// The commands of `tumen` (coordinator/cli/help.cc): usage, what each does, its own flags.
struct CommandInfo {
  std::string name, usage, summary;
  std::vector<std::string> flags;  // besides the common --coordinator, --token-file, --ca-file
};
const std::vector<CommandInfo>& AllCommands();
const CommandInfo* FindCommand(const std::string& name);  // nullptr: no such command
// Its flags and the common ones.
std::vector<std::string> CommandFlags(const CommandInfo& command);
std::string CommandNames();  // "match|tune|..."
// tumen help [COMMAND]: the commands (empty name) or one command's usage and flags; 1 for an
// unknown command.
int HelpCommand(const std::string& name);

// tumen analyse --variant V [--rules R] --positions FILE.epd --tc depth=N [--out FILE.epd]
int AnalyseCommand(worker::CoordinatorClient& client);
// tumen book build|expand|export|convert ...; `args` are the words after "book".
int BookCommand(worker::CoordinatorClient* client, const std::vector<std::string>& args);
// tumen balance --variant V1,V2 [--rule-sets "R1;R2"] --games N --tc nodes=A,B
int BalanceCommand(worker::CoordinatorClient& client);
// tumen fit --jobs 3,4 --out FILE [--max-positions N] [--fit-params A,B] [--passes N]
int FitCommand(worker::CoordinatorClient& client);
// tumen report JOB [--out PATH|FOLDER/] [--markdown F.md]: PATH.html and PATH.md, or
// FOLDER/report-JOB.html and .md (coordinator/reports/report_paths.h); prints both paths.
int ReportCommand(worker::CoordinatorClient& client, uint64_t job_id);
// tumen match --dev REF --base REF [--source REPO] [--dev-bench N] [--base-bench N]: sets
// players A (dev) and B (base) to those commits' engine builds; nothing without --dev/--base.
absl::Status SetBuildPlayers(v1::MatchSpec& match);

}  // namespace tumen::cli

#endif  // TUMEN_COORDINATOR_CLI_COMMANDS_H_
