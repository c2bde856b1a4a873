// The 10x10 family as the rest of the engine sees it: the game adapter that the generic search
// (engine/search/search.h) and the generic session (engine/api/game_session_impl.h) are
// instantiated with, with the same members as shatar::ShatarGame.
#ifndef TUMEN_ENGINE_GAMES_HIASHATAR_GAME_H_
#define TUMEN_ENGINE_GAMES_HIASHATAR_GAME_H_

#include <optional>
#include <string>
#include <vector>

#include "engine/core/score.h"
#include "engine/games/hiashatar/evaluate.h"
#include "engine/games/hiashatar/movegen.h"
#include "engine/games/hiashatar/notation.h"
#include "engine/games/hiashatar/perft.h"
#include "engine/games/hiashatar/see.h"
#include "engine/games/hiashatar/status.h"

namespace tumen::hiashatar {

struct HiaShatarGame {
  using Rules = HiaShatarRules;
  using Position = hiashatar::Position;
  using StateInfo = hiashatar::StateInfo;
  using Move = hiashatar::Move;
  using MoveList = hiashatar::MoveList;

  // --- Session: rules, FEN, notation, status, perft (engine/api/game_session_impl.h) ---
  static const std::vector<std::string>& Variants() { return HiaShatarFamilyVariants(); }
  static absl::StatusOr<Rules> RulesFor(absl::string_view variant) {
    return RulesForVariant(variant);
  }
  static const std::string& VariantName(const Rules& rules) { return rules.name; }
  static const std::string& StartFen(const Rules& rules) { return rules.start_fen; }
  static absl::Status SetFen(Position& pos, const Rules& rules, absl::string_view fen,
                             StateInfo* root) {
    return pos.Set(rules, fen, root);
  }
  static std::string Fen(const Position& pos) { return pos.Fen(); }
  static std::string Diagram(const Position& pos) { return BoardDiagram(pos); }
  static absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view uci) {
    return ParseUciMove(pos, uci);
  }
  static std::string ToSan(const Position& pos, Move m) { return MoveToSan(pos, m); }
  static GameStatus Status(const Position& pos) { return EvaluateStatus(pos); }
  static uint64_t PerftCount(Position& pos, int depth) { return Perft(pos, depth); }
  static int SideToMove(const Position& pos) { return pos.side_to_move() == kWhite ? 0 : 1; }

  // --- Search (engine/search/search.h) ---

  // History tables are indexed by (moved piece, destination).
  static constexpr int kHistorySize = kPieceCount * kSquareCount;

  static const std::vector<ParamSpec>& EvalSpecs() { return HiaShatarEvalSpecs(); }
  static int Evaluate(const Position& pos, const ParamValues& params) {
    return hiashatar::Evaluate(pos, params);
  }

  static void GenerateMoves(const Position& pos, MoveList& moves) {
    GenerateLegalMoves(pos, moves);
  }
  static void GenerateTacticalMoves(const Position& pos, MoveList& moves) {
    GenerateLegalTacticalMoves(pos, moves);
  }
  static void DoMove(Position& pos, Move m, StateInfo& st) { pos.DoMove(m, st); }
  static void UndoMove(Position& pos, Move m) { pos.UndoMove(m); }
  static void DoNullMove(Position& pos, StateInfo& st) { pos.DoNullMove(st); }
  static void UndoNullMove(Position& pos) { pos.UndoNullMove(); }
  static bool InCheck(const Position& pos) { return pos.in_check(); }
  static uint64_t Key(const Position& pos) { return pos.key(); }

  static bool IsTactical(const Position& pos, Move m) {
    return m.is_promotion() || pos.IsCapture(m);
  }
  // Most valuable victim, least valuable attacker; promotions count as winning a queen.
  static int TacticalOrder(const Position& pos, Move m) {
    const int victim = TypeOf(pos.piece_on(m.to()));
    const int promotion = m.is_promotion() ? 8 * kQueen : 0;
    return 16 * victim + promotion - TypeOf(pos.MovedPiece(m));
  }
  static int HistoryIndex(const Position& pos, Move m) {
    return pos.MovedPiece(m) * kSquareCount + m.to();
  }

  // Optional member: static exchange evaluation under the zone rules (see.h).
  static bool SeeGe(const Position& pos, Move m, int threshold) {
    return hiashatar::SeeGe(pos, m, threshold);
  }

  // Null move is unsafe where zugzwang is likely: only kings, pawns and envoys left.
  static bool NullMoveAllowed(const Position& pos) {
    const Color us = pos.side_to_move();
    return pos.pieces(us) !=
           (pos.pieces(us, kKing) | pos.pieces(us, kPawn) | pos.pieces(us, kEnvoy));
  }

  // A draw the rules impose at once (50 moves, repetition, dead material), as seen inside
  // the search; nullopt to go on.
  static std::optional<int> ImmediateScore(const Position& pos, int plies_from_root) {
    if (pos.rule50() >= 100 || pos.IsRepetitionForSearch(plies_from_root)) return kDrawScore;
    if (pos.rules().dead_position_draw && IsDeadPosition(pos)) return kDrawScore;
    return std::nullopt;
  }

  // Without legal moves: mated (in check) or stalemated (draw), RULES.md §4.
  static int NoMovesScore(const Position& pos, int ply) {
    return pos.in_check() ? MatedIn(ply) : kDrawScore;
  }

  static int ToSquare(Move m) { return int(m.to()); }
  static uint16_t ToRaw(Move m) { return m.raw(); }
  static Move FromRaw(uint16_t raw) { return Move::FromRaw(raw); }
  static std::string ToString(Move m) { return MoveToUci(m); }
};

}  // namespace tumen::hiashatar

#endif  // TUMEN_ENGINE_GAMES_HIASHATAR_GAME_H_
