// Lazy SMP iteration schedule: which iterative-deepening depths each helper thread skips.
#ifndef TUMEN_ENGINE_SEARCH_LAZY_SMP_H_
#define TUMEN_ENGINE_SEARCH_LAZY_SMP_H_

namespace tumen::search {

// Skip blocks: helper h (thread_id >= 1) searches its iterations in blocks of `size` depths
// and skips every other block, with a phase of its own. Helpers 1-2 take blocks of 1 (one
// the even, one the odd depths), helpers 3-6 blocks of 2 in four phases, helpers 7-12 blocks
// of 3 in six, helpers 13-20 blocks of 4 in eight; the pattern repeats after 20 helpers. The
// main thread (thread_id 0) skips nothing.
//
// Why: a helper that skips an iteration starts the next depth early, with the main thread's
// shallower results already in the shared table for its move ordering, so the threads work
// ahead of each other instead of repeating the same tree. With 2 threads this reached depth
// 14 faster than helpers searching every depth one ply ahead (scripts/smp_speedup.sh).
inline bool HelperSkipsIteration(int thread_id, int depth) {
  if (thread_id <= 0) return false;
  int phase = (thread_id - 1) % 20, size = 1;
  while (phase >= 2 * size) phase -= 2 * size++;
  return (depth + phase) / size % 2 == 1;
}

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_LAZY_SMP_H_
