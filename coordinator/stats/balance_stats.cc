#include "coordinator/stats/balance_stats.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <memory>
#include <set>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "coordinator/stats/logistic_regression.h"
#include "coordinator/stats/match_stats.h"
#include "engine/api/game_session.h"
#include "engine/core/outcome.h"
#include "proto/convert.h"

namespace tumen::coordinator {
namespace {

using v1::Termination;

bool IsShatar(const std::string& variant) { return absl::StartsWith(variant, "shatar"); }
bool IsXiangqi(const std::string& variant) { return absl::StartsWith(variant, "xiangqi"); }
bool IsDeerChess(const std::string& variant) { return absl::StartsWith(variant, "bogenjirge"); }

struct RuleDef {
  const char* rule;
  std::vector<Termination> terminations;
  bool (*applies)(const std::string& variant);
};

const std::vector<RuleDef>& RuleDefs() {
  static const std::vector<RuleDef> defs = {
      {"knight-mate ban",
       {v1::TERMINATION_KNIGHT_MATE_LOSES, v1::TERMINATION_KNIGHT_MATE_DRAW},
       &IsShatar},
      {"bishop-mate draw", {v1::TERMINATION_BISHOP_MATE_DRAW}, &IsShatar},
      {"shak rule (mate without shak)", {v1::TERMINATION_NO_SHAK_DRAW}, &IsShatar},
      {"bare king", {v1::TERMINATION_BARE_KING}, &IsShatar},
      {"lone bishops", {v1::TERMINATION_LONE_BISHOPS}, &IsShatar},
      {"perpetual check", {v1::TERMINATION_PERPETUAL_CHECK}, &IsXiangqi},
      {"deer immobilised (dogs win)", {v1::TERMINATION_DEER_IMMOBILISED}, &IsDeerChess},
      {"deer sealed outside (dogs win)", {v1::TERMINATION_DEER_OUTSIDE}, &IsDeerChess},
      {"dogs cannot act (deer win)", {v1::TERMINATION_DOGS_CANNOT_ACT}, &IsDeerChess},
      {"too few dogs (deer win)", {v1::TERMINATION_TOO_FEW_DOGS}, &IsDeerChess},
      {"ply cap (deer win)", {v1::TERMINATION_PLY_CAP}, &IsDeerChess},
      {"repetition (deer win)", {v1::TERMINATION_REPETITION_DEER_WIN}, &IsDeerChess},
  };
  return defs;
}

// Order statistic interpolation at position (n - 1) q of sorted values.
double Quantile(const std::vector<int64_t>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = double(sorted.size() - 1) * q;
  const size_t lo = size_t(std::floor(pos));
  const size_t hi = std::min(lo + 1, sorted.size() - 1);
  const double frac = pos - double(lo);
  return double(sorted[lo]) + frac * double(sorted[hi] - sorted[lo]);
}

LengthStats ComputeLengths(std::vector<int64_t> lengths) {
  LengthStats s;
  for (int b = 0; b < kLengthBins; ++b) {
    LengthBin bin;
    bin.lower = b * kLengthBinWidth;
    bin.upper = b + 1 < kLengthBins ? (b + 1) * kLengthBinWidth : -1;
    s.histogram.push_back(bin);
  }
  if (lengths.empty()) return s;
  std::sort(lengths.begin(), lengths.end());
  double sum = 0;
  for (int64_t l : lengths) {
    sum += double(l);
    const int64_t b = std::min<int64_t>(l / kLengthBinWidth, kLengthBins - 1);
    ++s.histogram[size_t(b)].count;
  }
  s.mean = sum / double(lengths.size());
  s.min = lengths.front();
  s.max = lengths.back();
  s.q1 = Quantile(lengths, 0.25);
  s.median = Quantile(lengths, 0.5);
  s.q3 = Quantile(lengths, 0.75);
  return s;
}

}  // namespace

std::string BalanceArm::Label() const {
  std::string label = variant;
  if (!rules.empty()) absl::StrAppend(&label, " [", rules, "]");
  absl::StrAppend(&label, " nodes=", nodes);
  return label;
}

std::string LengthBin::Label() const {
  if (upper < 0) return absl::StrCat(lower, "+");
  return absl::StrCat(lower, "-", upper - 1);
}

Proportion WilsonInterval(int64_t count, int64_t total, double z) {
  Proportion p;
  p.count = count;
  p.total = total;
  if (total <= 0) return p;
  const double n = double(total);
  p.rate = double(count) / n;
  const double z2 = z * z;
  const double denom = 1 + z2 / n;
  const double centre = (p.rate + z2 / (2 * n)) / denom;
  const double half = z / denom * std::sqrt(p.rate * (1 - p.rate) / n + z2 / (4 * n * n));
  p.lower = std::max(0.0, centre - half);
  p.upper = std::min(1.0, centre + half);
  return p;
}

const std::vector<SpecialRuleCount>& SpecialRules() {
  static const std::vector<SpecialRuleCount> rules = [] {
    std::vector<SpecialRuleCount> out;
    for (const RuleDef& d : RuleDefs()) {
      SpecialRuleCount r;
      r.rule = d.rule;
      r.terminations = d.terminations;
      out.push_back(r);
    }
    return out;
  }();
  return rules;
}

double WhiteScore(v1::GameResult result) {
  switch (result) {
    case v1::GAME_RESULT_WHITE_WINS:
      return 1;
    case v1::GAME_RESULT_BLACK_WINS:
      return 0;
    case v1::GAME_RESULT_DRAW:
      return 0.5;
    default:
      return -1;
  }
}

std::map<char, int> MaterialDifference(const std::string& fen, char skip) {
  std::map<char, int> diff;
  const size_t end = fen.find(' ');
  const std::string board = fen.substr(0, end);
  for (char c : board) {
    if (!std::isalpha(static_cast<unsigned char>(c))) continue;
    const char lower = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower == skip) continue;
    diff[lower] += std::isupper(static_cast<unsigned char>(c)) ? 1 : -1;
  }
  return diff;
}

PieceValueStats FitPieceValues(const std::string& variant, const std::string& rules,
                               const std::vector<v1::Game>& games,
                               const BalanceStatsOptions& options) {
  PieceValueStats pv;
  if (IsDeerChess(variant)) {
    pv.note =
        "not fitted: piece values are not meaningful in deer chess (the sides have different "
        "pieces, deer against dogs)";
    return pv;
  }
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(variant);
  if (!session.ok()) {
    pv.note = absl::StrCat("not fitted: ", session.status().message());
    return pv;
  }
  // Each game is replayed under its own recorded rule set (the canonical string), else the
  // arm's; SetRuleOptions runs only when that changes.
  std::string session_rules;

  // Sample positions: (game index, material difference, White's score).
  // Material per letter 'a'..'z' in a compact array: studies hold up to millions of samples.
  struct Sample {
    int64_t game;
    std::array<int16_t, 26> material;
    double target;
  };
  const auto compact = [](const std::map<char, int>& m) {
    std::array<int16_t, 26> a{};
    for (const auto& [c, d] : m)
      if (c >= 'a' && c <= 'z') a[size_t(c - 'a')] = int16_t(d);
    return a;
  };
  std::vector<Sample> samples;
  std::string first_error;
  for (size_t g = 0; g < games.size(); ++g) {
    const v1::Game& game = games[g];
    const double target = WhiteScore(game.result());
    if (target < 0) continue;
    const std::string& game_rules = game.rules().empty() ? rules : game.rules();
    absl::Status status = absl::OkStatus();
    if (game_rules != session_rules) {
      status = (*session)->SetRuleOptions(game_rules);
      if (status.ok()) {
        session_rules = game_rules;
      } else {
        status = absl::InvalidArgumentError(
            absl::StrCat("rule options '", game_rules, "': ", status.message()));
      }
    }
    if (status.ok()) status = (*session)->SetPosition(game.start_fen(), {});
    std::vector<Sample> mine;
    if (status.ok() && options.first_ply == 0)
      mine.push_back({int64_t(g), compact(MaterialDifference((*session)->Fen())), target});
    for (int ply = 1; status.ok() && ply <= game.moves_size(); ++ply) {
      status = (*session)->PlayMove(proto::DecodeMove(game.moves(ply - 1)));
      if (status.ok() && ply >= options.first_ply &&
          (ply - options.first_ply) % options.ply_step == 0)
        mine.push_back({int64_t(g), compact(MaterialDifference((*session)->Fen())), target});
    }
    if (!status.ok()) {
      ++pv.games_skipped;
      if (first_error.empty()) first_error = absl::StrCat("game ", g, ": ", status.message());
      continue;
    }
    if (!mine.empty()) ++pv.games_used;
    for (Sample& s : mine) samples.push_back(std::move(s));
  }
  std::vector<std::string> notes;
  if (pv.games_skipped > 0)
    notes.push_back(absl::StrCat(
        pv.games_skipped, " game(s) could not be replayed and were left out (", first_error, ")"));
  const auto finish = [&](std::string why) {
    if (!why.empty()) notes.insert(notes.begin(), std::move(why));
    std::string joined;
    for (const std::string& n : notes) absl::StrAppend(&joined, joined.empty() ? "" : "; ", n);
    pv.note = joined;
    return pv;
  };
  pv.positions = int64_t(samples.size());
  if (samples.empty())
    return finish(absl::StrCat("not fitted: no positions at ply ", options.first_ply, " or later"));

  // Feature columns: letters whose difference is not zero somewhere; pawn first.
  std::set<char> letters;
  for (const Sample& s : samples)
    for (size_t i = 0; i < s.material.size(); ++i)
      if (s.material[i] != 0) letters.insert(char('a' + i));
  std::vector<char> columns;
  if (letters.count('p')) columns.push_back('p');
  for (char c : letters)
    if (c != 'p') columns.push_back(c);
  if (columns.empty())
    return finish("not fitted: the material was level in every sampled position");

  std::vector<std::vector<double>> x;
  std::vector<double> y;
  std::vector<int64_t> clusters;
  for (const Sample& s : samples) {
    std::vector<double> row;
    for (char c : columns) row.push_back(double(s.material[size_t(c - 'a')]));
    x.push_back(std::move(row));
    y.push_back(s.target);
    clusters.push_back(s.game);
  }
  LogisticOptions lo;
  lo.ridge = options.ridge;
  absl::StatusOr<LogisticFit> fit = FitLogistic(x, y, clusters, lo);
  if (!fit.ok()) return finish(absl::StrCat("not fitted: ", fit.status().message()));
  pv.computed = true;
  pv.converged = fit->converged;
  pv.iterations = fit->iterations;
  pv.intercept = fit->coefficients[0];
  const std::vector<double> se = fit->StdErrors();
  pv.intercept_stderr = se[0];
  const bool has_pawn = columns.front() == 'p';
  const double bp = has_pawn ? fit->coefficients[1] : 0;
  if (!fit->converged) notes.push_back("the regression did not converge");
  if (!has_pawn)
    notes.push_back("no pawn imbalance in the sample: values in pawns are not available");
  else if (!(bp > 0))
    notes.push_back("the pawn coefficient is not positive: values in pawns are not meaningful");
  for (size_t j = 0; j < columns.size(); ++j) {
    PieceValue v;
    v.letter = columns[j];
    v.coefficient = fit->coefficients[j + 1];
    v.coefficient_stderr = se[j + 1];
    if (has_pawn && bp != 0) {
      v.pawns = v.coefficient / bp;
      // Delta method on (b_j, b_pawn).
      const double g1 = 1 / bp, g2 = -v.coefficient / (bp * bp);
      const auto& cov = fit->covariance;
      double var = g1 * g1 * cov[j + 1][j + 1] + 2 * g1 * g2 * cov[j + 1][1] + g2 * g2 * cov[1][1];
      if (j == 0) var = 0;  // the pawn is exactly 1 pawn
      const double sd = std::sqrt(std::max(0.0, var));
      v.pawns_lower = v.pawns - kZ95 * sd;
      v.pawns_upper = v.pawns + kZ95 * sd;
    }
    pv.pieces.push_back(v);
  }
  return finish("");
}

absl::StatusOr<ArmStats> ComputeArmStats(const BalanceArm& arm,
                                         const BalanceStatsOptions& options) {
  if (options.first_ply < 0 || options.ply_step < 1)
    return absl::InvalidArgumentError(
        absl::StrCat("balance stats: first_ply must be >= 0 and ply_step >= 1, got ",
                     options.first_ply, " and ", options.ply_step));
  ArmStats s;
  s.variant = arm.variant;
  s.rules = arm.rules;
  s.nodes = arm.nodes;
  s.label = arm.Label();

  std::vector<int64_t> lengths;
  std::map<int, int64_t> terminations;
  for (size_t i = 0; i < arm.games.size(); ++i) {
    const v1::Game& g = arm.games[i];
    if (!g.variant().empty() && g.variant() != arm.variant)
      return absl::InvalidArgumentError(
          absl::StrCat("balance stats: game ", i, " of arm '", arm.Label(), "' is a '", g.variant(),
                       "' game; put only games of variant '", arm.variant, "' into this arm"));
    switch (g.result()) {
      case v1::GAME_RESULT_WHITE_WINS:
        ++s.white_wins;
        break;
      case v1::GAME_RESULT_BLACK_WINS:
        ++s.black_wins;
        break;
      case v1::GAME_RESULT_DRAW:
        ++s.draws;
        break;
      default:
        ++s.unfinished;
        continue;
    }
    ++s.games;
    lengths.push_back(g.moves_size());
    ++terminations[int(g.termination())];
    if (g.has_tuukhei() && (g.tuukhei().count() > 0 || !g.tuukhei().name().empty())) {
      ++s.tuukhei.games;
      ++s.tuukhei.by_name[g.tuukhei().name()];
      ++s.tuukhei.by_count[g.tuukhei().count()];
    }
  }

  s.white_win = WilsonInterval(s.white_wins, s.games);
  s.draw = WilsonInterval(s.draws, s.games);
  s.black_win = WilsonInterval(s.black_wins, s.games);

  if (s.games > 0) {
    const EloEstimate e = EloFromWdl(WdlCounts{s.white_wins, s.draws, s.black_wins});
    const double n = double(s.games), m = e.score;
    const double var = (double(s.white_wins) * (1 - m) * (1 - m) +
                        double(s.draws) * (0.5 - m) * (0.5 - m) + double(s.black_wins) * m * m) /
                       n;
    ScoreEstimate& w = s.white_score;
    w.score = m;
    w.stderr_score = std::sqrt(var / n);
    w.lower = std::max(0.0, m - kZ95 * w.stderr_score);
    w.upper = std::min(1.0, m + kZ95 * w.stderr_score);
    w.elo = e.elo;
    w.elo_lower = e.elo_lower;
    w.elo_upper = e.elo_upper;
  }

  s.length = ComputeLengths(std::move(lengths));

  for (const auto& [t, count] : terminations) {
    TerminationCount tc;
    tc.termination = Termination(t);
    tc.name = std::string(TerminationName(proto::FromProto(tc.termination)));
    tc.share = WilsonInterval(count, s.games);
    s.terminations.push_back(tc);
  }

  const std::vector<SpecialRuleCount>& rules = SpecialRules();
  for (size_t r = 0; r < rules.size(); ++r) {
    SpecialRuleCount rc = rules[r];
    rc.applies = RuleDefs()[r].applies(arm.variant);
    int64_t count = 0;
    for (Termination t : rc.terminations) {
      auto it = terminations.find(int(t));
      if (it != terminations.end()) count += it->second;
    }
    rc.share = WilsonInterval(count, s.games);
    s.special_rules.push_back(rc);
  }

  if (options.piece_values)
    s.piece_values = FitPieceValues(arm.variant, arm.rules, arm.games, options);
  return s;
}

absl::StatusOr<std::vector<ArmStats>> JobArmStats(
    const tumen::v1::JobSpec& spec,
    const std::function<absl::Status(const GameVisitor&)>& for_each_game,
    const std::function<void(const std::string&)>& progress) {
  std::vector<const tumen::v1::MatchSpec*> specs;
  if (spec.has_match()) specs.push_back(&spec.match());
  for (const tumen::v1::MatchSpec& m : spec.balance().arms()) specs.push_back(&m);
  if (specs.empty()) return absl::InvalidArgumentError("the job plays no games");
  std::vector<BalanceArm> arms;
  std::vector<uint32_t> first_pair;
  uint32_t pairs = 0;
  for (const tumen::v1::MatchSpec* m : specs) {
    arms.push_back({m->variant(), m->rules(), m->tc().nodes(), {}});
    first_pair.push_back(pairs);
    pairs += m->games() / 2;
  }
  if (absl::Status s = for_each_game([&](const tumen::v1::Game& g) {
        size_t arm = 0;
        while (arm + 1 < first_pair.size() && g.id().pair() >= first_pair[arm + 1]) ++arm;
        arms[arm].games.push_back(g);
      });
      !s.ok())
    return s;
  std::vector<ArmStats> stats;
  for (const BalanceArm& arm : arms) {
    if (progress) progress(absl::StrCat(arm.Label(), ": ", arm.games.size(), " games..."));
    absl::StatusOr<ArmStats> st = ComputeArmStats(arm);
    if (!st.ok()) return st.status();
    stats.push_back(*std::move(st));
  }
  return stats;
}

}  // namespace tumen::coordinator
