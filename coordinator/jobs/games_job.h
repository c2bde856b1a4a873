// What every job that plays games shares (match, SPSA, balance): its arms of games cut into
// shards of colour-swapped opening pairs, the leases of those shards, the check of a submitted
// game against its pair, and the counts of results (W/D/L and pentanomial for player A, and
// the first player's results per arm).
#ifndef TUMEN_COORDINATOR_JOBS_GAMES_JOB_H_
#define TUMEN_COORDINATOR_JOBS_GAMES_JOB_H_

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "coordinator/jobs/job.h"
#include "coordinator/stats/match_stats.h"

namespace tumen::coordinator {

class GamesJob : public Job {
 public:
  // The arms are the spec's match (match and SPSA jobs) or its balance arms.
  explicit GamesJob(StoredJob stored);

  absl::Status Restore(GameStore* store) override;
  bool HasOpenWork(int64_t now_unix_ms) const override;
  void Lease(const LeaseRequester& worker, size_t max_leases, std::vector<v1::Lease>& out) override;
  bool ShardIsLive(uint32_t shard_id) const override { return shard_id < shard_count_; }
  void ClearLeases() override;
  void ReleaseShard(uint32_t shard_id) override;
  absl::Status CheckGame(const v1::Game& game) const override;
  void RecordGame(uint32_t pair, uint32_t colour, v1::GameResult result) override;
  v1::JobState Verdict() const override;
  void Describe(v1::JobInfo& info) const override;

 protected:
  // A match, or one rule set and node budget of a balance study. Pairs and shards are
  // numbered across the arms of a job; no shard spans two arms.
  struct Arm {
    const v1::MatchSpec* spec = nullptr;  // into stored.spec
    uint32_t first_pair = 0, pairs = 0, pairs_per_shard = 1, first_shard = 0, shards = 0;
    WdlCounts first_player;  // results from White's (the first player's) side
  };

  // The parameters players A and B of a pair play with.
  virtual absl::StatusOr<std::pair<std::string, std::string>> PairParams(uint32_t pair) const;
  // Adds what a kind sends with a pair of a leased shard (after its opening and seed).
  virtual void AddPairToShard(uint32_t pair, v1::Shard& shard) {}
  // Both games of the pair are counted.
  virtual void PairCompleted(uint32_t pair) {}

  const std::vector<Arm>& arms() const { return arms_; }
  const PentanomialCounts& pentanomial() const { return pentanomial_; }
  uint64_t games_stored() const { return games_stored_; }
  uint32_t pairs() const { return pairs_; }
  // Points of player A in each game of a pair (0, 1, 2 = loss, draw, win; -1 not stored).
  const std::array<int8_t, 2>& points(uint32_t pair) const { return points_[pair]; }

 private:
  size_t ArmIndexOfPair(uint32_t pair) const;
  const Arm& ArmOfShard(uint32_t shard) const;
  uint32_t ShardOfPair(uint32_t pair) const;
  uint32_t GamesInShard(uint32_t shard) const;
  v1::Shard MakeShard(uint32_t shard_id);

  std::vector<Arm> arms_;
  uint32_t pairs_ = 0, shard_count_ = 0;
  std::vector<std::array<int8_t, 2>> points_;
  std::vector<uint32_t> shard_games_stored_;
  // Set when a walk of the shards found every unfinished one under a live lease: none opens
  // before the earliest of those leases ends, unless one is released (ReleaseShard,
  // ClearLeases). Until then lease requests skip the job instead of walking its shards; with
  // hundreds of jobs those walks made each lease cost milliseconds under the scheduler's mutex.
  int64_t full_until_unix_ms_ = 0;
  uint64_t games_stored_ = 0;
  WdlCounts wdl_;
  PentanomialCounts pentanomial_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_GAMES_JOB_H_
