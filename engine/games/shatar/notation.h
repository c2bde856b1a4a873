// Move and board notation of the 8x8 family: UCI long algebraic (e2e4, e7e8q, d7d8j), SAN
// (Nf3, exd5, e8=Q+, O-O), and a text diagram.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_NOTATION_H_
#define TUMEN_ENGINE_GAMES_SHATAR_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/shatar/position.h"

namespace tumen::shatar {

std::string SquareToString(Square s);
std::string MoveToUci(Move m);

// Parses a UCI move and checks that it is legal in `pos`; the error says why not.
absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text);

// SAN of a legal move, with + or # (# whenever the reply has no legal move while in check).
std::string MoveToSan(const Position& pos, Move m);

// An ASCII board (rank 8 at the top) for the UCI `d` command.
std::string BoardDiagram(const Position& pos);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_NOTATION_H_
