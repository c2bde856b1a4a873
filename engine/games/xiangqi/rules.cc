#include "engine/games/xiangqi/rules.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tumen::xiangqi {

GameStatus PerpetualCheckLosesPolicy(const RepetitionCycle& cycle) {
  const bool red = cycle.all_checks[0], black = cycle.all_checks[1];
  if (red && !black) return {GameResult::kSecondPlayerWins, Termination::kPerpetualCheck};
  if (black && !red) return {GameResult::kFirstPlayerWins, Termination::kPerpetualCheck};
  return {GameResult::kDraw, Termination::kRepetition};
}

const std::vector<std::string>& XiangqiFamilyVariants() {
  static const std::vector<std::string> names = {"xiangqi"};
  return names;
}

absl::StatusOr<XiangqiRules> RulesForVariant(absl::string_view variant) {
  if (variant != "xiangqi")
    return absl::InvalidArgumentError(
        absl::StrCat("unknown xiangqi variant '", variant,
                     "'; known: ", absl::StrJoin(XiangqiFamilyVariants(), ", ")));
  XiangqiRules rules;
  rules.name = "xiangqi";
  rules.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
  return rules;
}

}  // namespace tumen::xiangqi
