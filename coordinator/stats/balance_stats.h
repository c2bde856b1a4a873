// Statistics of a balance study (issue 7): for each arm (one rule set at one node budget) the
// result rates with Wilson intervals, White's score and its Elo equivalent, game lengths,
// terminations, how often each special rule decided a game, the tuukhei distribution, and
// piece values fitted by logistic regression on material (as Tomasev et al., "Assessing Game
// Balance with AlphaZero: Exploring Alternative Rule Sets in Chess", 2020, did for chess).
//
// "White" is the first player throughout: White, Red in Xiangqi, the deer in deer chess.
// Everything works on games in memory; nothing here reads files or talks to the farm.
#ifndef TUMEN_COORDINATOR_STATS_BALANCE_STATS_H_
#define TUMEN_COORDINATOR_STATS_BALANCE_STATS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tumen/v1/game.pb.h"
#include "tumen/v1/jobs.pb.h"

namespace tumen::coordinator {

// One arm of a study: one rule set at one node budget.
struct BalanceArm {
  std::string variant;  // e.g. "shatar", "chess", "xiangqi"
  std::string rules;    // Shatar rule options ("queen=bers,knight_mate=draw"), may be empty
  uint64_t nodes = 0;   // node budget per move
  std::vector<tumen::v1::Game> games;

  // "shatar [queen=bers] nodes=1000"; without rules "chess nodes=1000".
  std::string Label() const;
};

// Two-sided 95% normal quantile.
inline constexpr double kZ95 = 1.959963984540054;

// A proportion k/n with its Wilson score interval:
// centre = (p + z^2/2n) / (1 + z^2/n), half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
// n == 0: everything zero.
struct Proportion {
  int64_t count = 0, total = 0;
  double rate = 0, lower = 0, upper = 0;
};
Proportion WilsonInterval(int64_t count, int64_t total, double z = kZ95);

// White's mean score per game s = (W + D/2) / N with the interval s -+ z sqrt(var / N)
// (var: the per-game score variance, W(1-s)^2 + D(1/2-s)^2 + L s^2 over N; the interval
// clamped into [0, 1]) and its logistic Elo equivalent -400 log10(1/s - 1) (match_stats'
// EloFromWdl: scores clamped into [0.001, 0.999], so at most about +-1200 Elo).
struct ScoreEstimate {
  double score = 0, lower = 0, upper = 0, stderr_score = 0;
  double elo = 0, elo_lower = 0, elo_upper = 0;
};

// Game lengths in plies (moves in the record). Bins are fixed so that arms compare:
// [0, 20), [20, 40), ..., [kLengthBinWidth * (kLengthBins - 1), infinity).
inline constexpr int64_t kLengthBinWidth = 20;
inline constexpr int kLengthBins = 16;
struct LengthBin {
  int64_t lower = 0;
  int64_t upper = 0;  // exclusive; -1 for the last, open bin
  int64_t count = 0;
  std::string Label() const;  // "20-39", "300+"
};
// Quartiles by linear interpolation between order statistics (position (n - 1) q, R's and
// numpy's default "type 7"). No games: all zero, histogram bins with zero counts.
struct LengthStats {
  double mean = 0, q1 = 0, median = 0, q3 = 0;
  int64_t min = 0, max = 0;
  std::vector<LengthBin> histogram;
};

struct TerminationCount {
  tumen::v1::Termination termination = tumen::v1::TERMINATION_UNSPECIFIED;
  std::string name;  // tumen::TerminationName
  Proportion share;  // count / games
};

// A rule of the variant that ended a game when a plain mate / stalemate would not have.
struct SpecialRuleCount {
  std::string rule;                                  // "knight-mate ban", ...
  std::vector<tumen::v1::Termination> terminations;  // the terminations it stands for
  bool applies = false;                              // the arm's variant has this rule
  Proportion share;                                  // games it decided / games
};
// The special rules in report order, with the variant families they belong to; a rule with
// games in an arm is listed there even when the variant is not known to have it.
const std::vector<SpecialRuleCount>& SpecialRules();

// RULES.md §3 tuukhei of the decisive games that carry one.
struct TuukheiStats {
  int64_t games = 0;                       // games with a tuukhei
  std::map<std::string, int64_t> by_name;  // "camel-2" -> games
  std::map<uint32_t, int64_t> by_count;    // checks in the series -> games
};

// A piece's value from the regression: coefficient b (per unit of material difference, in
// logits of the first player's score) and b / b_pawn with a delta-method 95% interval
// (var = g' V g with g = (1 / b_pawn, -b / b_pawn^2) on (b, b_pawn)).
struct PieceValue {
  char letter = 0;  // lower case; 'p' the pawn
  double coefficient = 0, coefficient_stderr = 0;
  double pawns = 0, pawns_lower = 0, pawns_upper = 0;
};
struct PieceValueStats {
  bool computed = false;
  std::string note;  // why not computed, or caveats (games skipped, pawn not positive, ...)
  int64_t games_used = 0, games_skipped = 0, positions = 0;
  double intercept = 0, intercept_stderr = 0;
  bool converged = false;
  int iterations = 0;
  std::vector<PieceValue> pieces;  // pawn first, then alphabetical
};

struct ArmStats {
  std::string variant, rules, label;
  uint64_t nodes = 0;
  int64_t games = 0;       // games with a result; the rates are over these
  int64_t unfinished = 0;  // games without a result (GAME_RESULT_UNSPECIFIED), ignored
  int64_t white_wins = 0, draws = 0, black_wins = 0;
  Proportion white_win, draw, black_win;
  ScoreEstimate white_score;
  LengthStats length;
  std::vector<TerminationCount> terminations;   // non-zero counts, in enum order
  std::vector<SpecialRuleCount> special_rules;  // every rule of SpecialRules()
  TuukheiStats tuukhei;
  PieceValueStats piece_values;
};

struct BalanceStatsOptions {
  bool piece_values = true;
  int first_ply = 10;  // positions sampled after ply first_ply, first_ply + ply_step, ...
  int ply_step = 2;
  double ridge = 1e-3;
};

// Fails when a game names a variant other than the arm's (with the game's index), or on bad
// options. Games that cannot be replayed (unknown variant, illegal move) are skipped by the
// piece-value fit only, and counted in its note.
absl::StatusOr<ArmStats> ComputeArmStats(const BalanceArm& arm,
                                         const BalanceStatsOptions& options = {});

// The arms of a job that plays games (a balance study, or a match as one arm) with their
// games, from its spec and a visit of its stored games in any order (pairs are numbered across
// the arms in order, coordinator/server/scheduler.h). `progress` (may be empty) hears a line per
// arm.
using GameVisitor = std::function<void(const tumen::v1::Game&)>;
absl::StatusOr<std::vector<ArmStats>> JobArmStats(
    const tumen::v1::JobSpec& spec,
    const std::function<absl::Status(const GameVisitor&)>& for_each_game,
    const std::function<void(const std::string&)>& progress = {});

// White's score for a result: 1, 0.5, 0; -1 for GAME_RESULT_UNSPECIFIED.
double WhiteScore(tumen::v1::GameResult result);

// Material difference (first player minus second) per piece letter (lower case) of a FEN's
// board field: upper-case letters count +1, lower-case -1; digits, '/' and other marks are
// skipped, and so is `skip` (the king). Letters whose difference is zero are present too.
std::map<char, int> MaterialDifference(const std::string& fen, char skip = 'k');

// Piece values alone (ComputeArmStats calls this): replays every game with a result, samples
// positions and fits the model. Deer chess (bogenjirge*) is not fitted.
PieceValueStats FitPieceValues(const std::string& variant, const std::string& rules,
                               const std::vector<tumen::v1::Game>& games,
                               const BalanceStatsOptions& options = {});

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_BALANCE_STATS_H_
