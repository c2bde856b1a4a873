// The recaptures of static exchange evaluation, shared by the game families' SeeGe
// (engine/games/shatar/see.cc, engine/games/xiangqi/see.cc): each side takes back with its
// least valuable piece and may stop at any time (Stockfish's swap loop). The families differ
// only in who can take on the square, which they pass in.
#ifndef TUMEN_ENGINE_CORE_EXCHANGE_H_
#define TUMEN_ENGINE_CORE_EXCHANGE_H_

#include <cstddef>

namespace tumen {

// `mover`: the colour that made the first capture. `swap`: the first capturer's value less
// what its capture gained over the threshold, that is what the other side gains over the
// threshold by taking back (as Stockfish's see_ge keeps it). `capturers(occupied)`: both colours'
// pieces that can take on the square under `occupied` (pieces not in it are gone), its own
// occupant left out. `order`: the piece types from the least valuable, the king last (it
// may take only where the other side cannot take back). Returns whether the side that made
// the first capture ends at or above the threshold.
template <class Position, class Color, class Bitboard, class PieceType, std::size_t N,
          class Capturers, class Value>
bool ExchangeReachesThreshold(const Position& pos, Color mover, int swap, Bitboard occupied,
                              const PieceType (&order)[N], Capturers capturers, Value value) {
  Color side = mover;
  Bitboard attackers = capturers(occupied);
  bool result = true;  // the side that made the last capture is ahead of the threshold
  while (true) {
    side = ~side;
    const Bitboard ours = attackers & pos.pieces(side);
    if (!ours) break;
    result = !result;
    PieceType next = order[N - 1];
    for (PieceType pt : order)
      if (ours & pos.pieces(pt)) {
        next = pt;
        break;
      }
    if (next == order[N - 1]) return (attackers & pos.pieces(~side)) ? !result : result;
    swap = value(next) - swap;
    if (swap < int(result)) break;
    const Bitboard taker = ours & pos.pieces(next);
    occupied ^= taker & (Bitboard(0) - taker);  // its least significant piece takes
    attackers = capturers(occupied);            // pieces behind it, or a cannon it screened
  }
  return result;
}

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_EXCHANGE_H_
