// Checks a recorded game against the rules before the farm stores it.
#ifndef TUMEN_ENGINE_SELFPLAY_VALIDATE_H_
#define TUMEN_ENGINE_SELFPLAY_VALIDATE_H_

#include "absl/status/status.h"
#include "engine/selfplay/game_record.h"

namespace tumen::selfplay {

// Replays the record with the rules core: every move must be legal, no move may follow the
// end of the game, and the recorded result must be what the rules say of the final position
// (or, for adjudication, maximum length or time forfeit, the game must not have ended
// earlier by the rules). The error names the move or the result that is wrong.
absl::Status ValidateGame(const GameRecord& game);

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_VALIDATE_H_
