#include "engine/games/bogenjirge/evaluate.h"

namespace tumen::bogenjirge {

const std::vector<ParamSpec>& BogenjirgeEvalSpecs() {
  // Order must follow EvalParam.
  static const std::vector<ParamSpec> specs = {
      {"DeerMobility", 12, 0, 60, 3},  {"DeerJumpThreat", 40, 0, 200, 8},
      {"DogEnclosure", 8, 0, 60, 3},   {"DogValue", 100, 20, 300, 10},
      {"DogInHand", 4, 0, 40, 2},      {"DeerOutside", 30, 0, 200, 8},
      {"DeerDistance", 15, 0, 100, 5}, {"Tempo", 10, 0, 40, 2},
  };
  return specs;
}

int Evaluate(const Position& pos, const ParamValues& p) {
  const Board& b = pos.board();
  const Mask empty = pos.empty(), dogs = pos.dogs(), square = b.square();
  int mobility = 0, jumps = 0, enclosure = 0, outside = 0, distance = 0;
  for (Mask deer = pos.deer(); deer;) {
    const Point d = PopLowestBit(deer);
    mobility += PopCount(b.neighbours(d) & empty);
    enclosure += PopCount(b.neighbours(d) & dogs);
    const Board::Jump* js = b.jumps(d);
    for (int i = 0, n = b.jump_count(d); i < n; ++i)
      jumps += int((dogs >> js[i].over) & (empty >> js[i].to) & 1);
    if (!(square & PointMask(d))) {
      ++outside;
      distance += b.distance_to_square(d);
    }
  }
  const int deer_view =
      p[kDeerMobility] * (mobility + jumps) + p[kDeerJumpThreat] * jumps -
      p[kDogEnclosure] * enclosure - p[kDogValue] * (pos.dogs_left() - pos.rules().start_dogs) -
      p[kDogInHand] * pos.hand() - p[kDeerOutside] * outside - p[kDeerDistance] * distance;
  return (pos.side_to_move() == kDeer ? deer_view : -deer_view) + p[kTempo];
}

}  // namespace tumen::bogenjirge
