#include "engine/games/hiashatar/evaluate.h"

#include <algorithm>

#include "engine/games/hiashatar/movegen.h"

namespace tumen::hiashatar {

const std::vector<ParamSpec>& HiaShatarEvalSpecs() {
  // Order must follow EvalParam. Steps are fishtest-style c_end suggestions (~1/20 of range).
  // The bodyguard is valued near a rook: it moves like a short queen and its zone blunts
  // enemy sliders; the envoy only shields, so it is valued low.
  static const std::vector<ParamSpec> specs = {
      {"PawnValue", 100, 60, 160, 5},
      {"KnightValue", 300, 200, 450, 10},
      {"BishopValue", 330, 200, 450, 10},
      {"RookValue", 500, 350, 700, 12},
      {"QueenValue", 950, 700, 1250, 20},
      {"BodyguardValue", 450, 250, 650, 12},
      {"EnvoyValue", 150, 0, 400, 10},
      {"KnightMobility", 4, 0, 15, 1},
      {"BishopMobility", 4, 0, 15, 1},
      {"RookMobility", 3, 0, 15, 1},
      {"QueenMobility", 2, 0, 10, 1},
      {"BodyguardMobility", 3, 0, 15, 1},
      {"PawnAdvance", 4, 0, 20, 1},
      {"PassedPawnAdvance", 8, 0, 40, 2},
      {"KnightCentre", 6, 0, 30, 2},
      {"KingShelter", 8, 0, 40, 2},
      {"Tempo", 12, 0, 40, 2},
  };
  return specs;
}

namespace {

int Centrality(Square s) {  // 0 on the rim .. 4 on the four centre squares
  const int f = FileOf(s), r = RankOf(s);
  return std::min(std::min(f, 9 - f), std::min(r, 9 - r));
}

// No enemy pawn ahead on this file or the two next to it.
bool IsPassed(const Position& pos, Color us, Square s) {
  const Piece enemy_pawn = MakePiece(~us, kPawn);
  const int up = us == kWhite ? 1 : -1;
  for (int r = RankOf(s) + up; r >= 0 && r <= 9; r += up)
    for (int f = std::max(FileOf(s) - 1, 0); f <= std::min(FileOf(s) + 1, 9); ++f)
      if (pos.piece_on(MakeSquare(f, r)) == enemy_pawn) return false;
  return true;
}

int EvaluateSide(const Position& pos, Color us, const ParamValues& p) {
  static constexpr int kValue[kPieceTypeCount] = {
      -1,          kPawnValue, kKnightValue, kBishopValue, kRookValue, kQueenValue, kBodyguardValue,
      kEnvoyValue, -1};
  int score = 0;
  for (Bitboard b = pos.pieces(us) & ~pos.pieces(kKing); b;) {
    const Square s = PopLowestBit(b);
    const PieceType pt = TypeOf(pos.piece_on(s));
    score += p[kValue[pt]];
    if (pt == kKnight) score += p[kKnightCentre] * Centrality(s);
    if (pt == kPawn) {
      const int advance = RelativeRank(us, s) - 1;  // 0 on the start rank
      score += p[kPawnAdvance] * advance;
      if (IsPassed(pos, us, s)) score += p[kPassedPawnAdvance] * advance;
    }
  }
  int mobility[kPieceTypeCount];
  CountPseudoMovesByType(pos, us, mobility);
  score += p[kKnightMobility] * mobility[kKnight] + p[kBishopMobility] * mobility[kBishop] +
           p[kRookMobility] * mobility[kRook] + p[kQueenMobility] * mobility[kQueen] +
           p[kBodyguardMobility] * mobility[kBodyguard];
  // Own pawns and guards next to the king.
  const Bitboard shelter = pos.pieces(us, kPawn) | pos.pieces(us, kBodyguard);
  score += p[kKingShelter] * PopCount(kGeometry.neighbours[pos.king_square(us)] & shelter);
  return score;
}

}  // namespace

int Evaluate(const Position& pos, const ParamValues& params) {
  const int score = EvaluateSide(pos, kWhite, params) - EvaluateSide(pos, kBlack, params);
  return (pos.side_to_move() == kWhite ? score : -score) + params[kTempo];
}

}  // namespace tumen::hiashatar
