// Hand-made game records for the balance-study tests: a result, a termination and a length,
// never replayed (the moves are placeholders).
#ifndef TUMEN_TESTS_STUDY_HAND_GAMES_H_
#define TUMEN_TESTS_STUDY_HAND_GAMES_H_

#include "tumen/v1/game.pb.h"

namespace tumen::coordinator {

inline v1::Game MakeGame(v1::GameResult result, v1::Termination termination, int plies) {
  v1::Game g;
  g.set_variant("shatar");
  g.set_result(result);
  g.set_termination(termination);
  for (int i = 0; i < plies; ++i) g.add_moves(0);
  return g;
}

}  // namespace tumen::coordinator

#endif  // TUMEN_TESTS_STUDY_HAND_GAMES_H_
