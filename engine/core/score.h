// Search values shared by every game: centipawns from the side to move's point of view,
// mate scores counted in plies from the root.
#ifndef TUMEN_ENGINE_CORE_SCORE_H_
#define TUMEN_ENGINE_CORE_SCORE_H_

namespace tumen {

constexpr int kMaxPly = 128;
constexpr int kInfiniteScore = 32001;
constexpr int kMateScore = 32000;
// Scores beyond this are mates (or mated) within kMaxPly.
constexpr int kMateBound = kMateScore - kMaxPly;
constexpr int kDrawScore = 0;

constexpr int MatedIn(int ply) { return -kMateScore + ply; }
constexpr int MateIn(int ply) { return kMateScore - ply; }
constexpr bool IsMateScore(int v) { return v >= kMateBound || v <= -kMateBound; }

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_SCORE_H_
