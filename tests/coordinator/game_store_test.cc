// The SQLite store's checkpoint: committed pages reach the database file, from a connection of
// its own (so commits are not held behind it).
#include "coordinator/server/game_store.h"

#include <filesystem>
#include <thread>

#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

class GameStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/tumen-store-test-XXXXXX";
    dir_ = mkdtemp(pattern);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  uintmax_t DatabaseBytes() const { return std::filesystem::file_size(dir_ + "/tumen.db"); }

  std::string dir_;
};

v1::JobSpec Match() {
  v1::JobSpec spec;
  spec.mutable_match()->set_variant("shatar");
  spec.mutable_match()->set_games(2);
  spec.mutable_match()->set_params_a(std::string(20000, '#'));  // a few pages per job
  return spec;
}

TEST_F(GameStoreTest, CheckpointCopiesCommittedPagesIntoTheDatabaseFile) {
  absl::StatusOr<std::unique_ptr<GameStore>> store = GameStore::Open(dir_);
  ASSERT_TRUE(store.ok()) << store.status();
  for (int i = 0; i < 20; ++i) ASSERT_TRUE((*store)->CreateJob(Match(), 1).ok());
  const uintmax_t before = DatabaseBytes();  // the commits are in the WAL only
  ASSERT_TRUE((*store)->Checkpoint().ok());
  EXPECT_GT(DatabaseBytes(), before + 20 * 20000);
}

TEST_F(GameStoreTest, CommitsGoOnWhileCheckpointsRun) {
  absl::StatusOr<std::unique_ptr<GameStore>> store = GameStore::Open(dir_);
  ASSERT_TRUE(store.ok()) << store.status();
  std::atomic<bool> done{false};
  std::thread checkpoints([&] {
    while (!done.load()) EXPECT_TRUE((*store)->Checkpoint().ok());
  });
  for (int i = 0; i < 200; ++i) ASSERT_TRUE((*store)->CreateJob(Match(), 1).ok());
  done.store(true);
  checkpoints.join();
  absl::StatusOr<std::vector<StoredJob>> jobs = (*store)->LoadJobs();
  ASSERT_TRUE(jobs.ok()) << jobs.status();
  EXPECT_EQ(jobs->size(), 200u);
}

}  // namespace
}  // namespace tumen::coordinator
