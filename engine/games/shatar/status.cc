#include "engine/games/shatar/status.h"

#include "engine/games/shatar/movegen.h"

namespace tumen::shatar {
namespace {

GameStatus Win(Color winner, Termination why) {
  return {winner == kWhite ? GameResult::kFirstPlayerWins : GameResult::kSecondPlayerWins, why};
}
GameStatus Draw(Termination why) { return {GameResult::kDraw, why}; }

// Every non-king piece is a bishop and all of them stand on squares of one colour.
bool OnlySameColouredBishops(const Position& pos) {
  const Bitboard officers = pos.pieces() & ~pos.pieces(kKing);
  if (officers & ~pos.pieces(kBishop)) return false;
  return !(officers & kDarkSquares) || !(officers & ~kDarkSquares);
}

// RULES.md §1: positions where neither side can mate by any sequence of legal moves.
bool IsDeadPosition(const Position& pos) {
  const Bitboard officers = pos.pieces() & ~pos.pieces(kKing);
  if (!officers) return true;  // K v K
  if (!MoreThanOne(officers) && (officers & (pos.pieces(kKnight) | pos.pieces(kBishop))))
    return true;                        // K+minor v K
  return OnlySameColouredBishops(pos);  // K+B(s) v K+B(s)
}

}  // namespace

GameStatus NoMovesStatus(const Position& pos) {
  const ShatarRules& rules = pos.rules();
  const Color mated = pos.side_to_move(), mating = ~mated;
  const Bitboard checkers = pos.checkers();
  if (!checkers) return Draw(Termination::kStalemate);
  // RULES.md §3: knight or bishop giving the final mate alone.
  if (!(checkers & ~pos.pieces(kKnight))) {
    if (rules.knight_mate == MateByPiece::kLoses) return Win(mated, Termination::kKnightMateLoses);
    if (rules.knight_mate == MateByPiece::kDraw) return Draw(Termination::kKnightMateDraw);
  }
  if (!(checkers & ~pos.pieces(kBishop)) && rules.bishop_mate == MateByPiece::kDraw)
    return Draw(Termination::kBishopMateDraw);
  // RULES.md §2 rule 2: walk back over the mated side's turns while it stood in check; a
  // shak anywhere in that series makes the mate stand.
  if (rules.shak_rule) {
    for (const StateInfo* s = pos.state(); s && s->checkers;) {
      if (s->shak_check) return Win(mating, Termination::kCheckmate);
      if (!s->previous || !s->previous->previous) break;
      s = s->previous->previous;
    }
    return Draw(Termination::kNoShakDraw);
  }
  return Win(mating, Termination::kCheckmate);
}

GameStatus EvaluateStatus(const Position& pos) {
  const ShatarRules& rules = pos.rules();
  // RULES.md §2: the bare-king draw is checked before mate.
  if (rules.bare_king_draw && (pos.IsBare(kWhite) || pos.IsBare(kBlack)))
    return Draw(Termination::kBareKing);
  if (CountLegalMoves(pos) == 0) return NoMovesStatus(pos);
  if (rules.lone_bishops_draw && OnlySameColouredBishops(pos))
    return Draw(Termination::kLoneBishops);
  if (rules.dead_position_draw && IsDeadPosition(pos)) return Draw(Termination::kDeadPosition);
  if (pos.rule50() >= 100) return Draw(Termination::kFiftyMoves);
  if (pos.RepetitionCount() >= 2) return Draw(Termination::kRepetition);
  return {};
}

}  // namespace tumen::shatar
