// Random playouts in every variant: make/unmake restores position and key, the incremental
// key equals the recomputed one, FEN round trips, and the generator agrees with a slow
// make-and-test reference written here independently of it.
#include "engine/games/shatar/position.h"

#include <algorithm>
#include <deque>
#include <set>

#include "engine/core/prng.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "gtest/gtest.h"

namespace tumen::shatar {
namespace {

// Pseudo-legal moves from the piece rules, then filtered by making each move and asking
// whether the mover's king is attacked.
std::set<uint16_t> ReferenceMoves(Position& pos) {
  const ShatarRules& rules = pos.rules();
  if (rules.bare_king_draw && (pos.IsBare(kWhite) || pos.IsBare(kBlack))) return {};
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occ = pos.pieces(), ours = pos.pieces(us), theirs = pos.pieces(them);
  std::vector<Move> pseudo;
  for (Bitboard b = ours; b;) {
    const Square from = PopLowestBit(b);
    const PieceType pt = TypeOf(pos.piece_on(from));
    if (pt != kPawn) {
      for (Bitboard t = AttacksOf(pt, from, occ) & ~ours; t;)
        pseudo.emplace_back(from, PopLowestBit(t));
      continue;
    }
    const int up = us == kWhite ? 8 : -8;
    std::vector<Square> targets;
    if (!(occ & SquareBB(from + up))) {
      targets.push_back(from + up);
      if (rules.double_step && RelativeRank(us, from) == 1 && !(occ & SquareBB(from + 2 * up)))
        targets.push_back(from + 2 * up);
    }
    for (Bitboard t = PawnAttacks(us, from) & theirs; t;) targets.push_back(PopLowestBit(t));
    for (Square to : targets) {
      if (RelativeRank(us, to) == 7) {
        for (int pt2 = kKnight; pt2 <= kBers; ++pt2)
          if (rules.CanPromoteTo(PieceType(pt2)))
            pseudo.push_back(Move::Promotion(from, to, PieceType(pt2)));
      } else {
        pseudo.emplace_back(from, to);
      }
    }
    if (pos.en_passant() != kNoSquare && (PawnAttacks(us, from) & SquareBB(pos.en_passant())))
      pseudo.emplace_back(from, pos.en_passant(), Move::kEnPassant);
  }
  // Castling: empty path, king not in check and not crossing an attacked square.
  const Square king = pos.king_square(us);
  for (const auto& [right, dir, path_len] :
       {std::tuple{us == kWhite ? 1 : 4, 1, 2}, std::tuple{us == kWhite ? 2 : 8, -1, 3}}) {
    if (!(pos.castling_rights() & right) || pos.in_check()) continue;
    bool ok = true;
    for (int i = 1; i <= path_len; ++i) ok &= !(occ & SquareBB(king + dir * i));
    for (int i = 1; i <= 2; ++i) ok &= !(pos.AttackersTo(king + dir * i) & theirs);
    if (ok) pseudo.emplace_back(king, king + 2 * dir, Move::kCastling);
  }
  std::set<uint16_t> legal;
  for (Move m : pseudo) {
    StateInfo st;
    pos.DoMove(m, st);
    if (!(pos.AttackersTo(pos.king_square(us)) & pos.pieces(them))) legal.insert(m.raw());
    pos.UndoMove(m);
  }
  return legal;
}

void RandomPlayouts(const std::string& variant, int games, uint64_t seed) {
  const ShatarRules rules = *RulesForVariant(variant);
  Prng prng(seed);
  int positions = 0;
  int64_t moves_tried = 0, foretold_keys = 0;
  for (int g = 0; g < games; ++g) {
    Position pos;
    std::deque<StateInfo> states(1);
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states[0]).ok());
    for (int ply = 0; ply < 200; ++ply) {
      ++positions;
      ASSERT_EQ(pos.key(), pos.ComputeKey()) << pos.Fen();
      // FEN round trip: same text and same key.
      Position copy;
      StateInfo copy_state;
      ASSERT_TRUE(copy.Set(rules, pos.Fen(), &copy_state).ok()) << pos.Fen();
      ASSERT_EQ(copy.Fen(), pos.Fen());
      ASSERT_EQ(copy.key(), pos.key()) << pos.Fen();

      MoveList moves;
      GenerateLegalMoves(pos, moves);
      ASSERT_EQ(uint64_t(moves.size()), CountLegalMoves(pos)) << pos.Fen();
      if (!InFirstRound(pos)) {
        std::set<uint16_t> generated;
        for (Move m : moves) generated.insert(m.raw());
        ASSERT_EQ(generated.size(), size_t(moves.size())) << "duplicate moves in " << pos.Fen();
        ASSERT_EQ(generated, ReferenceMoves(pos)) << pos.Fen();
      }
      // The tactical generator yields exactly the captures and promotions of the full list.
      MoveList tactical;
      GenerateLegalTacticalMoves(pos, tactical);
      std::set<uint16_t> expected_tactical, got_tactical;
      for (Move m : moves)
        if (!InFirstRound(pos) && (pos.IsCapture(m) || m.is_promotion()))
          expected_tactical.insert(m.raw());
      for (Move m : tactical) got_tactical.insert(m.raw());
      ASSERT_EQ(got_tactical, expected_tactical) << pos.Fen();
      if (moves.empty()) break;
      // Every move is undone exactly, and KeyAfter foretells its key but for what it leaves
      // out (a new en passant square, castling rights, folk promotion's stepped pawns).
      const std::string fen = pos.Fen();
      const Key key = pos.key();
      for (Move m : moves) {
        const Key foretold = pos.KeyAfter(m);
        const uint8_t castling = pos.castling_rights();
        const Bitboard stepped = pos.folk_stepped();
        StateInfo st;
        pos.DoMove(m, st);
        if (pos.en_passant() == kNoSquare && pos.castling_rights() == castling &&
            pos.folk_stepped() == stepped) {
          ASSERT_EQ(pos.key(), foretold) << fen << " " << MoveToUci(m);
          ++foretold_keys;
        }
        pos.UndoMove(m);
        ASSERT_EQ(pos.Fen(), fen) << MoveToUci(m);
        ASSERT_EQ(pos.key(), key) << MoveToUci(m);
      }
      moves_tried += moves.size();
      const Move m = moves[int(prng.Below(moves.size()))];
      states.emplace_back();
      pos.DoMove(m, states.back());
    }
  }
  EXPECT_GT(positions, games * 10);
  EXPECT_GT(foretold_keys, moves_tried * 9 / 10);
}

TEST(ShatarPosition, ChessPlayoutsKeepKeysFensAndMovesConsistent) {
  RandomPlayouts("chess", 60, 1);
}
TEST(ShatarPosition, Shatar2017PlayoutsKeepKeysFensAndMovesConsistent) {
  RandomPlayouts("shatar", 60, 2);
}
TEST(ShatarPosition, ShatarTraditionalPlayoutsKeepKeysFensAndMovesConsistent) {
  RandomPlayouts("shatar-traditional", 60, 3);
}

TEST(ShatarPosition, NullMoveIsUndoneExactly) {
  const ShatarRules rules = *RulesForVariant("chess");
  Position pos;
  StateInfo root, null_state;
  ASSERT_TRUE(
      pos.Set(rules, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", &root).ok());
  const std::string fen = pos.Fen();
  const Key key = pos.key();
  pos.DoNullMove(null_state);
  EXPECT_EQ(pos.side_to_move(), kWhite);
  EXPECT_EQ(pos.key(), pos.ComputeKey());
  EXPECT_EQ(pos.en_passant(), kNoSquare);
  pos.UndoNullMove();
  EXPECT_EQ(pos.Fen(), fen);
  EXPECT_EQ(pos.key(), key);
}

TEST(ShatarNotation, SanCoversPiecesCapturesPromotionsCastlingAndMate) {
  const ShatarRules chess = *RulesForVariant("chess");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(chess, "r3k2r/1P6/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1", &st).ok());
  const auto san = [&](const char* uci) { return MoveToSan(pos, *ParseUciMove(pos, uci)); };
  EXPECT_EQ(san("e1g1"), "O-O");
  EXPECT_EQ(san("e1c1"), "O-O-O");
  EXPECT_EQ(san("c3e4"), "Nce4");  // both knights reach e4
  EXPECT_EQ(san("b7a8q"), "bxa8=Q+");
  EXPECT_EQ(san("a1a8"), "Rxa8+");
  ASSERT_TRUE(pos.Set(chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &st).ok());
  EXPECT_EQ(san("a1a8"), "Ra8#");
}

TEST(ShatarNotation, UciMovesAreValidated) {
  const ShatarRules rules = *RulesForVariant("shatar-traditional");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
  EXPECT_TRUE(ParseUciMove(pos, "e2e3").ok());
  EXPECT_FALSE(ParseUciMove(pos, "e2e4").ok());  // no double step
  EXPECT_FALSE(ParseUciMove(pos, "e2").ok());
  EXPECT_FALSE(ParseUciMove(pos, "z9e4").ok());
  EXPECT_FALSE(ParseUciMove(pos, "e2e3q").ok());  // not a promotion
}

}  // namespace
}  // namespace tumen::shatar
