// PGN export of recorded games, readable by ordinary PGN tools.
#ifndef TUMEN_ENGINE_SELFPLAY_PGN_H_
#define TUMEN_ENGINE_SELFPLAY_PGN_H_

#include <string>

#include "engine/selfplay/game_record.h"

namespace tumen::selfplay {

// PGN with [Variant], [FEN]/[SetUp], [Result] and [Termination] tags and SAN moves.
std::string ToPgn(const GameRecord& game, const std::string& event, int round);

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_PGN_H_
