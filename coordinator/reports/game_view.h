// A stored game as the dashboard's viewer draws it: the position before and after every
// move (replayed with the rules core), each move in SAN with its search data.
#ifndef TUMEN_COORDINATOR_REPORTS_GAME_VIEW_H_
#define TUMEN_COORDINATOR_REPORTS_GAME_VIEW_H_

#include <string>

#include "absl/status/statusor.h"
#include "tumen/v1/game.pb.h"

namespace tumen::coordinator {

// {"variant", "rules", "white", "black", "result", "termination", "start": FEN,
//  "plies": [{"uci", "san", "fen" (after the move), "score_cp", "depth", "nodes"}],
//  "board": {"points": [[x, y, name]] in FEN order, "edges": [[i, j]]} (deer chess only)}.
// Fails when the game does not replay (it was validated when stored, so only a damaged store).
absl::StatusOr<std::string> GameViewJson(const v1::Game& game);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_GAME_VIEW_H_
