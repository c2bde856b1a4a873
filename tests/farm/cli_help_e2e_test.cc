// The programs explain themselves (issue 17): `tumen --help`, `tumen help COMMAND` and
// `tumen COMMAND --help` for every command, `--help` of the coordinator and the worker, and a
// flag or command that does not exist names what does.
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/support/shell.h"

namespace tumen::testing {
namespace {

struct ProgramRun {
  int code = -1;
  std::string out;  // standard output and error together
};

ProgramRun Program(const std::string& program, const std::string& args) {
  ProgramRun r;
  r.code = RunShell(absl::StrCat(TUMEN_BINARY_DIR, "/bin/", program, " ", args, " 2>&1"), &r.out);
  return r;
}

TEST(CliHelp, EveryCommandHasAUsageAndItsFlagsWithTheirMeaning) {
  const ProgramRun overview = Program("tumen", "--help");
  EXPECT_EQ(overview.code, 0);
  EXPECT_EQ(Program("tumen", "help").out, overview.out);
  EXPECT_NE(overview.out.find("--token-file"), std::string::npos) << overview.out;
  std::vector<std::string> names;
  bool in_list = false;
  std::istringstream lines(overview.out);
  for (std::string line; std::getline(lines, line);) {
    if (line == "commands:") {
      in_list = true;
    } else if (in_list && line.empty()) {
      break;
    } else if (in_list) {
      std::istringstream words(line);
      std::string name;
      words >> name;
      names.push_back(name);
    }
  }
  EXPECT_GE(names.size(), 12u) << overview.out;
  for (const std::string& name : names) {
    const ProgramRun help = Program("tumen", "help " + name);
    EXPECT_EQ(help.code, 0) << name;
    EXPECT_EQ(help.out.rfind("usage: tumen " + name, 0), 0u) << help.out;
    EXPECT_EQ(Program("tumen", name + " --help").out, help.out) << name;
  }
  const ProgramRun match = Program("tumen", "match --help");
  for (const std::string flag : {"--dev", "--base-bench", "--sprt", "--scale-tc=true"})
    EXPECT_NE(match.out.find("  " + flag), std::string::npos) << flag << "\n" << match.out;
  EXPECT_NE(match.out.find("--games=100\n      match: number of games (even)"), std::string::npos)
      << "each flag with its default and its meaning";
}

TEST(CliHelp, TheCoordinatorAndTheWorkerListTheirFlags) {
  const ProgramRun worker = Program("tumen-worker", "--help");
  EXPECT_EQ(worker.code, 0);
  for (const std::string flag :
       {"--coordinator=127.0.0.1:50051", "--source", "--engine", "--games=1"})
    EXPECT_NE(worker.out.find("  " + flag), std::string::npos) << flag << "\n" << worker.out;
  const ProgramRun coordinator = Program("tumen-coordinator", "-h");
  EXPECT_EQ(coordinator.code, 0);
  for (const std::string flag : {"--listen=127.0.0.1:50051", "--reference-nps", "--data=farm-data"})
    EXPECT_NE(coordinator.out.find("  " + flag), std::string::npos) << flag << "\n"
                                                                    << coordinator.out;
}

TEST(CliHelp, AnUnknownFlagOrCommandSaysWhatExists) {
  ProgramRun r = Program("tumen", "match --gams 4 --token-file x");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("unknown flag --gams for 'tumen match'; did you mean --games?"),
            std::string::npos)
      << r.out;
  r = Program("tumen", "status --games 4");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("unknown flag --games for 'tumen status'. Its flags: --watch"),
            std::string::npos)
      << r.out;
  r = Program("tumen", "mach");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("unknown command 'mach'; the commands: match|tune|"), std::string::npos)
      << r.out;
  r = Program("tumen", "help mach");
  EXPECT_EQ(r.code, 1);
  r = Program("tumen-worker", "--sourc x");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("did you mean --source?"), std::string::npos) << r.out;
  r = Program("tumen-coordinator", "--lisen x");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("did you mean --listen?"), std::string::npos) << r.out;
  // A flag's value is not a command: the command is found after it.
  r = Program("tumen", "--coordinator 127.0.0.1:1 mach");
  EXPECT_NE(r.out.find("unknown command 'mach'"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tumen::testing
