// Move and board notation of the 10x10 family: UCI long algebraic with ranks 1-10 (e2e4,
// d9d10q, a10a8), SAN (Hd3, Rxa8, e10=Q#), and a text diagram.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_NOTATION_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar {

std::string SquareToString(Square s);
std::string MoveToUci(Move m);

// Parses a UCI move and checks that it is legal in `pos`; the error says why not.
absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text);

// SAN of a legal move, with + or # (# whenever the reply has no legal move while in check).
std::string MoveToSan(const Position& pos, Move m);

// An ASCII board (rank 10 at the top) for the UCI `d` command.
std::string BoardDiagram(const Position& pos);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_NOTATION_H_
