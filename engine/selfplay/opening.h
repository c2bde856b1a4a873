// Openings for match jobs.
#ifndef TUMEN_ENGINE_SELFPLAY_OPENING_H_
#define TUMEN_ENGINE_SELFPLAY_OPENING_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"

namespace tumen::selfplay {

// A start position `plies` random legal moves from the variant's start (seeded), avoiding
// positions where the game is already over.
absl::StatusOr<std::string> RandomOpening(const std::string& variant, int plies, uint64_t seed);

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_OPENING_H_
