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

// RULES.md §1 and §3: the first round.
enum class FirstRound : uint8_t {
  kFree,            // no special first round (chess)
  kChoiceMirrored,  // White plays d2d4 or e2e4; Black mirrors on the same file (2017 rules)
  kFixedD4D5,       // 1.d4 d5 is already played in the start FEN (traditional)
  kQueenPawn,       // each side's queen-piece pawn has made its double step in the start FEN
};

// RULES.md §3: the array of the pieces.
enum class StartArray : uint8_t {
  kChess,       // kings e1/e8, queen pieces d1/d8
  kRotational,  // White K d1 Q e1, Black Q d8 K e8 (point-symmetric)
};

// RULES.md §3: promotion on the last rank.
enum class Promotion : uint8_t {
  kAny,         // queen piece, rook, bishop or knight (the queen piece: Q, or J under bers)
  kQueenPiece,  // the queen piece only
  kFolk,        // delayed folk promotion: the pawn waits on the last rank (position.h)
};

// What happens when the final mate is given only by pieces of one kind (RULES.md §3).
enum class MateByPiece : uint8_t { kAllowed, kDraw, kLoses };

struct ShatarRules {
  std::string name;
  std::string start_fen;
  Piece start_array[64] = {};      // the board of start_fen, for the first-round rule
  PieceType queen_piece = kQueen;  // kQueen, or kBers (letter J)
  StartArray array = StartArray::kChess;
  // Move shape.
  bool castling = false;
  bool en_passant = false;
  bool double_step = false;
  FirstRound first_round = FirstRound::kFree;
  Promotion promotion = Promotion::kAny;
  uint8_t promotion_types = 0;  // bit per PieceType; 0 under folk promotion
  // Results only.
  MateByPiece knight_mate = MateByPiece::kAllowed;
  MateByPiece bishop_mate = MateByPiece::kAllowed;  // kLoses is not a rule anywhere
  bool shak_rule = false;          // RULES.md §2 rule 2: a mate needs a shak in its series
  bool bare_king_draw = false;     // a side with only its king: immediate draw
  bool lone_bishops_draw = false;  // only same-coloured bishops left: immediate draw
  bool dead_position_draw = true;  // K v K, K+minor v K, K+B v K+B same colour
  // Parameter defaults tuned for this rule set ("name value" lines over ShatarEvalSpecs and
  // the search parameters).
  std::string tuned_eval;

  bool CanPromoteTo(PieceType pt) const { return promotion_types & (1u << pt); }
  bool folk_promotion() const { return promotion == Promotion::kFolk; }
  // Piece types that may stand on the board under these rules. Folk promotion makes both the
  // bers and the full queen (position.h), whatever the queen piece of the array.
  bool AllowsPiece(PieceType pt) const {
    return pt == kPawn || pt == kKnight || pt == kBishop || pt == kRook || pt == kKing ||
           pt == queen_piece || (folk_promotion() && (pt == kQueen || pt == kBers));
  }
};

// Variant names of the 8x8 family, in the order UCI lists them.
const std::vector<std::string>& ShatarFamilyVariants();

// The preset for a variant name: "chess", "shatar", "shatar-traditional", "shatar-1997",
// "shatar-folk".
absl::StatusOr<ShatarRules> RulesForVariant(absl::string_view variant);

// Recomputes the move-shaping data that follows from the option fields of a Shatar rule set:
// start_fen and start_array (from queen_piece, array, first_round), promotion_types (from
// promotion and queen_piece) and dead_position_draw (off where the bare-king draw ends such
// games first). Used by the presets and by ApplyRuleOptions (rule_options.h).
void DeriveShatarRules(ShatarRules& rules);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_RULES_H_
