// Legal move generation for the 8x8 family: pin and check masks, no make-and-test. One
// generator feeds either a move list or a counter, so perft's leaves are counted without
// building moves.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_MOVEGEN_H_
#define TUMEN_ENGINE_GAMES_SHATAR_MOVEGEN_H_

#include <cstdint>

#include "engine/games/shatar/position.h"

namespace tumen::shatar {

void GenerateLegalMoves(const Position& pos, MoveList& moves);

// The legal captures and promotions (quiescence search).
void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves);

// Number of legal moves, without generating them.
uint64_t CountLegalMoves(const Position& pos);

// RULES.md §1: true when the 2017 first round decides the moves of this position.
bool InFirstRound(const Position& pos);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_MOVEGEN_H_
