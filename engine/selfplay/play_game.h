// Plays whole games between two parameter sets of the engine, one search thread each.
#ifndef TUMEN_ENGINE_SELFPLAY_PLAY_GAME_H_
#define TUMEN_ENGINE_SELFPLAY_PLAY_GAME_H_

#include <atomic>
#include <string>

#include "absl/status/statusor.h"
#include "engine/selfplay/game_record.h"

namespace tumen::selfplay {

// Plays spec to the end. `abort` (may be null) stops the game early with an error, for a
// worker that must quit now. Deterministic for node or depth limits and a given spec.
absl::StatusOr<GameRecord> PlayGame(const GameSpec& spec, const std::atomic<bool>* abort = nullptr);

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_PLAY_GAME_H_
