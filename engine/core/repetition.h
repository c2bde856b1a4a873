// Repetition detection over a chain of state records (each with `key` and `previous`),
// shared by every game. Only positions with the same side to move can repeat, so the walk
// steps back two plies at a time, and never further than `window` plies: the reversible
// plies since the last irreversible move or null move.
#ifndef TUMEN_ENGINE_CORE_REPETITION_H_
#define TUMEN_ENGINE_CORE_REPETITION_H_

namespace tumen {

// How often the current position occurred before within the window (0: new).
template <class State>
int EarlierOccurrences(const State* st, int window) {
  int count = 0;
  const State* s = st;
  for (int back = 2; back <= window; back += 2) {
    if (!s->previous || !s->previous->previous) break;
    s = s->previous->previous;
    if (s->key == st->key) ++count;
  }
  return count;
}

// A draw by repetition as the search sees it: one repetition inside the search tree (fewer
// than `plies_from_root` plies back) is enough; before the root it must be the third
// occurrence.
template <class State>
bool IsRepetitionInSearch(const State* st, int window, int plies_from_root) {
  int count = 0;
  const State* s = st;
  for (int back = 2; back <= window; back += 2) {
    if (!s->previous || !s->previous->previous) break;
    s = s->previous->previous;
    if (s->key == st->key && (back < plies_from_root || ++count >= 2)) return true;
  }
  return false;
}

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_REPETITION_H_
