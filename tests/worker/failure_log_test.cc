// A worker cut off from the coordinator says so once, then sums up, instead of a line per call.
#include "worker/failure_log.h"

#include <vector>

#include "gtest/gtest.h"

namespace tumen::worker {
namespace {

struct Clocked {
  absl::Time now = absl::UnixEpoch();
  std::vector<std::string> lines;
  FailureLog log{"heartbeat", [this](const std::string& l) { lines.push_back(l); },
                 absl::Seconds(30), [this] { return now; }};
};

TEST(FailureLog, SaysTheFirstFailureThenAtMostOneSummaryPerInterval) {
  Clocked c;
  for (int second = 0; second < 65; ++second) {
    c.log.Failed(second < 40 ? "No route to host" : "Deadline Exceeded");
    c.now += absl::Seconds(1);
  }
  ASSERT_EQ(c.lines.size(), 3u);
  EXPECT_EQ(c.lines[0], "heartbeat failed (No route to host); retrying");
  EXPECT_EQ(c.lines[1],
            "heartbeat still failing for 30 s (30 more failures; the last: No route to host)");
  EXPECT_EQ(c.lines[2],
            "heartbeat still failing for 60 s (30 more failures; the last: Deadline Exceeded)");
  c.log.Succeeded();
  ASSERT_EQ(c.lines.size(), 4u);
  EXPECT_EQ(c.lines[3], "heartbeat works again after 65 failures in 65 s");
}

TEST(FailureLog, ASingleFailureAndSuccessesSayNothingMore) {
  Clocked c;
  c.log.Succeeded();
  EXPECT_TRUE(c.lines.empty());
  c.log.Failed("reset");
  c.log.Succeeded();
  c.log.Succeeded();
  ASSERT_EQ(c.lines.size(), 1u);
  // The next outage starts afresh.
  c.log.Failed("reset again");
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[1], "heartbeat failed (reset again); retrying");
}

}  // namespace
}  // namespace tumen::worker
