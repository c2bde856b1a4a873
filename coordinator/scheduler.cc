#include "coordinator/scheduler.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "coordinator/job_waiting.h"
#include "coordinator/metrics.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/selfplay/opening.h"
#include "engine/selfplay/validate.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

constexpr uint32_t kMaxMovesPerGame = 4000;
constexpr uint32_t kMaxGamesPerSubmission = 512;
constexpr uint32_t kMaxShardsPerLease = 64;
constexpr size_t kMaxEnginesPerWorker = 64;
constexpr size_t kMaxEngineName = 64;

absl::Status Invalid(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("match spec: ", what));
}

std::string NewWorkerId() {
  std::random_device rd;
  return absl::StrFormat("w-%08x%08x", rd(), rd());
}

// An engine build as a player: a full commit hash and its declared signature. It is named
// after its commit and plays the job's variant.
absl::Status CompleteEngineBuild(const v1::MatchSpec& m, v1::EngineSpec& e) {
  const v1::EngineBuild& b = e.build();
  if (!proto::IsFullCommitHash(b.commit()))
    return Invalid(absl::StrCat("engine build '", b.commit().substr(0, 64),
                                "': give the full commit hash (40 lowercase hex digits)"));
  if (b.bench_signature() == 0)
    return Invalid(absl::StrCat("engine build ", b.commit().substr(0, 10),
                                ": give its bench signature (the 'Nodes searched' of "
                                "`tumen-engine bench` at that commit)"));
  if (b.subject().size() > 200 || b.subject().find('\n') != std::string::npos)
    return Invalid("an engine build's subject must be one line of at most 200 characters");
  e.set_name("tumen-" + b.commit().substr(0, 12));
  if (e.uci_variant().empty()) e.set_uci_variant(m.variant());
  return absl::OkStatus();
}

// Validates a match spec and fills in defaults and the openings (one per pair).
absl::Status CompleteMatchSpec(v1::MatchSpec& m, uint32_t max_games,
                               uint32_t default_pairs_per_shard, double reference_nps) {
  if (m.rules().size() > 1024) return Invalid("rules longer than 1024 characters");
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(m.variant(), m.rules());
  if (!session.ok()) return Invalid(session.status().message());
  if (m.sample_plies() > 64 || m.sample_margin_cp() < 0 || m.sample_margin_cp() > 1000)
    return Invalid("sample_plies must be at most 64 and sample_margin_cp within 0..1000");
  if (m.games() < 2 || m.games() % 2 != 0 || m.games() > max_games)
    return Invalid(absl::StrCat("games must be an even number from 2 to ", max_games, " (got ",
                                m.games(), "): games are played in colour-swapped pairs"));
  const v1::TimeControl& tc = m.tc();
  const int limits =
      (tc.nodes() > 0) + (tc.depth() > 0) + (tc.movetime_ms() > 0) + (tc.base_ms() > 0);
  if (limits != 1)
    return Invalid("give exactly one of tc nodes, depth, movetime or a clock (base + increment)");
  if (tc.depth() > 64) return Invalid("tc depth above 64");
  for (const auto& [name, text] : {std::pair{"a", &m.params_a()}, std::pair{"b", &m.params_b()}}) {
    if (text->size() > 64 * 1024)
      return Invalid(absl::StrCat("params ", name, " is larger than 64 KiB"));
    if (absl::Status s = (*session)->params().ParseText(*text); !s.ok())
      return Invalid(absl::StrCat("params ", name, ": ", s.message()));
  }
  if (m.has_engine_a() && m.engine_a().has_build())
    if (absl::Status s = CompleteEngineBuild(m, *m.mutable_engine_a()); !s.ok()) return s;
  if (m.has_engine_b() && m.engine_b().has_build())
    if (absl::Status s = CompleteEngineBuild(m, *m.mutable_engine_b()); !s.ok()) return s;
  if (m.scale_tc() && m.tc_reference_nps() == 0) m.set_tc_reference_nps(reference_nps);
  if (m.scale_tc() && !(m.tc_reference_nps() >= 1e3 && m.tc_reference_nps() <= 1e10))
    return Invalid("tc_reference_nps must be from 1,000 to 10^10 nodes per second");
  for (const v1::EngineSpec* e : {&m.engine_a(), &m.engine_b()}) {
    if (e->name().empty() && e->options_size() == 0 && e->uci_variant().empty()) continue;
    if (e->name().empty() || e->name().size() > 64 || e->options_size() > 64 ||
        e->uci_variant().size() > 64)
      return Invalid(
          "an external engine needs a name (at most 64 characters) and at most 64 options");
    for (const v1::EngineOption& o : e->options())
      if (o.name().empty() || o.name().size() > 128 || o.value().size() > 1024 ||
          o.name().find('\n') != std::string::npos || o.value().find('\n') != std::string::npos)
        return Invalid(
            absl::StrCat("engine ", e->name(), ": option names and values must be single lines"));
  }
  if (m.has_sprt() && m.sprt().elo0() != m.sprt().elo1()) {
    const v1::SprtSpec& s = m.sprt();
    if (!(s.elo0() < s.elo1()) || !(s.alpha() > 0 && s.alpha() < 0.5) ||
        !(s.beta() > 0 && s.beta() < 0.5))
      return Invalid("sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)");
  }
  if (m.pairs_per_shard() == 0) m.set_pairs_per_shard(default_pairs_per_shard);
  if (m.hash_mb() == 0) m.set_hash_mb(16);
  if (m.hash_mb() > 4096) return Invalid("hash_mb above 4096");
  const uint32_t pairs = m.games() / 2;
  if (m.sample_plies() > 0 && m.openings_size() == 0) {
    // Sampled plies make the games differ: every pair starts from the start position.
    for (uint32_t pair = 0; pair < pairs; ++pair) m.add_openings((*session)->StartFen());
    return absl::OkStatus();
  }
  std::set<std::string> seen;
  if (m.openings_size() > 0) {
    if (uint32_t(m.openings_size()) < pairs)
      return Invalid(absl::StrCat(m.openings_size(), " openings for ", pairs,
                                  " pairs: no opening may repeat within a job"));
    for (int i = 0; i < m.openings_size(); ++i) {
      if (absl::Status s = (*session)->SetPosition(m.openings(i), {}); !s.ok())
        return Invalid(absl::StrCat("opening ", i + 1, ": ", s.message()));
      if ((*session)->Status().over())
        return Invalid(absl::StrCat("opening ", i + 1, " is a finished game"));
      if (!seen.insert((*session)->Fen()).second)
        return Invalid(absl::StrCat("opening ", i + 1, " repeats an earlier one"));
    }
    m.mutable_openings()->DeleteSubrange(int(pairs), m.openings_size() - int(pairs));
    return absl::OkStatus();
  }
  const int plies = m.random_plies() > 0 ? int(m.random_plies()) : 8;
  for (uint32_t pair = 0; pair < pairs; ++pair) {
    bool found = false;
    for (uint64_t attempt = 0; attempt < 64 && !found; ++attempt) {
      absl::StatusOr<std::string> fen =
          selfplay::RandomOpening(m.variant(), plies, MixSeed(m.seed(), pair * 64 + attempt));
      if (!fen.ok()) return Invalid(fen.status().message());
      if (seen.insert(*fen).second) {
        m.add_openings(*fen);
        found = true;
      }
    }
    if (!found)
      return Invalid(absl::StrCat("cannot find ", pairs, " distinct openings of ", plies,
                                  " random plies; raise random_plies"));
  }
  return absl::OkStatus();
}

v1::SpsaPerturbation ToProto(const SpsaPerturbation& p) {
  v1::SpsaPerturbation out;
  out.set_iteration(uint32_t(p.iteration));
  for (size_t i = 0; i < p.flips.size(); ++i) {
    out.add_flips(p.flips[i]);
    out.add_c(p.c[i]);
    out.add_r(p.r[i]);
    out.add_plus(p.plus[i]);
    out.add_minus(p.minus[i]);
  }
  return out;
}

SpsaPerturbation FromProto(const v1::SpsaPerturbation& p) {
  SpsaPerturbation out;
  out.iteration = int(p.iteration());
  out.flips.assign(p.flips().begin(), p.flips().end());
  out.c.assign(p.c().begin(), p.c().end());
  out.r.assign(p.r().begin(), p.r().end());
  out.plus.assign(p.plus().begin(), p.plus().end());
  out.minus.assign(p.minus().begin(), p.minus().end());
  return out;
}

// Checks an SPSA spec against the engine's parameters of the variant.
absl::Status CheckSpsaSpec(const v1::JobSpec& spec) {
  absl::StatusOr<std::vector<SpsaParam>> params = SpsaTuner::ParseSpec(spec.spsa().params());
  if (!params.ok()) return absl::InvalidArgumentError(params.status().message());
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(spec.match().variant());
  if (!session.ok()) return Invalid(session.status().message());
  for (const SpsaParam& p : *params) {
    if (!(*session)->params().Has(p.name))
      return absl::InvalidArgumentError(
          absl::StrCat("spsa spec: ", spec.match().variant(), " has no parameter ", p.name));
    for (const ParamSet::Entry& e : (*session)->params().All())
      if (p.name == e.spec->name && (p.min < e.spec->min || p.max > e.spec->max))
        return absl::InvalidArgumentError(absl::StrCat("spsa spec: ", p.name, " range [", p.min,
                                                       ", ", p.max, "] exceeds the engine's [",
                                                       e.spec->min, ", ", e.spec->max, "]"));
  }
  if (spec.match().has_sprt() && spec.match().sprt().elo0() != spec.match().sprt().elo1())
    return absl::InvalidArgumentError(
        "spsa spec: a tuning run plays its whole budget; drop the SPRT");
  return absl::OkStatus();
}

}  // namespace

Scheduler::Scheduler(GameStore* store, SchedulerOptions options)
    : store_(store), options_(std::move(options)) {}

int64_t Scheduler::Now() const {
  if (options_.now_unix_ms) return options_.now_unix_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

size_t Scheduler::Job::ArmIndexOfPair(uint32_t pair) const {
  auto it = std::upper_bound(arms.begin(), arms.end(), pair,
                             [](uint32_t p, const Arm& a) { return p < a.first_pair; });
  return size_t(it - arms.begin()) - 1;
}

const Scheduler::Arm& Scheduler::Job::ArmOfShard(uint32_t shard) const {
  auto it = std::upper_bound(arms.begin(), arms.end(), shard,
                             [](uint32_t s, const Arm& a) { return s < a.first_shard; });
  return *std::prev(it);
}

uint32_t Scheduler::Job::ShardOfPair(uint32_t pair) const {
  const Arm& arm = ArmOfPair(pair);
  return arm.first_shard + (pair - arm.first_pair) / arm.pairs_per_shard;
}

uint32_t Scheduler::Job::GamesInShard(uint32_t shard) const {
  const Arm& arm = ArmOfShard(shard);
  const uint32_t first = (shard - arm.first_shard) * arm.pairs_per_shard;
  return 2 * (std::min(arm.pairs, first + arm.pairs_per_shard) - first);
}

absl::Status Scheduler::SetupJob(Job& job) {
  const v1::JobSpec& spec = job.stored.spec;
  job.slim_spec = spec;
  if (job.slim_spec.has_match()) job.slim_spec.mutable_match()->clear_openings();
  if (job.slim_spec.has_balance())
    for (v1::MatchSpec& arm : *job.slim_spec.mutable_balance()->mutable_arms())
      arm.clear_openings();
  if (job.slim_spec.has_analysis()) job.slim_spec.mutable_analysis()->clear_positions();
  job.arms.clear();
  std::vector<const v1::MatchSpec*> specs;
  if (spec.has_match()) specs.push_back(&spec.match());
  if (spec.has_balance())
    for (const v1::MatchSpec& m : spec.balance().arms()) specs.push_back(&m);
  job.pairs = job.shard_count = 0;
  for (const v1::MatchSpec* m : specs) {
    Arm arm;
    arm.spec = m;
    arm.first_pair = job.pairs;
    arm.pairs = m->games() / 2;
    arm.pairs_per_shard = std::max<uint32_t>(1, m->pairs_per_shard());
    arm.first_shard = job.shard_count;
    arm.shards = (arm.pairs + arm.pairs_per_shard - 1) / arm.pairs_per_shard;
    job.pairs += arm.pairs;
    job.shard_count += arm.shards;
    job.arms.push_back(arm);
  }
  job.points.assign(job.pairs, {-1, -1});
  job.shard_games_stored.assign(job.shard_count, 0);
  if (!job.stored.spec.has_spsa()) return absl::OkStatus();
  const v1::SpsaSpec& spsa = job.stored.spec.spsa();
  absl::StatusOr<std::vector<SpsaParam>> params = SpsaTuner::ParseSpec(spsa.params());
  if (!params.ok()) return params.status();
  SpsaConfig config;
  config.iterations = int(job.pairs);
  if (spsa.alpha() > 0) config.alpha = spsa.alpha();
  if (spsa.gamma() > 0) config.gamma = spsa.gamma();
  if (spsa.a_ratio() > 0) config.a_ratio = spsa.a_ratio();
  job.spsa = std::make_unique<SpsaTuner>(*std::move(params), config);
  return absl::OkStatus();
}

std::string Scheduler::PairParams(const Job& job, uint32_t pair, bool plus) {
  const SpsaPerturbation& p = job.issued.at(pair);
  return job.stored.spec.match().params_a() + job.spsa->ParamsText(plus ? p.plus : p.minus);
}

void Scheduler::ApplySpsa(Job& job, uint32_t pair, SpsaMarks* marks) {
  const auto& points = job.points[pair];
  auto it = job.issued.find(pair);
  if (it == job.issued.end()) return;  // cannot happen: games of a pair match its issued params
  // Result of the plus side (player A) over the pair: wins - losses, -2..2.
  job.spsa->Apply(it->second, double(points[0] + points[1] - 2));
  ++job.applied_seq;
  if (marks) marks->emplace_back(pair, job.applied_seq);
  const int64_t every = std::max<int64_t>(1, job.pairs / 100);
  if (job.applied_seq % every == 0 || job.applied_seq == int64_t(job.pairs)) {
    v1::SpsaSnapshot snapshot;
    snapshot.set_pairs_applied(uint32_t(job.applied_seq));
    for (double t : job.spsa->theta()) snapshot.add_theta(t);
    job.history.push_back(std::move(snapshot));
  }
}

absl::StatusOr<std::unique_ptr<Scheduler>> Scheduler::Create(GameStore* store,
                                                             SchedulerOptions options) {
  std::unique_ptr<Scheduler> s(new Scheduler(store, std::move(options)));
  absl::StatusOr<std::vector<StoredJob>> jobs = store->LoadJobs();
  if (!jobs.ok()) return jobs.status();
  absl::StatusOr<std::vector<StoredWorker>> workers = store->LoadWorkers();
  if (!workers.ok()) return workers.status();
  absl::MutexLock lock(&s->mutex_);
  for (StoredWorker& w : *workers) s->workers_[w.id].stored = std::move(w);
  std::vector<std::pair<uint64_t, SpsaMarks>> recovered;
  for (StoredJob& stored : *jobs) {
    Job& job = s->jobs_[stored.id];
    job.stored = std::move(stored);
    if (absl::Status st = SetupJob(job); !st.ok()) return st;
    if (!job.plays_games()) {
      if (absl::Status st = SetupAnalysisJob(job, store); !st.ok()) return st;
      continue;
    }
    absl::StatusOr<std::vector<GameSummary>> games = store->LoadGameSummaries(job.stored.id);
    if (!games.ok()) return games.status();
    for (const GameSummary& g : *games) s->RecordGame(job, g.pair, g.colour, g.result, nullptr);
    if (!job.spsa) continue;
    // SPSA: replay the applied results in their order, then apply completed pairs whose
    // result was not recorded as applied before a crash. Each pair counts exactly once.
    absl::StatusOr<std::vector<StoredSpsaPair>> pairs = store->LoadSpsaPairs(job.stored.id);
    if (!pairs.ok()) return pairs.status();
    std::vector<const StoredSpsaPair*> applied;
    for (const StoredSpsaPair& p : *pairs) {
      job.issued[p.pair] = FromProto(p.perturbation);
      if (p.applied_seq >= 0) applied.push_back(&p);
    }
    std::sort(applied.begin(), applied.end(), [](const StoredSpsaPair* a, const StoredSpsaPair* b) {
      return a->applied_seq < b->applied_seq;
    });
    for (const StoredSpsaPair* p : applied) ApplySpsa(job, p->pair, nullptr);
    SpsaMarks marks;
    for (const StoredSpsaPair& p : *pairs) {
      const auto& pts = job.points[p.pair];
      if (p.applied_seq < 0 && pts[0] >= 0 && pts[1] >= 0) ApplySpsa(job, p.pair, &marks);
    }
    if (!marks.empty()) recovered.emplace_back(job.stored.id, std::move(marks));
  }
  for (const auto& [job_id, marks] : recovered)
    if (absl::Status st = store->MarkSpsaApplied(job_id, marks); !st.ok()) return st;
  return s;
}

void Scheduler::RecordGame(Job& job, uint32_t pair, uint32_t colour, v1::GameResult result,
                           SpsaMarks* marks) {
  if (pair >= job.pairs || colour > 1 || job.points[pair][colour] >= 0) return;
  // Colour 0: A has White.
  int points = 1;
  if (result == v1::GAME_RESULT_WHITE_WINS) points = colour == 0 ? 2 : 0;
  if (result == v1::GAME_RESULT_BLACK_WINS) points = colour == 0 ? 0 : 2;
  job.points[pair][colour] = int8_t(points);
  ++job.games_stored;
  ++job.shard_games_stored[job.ShardOfPair(pair)];
  Arm& arm = job.arms[job.ArmIndexOfPair(pair)];
  (result == v1::GAME_RESULT_WHITE_WINS   ? arm.first_player.wins
   : result == v1::GAME_RESULT_BLACK_WINS ? arm.first_player.losses
                                          : arm.first_player.draws)++;
  (points == 2 ? job.wdl.wins : points == 1 ? job.wdl.draws : job.wdl.losses)++;
  const auto& p = job.points[pair];
  if (p[0] >= 0 && p[1] >= 0) {
    ++job.pentanomial.counts[size_t(p[0] + p[1])];
    if (job.stored.spec.has_match() && ++job.pairs_completed % job.progress_stride == 0)
      RecordProgress(job);
    if (job.spsa && marks) ApplySpsa(job, pair, marks);
  }
}

void Scheduler::RecordProgress(Job& job) {
  const EloEstimate elo = EloFromPentanomial(job.pentanomial);
  ProgressPoint point{job.games_stored, elo.elo, elo.elo_lower, elo.elo_upper, 0};
  const v1::MatchSpec& m = job.stored.spec.match();
  if (m.has_sprt() && m.sprt().elo0() != m.sprt().elo1())
    point.llr = PentanomialSprt(job.pentanomial, {m.sprt().elo0(), m.sprt().elo1(),
                                                  m.sprt().alpha(), m.sprt().beta()})
                    .llr;
  job.progress.push_back(point);
  if (job.progress.size() < kMaxProgressPoints) return;
  // Full: keep every other point and record half as often from now on.
  for (size_t i = 0; 2 * i + 1 < job.progress.size(); ++i)
    job.progress[i] = job.progress[2 * i + 1];
  job.progress.resize(job.progress.size() / 2);
  job.progress_stride *= 2;
}

absl::StatusOr<std::vector<ProgressPoint>> Scheduler::Progress(uint64_t job_id) {
  absl::MutexLock lock(&mutex_);
  auto it = jobs_.find(job_id);
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  return it->second.progress;
}

v1::JobState Scheduler::Verdict(const Job& job) const {
  if (!job.plays_games()) return AnalysisVerdict(job);
  const v1::MatchSpec& m = *job.arms[0].spec;
  if (job.stored.spec.has_match() && m.has_sprt() && m.sprt().elo0() != m.sprt().elo1()) {
    const SprtResult r = PentanomialSprt(
        job.pentanomial, {m.sprt().elo0(), m.sprt().elo1(), m.sprt().alpha(), m.sprt().beta()});
    if (r.decision != SprtDecision::kContinue) return v1::JOB_STATE_FINISHED;
  }
  if (job.games_stored >= job.GamesTotal()) return v1::JOB_STATE_FINISHED;
  return v1::JOB_STATE_RUNNING;
}

absl::StatusOr<uint64_t> Scheduler::CreateJob(v1::JobSpec spec) {
  if (spec.has_spsa() && !spec.has_match())
    return absl::InvalidArgumentError("job spec: SPSA tunes a match; give the match");
  if (spec.has_spsa())
    if (absl::Status s = CheckSpsaSpec(spec); !s.ok()) return s;
  if (spec.has_match()) {
    if (absl::Status s =
            CompleteMatchSpec(*spec.mutable_match(), options_.max_games_per_job,
                              options_.default_pairs_per_shard, options_.reference_nps);
        !s.ok())
      return s;
  } else if (spec.has_balance()) {
    v1::BalanceSpec& b = *spec.mutable_balance();
    if (b.arms_size() < 1 || b.arms_size() > 64)
      return absl::InvalidArgumentError("balance spec: give 1 to 64 arms (rule set x budget)");
    uint64_t games = 0;
    for (int i = 0; i < b.arms_size(); ++i) {
      v1::MatchSpec& arm = *b.mutable_arms(i);
      if (arm.has_engine_a() || arm.has_engine_b() || arm.params_a() != arm.params_b() ||
          (arm.has_sprt() && arm.sprt().elo0() != arm.sprt().elo1()))
        return absl::InvalidArgumentError(
            absl::StrCat("balance arm ", i + 1,
                         ": self-play of one engine: no external engines, no SPRT, "
                         "params_a equal to params_b"));
      if (absl::Status s =
              CompleteMatchSpec(arm, options_.max_games_per_job, options_.default_pairs_per_shard,
                                options_.reference_nps);
          !s.ok())
        return absl::InvalidArgumentError(absl::StrCat("balance arm ", i + 1, ": ", s.message()));
      games += arm.games();
    }
    if (games > options_.max_games_per_job)
      return absl::InvalidArgumentError(absl::StrCat("balance spec: ", games,
                                                     " games in all; at most ",
                                                     options_.max_games_per_job, " per job"));
  } else if (spec.has_analysis() || spec.has_book()) {
    if (absl::Status s = CompleteAnalysisJob(spec); !s.ok()) return s;
  } else {
    return absl::InvalidArgumentError("job spec: give a match, balance, analysis or book job");
  }
  const int64_t now = Now();
  absl::StatusOr<uint64_t> id = store_->CreateJob(spec, now);
  if (!id.ok()) return id.status();
  absl::MutexLock lock(&mutex_);
  Job& job = jobs_[*id];
  job.stored = {*id, std::move(spec), v1::JOB_STATE_RUNNING, now};
  if (absl::Status s = SetupJob(job); !s.ok()) return s;  // checked above; cannot fail here
  if (!job.plays_games())
    if (absl::Status s = SetupAnalysisJob(job, nullptr); !s.ok()) return s;
  return *id;
}

std::vector<std::string> Scheduler::JobEngines(const Job& job) {
  std::vector<std::string> engines;
  for (const Arm& arm : job.arms)
    for (const v1::EngineSpec* e : {&arm.spec->engine_a(), &arm.spec->engine_b()})
      if (!e->name().empty() && !e->has_build()) engines.push_back(e->name());
  return engines;
}

std::vector<std::string> Scheduler::JobBuilds(const Job& job) {
  std::vector<std::string> commits;
  for (const Arm& arm : job.arms)
    for (const v1::EngineSpec* e : {&arm.spec->engine_a(), &arm.spec->engine_b()})
      if (e->has_build()) commits.push_back(e->build().commit());
  return commits;
}

bool Scheduler::CanBuild(const Worker& worker, const std::vector<std::string>& commits) {
  if (commits.empty()) return true;
  return worker.builds && std::none_of(commits.begin(), commits.end(), [&](const std::string& c) {
           return worker.build_problems.contains(c);
         });
}

std::optional<v1::JobWaiting> Scheduler::Waiting(const Job& job, int64_t now) const {
  if (!job.running()) return std::nullopt;
  // A match or balance job waits only for shards that are neither done nor leased. Analysis
  // and book jobs cut their work as workers ask, so any live worker can take it.
  if (job.plays_games()) {
    bool open = false;
    for (uint32_t s = 0; s < job.shard_count && !open; ++s) {
      auto lease = job.leases.find(s);
      open = job.shard_games_stored[s] < job.GamesInShard(s) &&
             (lease == job.leases.end() || lease->second.deadline_unix_ms <= now);
    }
    if (!open) return std::nullopt;
  }
  const std::vector<std::string> commits = JobBuilds(job);
  std::vector<WorkerOffer> live;
  for (const auto& [id, w] : workers_)
    if (IsLive(w, now))
      live.push_back({w.engines_known, w.engines, w.builds, CanBuild(w, commits)});
  return WhyNoWorkerCanTake(JobEngines(job), live, !commits.empty());
}

void Scheduler::LogWaitingJobs() {
  std::vector<std::string> lines;
  {
    absl::MutexLock lock(&mutex_);
    const int64_t now = Now();
    for (auto& [id, job] : jobs_) {
      const std::optional<v1::JobWaiting> waiting = Waiting(job, now);
      std::string why;
      if (waiting)
        why = waiting->live_workers() == 0
                  ? "no live worker"
                  : absl::StrCat("engines ", absl::StrJoin(waiting->missing_engines(), ","));
      if (why == job.waiting_logged) continue;
      if (waiting)
        lines.push_back(absl::StrCat("job ", id, " waits: ", waiting->reason()));
      else if (job.running())
        lines.push_back(absl::StrCat("job ", id, " no longer waits: a live worker can take it"));
      job.waiting_logged = why;
    }
  }
  if (options_.log)
    for (const std::string& line : lines) options_.log(line);
}

v1::JobInfo Scheduler::Describe(const Job& job, int64_t now, bool slim) const {
  v1::JobInfo info;
  info.set_job_id(job.stored.id);
  *info.mutable_spec() = slim ? job.slim_spec : job.stored.spec;
  info.set_state(job.stored.state);
  info.set_created_unix_ms(job.stored.created_unix_ms);
  info.set_failure(job.stored.failure);
  for (const v1::BuildProblem& p : job.build_problems) *info.add_build_problems() = p;
  if (std::optional<v1::JobWaiting> waiting = Waiting(job, now))
    *info.mutable_waiting() = *std::move(waiting);
  if (!job.plays_games()) {
    DescribeAnalysis(job, info);
    return info;
  }
  info.set_games_stored(job.games_stored);
  info.set_games_total(job.GamesTotal());
  if (job.stored.spec.has_balance()) {
    for (const Arm& arm : job.arms) {
      v1::ArmStatus* a = info.add_arms();
      a->set_variant(arm.spec->variant());
      a->set_rules(arm.spec->rules());
      a->set_nodes(arm.spec->tc().nodes());
      a->set_games_total(2 * uint64_t(arm.pairs));
      a->set_white_wins(uint64_t(arm.first_player.wins));
      a->set_draws(uint64_t(arm.first_player.draws));
      a->set_black_wins(uint64_t(arm.first_player.losses));
    }
  }
  v1::MatchStatus* st = info.mutable_match();
  st->set_wins(uint64_t(job.wdl.wins));
  st->set_draws(uint64_t(job.wdl.draws));
  st->set_losses(uint64_t(job.wdl.losses));
  for (int64_t c : job.pentanomial.counts) st->add_pentanomial(uint64_t(c));
  const EloEstimate elo =
      job.pentanomial.pairs() > 0 ? EloFromPentanomial(job.pentanomial) : EloFromWdl(job.wdl);
  st->set_elo(elo.elo);
  st->set_elo_lower(elo.elo_lower);
  st->set_elo_upper(elo.elo_upper);
  st->set_los(elo.los);
  if (job.spsa) {
    v1::SpsaStatus* spsa = info.mutable_spsa();
    for (const SpsaParam& p : job.spsa->params()) spsa->add_names(p.name);
    for (double t : job.spsa->theta()) spsa->add_theta(t);
    spsa->set_pairs_applied(uint32_t(job.applied_seq));
    for (const v1::SpsaSnapshot& h : job.history) *spsa->add_history() = h;
  }
  const v1::MatchSpec& m = *job.arms[0].spec;
  if (job.stored.spec.has_match() && m.has_sprt() && m.sprt().elo0() != m.sprt().elo1()) {
    const SprtResult r = PentanomialSprt(
        job.pentanomial, {m.sprt().elo0(), m.sprt().elo1(), m.sprt().alpha(), m.sprt().beta()});
    st->set_llr(r.llr);
    st->set_llr_lower(r.lower_bound);
    st->set_llr_upper(r.upper_bound);
    st->set_sprt_decision(r.decision == SprtDecision::kAcceptH1   ? "H1"
                          : r.decision == SprtDecision::kAcceptH0 ? "H0"
                                                                  : "");
  }
  return info;
}

absl::StatusOr<std::vector<v1::JobInfo>> Scheduler::GetJobs(uint64_t job_id, bool slim) {
  absl::MutexLock lock(&mutex_);
  std::vector<v1::JobInfo> out;
  if (job_id != 0) {
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    out.push_back(Describe(it->second, Now(), slim));
    return out;
  }
  const int64_t now = Now();
  for (const auto& [id, job] : jobs_) out.push_back(Describe(job, now, slim));
  return out;
}

absl::Status Scheduler::CancelJob(uint64_t job_id) {
  {
    absl::MutexLock lock(&mutex_);
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    if (!it->second.running())
      return absl::FailedPreconditionError(absl::StrCat("job ", job_id, " is not running"));
    it->second.stored.state = v1::JOB_STATE_CANCELLED;
    it->second.leases.clear();
  }
  return store_->SetJobState(job_id, v1::JOB_STATE_CANCELLED);
}

absl::Status Scheduler::ExportGames(uint64_t job_id,
                                    const std::function<void(const v1::Game&)>& visit) {
  {
    absl::MutexLock lock(&mutex_);
    if (!jobs_.contains(job_id)) return absl::NotFoundError(absl::StrCat("no job ", job_id));
  }
  return store_->ForEachGame(job_id, visit);
}

std::vector<v1::WorkerInfo> Scheduler::ListWorkers() {
  absl::MutexLock lock(&mutex_);
  std::vector<v1::WorkerInfo> out;
  const int64_t now = Now();
  for (const auto& [id, w] : workers_) {
    v1::WorkerInfo info;
    info.set_worker_id(id);
    info.set_name(w.stored.name);
    info.set_cores(w.stored.cores);
    info.set_engine_version(w.stored.engine_version);
    info.set_bench_signature(w.stored.bench_signature);
    info.set_last_seen_unix_ms(w.stored.last_seen_unix_ms);
    info.set_games(w.stored.games);
    const double minutes = std::max<double>(1, now - w.stored.registered_unix_ms) / 60000.0;
    info.set_games_per_minute(w.stored.games / minutes);
    info.set_nodes_per_second(w.nodes_since_register / (minutes * 60));
    uint32_t leases = 0;
    for (const auto& [job_id, job] : jobs_)
      for (const auto& [shard, lease] : job.leases)
        leases += lease.worker_id == id && lease.deadline_unix_ms > now;
    info.set_active_leases(leases);
    for (const std::string& e : w.engines) info.add_engines(e);
    info.set_bench_nps(double(w.stored.bench_nps));
    info.set_builds(w.builds);
    for (const auto& [commit, problem] : w.build_problems) *info.add_build_problems() = problem;
    out.push_back(std::move(info));
  }
  return out;
}

absl::StatusOr<std::string> Scheduler::RegisterWorker(const v1::RegisterWorkerRequest& r) {
  if (r.name().empty() || r.name().size() > 128)
    return absl::InvalidArgumentError("worker name must have 1 to 128 characters");
  if (r.engine_version().size() > 128) return absl::InvalidArgumentError("engine version too long");
  StoredWorker w;
  w.id = NewWorkerId();
  w.name = r.name();
  w.engine_version = r.engine_version();
  w.cores = std::min<uint32_t>(r.cores(), 4096);
  w.bench_signature = r.bench_signature();
  if (!(r.bench_nps() >= 0 && r.bench_nps() <= 1e11))
    return absl::InvalidArgumentError("bench_nps must be from 0 to 10^11");
  w.bench_nps = int64_t(r.bench_nps());
  w.registered_unix_ms = w.last_seen_unix_ms = Now();
  if (absl::Status s = store_->UpsertWorker(w); !s.ok()) return s;
  absl::MutexLock lock(&mutex_);
  workers_[w.id].stored = w;
  return w.id;
}

v1::Shard Scheduler::MakeShard(Job& job, uint32_t shard_id, std::vector<StoredSpsaPair>* issued) {
  v1::Shard shard;
  const Arm& arm = job.ArmOfShard(shard_id);
  const v1::MatchSpec& m = *arm.spec;
  shard.set_job_id(job.stored.id);
  shard.set_shard_id(shard_id);
  *shard.mutable_match() = m;
  shard.mutable_match()->clear_openings();  // the shard carries its own
  const uint32_t first = arm.first_pair + (shard_id - arm.first_shard) * arm.pairs_per_shard;
  const uint32_t end = std::min(arm.first_pair + arm.pairs, first + arm.pairs_per_shard);
  for (uint32_t pair = first; pair < end; ++pair) {
    shard.add_pairs(pair);
    shard.add_pair_openings(m.openings(int(pair - arm.first_pair)));
    shard.add_pair_seeds(MixSeed(m.seed(), pair));
    if (!job.spsa) continue;
    if (!job.issued.contains(pair)) {  // issued once: a re-leased pair keeps its flips
      job.issued[pair] = job.spsa->Perturb(int(pair) + 1, m.seed());
      issued->push_back({pair, ToProto(job.issued[pair]), -1});
    }
    shard.add_pair_params_a(PairParams(job, pair, true));
    shard.add_pair_params_b(PairParams(job, pair, false));
  }
  return shard;
}

absl::StatusOr<std::vector<v1::Lease>> Scheduler::LeaseShards(
    const std::string& worker_id, uint32_t max_shards, const std::vector<std::string>& engines,
    bool builds) {
  std::vector<std::pair<uint64_t, std::vector<StoredSpsaPair>>> issued;
  absl::StatusOr<std::vector<v1::Lease>> leases =
      LeaseShardsLocked(worker_id, max_shards, engines, builds, issued);
  // Perturbations reach the store before any worker plays them.
  for (const auto& [job_id, pairs] : issued)
    if (absl::Status s = store_->SaveSpsaPairs(job_id, pairs); !s.ok()) return s;
  return leases;
}

absl::StatusOr<std::vector<v1::Lease>> Scheduler::LeaseShardsLocked(
    const std::string& worker_id, uint32_t max_shards, const std::vector<std::string>& engines,
    bool builds, std::vector<std::pair<uint64_t, std::vector<StoredSpsaPair>>>& issued) {
  if (engines.size() > kMaxEnginesPerWorker ||
      std::any_of(engines.begin(), engines.end(),
                  [](const std::string& e) { return e.empty() || e.size() > kMaxEngineName; }))
    return absl::InvalidArgumentError(absl::StrCat("lease request: at most ", kMaxEnginesPerWorker,
                                                   " engine names of 1 to ", kMaxEngineName,
                                                   " characters"));
  absl::MutexLock lock(&mutex_);
  auto worker = workers_.find(worker_id);
  if (worker == workers_.end())
    return absl::NotFoundError(absl::StrCat("unknown worker '", worker_id, "'; register first"));
  // The worker runs all of the job's engines, and builds its builds (having reported no
  // problem with them). Asked for every job on every lease request, so it reads the arms in
  // place rather than collecting JobEngines and JobBuilds.
  const Worker& w = worker->second;
  const auto can_play = [&](const Job& job) {
    for (const Arm& arm : job.arms)
      for (const v1::EngineSpec* e : {&arm.spec->engine_a(), &arm.spec->engine_b()}) {
        if (e->has_build()) {
          if (!builds || w.build_problems.contains(e->build().commit())) return false;
        } else if (!e->name().empty() &&
                   std::find(engines.begin(), engines.end(), e->name()) == engines.end()) {
          return false;
        }
      }
    return true;
  };
  const int64_t now = Now();
  worker->second.stored.last_seen_unix_ms = now;
  // Remembered for `tumen workers` and for saying why a job waits (coordinator/job_waiting.h).
  worker->second.engines_known = true;
  worker->second.builds = builds;
  worker->second.engines = engines;
  std::sort(worker->second.engines.begin(), worker->second.engines.end());
  worker->second.engines.erase(
      std::unique(worker->second.engines.begin(), worker->second.engines.end()),
      worker->second.engines.end());
  max_shards = std::min(max_shards, kMaxShardsPerLease);
  std::vector<v1::Lease> out;
  for (auto& [id, job] : jobs_) {
    if (!job.running()) continue;
    if (!job.plays_games()) {
      LeaseAnalysisShards(job, worker_id, max_shards, now, out);
      if (out.size() >= max_shards) break;
      continue;
    }
    if (!can_play(job)) continue;
    for (uint32_t s = 0; s < job.shard_count && out.size() < max_shards; ++s) {
      if (job.shard_games_stored[s] >= job.GamesInShard(s)) continue;
      auto lease = job.leases.find(s);
      if (lease != job.leases.end() && lease->second.deadline_unix_ms > now) continue;
      if (options_.metrics) options_.metrics->LeaseIssued(lease != job.leases.end());
      job.leases[s] = {worker_id, now + options_.lease_ms};
      v1::Lease l;
      std::vector<StoredSpsaPair> new_pairs;
      *l.mutable_shard() = MakeShard(job, s, &new_pairs);
      if (const double factor =
              proto::ClockFactor(*job.ArmOfShard(s).spec, double(w.stored.bench_nps));
          factor > 0)
        l.mutable_shard()->set_tc_factor(factor);
      if (!new_pairs.empty()) issued.emplace_back(id, std::move(new_pairs));
      l.set_deadline_unix_ms(now + options_.lease_ms);
      out.push_back(std::move(l));
    }
    if (out.size() >= max_shards) break;
  }
  return out;
}

absl::StatusOr<v1::HeartbeatResponse> Scheduler::Heartbeat(const v1::HeartbeatRequest& r) {
  absl::MutexLock lock(&mutex_);
  auto worker = workers_.find(r.worker_id());
  if (worker == workers_.end())
    return absl::NotFoundError(
        absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
  const int64_t now = Now();
  worker->second.stored.last_seen_unix_ms = now;
  worker->second.nodes_since_register += r.nodes_searched();
  v1::HeartbeatResponse response;
  response.set_deadline_unix_ms(now + options_.lease_ms);
  for (const v1::ShardRef& ref : r.shards()) {
    auto job = jobs_.find(ref.job_id());
    const bool live = job != jobs_.end() && job->second.running() &&
                      (job->second.dropout ? job->second.shard_tasks.contains(ref.shard_id())
                                           : ref.shard_id() < job->second.shard_count);
    if (!live) {
      *response.add_cancelled() = ref;
      continue;
    }
    Lease& lease = job->second.leases[ref.shard_id()];
    if (lease.worker_id.empty() || lease.worker_id == r.worker_id() ||
        lease.deadline_unix_ms <= now) {
      lease = {r.worker_id(), now + options_.lease_ms};  // extended (or taken back after expiry)
    } else {
      *response.add_cancelled() = ref;  // handed to another worker meanwhile
    }
  }
  return response;
}

absl::Status Scheduler::ReportBuild(const v1::ReportBuildRequest& r) {
  if (r.commit().size() > 64 || r.error().size() > 4000)
    return absl::InvalidArgumentError(
        "build report: a commit of at most 64 and an error of at most 4000 characters");
  std::vector<std::string> lines;
  std::string failure;
  const uint64_t job_id = r.shard().job_id();
  {
    absl::MutexLock lock(&mutex_);
    auto worker = workers_.find(r.worker_id());
    if (worker == workers_.end())
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    auto it = jobs_.find(job_id);
    if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    Job& job = it->second;
    const std::vector<std::string> commits = JobBuilds(job);
    if (std::find(commits.begin(), commits.end(), r.commit()) == commits.end())
      return absl::InvalidArgumentError(
          absl::StrCat("job ", job_id, " has no engine build ", r.commit()));
    const int64_t now = Now();
    Worker& w = worker->second;
    w.stored.last_seen_unix_ms = now;
    v1::BuildProblem problem;
    problem.set_worker_id(r.worker_id());
    problem.set_worker_name(w.stored.name);
    problem.set_commit(r.commit());
    problem.set_error(r.error().empty() ? "no reason given" : r.error());
    problem.set_unix_ms(now);
    w.build_problems[r.commit()] = problem;
    job.build_problems.push_back(problem);
    constexpr size_t kProblemsShown = 16;
    if (job.build_problems.size() > kProblemsShown)
      job.build_problems.erase(job.build_problems.begin());
    // The shard goes back to the pool at once rather than when its lease would expire.
    if (auto lease = job.leases.find(r.shard().shard_id());
        lease != job.leases.end() && lease->second.worker_id == r.worker_id())
      job.leases.erase(lease);
    lines.push_back(absl::StrCat("job ", job_id, ": worker ", w.stored.name, " cannot play build ",
                                 r.commit().substr(0, 10), ": ", problem.error()));
    // The job fails when no live worker that builds can still take it: it would wait for ever.
    bool any_builder = false, one_can = false;
    for (const auto& [id, other] : workers_) {
      if (!other.builds || !IsLive(other, now)) continue;
      any_builder = true;
      one_can |= CanBuild(other, commits);
    }
    if (job.running() && any_builder && !one_can) {
      failure = absl::StrCat(
          "no live worker can play the job's engine builds; the last report, "
          "from ",
          w.stored.name, ": ", problem.error());
      job.stored.state = v1::JOB_STATE_FAILED;
      job.stored.failure = failure;
      job.leases.clear();
      lines.push_back(absl::StrCat("job ", job_id, " failed: ", failure));
    }
  }
  if (options_.log)
    for (const std::string& line : lines) options_.log(line);
  if (!failure.empty()) return store_->SetJobState(job_id, v1::JOB_STATE_FAILED, failure);
  return absl::OkStatus();
}

absl::Status Scheduler::CheckIdentity(const v1::Game& g) {
  const v1::GameId& id = g.id();
  auto it = jobs_.find(id.job_id());
  if (it == jobs_.end()) return absl::NotFoundError(absl::StrCat("no job ", id.job_id()));
  const Job& job = it->second;
  if (!job.running())
    return absl::FailedPreconditionError(absl::StrCat("job ", id.job_id(), " is not running"));
  if (!job.plays_games())
    return absl::InvalidArgumentError(absl::StrCat("job ", id.job_id(), " takes no games"));
  if (id.pair() >= job.pairs || id.colour() > 1 || id.shard_id() != job.ShardOfPair(id.pair()))
    return absl::InvalidArgumentError(absl::StrCat("game id (shard ", id.shard_id(), ", pair ",
                                                   id.pair(), ", colour ", id.colour(),
                                                   ") is not part of job ", id.job_id()));
  const Arm& arm = job.ArmOfPair(id.pair());
  const v1::MatchSpec& m = *arm.spec;
  if (g.variant() != m.variant())
    return absl::InvalidArgumentError("variant differs from the job's");
  if (g.start_fen() != m.openings(int(id.pair() - arm.first_pair)))
    return absl::InvalidArgumentError("start position differs from the pair's opening");
  std::string a = m.params_a(), b = m.params_b();
  if (job.spsa) {
    if (!job.issued.contains(id.pair()))
      return absl::FailedPreconditionError(
          absl::StrCat("pair ", id.pair(), " has not been issued"));
    a = PairParams(job, id.pair(), true);
    b = PairParams(job, id.pair(), false);
  }
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

absl::StatusOr<v1::SubmitGamesResponse> Scheduler::SubmitGames(const v1::SubmitGamesRequest& r) {
  if (uint32_t(r.games_size()) > kMaxGamesPerSubmission)
    return absl::InvalidArgumentError(
        absl::StrCat("at most ", kMaxGamesPerSubmission, " games per submission"));
  v1::SubmitGamesResponse response;
  std::vector<int> ack_of_game;
  {
    absl::MutexLock lock(&mutex_);
    if (!workers_.contains(r.worker_id()))
      return absl::NotFoundError(
          absl::StrCat("unknown worker '", r.worker_id(), "'; register first"));
    for (const v1::Game& g : r.games()) {
      v1::GameAck* ack = response.add_acks();
      *ack->mutable_id() = g.id();
      if (absl::Status s = CheckIdentity(g); !s.ok()) {
        ack->set_error(std::string(s.message()));
        if (options_.metrics)
          options_.metrics->GameRejected(
              s.code() == absl::StatusCode::kFailedPrecondition ? "job_not_running" : "identity");
      }
    }
  }
  // Replay every game with the rules core, outside the lock.
  std::vector<v1::Game> valid;
  std::vector<int> valid_index;
  for (int i = 0; i < r.games_size(); ++i) {
    v1::GameAck* ack = response.mutable_acks(i);
    if (!ack->error().empty()) continue;
    absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(r.games(i));
    absl::Status s = record.ok() ? selfplay::ValidateGame(*record) : record.status();
    if (!s.ok()) {
      ack->set_error(std::string(s.message()));
      if (options_.metrics) options_.metrics->GameRejected("replay");
      continue;
    }
    valid.push_back(r.games(i));
    valid.back().set_worker_id(r.worker_id());
    valid_index.push_back(i);
  }
  const absl::Time commit_start = absl::Now();
  absl::StatusOr<std::vector<bool>> inserted = store_->InsertGames(valid);
  if (!inserted.ok()) return inserted.status();  // nothing acknowledged: the worker retries
  if (options_.metrics) {
    options_.metrics->StoreCommit(absl::ToDoubleSeconds(absl::Now() - commit_start));
    options_.metrics->GamesStored(uint64_t(std::count(inserted->begin(), inserted->end(), true)));
  }
  std::vector<std::pair<uint64_t, v1::JobState>> ended;
  std::map<uint64_t, SpsaMarks> applied;
  {
    absl::MutexLock lock(&mutex_);
    for (size_t k = 0; k < valid.size(); ++k) {
      v1::GameAck* ack = response.mutable_acks(valid_index[k]);
      ack->set_accepted(true);
      ack->set_duplicate(!(*inserted)[k]);
      if (!(*inserted)[k]) continue;
      const v1::GameId& id = valid[k].id();
      auto it = jobs_.find(id.job_id());
      if (it == jobs_.end()) continue;
      RecordGame(it->second, id.pair(), id.colour(), valid[k].result(), &applied[id.job_id()]);
      ++workers_[r.worker_id()].stored.games;
    }
    for (auto& [id, job] : jobs_) {
      if (!job.running()) continue;
      const v1::JobState verdict = Verdict(job);
      if (verdict != v1::JOB_STATE_RUNNING) {
        job.stored.state = verdict;
        job.leases.clear();
        ended.emplace_back(id, verdict);
      }
    }
    if (r.shard_complete()) {
      auto it = jobs_.find(r.shard().job_id());
      if (it != jobs_.end()) it->second.leases.erase(r.shard().shard_id());
    }
  }
  for (const auto& [id, marks] : applied)
    if (absl::Status s = store_->MarkSpsaApplied(id, marks); !s.ok()) return s;
  for (const auto& [id, state] : ended)
    if (absl::Status s = store_->SetJobState(id, state); !s.ok()) return s;
  StoredWorker snapshot;
  {
    absl::MutexLock lock(&mutex_);
    snapshot = workers_[r.worker_id()].stored;
  }
  (void)store_->UpsertWorker(snapshot);  // statistics only; the games are safe already
  return response;
}

}  // namespace tumen::coordinator
