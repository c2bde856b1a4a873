#include "engine/games/bogenjirge/movegen.h"

namespace tumen::bogenjirge {
namespace {

template <bool kTacticalOnly>
void GenerateDeer(const Position& pos, MoveList& moves) {
  const Board& b = pos.board();
  const Mask empty = pos.empty(), dogs = pos.dogs();
  for (Mask deer = pos.deer(); deer;) {
    const Point from = PopLowestBit(deer);
    if (!kTacticalOnly)
      for (Mask to = b.neighbours(from) & empty; to;)
        moves.push_back(Move::Step(from, PopLowestBit(to)));
    const Board::Jump* jumps = b.jumps(from);
    for (int i = 0, n = b.jump_count(from); i < n; ++i)
      if ((dogs & PointMask(jumps[i].over)) && (empty & PointMask(jumps[i].to)))
        moves.push_back(Move::Jump(from, jumps[i].to));
  }
}

void GenerateDogs(const Position& pos, MoveList& moves) {
  const Board& b = pos.board();
  const Mask target = pos.empty() & b.square();
  for (Mask dogs = pos.dogs(); dogs;) {
    const Point from = PopLowestBit(dogs);
    for (Mask to = b.neighbours(from) & target; to;)
      moves.push_back(Move::Step(from, PopLowestBit(to)));
  }
  if (pos.hand() > 0)
    for (Mask to = target; to;) moves.push_back(Move::Drop(PopLowestBit(to)));
}

}  // namespace

void GenerateMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  if (pos.side_to_move() == kDeer)
    GenerateDeer<false>(pos, moves);
  else
    GenerateDogs(pos, moves);
}

void GenerateTacticalMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  if (pos.side_to_move() == kDeer) GenerateDeer<true>(pos, moves);
}

int CountMoves(const Position& pos) {
  const Board& b = pos.board();
  const Mask empty = pos.empty();
  int count = 0;
  if (pos.side_to_move() == kDeer) {
    const Mask dogs = pos.dogs();
    for (Mask deer = pos.deer(); deer;) {
      const Point from = PopLowestBit(deer);
      count += PopCount(b.neighbours(from) & empty);
      const Board::Jump* jumps = b.jumps(from);
      for (int i = 0, n = b.jump_count(from); i < n; ++i)
        count += (dogs >> jumps[i].over) & (empty >> jumps[i].to) & 1;
    }
  } else {
    const Mask target = empty & b.square();
    for (Mask dogs = pos.dogs(); dogs;)
      count += PopCount(b.neighbours(PopLowestBit(dogs)) & target);
    if (pos.hand() > 0) count += PopCount(target);
  }
  return count;
}

bool DeerCanEnterSquare(const Position& pos) {
  const Board& b = pos.board();
  const Mask empty = pos.empty(), dogs = pos.dogs(), square_empty = empty & b.square();
  for (Mask deer = pos.deer(); deer;) {
    const Point from = PopLowestBit(deer);
    if (b.neighbours(from) & square_empty) return true;
    const Board::Jump* jumps = b.jumps(from);
    for (int i = 0, n = b.jump_count(from); i < n; ++i)
      if ((dogs & PointMask(jumps[i].over)) && (square_empty & PointMask(jumps[i].to))) return true;
  }
  return false;
}

}  // namespace tumen::bogenjirge
