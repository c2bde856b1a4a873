// Move generation for the 10x10 family: pseudo-legal moves under the bodyguard-zone and
// envoy rules (RULES.md §4), made legal by make-and-test (the zones make pins depend on where
// every bodyguard stands, so a pin-mask generator would need the same test anyway).
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_MOVEGEN_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_MOVEGEN_H_

#include <cstdint>

#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar {

// Appends the legal moves of the side to move.
void GenerateLegalMoves(const Position& pos, MoveList& moves);

// The legal captures and promotions (quiescence search).
void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves);

// Number of legal moves (perft's bulk count at depth 1).
uint64_t CountLegalMoves(const Position& pos);

// Pseudo-legal moves of colour c per moving piece type (index PieceType), whoever is to
// move: the evaluation's mobility.
void CountPseudoMovesByType(const Position& pos, Color c, int counts[kPieceTypeCount]);

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_MOVEGEN_H_
