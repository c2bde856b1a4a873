#include "proto/convert.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"
#include "engine/api/version.h"
#include "engine/core/params.h"
#include "engine/core/prng.h"

namespace tumen::proto {
namespace {

// Parses a square like "e2" or "a10" at text[pos]; advances pos.
bool ParseSquare(absl::string_view text, size_t& pos, int& square) {
  if (pos >= text.size() || text[pos] < 'a' || text[pos] > 'p') return false;
  const int file = text[pos++] - 'a';
  int rank = 0, digits = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && digits < 2) {
    rank = rank * 10 + (text[pos++] - '0');
    ++digits;
  }
  if (digits == 0 || rank < 1 || rank > 16) return false;
  square = file + 16 * (rank - 1);
  return true;
}

std::string SquareName(int square) {
  return absl::StrCat(std::string(1, char('a' + square % 16)), square / 16 + 1);
}

}  // namespace

absl::StatusOr<uint32_t> EncodeMove(absl::string_view uci) {
  const auto bad = [&] {
    return absl::InvalidArgumentError(absl::StrCat("cannot encode move '", uci, "'"));
  };
  size_t pos = 0;
  int from = 0, to = 0;
  uint32_t letter = 0;
  if (uci.size() >= 3 && uci[1] == '@') {  // drop
    letter = uint8_t(uci[0]);
    pos = 2;
    if (!ParseSquare(uci, pos, to) || pos != uci.size()) return bad();
    return 0xFFu | uint32_t(to) << 8 | letter << 16;
  }
  if (!ParseSquare(uci, pos, from) || !ParseSquare(uci, pos, to)) return bad();
  if (pos + 1 == uci.size() && uci[pos] >= 'a' && uci[pos] <= 'z') letter = uint8_t(uci[pos++]);
  if (pos != uci.size()) return bad();
  return uint32_t(from) | uint32_t(to) << 8 | letter << 16;
}

std::string DecodeMove(uint32_t packed) {
  const int from = packed & 0xFF, to = (packed >> 8) & 0xFF;
  const char letter = char((packed >> 16) & 0xFF);
  if (from == 0xFF) return absl::StrCat(std::string(1, letter), "@", SquareName(to));
  std::string s = SquareName(from) + SquareName(to);
  if (letter) s += letter;
  return s;
}

v1::GameResult ToProto(GameResult r) {
  switch (r) {
    case GameResult::kFirstPlayerWins:
      return v1::GAME_RESULT_WHITE_WINS;
    case GameResult::kSecondPlayerWins:
      return v1::GAME_RESULT_BLACK_WINS;
    case GameResult::kDraw:
      return v1::GAME_RESULT_DRAW;
    default:
      return v1::GAME_RESULT_UNSPECIFIED;
  }
}

GameResult FromProto(v1::GameResult r) {
  switch (r) {
    case v1::GAME_RESULT_WHITE_WINS:
      return GameResult::kFirstPlayerWins;
    case v1::GAME_RESULT_BLACK_WINS:
      return GameResult::kSecondPlayerWins;
    case v1::GAME_RESULT_DRAW:
      return GameResult::kDraw;
    default:
      return GameResult::kOngoing;
  }
}

// The enums share their numbering (game.proto mirrors engine/core/outcome.h).
v1::Termination ToProto(Termination t) { return v1::Termination(int(t)); }
Termination FromProto(v1::Termination t) {
  return int(t) <= int(Termination::kEngineFailure) ? Termination(int(t)) : Termination::kNone;
}

absl::StatusOr<v1::Game> ToProto(const selfplay::GameRecord& r) {
  v1::Game g;
  g.set_variant(r.variant);
  g.set_start_fen(r.start_fen);
  for (const selfplay::MoveRecord& m : r.moves) {
    absl::StatusOr<uint32_t> packed = EncodeMove(m.uci);
    if (!packed.ok()) return packed.status();
    g.add_moves(*packed);
    v1::MoveInfo* info = g.add_move_info();
    info->set_score_cp(m.score_cp);
    info->set_depth(uint32_t(m.depth));
    info->set_nodes(m.nodes);
    info->set_time_ms(uint32_t(m.time_ms));
  }
  g.set_result(ToProto(r.result));
  g.set_termination(ToProto(r.termination));
  for (auto [player, out] :
       {std::pair{&r.white, g.mutable_white()}, std::pair{&r.black, g.mutable_black()}}) {
    out->set_engine(player->engine);
    out->set_params_name(player->params_name);
    out->set_params_text(player->params_text);
  }
  g.set_seed(r.seed);
  g.set_started_unix_ms(r.started_unix_ms);
  g.set_finished_unix_ms(r.finished_unix_ms);
  for (const std::string& e : r.events) g.add_events(e);
  g.set_rules(r.rules);
  if (r.tuukhei) {
    g.mutable_tuukhei()->set_count(uint32_t(r.tuukhei->count));
    g.mutable_tuukhei()->set_name(r.tuukhei->name);
  }
  return g;
}

absl::StatusOr<selfplay::GameRecord> FromProto(const v1::Game& g) {
  selfplay::GameRecord r;
  r.variant = g.variant();
  r.start_fen = g.start_fen();
  for (int i = 0; i < g.moves_size(); ++i) {
    selfplay::MoveRecord m;
    m.uci = DecodeMove(g.moves(i));
    if (i < g.move_info_size()) {
      m.score_cp = g.move_info(i).score_cp();
      m.depth = int(g.move_info(i).depth());
      m.nodes = g.move_info(i).nodes();
      m.time_ms = int(g.move_info(i).time_ms());
    }
    r.moves.push_back(std::move(m));
  }
  r.result = FromProto(g.result());
  r.termination = FromProto(g.termination());
  for (auto [in, player] : {std::pair{&g.white(), &r.white}, std::pair{&g.black(), &r.black}}) {
    player->engine = in->engine();
    player->params_name = in->params_name();
    player->params_text = in->params_text();
  }
  r.seed = g.seed();
  r.started_unix_ms = g.started_unix_ms();
  r.finished_unix_ms = g.finished_unix_ms();
  r.events.assign(g.events().begin(), g.events().end());
  r.rules = g.rules();
  if (g.has_tuukhei()) r.tuukhei = WinGrade{int(g.tuukhei().count()), g.tuukhei().name()};
  return r;
}

selfplay::TimeControl FromProto(const v1::TimeControl& tc) {
  selfplay::TimeControl t;
  t.nodes = tc.nodes();
  t.depth = int(tc.depth());
  t.movetime_ms = tc.movetime_ms();
  t.base_ms = tc.base_ms();
  t.increment_ms = tc.increment_ms();
  return t;
}

selfplay::Adjudication FromProto(const v1::Adjudication& a) {
  selfplay::Adjudication x;
  x.resign_score_cp = a.resign_score_cp();
  x.resign_moves = int(a.resign_moves());
  x.draw_score_cp = a.draw_score_cp();
  x.draw_moves = int(a.draw_moves());
  x.draw_after_move = int(a.draw_after_move());
  x.max_plies = int(a.max_plies());
  return x;
}

absl::StatusOr<selfplay::GameSpec> GameSpecFor(
    const v1::Shard& shard, int pair_index, int colour,
    const std::map<std::string, std::string>& engine_paths) {
  const v1::MatchSpec& m = shard.match();
  selfplay::GameSpec spec;
  spec.variant = m.variant();
  spec.start_fen = shard.pair_openings(pair_index);
  v1::TimeControl tc = m.tc();
  // A scale_tc match's clock, scaled for the leasing worker's speed.
  if (shard.tc_factor() > 0 && tc.base_ms() > 0) {
    tc.set_base_ms(uint32_t(std::llround(tc.base_ms() * shard.tc_factor())));
    tc.set_increment_ms(uint32_t(std::llround(tc.increment_ms() * shard.tc_factor())));
  }
  spec.tc = FromProto(tc);
  spec.adjudication = FromProto(m.adjudication());
  spec.hash_mb = int(m.hash_mb());
  spec.seed = pair_index < shard.pair_seeds_size() ? shard.pair_seeds(pair_index) : 0;
  spec.rules = m.rules();
  spec.sample_plies = int(m.sample_plies());
  spec.sample_margin_cp = m.sample_margin_cp();
  // Sampled games of one pair must differ: both colours of a self-play pair would otherwise
  // repeat the same game.
  if (spec.sample_plies > 0) spec.seed = MixSeed(spec.seed, uint64_t(colour) + 1);
  // SPSA shards carry each pair's own parameter sets.
  const bool per_pair =
      pair_index < shard.pair_params_a_size() && pair_index < shard.pair_params_b_size();
  selfplay::PlayerConfig a{
      kEngineVersion, "a", per_pair ? shard.pair_params_a(pair_index) : m.params_a(), {}},
      b{kEngineVersion, "b", per_pair ? shard.pair_params_b(pair_index) : m.params_b(), {}};
  for (auto [player, engine] : {std::pair{&a, &m.engine_a()}, std::pair{&b, &m.engine_b()}}) {
    if (engine->name().empty()) continue;
    const auto path = engine_paths.find(engine->name());
    if (path == engine_paths.end())
      return absl::FailedPreconditionError(
          absl::StrCat("this worker has no engine '", engine->name(), "'"));
    selfplay::ExternalEngine external{path->second, engine->uci_variant(), {}};
    std::string params_text;
    if (engine->has_build()) {
      // A build of Tumen plays like our own engine: one thread, the match's hash, rules and
      // parameters, all as UCI options (the job's own options come after and win).
      external.options = {{"Threads", "1"}, {"Hash", std::to_string(m.hash_mb())}};
      if (!m.rules().empty()) external.options.emplace_back("ShatarRules", m.rules());
      params_text = player->params_text;
      absl::StatusOr<std::vector<std::pair<std::string, int>>> params =
          ParamSet::ParseAssignments(params_text);
      if (!params.ok()) return params.status();
      for (const auto& [name, value] : *params)
        external.options.emplace_back(name, std::to_string(value));
    }
    for (const v1::EngineOption& o : engine->options())
      external.options.emplace_back(o.name(), o.value());
    *player = {engine->name(), player->params_name, params_text, external};
  }
  spec.white = colour == 0 ? a : b;
  spec.black = colour == 0 ? b : a;
  return spec;
}

v1::GameId GameIdFor(const v1::Shard& shard, int pair_index, int colour) {
  v1::GameId id;
  id.set_job_id(shard.job_id());
  id.set_shard_id(shard.shard_id());
  id.set_pair(shard.pairs(pair_index));
  id.set_colour(uint32_t(colour));
  return id;
}

selfplay::AnalysisRequest AnalysisRequestFor(const v1::AnalysisSpec& spec,
                                             const v1::AnalysisPosition& position) {
  selfplay::AnalysisRequest r;
  r.variant = spec.variant();
  r.rules = spec.rules();
  r.params_text = spec.params();
  r.fen = position.fen();
  r.moves.assign(position.moves().begin(), position.moves().end());
  r.excluded_moves.assign(position.excluded_moves().begin(), position.excluded_moves().end());
  r.tc = FromProto(spec.tc());
  r.hash_mb = int(spec.hash_mb());
  return r;
}

v1::AnalysisResult ToProto(const selfplay::AnalysisOutcome& o) {
  v1::AnalysisResult r;
  r.set_fen(o.fen);
  r.set_terminal(o.terminal);
  r.set_best_move(o.best_move);
  r.set_score_cp(o.score_cp);
  r.set_depth(uint32_t(o.depth));
  r.set_nodes(o.nodes);
  for (const std::string& m : o.pv) *r.add_pv() = m;
  return r;
}

bool IsFullCommitHash(absl::string_view text) {
  return text.size() == 40 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

double ClockFactor(const v1::MatchSpec& match, double bench_nps) {
  if (!match.scale_tc() || match.tc().base_ms() == 0 || !(bench_nps > 0)) return 0;
  return std::clamp(match.tc_reference_nps() / bench_nps, 0.1, 10.0);
}

std::string JobStateName(v1::JobState state) {
  switch (state) {
    case v1::JOB_STATE_RUNNING:
      return "running";
    case v1::JOB_STATE_FINISHED:
      return "finished";
    case v1::JOB_STATE_CANCELLED:
      return "cancelled";
    case v1::JOB_STATE_FAILED:
      return "failed";
    default:
      return "unknown";
  }
}

}  // namespace tumen::proto
