#include "coordinator/jobs/match_spec.h"

#include <memory>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/selfplay/opening.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

absl::Status Invalid(absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("match spec: ", what));
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

}  // namespace

absl::Status CompleteMatchSpec(v1::MatchSpec& m, const JobLimits& limits) {
  const uint32_t max_games = limits.max_games_per_job;
  if (m.rules().size() > 1024) return Invalid("rules longer than 1024 characters");
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(m.variant(), m.rules());
  if (!session.ok()) return Invalid(session.status().message());
  if (m.sample_plies() > 64 || m.sample_margin_cp() < 0 || m.sample_margin_cp() > 1000)
    return Invalid("sample_plies must be at most 64 and sample_margin_cp within 0..1000");
  if (m.games() < 2 || m.games() % 2 != 0 || m.games() > max_games)
    return Invalid(absl::StrCat("games must be an even number from 2 to ", max_games, " (got ",
                                m.games(), "): games are played in colour-swapped pairs"));
  const v1::TimeControl& tc = m.tc();
  const int search_limits =
      (tc.nodes() > 0) + (tc.depth() > 0) + (tc.movetime_ms() > 0) + (tc.base_ms() > 0);
  if (search_limits != 1)
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
  if (m.scale_tc() && m.tc_reference_nps() == 0) m.set_tc_reference_nps(limits.reference_nps);
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
  if (m.pairs_per_shard() == 0) m.set_pairs_per_shard(limits.default_pairs_per_shard);
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

}  // namespace tumen::coordinator
