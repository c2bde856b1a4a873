// The 8x8 family as the rest of the engine sees it: the game adapter that the generic search
// (engine/search/search.h) and the generic session (engine/api/game_session_impl.h) are
// instantiated with. Every game family provides one struct with these members.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_GAME_H_
#define TUMEN_ENGINE_GAMES_SHATAR_GAME_H_

#include <optional>
#include <string>

#include "engine/core/prng.h"
#include "engine/core/score.h"
#include "engine/games/shatar/evaluate.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/perft.h"
#include "engine/games/shatar/rule_options.h"
#include "engine/games/shatar/see.h"
#include "engine/games/shatar/status.h"
#include "engine/games/shatar/tuukhei.h"

namespace tumen::shatar {

struct ShatarGame {
  using Rules = ShatarRules;
  using Position = shatar::Position;
  using StateInfo = shatar::StateInfo;
  using Move = shatar::Move;
  using MoveList = shatar::MoveList;

  // --- Session: rules, FEN, notation, status, perft (engine/api/game_session_impl.h) ---
  static const std::vector<std::string>& Variants() { return ShatarFamilyVariants(); }
  static absl::StatusOr<Rules> RulesFor(absl::string_view variant) {
    return RulesForVariant(variant);
  }
  static const std::string& VariantName(const Rules& rules) { return rules.name; }
  // Optional members: rule options (RULES.md §3) and the tuukhei grade of a won game.
  static absl::StatusOr<Rules> ApplyRuleOptions(const Rules& preset, absl::string_view options) {
    return shatar::ApplyRuleOptions(preset, options);
  }
  static std::string CanonicalRuleOptions(const Rules& rules) {
    return shatar::CanonicalRuleOptions(rules);
  }
  static std::optional<WinGrade> GradeWin(const Rules& rules, const std::string& fen,
                                          const std::vector<Move>& moves) {
    // Tuukhei grades Shatar wins; orthodox chess has no such grade.
    if (!TakesRuleOptions(rules)) return std::nullopt;
    return shatar::GradeWin(rules, fen, moves);
  }
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
  static constexpr int kHistorySize = kPieceCount * 64;

  static const std::vector<ParamSpec>& EvalSpecs() { return ShatarEvalSpecs(); }
  // Optional member: evaluation defaults of a rule set that differ from EvalSpecs().
  static const std::string& TunedDefaults(const Rules& rules) { return rules.tuned_eval; }
  static int Evaluate(const Position& pos, const ParamValues& params) {
    return shatar::Evaluate(pos, params);
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
  // Optional member: the key after a move, so the search prefetches the child's table bucket
  // before making the move (Position::KeyAfter).
  static uint64_t KeyAfter(const Position& pos, Move m) { return pos.KeyAfter(m); }
  // Optional member: a key of the pawn structure alone, which indexes the search's correction
  // history. Hashed from the two pawn sets when asked: cheaper than keeping it in DoMove.
  static uint64_t PawnKey(const Position& pos) {
    return MixSeed(pos.pieces(kWhite, kPawn), pos.pieces(kBlack, kPawn));
  }
  // Optional member: a key of one side's pieces other than pawns (king included), for the
  // second correction history. The set and the three bits of each piece's type decide it.
  static uint64_t NonPawnKey(const Position& pos, int side) {
    const Bitboard own = pos.pieces(Color(side)) & ~pos.pieces(kPawn);
    const Bitboard bit0 = own & (pos.pieces(kBishop) | pos.pieces(kQueen) | pos.pieces(kKing));
    const Bitboard bit1 =
        own & (pos.pieces(kKnight) | pos.pieces(kBishop) | pos.pieces(kBers) | pos.pieces(kKing));
    const Bitboard bit2 =
        own & (pos.pieces(kRook) | pos.pieces(kQueen) | pos.pieces(kBers) | pos.pieces(kKing));
    return MixSeed(MixSeed(own, bit0) ^ bit1, bit2);
  }

  // Folk promotion's promoting backward steps are promotions (and in the tactical list);
  // a pawn's plain move onto the last rank under folk rules is quiet, and not in the list.
  static bool IsTactical(const Position& pos, Move m) {
    return m.is_promotion() || pos.IsCapture(m);
  }
  // Most valuable victim, least valuable attacker; promotions count as winning the piece.
  static int TacticalOrder(const Position& pos, Move m) {
    const PieceType victim = m.is_en_passant() ? kPawn : TypeOf(pos.piece_on(m.to()));
    const int promotion = m.is_promotion() ? 8 * m.promotion_type() : 0;
    return 16 * victim + promotion - TypeOf(pos.MovedPiece(m));
  }
  static int HistoryIndex(const Position& pos, Move m) { return pos.MovedPiece(m) * 64 + m.to(); }
  // Optional member: static exchange evaluation (see.h).
  static bool SeeGe(const Position& pos, Move m, int threshold) {
    return shatar::SeeGe(pos, m, threshold);
  }

  // Optional members: a cheap filter for the quiet moves that may give check, false only for
  // one that cannot (it neither attacks the enemy king from its new square nor uncovers a
  // slider's line to it); a superset, the search confirms a check by making the move. What it
  // needs of the position is worked out once a node (Stockfish's check squares and
  // discovered-check candidates), so each move costs a lookup and two bit tests.
  struct CheckHints {
    Bitboard squares[kPieceTypeCount] = {};  // from which a piece of ours of each type checks
    Bitboard discoverers = 0;                // our pieces alone between our slider and the king
    Square king = kNoSquare;                 // the enemy king
  };
  static CheckHints CheckHintsOf(const Position& pos) {
    CheckHints h;
    const Color us = pos.side_to_move();
    const Bitboard occupied = pos.pieces(), ours = pos.pieces(us);
    h.king = pos.king_square(~us);
    // The pieces' attacks are symmetric (a piece on s attacks the king where one on the
    // king's square attacks s), the pawn's mirrored; a quiet move's own square on such a
    // line would mean the king was in check already, so the occupancy before it will do.
    for (int t = kKnight; t < kPieceTypeCount; ++t)
      if (t != kKing) h.squares[t] = AttacksOf(PieceType(t), h.king, occupied);
    h.squares[kPawn] = PawnAttacks(~us, h.king);
    const Bitboard sliders = ((RookAttacks(h.king, 0) & pos.rook_sliders()) |
                              (BishopAttacks(h.king, 0) & pos.bishop_sliders())) &
                             ours;
    for (Bitboard b = sliders; b;) {
      const Bitboard between = Between(h.king, PopLowestBit(b)) & occupied;
      if (between && !(between & (between - 1))) h.discoverers |= between & ours;
    }
    return h;
  }
  static bool MayGiveCheck(const Position& pos, const CheckHints& hints, Move m) {
    if (m.is_castling()) return true;
    if (hints.squares[TypeOf(pos.MovedPiece(m))] & SquareBB(m.to())) return true;
    // A discovered check, unless the move stays on the line it blocks.
    return (hints.discoverers & SquareBB(m.from())) &&
           !(LineThrough(m.from(), hints.king) & SquareBB(m.to()));
  }

  // Null move is unsafe where zugzwang is likely: only kings and pawns left for the mover.
  static bool NullMoveAllowed(const Position& pos) {
    const Color us = pos.side_to_move();
    return pos.pieces(us) != (pos.pieces(us, kKing) | pos.pieces(us, kPawn));
  }

  // A draw the rules impose at once (bare king, 50 moves, repetition, dead material), as
  // seen inside the search; nullopt to go on.
  static std::optional<int> ImmediateScore(const Position& pos, int plies_from_root) {
    const ShatarRules& rules = pos.rules();
    if (rules.bare_king_draw && (pos.IsBare(kWhite) || pos.IsBare(kBlack))) return kDrawScore;
    if (pos.rule50() >= 100 || pos.IsRepetitionForSearch(plies_from_root)) return kDrawScore;
    if (rules.dead_position_draw && PopCount(pos.pieces()) <= 3 &&
        !(pos.pieces() & (pos.pieces(kPawn) | pos.rook_sliders() | pos.pieces(kQueen))))
      return kDrawScore;  // K v K or K+minor v K
    return std::nullopt;
  }

  // The value of a position without legal moves under the mate rules (RULES.md §2-§3): a
  // knight-only mate in shatar-traditional wins for the side to move.
  static int NoMovesScore(const Position& pos, int ply) {
    const GameStatus status = NoMovesStatus(pos);
    if (status.result == GameResult::kDraw) return kDrawScore;
    const bool side_to_move_wins =
        (status.result == GameResult::kFirstPlayerWins) == (pos.side_to_move() == kWhite);
    return side_to_move_wins ? MateIn(ply) : MatedIn(ply);
  }

  static int ToSquare(Move m) { return int(m.to()); }
  static uint16_t ToRaw(Move m) { return m.raw(); }
  static Move FromRaw(uint16_t raw) { return Move::FromRaw(raw); }
  static std::string ToString(Move m) { return MoveToUci(m); }
};

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_GAME_H_
