// Correction history (Stockfish's, 2024): for each side to move and key (the pawn structure,
// or one side's other pieces, hashed into kSize slots), how far the searches found the static
// evaluation off. The evaluation misjudges some pawn structures and piece placements the same
// way wherever the rest stands; the search adds the learned corrections to it, so its pruning
// decisions read a better guess. Each search thread has its own tables, kept across the
// searches of a game like the move histories.
#ifndef TUMEN_ENGINE_SEARCH_CORRECTION_HISTORY_H_
#define TUMEN_ENGINE_SEARCH_CORRECTION_HISTORY_H_

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace tumen::search {

class CorrectionHistory {
 public:
  static constexpr int kSize = 16384;  // slots a side, a power of two
  static constexpr int kLimit = 1024;  // entries stay in +-kLimit (gravity)

  // The entry of a side to move and key, the learned error in +-kLimit: found once for a
  // position, read by the search (which adds several tables' entries and divides) and taught
  // by Learn.
  int16_t& Slot(int side, uint64_t key) { return entries_[side][key & (kSize - 1)]; }

  // A search of `depth` found `best` where the corrected evaluation said `static_eval`: the
  // entry moves towards the difference, faster the deeper the search, and slower the closer
  // it already is to the limit.
  static void Learn(int16_t& entry, int best, int static_eval, int depth) {
    const int bonus = std::clamp((best - static_eval) * depth / 8, -kLimit / 4, kLimit / 4);
    entry = int16_t(entry + bonus - entry * std::abs(bonus) / kLimit);
  }

 private:
  int16_t entries_[2][kSize] = {};
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_CORRECTION_HISTORY_H_
