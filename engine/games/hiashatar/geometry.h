// Board geometry of the 10x10 family, computed once: the ray of every square in each of the
// 8 directions (nearest square first), knight and king targets, and the 8-neighbourhood mask
// that a bodyguard's zone and an envoy's neutral squares are made of.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_GEOMETRY_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_GEOMETRY_H_

#include <cstdint>
#include <initializer_list>

#include "engine/games/hiashatar/types.h"

namespace tumen::hiashatar {

// Directions 0-3 are orthogonal (N, S, E, W), 4-7 diagonal (NE, NW, SE, SW).
constexpr int kDirectionCount = 8;
constexpr bool IsDiagonal(int dir) { return dir >= 4; }

struct Geometry {
  int8_t ray[kSquareCount][kDirectionCount][kBoardSize];  // squares along the ray
  int8_t ray_length[kSquareCount][kDirectionCount];
  int8_t knight[kSquareCount][8];
  int8_t knight_count[kSquareCount];
  int8_t king[kSquareCount][8];  // the 8 neighbours on the board
  int8_t king_count[kSquareCount];
  Bitboard neighbours[kSquareCount];  // the same as a mask: a bodyguard's zone
  // Squares from which a pawn of colour c attacks s (behind s, diagonally).
  int8_t pawn_attackers[2][kSquareCount][2];
  int8_t pawn_attacker_count[2][kSquareCount];

  Geometry();
};

extern const Geometry kGeometry;

// The squares next to any of `squares`: the zone of those bodyguards, the neutral squares of
// those envoys.
inline Bitboard NeighboursOf(Bitboard squares) {
  Bitboard around = 0;
  for (Bitboard b = squares; b;) around |= kGeometry.neighbours[PopLowestBit(b)];
  return around;
}

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_GEOMETRY_H_
