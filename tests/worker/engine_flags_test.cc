// The worker's repeated --engine flag (issue 20): every occurrence adds engines.
#include "worker/engine_flags.h"

#include "gtest/gtest.h"

namespace tumen::worker {
namespace {

using Engines = std::map<std::string, std::string>;

TEST(EngineFlags, EveryOccurrenceIsTakenOutInOrder) {
  std::vector<std::string> args = {"--coordinator", "h:1",           "--engine", "a=/bin/sh",
                                   "--games=2",     "--engine=b=/x", "-engine",  "c=/y",
                                   "-engine=d=/z",  "--engine_x=1",  "--",       "--engine",
                                   "e=/w"};
  EXPECT_EQ(TakeRepeatedFlag(args, "engine"),
            (std::vector<std::string>{"a=/bin/sh", "b=/x", "c=/y", "d=/z"}));
  EXPECT_EQ(args, (std::vector<std::string>{"--coordinator", "h:1", "--games=2", "--engine_x=1",
                                            "--", "--engine", "e=/w"}));
}

TEST(EngineFlags, AFlagWithoutItsValueIsLeftForAbslToReport) {
  std::vector<std::string> args = {"--games", "2", "--engine"};
  EXPECT_TRUE(TakeRepeatedFlag(args, "engine").empty());
  EXPECT_EQ(args, (std::vector<std::string>{"--games", "2", "--engine"}));
}

TEST(EngineFlags, RepeatedAndCommaSeparatedEnginesAddUp) {
  absl::StatusOr<Engines> engines =
      ParseEngineFlags({"tumen-a=/bin/sh", "tumen-b=/bin/sh,tumen-c=/bin/sh", "tumen-a=/bin/sh"});
  ASSERT_TRUE(engines.ok()) << engines.status();
  EXPECT_EQ(*engines,
            (Engines{{"tumen-a", "/bin/sh"}, {"tumen-b", "/bin/sh"}, {"tumen-c", "/bin/sh"}}));
}

TEST(EngineFlags, OneNameWithTwoPathsIsRefused) {
  absl::StatusOr<Engines> engines = ParseEngineFlags({"a=/bin/sh", "a=/bin/true"});
  ASSERT_FALSE(engines.ok());
  EXPECT_NE(engines.status().message().find("'a' is given twice (/bin/sh and /bin/true)"),
            std::string::npos)
      << engines.status();
}

TEST(EngineFlags, BadEntriesSayWhatToFix) {
  for (const auto& [value, message] : std::vector<std::pair<std::string, std::string>>{
           {"fairy-stockfish", "use NAME=PATH"},
           {"=/bin/sh", "use NAME=PATH"},
           {"a=", "use NAME=PATH"},
           {"a=/no/such/engine", "/no/such/engine is not an executable file"},
           {"a=/tmp", "/tmp is not an executable file"},
           {std::string(65, 'n') + "=/bin/sh", "at most 64 characters"}}) {
    absl::StatusOr<Engines> engines = ParseEngineFlags({value});
    ASSERT_FALSE(engines.ok()) << value;
    EXPECT_NE(engines.status().message().find(message), std::string::npos) << engines.status();
  }
}

}  // namespace
}  // namespace tumen::worker
