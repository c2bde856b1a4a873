// `tumen help [COMMAND]`, `tumen --help` and `tumen COMMAND --help`: every command with its
// usage, what it does and the flags it takes (their text and defaults come from the flags'
// definitions, coordinator/cli/flag_help.h).
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "coordinator/cli/commands.h"
#include "coordinator/cli/flag_help.h"

namespace tumen::cli {
namespace {

const std::vector<std::string> kCommonFlags = {"coordinator", "token_file", "ca_file"};
const std::vector<std::string> kBookExports = {"polyglot",       "epd", "pgn", "balanced",
                                               "balanced_plies", "band"};

std::vector<std::string> Join(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

const std::vector<CommandInfo>& AllCommands() {
  static const std::vector<CommandInfo> commands = {
      {"match",
       "tumen match --variant V --games N --tc TC [flags]",
       "A match between two players: parameter sets of our engine (--a, --b), external "
       "engines the workers run (--engine-a, --engine-b), or two commits of this repository "
       "that workers with --source build (--dev, --base). Prints the job id.",
       {"variant",
        "rules",
        "games",
        "tc",
        "a",
        "b",
        "book",
        "random_plies",
        "seed",
        "sprt",
        "adjudicate",
        "pairs_per_shard",
        "hash",
        "scale_tc",
        "engine_a",
        "engine_a_variant",
        "engine_a_options",
        "engine_b",
        "engine_b_variant",
        "engine_b_options",
        "dev",
        "base",
        "dev_bench",
        "base_bench",
        "source",
        "build_cache"}},
      {"tune",
       "tumen tune --variant V --params SPEC --iterations N --tc TC [flags]",
       "SPSA tuning: pair k plays theta + c_k delta against theta - c_k delta; spec lines "
       "'name start min max c_end r_end'. Prints the job id.",
       {"variant", "rules", "params", "iterations", "tc", "base_params", "book", "random_plies",
        "seed", "adjudicate", "pairs_per_shard", "hash"}},
      {"balance",
       "tumen balance --variant V1,V2 [--rule-sets \"R1;R2\"] --games N --budgets A,B",
       "A balance study: self-play under several rule sets and node budgets, one arm each.",
       {"variant", "rule_sets", "rules", "games", "budgets", "tc", "sample_plies", "sample_margin",
        "max_game_plies", "pairs_per_shard", "hash", "seed"}},
      {"fit",
       "tumen fit --jobs 3,4 --out FILE [--max-positions N] [--fit-params A,B] [--passes N] "
       "[--teacher PATH [--teacher-nodes N] [--teacher-weight W] [--teacher-cache FILE "
       "[--teacher-cached-only]]]",
       "Fits the evaluation parameters to the results of the jobs' stored games (quiet "
       "positions, each labelled with its game's result, or with a teacher engine's search "
       "score of it) and writes them as a parameter file; prints the positions used and the "
       "loss before and after.",
       {"jobs", "max_positions", "fit_params", "passes", "teacher", "teacher_variant",
        "teacher_options", "teacher_nodes", "teacher_weight", "teacher_processes", "teacher_cache",
        "teacher_cached_only", "out", "seed"}},
      {"report",
       "tumen report JOB [--out PATH|FOLDER/]",
       "The balance study's report: PATH.html and PATH.md (default report-JOB.* here).",
       {"out", "markdown"}},
      {"analyse",
       "tumen analyse --variant V --positions F.epd --tc depth=N [--out F.epd]",
       "Analysis of a file of positions by the workers: best move, score and PV of each.",
       {"variant", "rules", "positions", "tc", "hash", "out"}},
      {"book", "tumen book build|expand|export|convert ...",
       "Opening books: build one from stored games (build --from JOB), grow one by drop-out "
       "expansion (expand), export a book job (export JOB), convert a .tbk file (convert --in).",
       Join({"from", "variant", "rules", "max_plies", "min_games", "root", "tc", "expansions",
             "omega", "hash", "in", "out"},
            kBookExports)},
      {"status",
       "tumen status [JOB] [--watch]",
       "Every job, or one: progress, W/D/L, pentanomial counts, Elo, LLR, builds, why it waits.",
       {"watch"}},
      {"workers",
       "tumen workers",
       "The workers: last heartbeat, games/min, nodes/s, bench speed, engines, builds.",
       {}},
      {"cancel", "tumen cancel JOB", "Stops a running job; its stored games stay.", {}},
      {"export",
       "tumen export JOB --format pgn|binpb [--out FILE]",
       "A job's games as PGN or as length-delimited tumen.v1.Game.",
       {"format", "out"}},
      {"export-params",
       "tumen export-params JOB [--out FILE]",
       "The current theta of an SPSA job as a parameter file.",
       {"out"}},
      {"help", "tumen help [COMMAND]", "The commands, or one command's flags.", {}},
  };
  return commands;
}

const CommandInfo* FindCommand(const std::string& name) {
  for (const CommandInfo& c : AllCommands())
    if (c.name == name || (name == "analyze" && c.name == "analyse")) return &c;
  return nullptr;
}

std::vector<std::string> CommandFlags(const CommandInfo& command) {
  return Join(command.flags, kCommonFlags);
}

std::string CommandNames() {
  std::vector<std::string> names;
  for (const CommandInfo& c : AllCommands()) names.push_back(c.name);
  return absl::StrJoin(names, "|");
}

int HelpCommand(const std::string& name) {
  if (name.empty()) {
    std::string text =
        "tumen: the operator's command line of a Tumen farm.\n\nusage: tumen COMMAND [JOB] "
        "[flags]; tumen help COMMAND (or tumen COMMAND --help) for a command's flags\n\n"
        "commands:\n";
    for (const CommandInfo& c : AllCommands())
      absl::StrAppend(&text, "  ", c.name,
                      std::string(15 - std::min<size_t>(14, c.name.size()), ' '), c.summary, "\n");
    absl::StrAppend(&text, "\nflags of every command:\n", FlagsHelp(kCommonFlags));
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  const CommandInfo* command = FindCommand(name);
  if (command == nullptr) {
    std::fprintf(stderr, "tumen: unknown command '%s'; the commands: %s\n", name.c_str(),
                 CommandNames().c_str());
    return 1;
  }
  std::string text = absl::StrCat("usage: ", command->usage, "\n\n", command->summary, "\n");
  if (!command->flags.empty()) absl::StrAppend(&text, "\nflags:\n", FlagsHelp(command->flags));
  absl::StrAppend(&text, "\nflags of every command:\n", FlagsHelp(kCommonFlags));
  std::fputs(text.c_str(), stdout);
  return 0;
}

}  // namespace tumen::cli
