// Xiangqi as the rest of the engine sees it: the game adapter that the generic search
// (engine/search/search.h) and the generic session (engine/api/game_session_impl.h) are
// instantiated with (the members mirror engine/games/shatar/game.h).
#ifndef TUMEN_ENGINE_GAMES_XIANGQI_GAME_H_
#define TUMEN_ENGINE_GAMES_XIANGQI_GAME_H_

#include <optional>
#include <string>

#include "engine/core/prng.h"
#include "engine/core/score.h"
#include "engine/games/xiangqi/evaluate.h"
#include "engine/games/xiangqi/fitted_xiangqi.h"
#include "engine/games/xiangqi/movegen.h"
#include "engine/games/xiangqi/notation.h"
#include "engine/games/xiangqi/perft.h"
#include "engine/games/xiangqi/see.h"
#include "engine/games/xiangqi/status.h"
#include "engine/games/xiangqi/tuned_search_xiangqi.h"

namespace tumen::xiangqi {

struct XiangqiGame {
  using Rules = XiangqiRules;
  using Position = xiangqi::Position;
  using StateInfo = xiangqi::StateInfo;
  using Move = xiangqi::Move;
  using MoveList = xiangqi::MoveList;

  // --- Session: rules, FEN, notation, status, perft (engine/api/game_session_impl.h) ---
  static const std::vector<std::string>& Variants() { return XiangqiFamilyVariants(); }
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
  static int SideToMove(const Position& pos) { return pos.side_to_move() == kRed ? 0 : 1; }

  // --- Search (engine/search/search.h) ---

  // History tables are indexed by (moved piece, destination).
  static constexpr int kHistorySize = kPieceCount * kSquares;

  static const std::vector<ParamSpec>& EvalSpecs() { return XiangqiEvalSpecs(); }
  // The positional weights fitted to Fairy-Stockfish's judgement (fitted_xiangqi.h) and the
  // search parameters tuned by SPSA (tuned_search_xiangqi.h), over the specs' defaults.
  static const std::string& TunedDefaults(const Rules&) {
    static const std::string tuned = std::string(kFittedXiangqi) + kTunedSearchXiangqi;
    return tuned;
  }
  static int Evaluate(const Position& pos, const ParamValues& params) {
    return xiangqi::Evaluate(pos, params);
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
  // Optional members that turn on the search's correction history (as in
  // engine/games/shatar/game.h): a key of the soldiers alone, and one of a side's other
  // pieces, its set and the three bits of each piece's type. Hashed when asked.
  static uint64_t PawnKey(const Position& pos) {
    return MixBoard(MixBoard(0, pos.pieces(kRed, kSoldier)), pos.pieces(kBlack, kSoldier));
  }
  static uint64_t NonPawnKey(const Position& pos, int side) {
    const Bitboard own = pos.pieces(Color(side)) & ~pos.pieces(kSoldier);
    Bitboard type_bits[3] = {};
    for (int pt = kAdvisor; pt <= kKing; ++pt)
      for (int bit = 0; bit < 3; ++bit)
        if (pt >> bit & 1) type_bits[bit] |= own & pos.pieces(PieceType(pt));
    uint64_t key = MixBoard(0, own);
    for (const Bitboard b : type_bits) key = MixBoard(key, b);
    return key;
  }

  static bool IsTactical(const Position& pos, Move m) { return pos.IsCapture(m); }
  // Most valuable victim, least valuable attacker (type order: soldier < ... < rook).
  static int TacticalOrder(const Position& pos, Move m) {
    return 16 * TypeOf(pos.piece_on(m.to())) - TypeOf(pos.MovedPiece(m));
  }
  static int HistoryIndex(const Position& pos, Move m) {
    return pos.MovedPiece(m) * kSquares + m.to();
  }
  // Optional members: the quiet moves that give check, ordered sooner and tried at
  // quiescence's first ply (as for the 8x8 family). Exact here: the mover's own attack from
  // its new square, and every line the move opens or closes (a rook's, a cannon's screens, a
  // horse's leg), worked out on the board after it.
  struct CheckHints {
    Square king = kNoSquare;  // the enemy general
  };
  static CheckHints CheckHintsOf(const Position& pos) {
    return {pos.king_square(~pos.side_to_move())};
  }
  static bool MayGiveCheck(const Position& pos, const CheckHints& hints, Move m) {
    const Color us = pos.side_to_move();
    const Bitboard occupied = (pos.pieces() ^ SquareBB(m.from())) | SquareBB(m.to());
    if (AttacksOf(us, TypeOf(pos.MovedPiece(m)), m.to(), occupied) & SquareBB(hints.king))
      return true;
    return pos.CheckersTo(us, hints.king, occupied, pos.pieces(us) ^ SquareBB(m.from())) != 0;
  }

  // Optional member: static exchange evaluation (see.h).
  static bool SeeGe(const Position& pos, Move m, int threshold) {
    return xiangqi::SeeGe(pos, m, threshold);
  }

  // Null move is unsafe where zugzwang is likely: no rook, horse or cannon left to the mover.
  static bool NullMoveAllowed(const Position& pos) {
    const Color us = pos.side_to_move();
    return (pos.pieces(us, kRook) | pos.pieces(us, kHorse) | pos.pieces(us, kCannon)) != 0;
  }

  // What the rules impose at once, as seen inside the search: the 120-ply draw and the
  // repetition policy (RULES.md §5: the side that checked with every move of the cycle
  // loses; one repetition inside the tree suffices, before the root it must be the second).
  static std::optional<int> ImmediateScore(const Position& pos, int plies_from_root) {
    if (pos.rule50() >= pos.rules().no_capture_plies) return kDrawScore;
    const std::optional<GameStatus> verdict = pos.RepetitionVerdict(2, plies_from_root);
    if (!verdict) return std::nullopt;
    if (verdict->result == GameResult::kDraw) return kDrawScore;
    const bool side_to_move_wins =
        (verdict->result == GameResult::kFirstPlayerWins) == (pos.side_to_move() == kRed);
    return side_to_move_wins ? MateIn(plies_from_root) : MatedIn(plies_from_root);
  }

  // RULES.md §5: a side without a legal move loses, mated or stalemated.
  static int NoMovesScore(const Position& pos, int ply) { return MatedIn(ply); }

  static int ToSquare(Move m) { return int(m.to()); }
  static uint16_t ToRaw(Move m) { return m.raw(); }
  static Move FromRaw(uint16_t raw) { return Move::FromRaw(raw); }
  static std::string ToString(Move m) { return MoveToUci(m); }
};

}  // namespace tumen::xiangqi

#endif  // TUMEN_ENGINE_GAMES_XIANGQI_GAME_H_
