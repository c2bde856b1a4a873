// Why a job waits (issue 20): what no live worker offers, and how many live workers there are.
#include "coordinator/server/job_waiting.h"

#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

WorkerOffer Offering(std::vector<std::string> engines) { return {true, std::move(engines)}; }

TEST(JobWaiting, AWorkerWithEveryEngineTakesTheJob) {
  EXPECT_FALSE(WhyNoWorkerCanTake({"a", "b"}, {Offering({"a"}), Offering({"b", "a"})}));
  EXPECT_FALSE(WhyNoWorkerCanTake({}, {Offering({})}));
}

TEST(JobWaiting, NoLiveWorkerIsAReasonForEveryJob) {
  std::optional<v1::JobWaiting> w = WhyNoWorkerCanTake({}, {});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(), "no live worker (0 live workers); start a tumen-worker");
  EXPECT_EQ(w->live_workers(), 0u);
  w = WhyNoWorkerCanTake({"b", "a"}, {});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(),
            "no live worker (0 live workers); start a tumen-worker with --engine a=PATH --engine "
            "b=PATH");
  EXPECT_EQ(w->missing_engines_size(), 2);
}

TEST(JobWaiting, NamesTheEngineNoLiveWorkerOffers) {
  std::optional<v1::JobWaiting> w = WhyNoWorkerCanTake({"a", "b"}, {Offering({"a"})});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(),
            "no live worker offers engine 'b' (1 live worker); start one with --engine a=PATH "
            "--engine b=PATH");
  ASSERT_EQ(w->missing_engines_size(), 1);
  EXPECT_EQ(w->missing_engines(0), "b");
  EXPECT_EQ(w->live_workers(), 1u);
  w = WhyNoWorkerCanTake({"a", "b"}, {Offering({}), Offering({"c"})});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(),
            "no live worker offers engines 'a' and 'b' (2 live workers); start one with --engine "
            "a=PATH --engine b=PATH");
}

TEST(JobWaiting, EnginesOnDifferentWorkersDoNotMakeOneThatRunsBoth) {
  std::optional<v1::JobWaiting> w =
      WhyNoWorkerCanTake({"a", "b"}, {Offering({"a"}), Offering({"b"})});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(),
            "no one live worker offers engines 'a' and 'b' together (2 live workers); start one "
            "with --engine a=PATH --engine b=PATH");
  EXPECT_EQ(w->missing_engines_size(), 0);
}

TEST(JobWaiting, TheSameEngineOnBothSidesIsNamedOnce) {
  std::optional<v1::JobWaiting> w = WhyNoWorkerCanTake({"a", "a"}, {Offering({"b"})});
  ASSERT_TRUE(w);
  EXPECT_EQ(w->reason(),
            "no live worker offers engine 'a' (1 live worker); start one with --engine a=PATH");
}

TEST(JobWaiting, AWorkerWhoseEnginesAreNotYetKnownMayTakeTheJob) {
  EXPECT_FALSE(WhyNoWorkerCanTake({"a"}, {Offering({}), WorkerOffer{}}));
}

}  // namespace
}  // namespace tumen::coordinator
