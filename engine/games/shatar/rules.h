// The rule set of an 8x8 game: RULES.md §1-§3 and §7 as data. Orthodox chess and every Shatar
// rule set are bundles of these options; a variant name picks a preset.
//
// Options split in two: those that shape move generation (castling, en passant, double step,
// first round, promotion set, the queen piece's letter) and those that only decide results
// (the mate rules, bare king, lone bishops, dead position). Both are read at run time, but
// the move-shaping ones are read outside the per-move loops, so they cost nothing measurable.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_RULES_H_
#define TUMEN_ENGINE_GAMES_SHATAR_RULES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/shatar/types.h"

namespace tumen::shatar {

// RULES.md §1: the first round of the 2017 rules.
enum class FirstRound : uint8_t {
  kFree,            // no special first round (chess; traditional starts after 1.d4 d5)
  kChoiceMirrored,  // White plays d2d4 or e2e4; Black mirrors (2017 rules)
};

// What happens when the final mate is given only by pieces of one kind (RULES.md §3).
enum class MateByPiece : uint8_t { kAllowed, kDraw, kLoses };

struct ShatarRules {
  std::string name;
  std::string start_fen;
  Piece start_array[64] = {};      // the board of start_fen, for the first-round rule
  PieceType queen_piece = kQueen;  // kQueen, or kBers (letter J)
  // Move shape.
  bool castling = false;
  bool en_passant = false;
  bool double_step = false;
  FirstRound first_round = FirstRound::kFree;
  uint8_t promotion_types = 0;  // bit per PieceType
  // Results only.
  MateByPiece knight_mate = MateByPiece::kAllowed;
  MateByPiece bishop_mate = MateByPiece::kAllowed;  // kLoses is not a rule anywhere
  bool shak_rule = false;          // RULES.md §2 rule 2: a mate needs a shak in its series
  bool bare_king_draw = false;     // a side with only its king: immediate draw
  bool lone_bishops_draw = false;  // only same-coloured bishops left: immediate draw
  bool dead_position_draw = true;  // K v K, K+minor v K, K+B v K+B same colour
  // Evaluation defaults tuned for this rule set ("name value" lines over ShatarEvalSpecs).
  std::string tuned_eval;

  bool CanPromoteTo(PieceType pt) const { return promotion_types & (1u << pt); }
  // Piece types that may stand on the board under these rules.
  bool AllowsPiece(PieceType pt) const {
    return pt == kPawn || pt == kKnight || pt == kBishop || pt == kRook || pt == kKing ||
           pt == queen_piece;
  }
};

// Variant names of the 8x8 family, in the order UCI lists them.
const std::vector<std::string>& ShatarFamilyVariants();

// The preset for a variant name: "chess", "shatar", "shatar-traditional".
absl::StatusOr<ShatarRules> RulesForVariant(absl::string_view variant);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_RULES_H_
