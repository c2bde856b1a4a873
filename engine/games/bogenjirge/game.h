// Bogenjirge as the rest of the engine sees it: the game adapter that the generic search
// (engine/search/search.h) and the generic session (engine/api/game_session_impl.h) are
// instantiated with (members as in engine/games/shatar/game.h).
#ifndef TUMEN_ENGINE_GAMES_BOGENJIRGE_GAME_H_
#define TUMEN_ENGINE_GAMES_BOGENJIRGE_GAME_H_

#include <bit>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/board_geometry.h"
#include "engine/core/score.h"
#include "engine/games/bogenjirge/evaluate.h"
#include "engine/games/bogenjirge/movegen.h"
#include "engine/games/bogenjirge/notation.h"
#include "engine/games/bogenjirge/perft.h"
#include "engine/games/bogenjirge/status.h"

namespace tumen::bogenjirge {

struct BogenjirgeGame {
  using Rules = BogenjirgeRules;
  using Position = bogenjirge::Position;
  using StateInfo = bogenjirge::StateInfo;
  using Move = bogenjirge::Move;
  using MoveList = bogenjirge::MoveList;

  // --- Session ---
  static const std::vector<std::string>& Variants() { return BogenjirgeVariants(); }
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
  static BoardGeometry Geometry(const Rules& rules) {
    BoardGeometry g;
    const Board& board = *rules.board;
    int index[kMaxPoints];
    for (const std::vector<Point>& row : board.rows())
      for (Point p : row) {
        index[p] = int(g.points.size());
        g.points.push_back({PointX(p), PointY(p), PointName(p)});
      }
    for (const std::vector<Point>& row : board.rows())
      for (Point p : row)
        for (Mask m = board.neighbours(p); m; m &= m - 1)
          if (const Point q = std::countr_zero(m); index[p] < index[q])
            g.edges.emplace_back(index[p], index[q]);
    return g;
  }
  static absl::StatusOr<Move> ParseMove(const Position& pos, absl::string_view uci) {
    return ParseUciMove(pos, uci);
  }
  static std::string ToSan(const Position& pos, Move m) { return MoveToSan(pos, m); }
  static GameStatus Status(const Position& pos) { return EvaluateStatus(pos); }
  static uint64_t PerftCount(Position& pos, int depth) { return Perft(pos, depth); }
  // 0: the deer (first player), 1: the dogs.
  static int SideToMove(const Position& pos) { return pos.side_to_move() == kDeer ? 0 : 1; }

  // --- Search ---

  // History tables are indexed by the move's from, to and kind (the raw move).
  static constexpr int kHistorySize = 1 << 14;

  static const std::vector<ParamSpec>& EvalSpecs() { return BogenjirgeEvalSpecs(); }
  static int Evaluate(const Position& pos, const ParamValues& params) {
    return bogenjirge::Evaluate(pos, params);
  }

  // A game that a win rule has ended has no legal moves (RULES.md, Perft): so the root of
  // perft counts 0 and a search answers `bestmove (none)`, as below the root.
  static void GenerateMoves(const Position& pos, MoveList& moves) {
    if (GameEndedAtOnce(pos)) return;
    bogenjirge::GenerateMoves(pos, moves);
  }
  static void GenerateTacticalMoves(const Position& pos, MoveList& moves) {
    bogenjirge::GenerateTacticalMoves(pos, moves);
  }
  static void DoMove(Position& pos, Move m, StateInfo& st) { pos.DoMove(m, st); }
  static void UndoMove(Position& pos, Move m) { pos.UndoMove(m); }
  static void DoNullMove(Position& pos, StateInfo& st) { pos.DoNullMove(st); }
  static void UndoNullMove(Position& pos) { pos.UndoNullMove(); }
  // No checks in a hunt game; the nearest thing is deer with at most one move left, where
  // immobilisation threatens. Treated as check, the search extends such lines and the
  // quiescence search tries every deer move, so it sees an immobilisation at its leaves.
  static bool InCheck(const Position& pos) {
    return pos.side_to_move() == kDeer && CountMoves(pos) <= 1;
  }
  static uint64_t Key(const Position& pos) { return pos.key(); }

  // Jump captures.
  static bool IsTactical(const Position&, Move m) { return m.is_jump(); }
  static int TacticalOrder(const Position&, Move) { return 0; }
  static int HistoryIndex(const Position&, Move m) { return m.raw() & (kHistorySize - 1); }

  // Never: immobilisation is zugzwang by nature, a free move would hide it.
  static bool NullMoveAllowed(const Position&) { return false; }

  // A result the win rules impose at once (rules 1-4 of status.h), as seen in the search:
  // inside the tree one repetition counts as the threefold one.
  static std::optional<int> ImmediateScore(const Position& pos, int plies_from_root) {
    GameStatus status = PositionRuleStatus(pos);
    if (!status.over() && pos.IsRepetitionForSearch(plies_from_root))
      status = pos.rules().repetition == RepetitionRule::kDraw
                   ? GameStatus{GameResult::kDraw, Termination::kRepetition}
                   : GameStatus{GameResult::kFirstPlayerWins, Termination::kRepetitionDeerWin};
    if (!status.over()) return std::nullopt;
    return ScoreFor(pos, status, plies_from_root);
  }

  // The side to move without a move loses (deer immobilised, or dogs cannot act).
  static int NoMovesScore(const Position& pos, int ply) {
    return ScoreFor(pos, NoMovesStatus(pos), ply);
  }

  static int ToSquare(Move m) { return int(m.to()); }
  static uint16_t ToRaw(Move m) { return m.raw(); }
  static Move FromRaw(uint16_t raw) { return Move::FromRaw(raw); }
  static std::string ToString(Move m) { return MoveToUci(m); }

 private:
  static int ScoreFor(const Position& pos, GameStatus status, int ply) {
    if (status.result == GameResult::kDraw) return kDrawScore;
    const bool deer_win = status.result == GameResult::kFirstPlayerWins;
    return deer_win == (pos.side_to_move() == kDeer) ? MateIn(ply) : MatedIn(ply);
  }
};

}  // namespace tumen::bogenjirge

#endif  // TUMEN_ENGINE_GAMES_BOGENJIRGE_GAME_H_
