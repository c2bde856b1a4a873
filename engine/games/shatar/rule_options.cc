#include "engine/games/shatar/rule_options.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace tumen::shatar {
namespace {

// One option: its key, its value names (index = value) and how to read / write it.
struct OptionSpec {
  const char* key;
  std::vector<const char*> values;
  int (*get)(const ShatarRules&);
  void (*set)(ShatarRules&, int);
};

const std::vector<OptionSpec>& Specs() {
  static const std::vector<OptionSpec> specs = {
      {"queen",
       {"queen", "bers"},
       [](const ShatarRules& r) { return r.queen_piece == kBers ? 1 : 0; },
       [](ShatarRules& r, int v) { r.queen_piece = v ? kBers : kQueen; }},
      {"array",
       {"chess", "rotational"},
       [](const ShatarRules& r) { return int(r.array); },
       [](ShatarRules& r, int v) { r.array = StartArray(v); }},
      {"first_round",
       {"choice", "d4d5", "queen_pawn"},
       [](const ShatarRules& r) {
         return r.first_round == FirstRound::kFixedD4D5   ? 1
                : r.first_round == FirstRound::kQueenPawn ? 2
                                                          : 0;
       },
       [](ShatarRules& r, int v) {
         r.first_round = v == 1   ? FirstRound::kFixedD4D5
                         : v == 2 ? FirstRound::kQueenPawn
                                  : FirstRound::kChoiceMirrored;
       }},
      {"promotion",
       {"any", "queen", "folk"},
       [](const ShatarRules& r) { return int(r.promotion); },
       [](ShatarRules& r, int v) { r.promotion = Promotion(v); }},
      {"knight_mate",
       {"allowed", "draw", "loses"},
       [](const ShatarRules& r) { return int(r.knight_mate); },
       [](ShatarRules& r, int v) { r.knight_mate = MateByPiece(v); }},
      {"bishop_mate",
       {"allowed", "draw"},
       [](const ShatarRules& r) { return r.bishop_mate == MateByPiece::kDraw ? 1 : 0; },
       [](ShatarRules& r, int v) {
         r.bishop_mate = v ? MateByPiece::kDraw : MateByPiece::kAllowed;
       }},
      {"shak",
       {"off", "on"},
       [](const ShatarRules& r) { return r.shak_rule ? 1 : 0; },
       [](ShatarRules& r, int v) { r.shak_rule = v; }},
      {"bare_king",
       {"play", "draw"},
       [](const ShatarRules& r) { return r.bare_king_draw ? 1 : 0; },
       [](ShatarRules& r, int v) { r.bare_king_draw = v; }},
      {"lone_bishops",
       {"play", "draw"},
       [](const ShatarRules& r) { return r.lone_bishops_draw ? 1 : 0; },
       [](ShatarRules& r, int v) { r.lone_bishops_draw = v; }},
  };
  return specs;
}

std::string KeyList() {
  std::vector<std::string> keys;
  for (const OptionSpec& o : Specs()) keys.push_back(o.key);
  return absl::StrJoin(keys, ", ");
}

}  // namespace

bool TakesRuleOptions(const ShatarRules& rules) { return !rules.castling; }

absl::StatusOr<ShatarRules> ApplyRuleOptions(const ShatarRules& preset, absl::string_view options) {
  options = absl::StripAsciiWhitespace(options);
  if (options.empty()) return preset;
  if (!TakesRuleOptions(preset))
    return absl::InvalidArgumentError(absl::StrCat(
        "rule options apply to the Shatar variants only, not to ", preset.name,
        "; choose shatar, shatar-traditional, shatar-1997 or shatar-folk, or give no options"));
  ShatarRules r = preset;
  std::vector<bool> seen(Specs().size(), false);
  for (absl::string_view item : absl::StrSplit(options, ',')) {
    item = absl::StripAsciiWhitespace(item);
    const size_t eq = item.find('=');
    if (item.empty() || eq == absl::string_view::npos)
      return absl::InvalidArgumentError(absl::StrCat("rule option '", item,
                                                     "' is not key=value; write e.g. "
                                                     "'queen=bers,array=rotational' with keys ",
                                                     KeyList()));
    const absl::string_view key = absl::StripAsciiWhitespace(item.substr(0, eq));
    const absl::string_view value = absl::StripAsciiWhitespace(item.substr(eq + 1));
    size_t k = 0;
    while (k < Specs().size() && key != Specs()[k].key) ++k;
    if (k == Specs().size())
      return absl::InvalidArgumentError(
          absl::StrCat("unknown rule option '", key, "'; known: ", KeyList()));
    const OptionSpec& spec = Specs()[k];
    if (seen[k])
      return absl::InvalidArgumentError(
          absl::StrCat("rule option '", key, "' is given twice; give each option once"));
    seen[k] = true;
    int v = 0;
    while (v < int(spec.values.size()) && value != spec.values[v]) ++v;
    if (v == int(spec.values.size()))
      return absl::InvalidArgumentError(absl::StrCat("rule option ", key, " has no value '", value,
                                                     "'; use one of ",
                                                     absl::StrJoin(spec.values, ", ")));
    spec.set(r, v);
  }
  DeriveShatarRules(r);
  return r;
}

std::string CanonicalRuleOptions(const ShatarRules& rules) {
  if (!TakesRuleOptions(rules)) return std::string();
  std::string out;
  for (const OptionSpec& o : Specs()) {
    if (!out.empty()) out += ',';
    absl::StrAppend(&out, o.key, "=", o.values[o.get(rules)]);
  }
  return out;
}

}  // namespace tumen::shatar
