// The rule set of Xiangqi (RULES.md §5) as data: the start position, the no-capture limit and
// the repetition policy. Move generation has no options; only results do.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_RULES_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_RULES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/core/outcome.h"

namespace tumen::xiangqi {

// What happened in one repetition cycle: which sides gave check with every one of their
// moves inside it. Colour index 0 = Red.
struct RepetitionCycle {
  bool all_checks[2] = {false, false};
};

// A repetition policy turns a cycle into a result. It is a plain function pointer so that a
// later policy (the Asian perpetual-chase rules) can replace it without touching the search.
using RepetitionPolicy = GameStatus (*)(const RepetitionCycle& cycle);

// RULES.md §5, the starting policy: a side that gave check with every one of its moves loses;
// if both did, or neither, the game is drawn.
GameStatus PerpetualCheckLosesPolicy(const RepetitionCycle& cycle);

struct XiangqiRules {
  std::string name;
  std::string start_fen;
  int no_capture_plies = 120;  // RULES.md §5: draw after 60 full moves without a capture
  int repetitions_to_end = 2;  // earlier occurrences that end a game (2 = threefold)
  RepetitionPolicy repetition_policy = &PerpetualCheckLosesPolicy;
};

const std::vector<std::string>& XiangqiFamilyVariants();

// The preset for a variant name: "xiangqi".
absl::StatusOr<XiangqiRules> RulesForVariant(absl::string_view variant);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_RULES_H_
