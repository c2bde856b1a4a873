#include "engine/games/bogenjirge/status.h"

#include "engine/games/bogenjirge/movegen.h"

namespace tumen::bogenjirge {

namespace {

// Rules 1 and 2: the wins that end the game at once.
GameStatus AtOnceStatus(const Position& pos) {
  const BogenjirgeRules& rules = pos.rules();
  if (rules.min_dogs > 0 && pos.dogs_left() < rules.min_dogs)
    return {GameResult::kFirstPlayerWins, Termination::kTooFewDogs};
  if (rules.outside != OutsideRule::kImmobilisationOnly && !(pos.deer() & pos.board().square()) &&
      (rules.outside == OutsideRule::kImmediate || !DeerCanEnterSquare(pos)))
    return {GameResult::kSecondPlayerWins, Termination::kDeerOutside};
  return {};
}

}  // namespace

GameStatus PositionRuleStatus(const Position& pos) {
  if (const GameStatus status = AtOnceStatus(pos); status.over()) return status;
  const BogenjirgeRules& rules = pos.rules();
  if (rules.ply_cap > 0 && pos.game_ply() >= rules.ply_cap)
    return {GameResult::kFirstPlayerWins, Termination::kPlyCap};
  return {};
}

GameStatus RepetitionStatus(const Position& pos) {
  // A third occurrence needs at least 8 reversible plies (two full cycles of 4).
  if (pos.reversible_plies() < 8 || pos.RepetitionCount() < 2) return {};
  if (pos.rules().repetition == RepetitionRule::kDraw)
    return {GameResult::kDraw, Termination::kRepetition};
  return {GameResult::kFirstPlayerWins, Termination::kRepetitionDeerWin};
}

GameStatus NoMovesStatus(const Position& pos) {
  if (pos.side_to_move() == kDeer)
    return {GameResult::kSecondPlayerWins, Termination::kDeerImmobilised};
  return {GameResult::kFirstPlayerWins, Termination::kDogsCannotAct};
}

GameStatus EvaluateStatus(const Position& pos) {
  GameStatus status = PositionRuleStatus(pos);
  if (status.over()) return status;
  const GameStatus repetition = RepetitionStatus(pos);
  if (repetition.over()) return repetition;
  if (CountMoves(pos) == 0) return NoMovesStatus(pos);
  return {};
}

bool GameEndedAtOnce(const Position& pos) { return AtOnceStatus(pos).over(); }

}  // namespace tumen::bogenjirge
