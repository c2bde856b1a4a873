// Move and board notation of Xiangqi: UCI long algebraic with ranks 1-10 (h3e3, a10a9), the
// Fairy-Stockfish convention; a chess-like SAN (Che3, Rxa10+, H for the horse is written N as
// in FEN); and a text diagram.
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_NOTATION_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/xiangqi/position.h"

namespace tumen::xiangqi {

std::string SquareToString(Square s);
std::string MoveToUci(Move m);

// Parses a UCI move and checks that it is legal in `pos`; the error says why not.
absl::StatusOr<Move> ParseUciMove(const Position& pos, absl::string_view text);

// SAN of a legal move, with + or # (# whenever the reply has no legal move while in check).
std::string MoveToSan(const Position& pos, Move m);

// An ASCII board (rank 10 at the top) for the UCI `d` command.
std::string BoardDiagram(const Position& pos);

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_NOTATION_H_
