// Shatar rule options (RULES.md §3) as text: a comma-separated list of key=value, e.g.
// "queen=bers,array=rotational,promotion=folk". Keys and values, in canonical order:
//   queen=queen|bers                   the queen piece (bers: rook + one diagonal step, J)
//   array=chess|rotational             rotational: White K d1 Q e1, Black Q d8 K e8
//   first_round=choice|d4d5|queen_pawn White's d/e choice mirrored by Black / 1.d4 d5 already
//                                      played / each side's queen-piece pawn already stepped
//                                      twice (rotational: White e2e4, Black d7d5)
//   promotion=any|queen|folk           queen piece, R, B or N / queen piece only / delayed folk
//   knight_mate=allowed|draw|loses     a final mate given by knights alone
//   bishop_mate=allowed|draw           a final mate given by bishops alone
//   shak=off|on                        the shak series rule (RULES.md §2 rule 2)
//   bare_king=play|draw                a side with only its king: play on / immediate draw
//   lone_bishops=play|draw             only same-coloured bishops left: play on / draw
// Options apply over a Shatar preset ("shatar", "shatar-traditional", "shatar-1997",
// "shatar-folk"), never over "chess".
#ifndef TUMEN_ENGINE_GAMES_SHATAR_RULE_OPTIONS_H_
#define TUMEN_ENGINE_GAMES_SHATAR_RULE_OPTIONS_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/shatar/rules.h"

namespace tumen::shatar {

// True for the presets that take rule options (every Shatar preset, not chess).
bool TakesRuleOptions(const ShatarRules& rules);

// `preset` with `options` applied; an empty string returns the preset unchanged. The start
// position follows from queen, array and first_round; name and tuned_eval stay the preset's.
// Errors name the unknown key or value and list the allowed ones.
absl::StatusOr<ShatarRules> ApplyRuleOptions(const ShatarRules& preset, absl::string_view options);

// All nine keys in the order above, e.g. for "shatar":
// "queen=queen,array=chess,first_round=choice,promotion=any,knight_mate=allowed,
//  bishop_mate=allowed,shak=off,bare_king=play,lone_bishops=play" (one line). Empty for chess.
std::string CanonicalRuleOptions(const ShatarRules& rules);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_RULE_OPTIONS_H_
