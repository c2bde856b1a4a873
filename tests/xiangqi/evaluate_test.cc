// Xiangqi's evaluation: colour symmetry with the fitted weights (the piece-square terms must
// read each side's ranks from its own side), and a threat term worked out by hand.
#include "engine/games/xiangqi/evaluate.h"

#include <deque>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"

namespace tumen::xiangqi {
namespace {

ParamValues FittedParams() {
  ParamValues params(&XiangqiEvalSpecs());
  ParamSet set;
  set.Add(&params);
  EXPECT_TRUE(set.ParseText(kFittedXiangqi).ok());
  return params;
}

// The same position with the colours exchanged: ranks reversed, letters' case swapped, the
// other side to move.
std::string ColourFlipped(const std::string& fen) {
  const std::vector<std::string> fields = absl::StrSplit(fen, ' ');
  std::vector<std::string> ranks = absl::StrSplit(fields[0], '/');
  std::reverse(ranks.begin(), ranks.end());
  std::string board = absl::StrJoin(ranks, "/");
  for (char& ch : board)
    if (std::isalpha(static_cast<unsigned char>(ch)))
      ch = std::isupper(static_cast<unsigned char>(ch)) ? char(std::tolower(ch))
                                                        : char(std::toupper(ch));
  return board + (fields[1] == "w" ? " b" : " w") + " - - 0 1";
}

int EvaluateFen(const std::string& fen, const ParamValues& params) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st;
  EXPECT_TRUE(pos.Set(rules, fen, &st).ok()) << fen;
  return Evaluate(pos, params);
}

TEST(XiangqiEvaluation, IsTheSameForEitherColourOverRandomGames) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  const ParamValues params = FittedParams();
  std::mt19937 prng(20261206);
  int compared = 0;
  for (int game = 0; game < 20; ++game) {
    std::deque<StateInfo> states(1);
    Position pos;
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states.back()).ok());
    for (int ply = 0; ply < 120; ++ply) {
      const std::string fen = pos.Fen();
      ASSERT_EQ(Evaluate(pos, params), EvaluateFen(ColourFlipped(fen), params)) << fen;
      ++compared;
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.size() == 0) break;
      states.emplace_back();
      pos.DoMove(moves[int(prng() % uint32_t(moves.size()))], states.back());
    }
  }
  EXPECT_GT(compared, 1000);
}

TEST(XiangqiEvaluation, ASoldierAttackingAHorseIsAThreat) {
  // The red soldier on e6 attacks the black horse on e7, which does not attack it back.
  const std::string fen = "4k4/9/9/4n4/4P4/9/9/9/9/4K4 w - - 0 1";
  const auto term = [](const std::string& f, int value) {
    ParamValues params(&XiangqiEvalSpecs());
    params[kThreatBySoldierMg] = params[kThreatBySoldierEg] = 0;
    const int without = EvaluateFen(f, params);
    params[kThreatBySoldierMg] = params[kThreatBySoldierEg] = value;
    return EvaluateFen(f, params) - without;
  };
  EXPECT_EQ(term(fen, 40), 40);
  EXPECT_EQ(term("4k4/9/9/4n4/4P4/9/9/9/9/4K4 b - - 0 1", 40), -40);
  // One rank back the soldier has not crossed the river and the horse stands out of reach.
  EXPECT_EQ(term("4k4/9/9/4n4/9/4P4/9/9/9/4K4 w - - 0 1", 40), 0);
}

}  // namespace
}  // namespace tumen::xiangqi
