// The rule set of a 10x10 game (RULES.md §4) as data: `hiashatar` (bodyguards and their
// zones) and `hiashatar-envoy` (envoys and their neutral squares). Both are handled by one
// generator: in `hiashatar` no square is neutral, in `hiashatar-envoy` no square is a zone.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_RULES_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_RULES_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/hiashatar/types.h"

namespace tumen::hiashatar {

struct HiaShatarRules {
  std::string name;
  std::string start_fen;
  PieceType guard_piece = kBodyguard;  // kBodyguard (letter H) or kEnvoy (letter E)
  bool dead_position_draw = true;      // K v K, K+minor v K (envoys do not count)

  bool envoys() const { return guard_piece == kEnvoy; }
  // Piece types that may stand on the board under these rules.
  bool AllowsPiece(PieceType pt) const {
    return pt != kNoPieceType && (pt == guard_piece || (pt != kBodyguard && pt != kEnvoy));
  }
};

// Variant names of the 10x10 family, in the order UCI lists them.
const std::vector<std::string>& HiaShatarFamilyVariants();

// The preset for a variant name: "hiashatar", "hiashatar-envoy".
absl::StatusOr<HiaShatarRules> RulesForVariant(absl::string_view variant);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_RULES_H_
