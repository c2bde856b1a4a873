#include "engine/games/bogenjirge/rules.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace tumen::bogenjirge {
namespace {

// The presets. RULES.md §6 names the smaller and larger games but gives no drawings, so:
// - bogenjirge-7 (7 dogs v 1 deer "starting on the triangle"): boards/small7.txt, a 3x3
//   big square with every unit diagonal and the default board's mountain triangle; the
//   deer starts on the triangle next to its apex, all 7 dogs in hand. Tumen's choice.
// - bogenjirge-20 (20 dogs v 1 deer): the default board (the rules give no other), the
//   deer on the centre point e3, all 20 dogs in hand. Tumen's choice.
// - 48, 60, 64 and 96 dogs: their boards are lost (RULES.md §6); not provided.
struct Preset {
  const char* name;
  const char* board_file;
  const char* start_fen;  // empty: the board file's start
};
constexpr Preset kPresets[] = {
    {"bogenjirge", "default.txt", ""},
    {"bogenjirge-7", "small7.txt", ""},
    {"bogenjirge-20", "default.txt", "6/7/4D4/7/6 d 20 0"},
};

}  // namespace

const std::vector<std::string>& BogenjirgeVariants() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const Preset& p : kPresets) v.push_back(p.name);
    return v;
  }();
  return names;
}

int CountDogsInFen(absl::string_view fen) {
  const std::vector<absl::string_view> fields = absl::StrSplit(fen, ' ', absl::SkipEmpty());
  int hand = 0;
  if (fields.size() < 3 || !absl::SimpleAtoi(fields[2], &hand)) return 0;
  int dogs = hand;
  for (char c : fields[0]) dogs += c == 'd';
  return dogs;
}

BogenjirgeRules RulesForBoard(std::string name, std::shared_ptr<const Board> board) {
  BogenjirgeRules rules;
  rules.name = std::move(name);
  rules.start_fen = board->start_fen();
  rules.start_dogs = CountDogsInFen(rules.start_fen);
  rules.board = std::move(board);
  return rules;
}

absl::StatusOr<BogenjirgeRules> RulesForVariant(absl::string_view variant) {
  for (const Preset& p : kPresets) {
    if (variant != p.name) continue;
    absl::StatusOr<std::shared_ptr<const Board>> board = EmbeddedBoard(p.board_file);
    if (!board.ok()) return board.status();
    BogenjirgeRules rules = RulesForBoard(p.name, *std::move(board));
    if (*p.start_fen) {
      rules.start_fen = p.start_fen;
      rules.start_dogs = CountDogsInFen(rules.start_fen);
    }
    return rules;
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown bogenjirge variant '", variant, "'"));
}

}  // namespace tumen::bogenjirge
