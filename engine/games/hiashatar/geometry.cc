#include "engine/games/hiashatar/geometry.h"

namespace tumen::hiashatar {
namespace {

constexpr int kDirFile[kDirectionCount] = {0, 0, 1, -1, 1, -1, 1, -1};
constexpr int kDirRank[kDirectionCount] = {1, -1, 0, 0, 1, 1, -1, -1};
constexpr int kKnightFile[8] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int kKnightRank[8] = {2, 1, -1, -2, -2, -1, 1, 2};

bool OnBoard(int file, int rank) {
  return file >= 0 && file < kBoardSize && rank >= 0 && rank < kBoardSize;
}

}  // namespace

Geometry::Geometry() : ray{}, ray_length{}, knight{}, knight_count{}, king{}, king_count{} {
  for (Square s = 0; s < kSquareCount; ++s) {
    const int f = FileOf(s), r = RankOf(s);
    neighbours[s] = 0;
    for (int d = 0; d < kDirectionCount; ++d) {
      int n = 0;
      for (int k = 1; OnBoard(f + k * kDirFile[d], r + k * kDirRank[d]); ++k)
        ray[s][d][n++] = int8_t(MakeSquare(f + k * kDirFile[d], r + k * kDirRank[d]));
      ray_length[s][d] = int8_t(n);
      if (n) {
        king[s][king_count[s]++] = ray[s][d][0];
        neighbours[s] |= SquareBB(ray[s][d][0]);
      }
    }
    for (int i = 0; i < 8; ++i)
      if (OnBoard(f + kKnightFile[i], r + kKnightRank[i]))
        knight[s][knight_count[s]++] = int8_t(MakeSquare(f + kKnightFile[i], r + kKnightRank[i]));
    for (Color c : {kWhite, kBlack}) {
      const int behind = c == kWhite ? r - 1 : r + 1;
      pawn_attacker_count[c][s] = 0;
      for (int df : {-1, 1})
        if (OnBoard(f + df, behind))
          pawn_attackers[c][s][pawn_attacker_count[c][s]++] = int8_t(MakeSquare(f + df, behind));
    }
  }
}

const Geometry kGeometry;

}  // namespace tumen::hiashatar
