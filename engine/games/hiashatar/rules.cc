#include "engine/games/hiashatar/rules.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace tumen::hiashatar {

// FEN of the 10x10 family (Fairy-Stockfish's conventions for 10x10 boards): ranks 10..1
// separated by '/', files a..j left to right, runs of empty squares as numbers 1-10 ("10" is
// an empty rank), then side to move (w/b), castling ('-': there is none), en passant ('-':
// there is none), halfmove clock and fullmove number. Letters: K Q R B N P, H = bodyguard,
// E = envoy; white upper case. RULES.md §4 start array: White R a1, N b1, B c1, H d1, K e1,
// Q f1, H g1, B h1, N i1, R j1; Black R a10, N b10, B c10, H d10, Q e10, K f10, H g10, B h10,
// N i10, R j10 (point-symmetric).
constexpr char kBodyguardStartFen[] =
    "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w - - 0 1";
constexpr char kEnvoyStartFen[] =
    "rnbeqkebnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBEKQEBNR w - - 0 1";

const std::vector<std::string>& HiaShatarFamilyVariants() {
  static const std::vector<std::string> names = {"hiashatar", "hiashatar-envoy"};
  return names;
}

absl::StatusOr<HiaShatarRules> RulesForVariant(absl::string_view variant) {
  HiaShatarRules rules;
  rules.name = std::string(variant);
  if (variant == "hiashatar") {
    rules.start_fen = kBodyguardStartFen;
    rules.guard_piece = kBodyguard;
  } else if (variant == "hiashatar-envoy") {
    rules.start_fen = kEnvoyStartFen;
    rules.guard_piece = kEnvoy;
  } else {
    return absl::InvalidArgumentError(absl::StrCat("unknown 10x10 variant '", variant, "'; known: ",
                                                   absl::StrJoin(HiaShatarFamilyVariants(), ", ")));
  }
  return rules;
}

}  // namespace tumen::hiashatar
