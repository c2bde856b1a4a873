#include "coordinator/jobs/games_job.h"

#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "coordinator/server/metrics.h"
#include "engine/core/prng.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxMovesPerGame = 4000;

}  // namespace

GamesJob::GamesJob(StoredJob s) : Job(std::move(s)) {
  std::vector<const v1::MatchSpec*> specs;
  if (stored.spec.has_match()) specs.push_back(&stored.spec.match());
  if (stored.spec.has_balance())
    for (const v1::MatchSpec& m : stored.spec.balance().arms()) specs.push_back(&m);
  for (const v1::MatchSpec* m : specs) {
    Arm arm;
    arm.spec = m;
    arm.first_pair = pairs_;
    arm.pairs = m->games() / 2;
    arm.pairs_per_shard = std::max<uint32_t>(1, m->pairs_per_shard());
    arm.first_shard = shard_count_;
    arm.shards = (arm.pairs + arm.pairs_per_shard - 1) / arm.pairs_per_shard;
    pairs_ += arm.pairs;
    shard_count_ += arm.shards;
    arms_.push_back(arm);
    for (const v1::EngineSpec* e : {&m->engine_a(), &m->engine_b()}) {
      if (e->has_build())
        builds_.push_back(e->build().commit());
      else if (!e->name().empty())
        engines_.push_back(e->name());
    }
  }
  points_.assign(pairs_, {-1, -1});
  shard_games_stored_.assign(shard_count_, 0);
}

absl::Status GamesJob::Restore(GameStore* store) {
  if (!store) return absl::OkStatus();
  absl::StatusOr<std::vector<GameSummary>> games = store->LoadGameSummaries(id());
  if (!games.ok()) return games.status();
  for (const GameSummary& g : *games) RecordGame(g.pair, g.colour, g.result);
  return absl::OkStatus();
}

size_t GamesJob::ArmIndexOfPair(uint32_t pair) const {
  auto it = std::upper_bound(arms_.begin(), arms_.end(), pair,
                             [](uint32_t p, const Arm& a) { return p < a.first_pair; });
  return size_t(it - arms_.begin()) - 1;
}

const GamesJob::Arm& GamesJob::ArmOfShard(uint32_t shard) const {
  auto it = std::upper_bound(arms_.begin(), arms_.end(), shard,
                             [](uint32_t s, const Arm& a) { return s < a.first_shard; });
  return *std::prev(it);
}

uint32_t GamesJob::ShardOfPair(uint32_t pair) const {
  const Arm& arm = arms_[ArmIndexOfPair(pair)];
  return arm.first_shard + (pair - arm.first_pair) / arm.pairs_per_shard;
}

uint32_t GamesJob::GamesInShard(uint32_t shard) const {
  const Arm& arm = ArmOfShard(shard);
  const uint32_t first = (shard - arm.first_shard) * arm.pairs_per_shard;
  return 2 * (std::min(arm.pairs, first + arm.pairs_per_shard) - first);
}

bool GamesJob::HasOpenWork(int64_t now) const {
  if (now < full_until_unix_ms_) return false;
  for (uint32_t s = 0; s < shard_count_; ++s)
    if (shard_games_stored_[s] < GamesInShard(s) && !Leased(s, now)) return true;
  return false;
}

v1::Shard GamesJob::MakeShard(uint32_t shard_id) {
  v1::Shard shard;
  const Arm& arm = ArmOfShard(shard_id);
  const v1::MatchSpec& m = *arm.spec;
  *shard.mutable_match() = m;
  shard.mutable_match()->clear_openings();  // the shard carries its own
  const uint32_t first = arm.first_pair + (shard_id - arm.first_shard) * arm.pairs_per_shard;
  const uint32_t end = std::min(arm.first_pair + arm.pairs, first + arm.pairs_per_shard);
  for (uint32_t pair = first; pair < end; ++pair) {
    shard.add_pairs(pair);
    shard.add_pair_openings(m.openings(int(pair - arm.first_pair)));
    shard.add_pair_seeds(MixSeed(m.seed(), pair));
    AddPairToShard(pair, shard);
  }
  return shard;
}

void GamesJob::Lease(const LeaseRequester& worker, size_t max_leases, std::vector<v1::Lease>& out) {
  const int64_t now = worker.now_unix_ms;
  if (now < full_until_unix_ms_ || !CanBeTakenBy(worker)) return;
  int64_t earliest_end = std::numeric_limits<int64_t>::max();
  uint32_t s = 0;
  for (; s < shard_count_ && out.size() < max_leases; ++s) {
    if (shard_games_stored_[s] >= GamesInShard(s)) continue;
    if (auto lease = leases.find(s);
        lease != leases.end() && lease->second.deadline_unix_ms > now) {
      earliest_end = std::min(earliest_end, lease->second.deadline_unix_ms);
      continue;
    }
    if (worker.metrics) worker.metrics->LeaseIssued(leases.contains(s));
    v1::Shard shard = MakeShard(s);
    if (const double factor = proto::ClockFactor(*ArmOfShard(s).spec, worker.bench_nps); factor > 0)
      shard.set_tc_factor(factor);
    Issue(worker, s, std::move(shard), out);
    earliest_end = std::min(earliest_end, leases.at(s).deadline_unix_ms);
  }
  // Every shard walked, and each unfinished one now leased: the job is full for a while.
  if (s == shard_count_ && earliest_end != std::numeric_limits<int64_t>::max())
    full_until_unix_ms_ = earliest_end;
}

void GamesJob::ClearLeases() {
  Job::ClearLeases();
  full_until_unix_ms_ = 0;
}

void GamesJob::ReleaseShard(uint32_t shard_id) {
  Job::ReleaseShard(shard_id);
  full_until_unix_ms_ = 0;
}

absl::StatusOr<std::pair<std::string, std::string>> GamesJob::PairParams(uint32_t pair) const {
  const v1::MatchSpec& m = *arms_[ArmIndexOfPair(pair)].spec;
  return std::pair{m.params_a(), m.params_b()};
}

absl::Status GamesJob::CheckGame(const v1::Game& g) const {
  const v1::GameId& id = g.id();
  if (id.pair() >= pairs_ || id.colour() > 1 || id.shard_id() != ShardOfPair(id.pair()))
    return absl::InvalidArgumentError(absl::StrCat("game id (shard ", id.shard_id(), ", pair ",
                                                   id.pair(), ", colour ", id.colour(),
                                                   ") is not part of job ", id.job_id()));
  const Arm& arm = arms_[ArmIndexOfPair(id.pair())];
  const v1::MatchSpec& m = *arm.spec;
  if (g.variant() != m.variant())
    return absl::InvalidArgumentError("variant differs from the job's");
  if (g.start_fen() != m.openings(int(id.pair() - arm.first_pair)))
    return absl::InvalidArgumentError("start position differs from the pair's opening");
  absl::StatusOr<std::pair<std::string, std::string>> params = PairParams(id.pair());
  if (!params.ok()) return params.status();
  auto& [a, b] = *params;
  // External players have no parameters (builds of Tumen do); their engine name must be the
  // job's.
  const std::string& engine_a = m.engine_a().name();
  const std::string& engine_b = m.engine_b().name();
  if (!engine_a.empty() && !m.engine_a().has_build()) a.clear();
  if (!engine_b.empty() && !m.engine_b().has_build()) b.clear();
  if (!(g.tc_factor() >= 0 && g.tc_factor() <= 10))
    return absl::InvalidArgumentError("tc_factor outside 0..10");
  const v1::PlayerInfo& player_a = id.colour() == 0 ? g.white() : g.black();
  const v1::PlayerInfo& player_b = id.colour() == 0 ? g.black() : g.white();
  if ((!engine_a.empty() && player_a.engine() != engine_a) ||
      (!engine_b.empty() && player_b.engine() != engine_b))
    return absl::InvalidArgumentError("players' engines differ from the job's");
  const std::string& white = id.colour() == 0 ? a : b;
  const std::string& black = id.colour() == 0 ? b : a;
  if (g.white().params_text() != white || g.black().params_text() != black)
    return absl::InvalidArgumentError("players' parameters differ from the job's for this colour");
  if (uint32_t(g.moves_size()) > kMaxMovesPerGame)
    return absl::InvalidArgumentError(absl::StrCat("more than ", kMaxMovesPerGame, " moves"));
  return absl::OkStatus();
}

void GamesJob::RecordGame(uint32_t pair, uint32_t colour, v1::GameResult result) {
  if (pair >= pairs_ || colour > 1 || points_[pair][colour] >= 0) return;
  // Colour 0: A has White.
  int points = 1;
  if (result == v1::GAME_RESULT_WHITE_WINS) points = colour == 0 ? 2 : 0;
  if (result == v1::GAME_RESULT_BLACK_WINS) points = colour == 0 ? 0 : 2;
  points_[pair][colour] = int8_t(points);
  ++games_stored_;
  ++shard_games_stored_[ShardOfPair(pair)];
  Arm& arm = arms_[ArmIndexOfPair(pair)];
  (result == v1::GAME_RESULT_WHITE_WINS   ? arm.first_player.wins
   : result == v1::GAME_RESULT_BLACK_WINS ? arm.first_player.losses
                                          : arm.first_player.draws)++;
  (points == 2 ? wdl_.wins : points == 1 ? wdl_.draws : wdl_.losses)++;
  const auto& p = points_[pair];
  if (p[0] >= 0 && p[1] >= 0) {
    ++pentanomial_.counts[size_t(p[0] + p[1])];
    PairCompleted(pair);
  }
}

v1::JobState GamesJob::Verdict() const {
  return games_stored_ >= 2 * uint64_t(pairs_) ? v1::JOB_STATE_FINISHED : v1::JOB_STATE_RUNNING;
}

void GamesJob::Describe(v1::JobInfo& info) const {
  info.set_games_stored(games_stored_);
  info.set_games_total(2 * uint64_t(pairs_));
  v1::MatchStatus* st = info.mutable_match();
  st->set_wins(uint64_t(wdl_.wins));
  st->set_draws(uint64_t(wdl_.draws));
  st->set_losses(uint64_t(wdl_.losses));
  for (int64_t c : pentanomial_.counts) st->add_pentanomial(uint64_t(c));
  const EloEstimate elo =
      pentanomial_.pairs() > 0 ? EloFromPentanomial(pentanomial_) : EloFromWdl(wdl_);
  st->set_elo(elo.elo);
  st->set_elo_lower(elo.elo_lower);
  st->set_elo_upper(elo.elo_upper);
  st->set_los(elo.los);
}

}  // namespace tumen::coordinator
