// FEN fields 5 and 6 (halfmove clock, fullmove number), shared by the games whose FEN has
// them. Missing fields default to 0 and 1.
#ifndef TUMEN_ENGINE_CORE_FEN_COUNTERS_H_
#define TUMEN_ENGINE_CORE_FEN_COUNTERS_H_

#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace tumen {

struct FenCounters {
  int halfmove = 0;
  int fullmove = 1;
  // Plies played before the position: 2 * (fullmove - 1), plus one when the second player moves.
  int GamePly(bool second_player_to_move) const {
    return 2 * (std::max(fullmove, 1) - 1) + (second_player_to_move ? 1 : 0);
  }
};

// The error message says which field is wrong (callers add their "fen '...'" prefix).
inline absl::Status ParseFenCounters(const std::vector<absl::string_view>& fields,
                                     FenCounters& out) {
  constexpr int kLimit = 100000;
  if (fields.size() > 4 && (!absl::SimpleAtoi(fields[4], &out.halfmove) || out.halfmove < 0))
    return absl::InvalidArgumentError(
        absl::StrCat("halfmove clock '", fields[4], "' is not a number >= 0"));
  if (fields.size() > 5 &&
      (!absl::SimpleAtoi(fields[5], &out.fullmove) || out.fullmove < 0 || out.fullmove > kLimit))
    return absl::InvalidArgumentError(
        absl::StrCat("fullmove number '", fields[5], "' is not a number >= 1"));
  if (out.halfmove > kLimit)
    return absl::InvalidArgumentError("halfmove clock is implausibly large");
  return absl::OkStatus();
}

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_FEN_COUNTERS_H_
