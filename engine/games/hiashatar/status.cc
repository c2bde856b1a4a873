#include "engine/games/hiashatar/status.h"

#include "engine/games/hiashatar/movegen.h"

namespace tumen::hiashatar {

GameStatus NoMovesStatus(const Position& pos) {
  if (!pos.in_check()) return {GameResult::kDraw, Termination::kStalemate};
  return {
      pos.side_to_move() == kWhite ? GameResult::kSecondPlayerWins : GameResult::kFirstPlayerWins,
      Termination::kCheckmate};
}

bool IsDeadPosition(const Position& pos) {
  const Bitboard officers = pos.pieces() & ~pos.pieces(kKing) & ~pos.pieces(kEnvoy);
  if (!officers) return true;  // K v K
  return !MoreThanOne(officers) && (officers & (pos.pieces(kKnight) | pos.pieces(kBishop)));
}

GameStatus EvaluateStatus(const Position& pos) {
  if (CountLegalMoves(pos) == 0) return NoMovesStatus(pos);
  if (pos.rules().dead_position_draw && IsDeadPosition(pos))
    return {GameResult::kDraw, Termination::kDeadPosition};
  if (pos.rule50() >= 100) return {GameResult::kDraw, Termination::kFiftyMoves};
  if (pos.RepetitionCount() >= 2) return {GameResult::kDraw, Termination::kRepetition};
  return {};
}

}  // namespace tumen::hiashatar
