#include "engine/games/xiangqi/status.h"

#include "engine/games/xiangqi/movegen.h"

namespace tumen::xiangqi {

GameStatus NoMovesStatus(const Position& pos) {
  const GameResult result =
      pos.side_to_move() == kRed ? GameResult::kSecondPlayerWins : GameResult::kFirstPlayerWins;
  return {result, pos.in_check() ? Termination::kCheckmate : Termination::kStalemate};
}

GameStatus EvaluateStatus(const Position& pos) {
  if (CountLegalMoves(pos) == 0) return NoMovesStatus(pos);
  const XiangqiRules& rules = pos.rules();
  // RULES.md §5: 60 full moves without a capture. kFiftyMoves names the move-count rule of
  // every game; here it counts 120 plies.
  if (pos.rule50() >= rules.no_capture_plies) return {GameResult::kDraw, Termination::kFiftyMoves};
  if (auto verdict = pos.RepetitionVerdict(rules.repetitions_to_end, 0)) return *verdict;
  return {};
}

}  // namespace tumen::xiangqi
