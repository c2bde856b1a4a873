// Random playouts in both variants: the generator agrees with the reference generator of
// reference.h, make/unmake restores position and key, the incremental key equals the one
// computed from scratch, and FEN round trips; malformed FENs are rejected with a reason.
#include "engine/games/hiashatar/position.h"

#include <deque>
#include <set>

#include "engine/core/prng.h"
#include "engine/games/hiashatar/movegen.h"
#include "engine/games/hiashatar/notation.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/hiashatar/reference.h"

namespace tumen::hiashatar {
namespace {

void RandomPlayouts(const std::string& variant, int games, uint64_t seed) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  Prng prng(seed);
  int positions = 0;
  for (int g = 0; g < games; ++g) {
    Position pos;
    std::deque<StateInfo> states(1);
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &states[0]).ok());
    std::vector<Move> played;
    std::vector<std::string> fens;
    std::vector<Key> keys;
    for (int ply = 0; ply < 160; ++ply) {
      ++positions;
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      std::set<std::string> mine;
      for (Move m : moves) mine.insert(MoveToUci(m));
      ASSERT_EQ(mine, reference::UciSet(reference::Board::From(pos))) << pos.Fen();
      ASSERT_EQ(int(CountLegalMoves(pos)), moves.size());
      ASSERT_EQ(pos.key(), pos.ComputeKey()) << pos.Fen();
      // FEN round trip: same FEN, same key, same check state.
      Position copy;
      StateInfo copy_state;
      ASSERT_TRUE(copy.Set(rules, pos.Fen(), &copy_state).ok()) << pos.Fen();
      ASSERT_EQ(copy.Fen(), pos.Fen());
      ASSERT_EQ(copy.key(), pos.key());
      ASSERT_EQ(copy.in_check(), pos.in_check());
      // Every legal move parses back from its UCI text.
      for (Move m : moves) ASSERT_EQ(*ParseUciMove(pos, MoveToUci(m)), m);
      if (moves.empty()) break;
      const Move m = moves[int(prng.Below(moves.size()))];
      fens.push_back(pos.Fen());
      keys.push_back(pos.key());
      played.push_back(m);
      states.emplace_back();
      pos.DoMove(m, states.back());
    }
    while (!played.empty()) {
      pos.UndoMove(played.back());
      played.pop_back();
      ASSERT_EQ(pos.Fen(), fens.back());
      ASSERT_EQ(pos.key(), keys.back());
      fens.pop_back();
      keys.pop_back();
    }
  }
  EXPECT_GT(positions, 100);
}

TEST(HiaShatarPosition, BodyguardPlayoutsAgreeWithTheReferenceAndRoundTrip) {
  RandomPlayouts("hiashatar", 30, 1);
}

TEST(HiaShatarPosition, EnvoyPlayoutsAgreeWithTheReferenceAndRoundTrip) {
  RandomPlayouts("hiashatar-envoy", 30, 2);
}

TEST(HiaShatarPosition, NullMoveKeepsKeysConsistent) {
  const HiaShatarRules rules = *RulesForVariant("hiashatar");
  Position pos;
  StateInfo root, null_state;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &root).ok());
  const Key before = pos.key();
  pos.DoNullMove(null_state);
  EXPECT_EQ(pos.key(), pos.ComputeKey());
  EXPECT_EQ(pos.side_to_move(), kBlack);
  pos.UndoNullMove();
  EXPECT_EQ(pos.key(), before);
}

TEST(HiaShatarFen, TheStartPositionsRoundTrip) {
  for (const char* variant : {"hiashatar", "hiashatar-envoy"}) {
    const HiaShatarRules rules = *RulesForVariant(variant);
    Position pos;
    StateInfo st;
    ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
    EXPECT_EQ(pos.Fen(), rules.start_fen);
  }
  // RULES.md §4 array: White king e1 and queen f1, Black queen e10 and king f10.
  const HiaShatarRules rules = *RulesForVariant("hiashatar");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
  EXPECT_EQ(pos.piece_on(MakeSquare(4, 0)), MakePiece(kWhite, kKing));
  EXPECT_EQ(pos.piece_on(MakeSquare(5, 0)), MakePiece(kWhite, kQueen));
  EXPECT_EQ(pos.piece_on(MakeSquare(3, 0)), MakePiece(kWhite, kBodyguard));
  EXPECT_EQ(pos.piece_on(MakeSquare(4, 9)), MakePiece(kBlack, kQueen));
  EXPECT_EQ(pos.piece_on(MakeSquare(5, 9)), MakePiece(kBlack, kKing));
  EXPECT_EQ(pos.piece_on(MakeSquare(6, 9)), MakePiece(kBlack, kBodyguard));
}

TEST(HiaShatarFen, MalformedFensAreRejectedWithAReason) {
  const HiaShatarRules hia = *RulesForVariant("hiashatar");
  const HiaShatarRules envoy = *RulesForVariant("hiashatar-envoy");
  const struct {
    const HiaShatarRules* rules;
    const char* fen;
    const char* reason;
  } cases[] = {
      {&hia, "", "expected 2 to 6 fields"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w", "9 ranks"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNRR w",
       "exactly 10 squares"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/9/PPPPPPPPPP/RNBHKQHBNR w",
       "exactly 10 squares"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/11/10/10/10/PPPPPPPPPP/RNBHKQHBNR w", "empty run of 11"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/0/10/10/10/PPPPPPPPPP/RNBHKQHBNR w", "empty run of 0"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNX w", "'X'"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHQQHBNR w", "one king"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBEKQEBNR w", "not used"},
      {&envoy, "rnbeqkebnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w", "not used"},
      {&envoy, "rnbeqkebnr/pppppppppp/10/10/10/10/4E5/10/PPPPPPPPPP/RNB1KQEBNR w",
       "first three ranks"},
      {&hia, "rnbhqkhbnP/pppppppppp/10/10/10/10/10/10/PPPPPPPPP1/RNBHKQHBNR w", "last rank"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR x", "use w or b"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w KQkq", "no castling"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w - e3",
       "no en passant"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w - - x 1",
       "halfmove clock"},
      {&hia, "rnbhqkhbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBHKQHBNR w - - 0 -3",
       "fullmove number"},
      {&hia, "k9/10/10/10/10/10/10/10/10/R8K w", "not to move is in check"},
      {&hia, "10/pppppppppp/p9/10/10/10/10/10/10/K8k w", "more than 10 pawns"},
  };
  for (const auto& c : cases) {
    Position pos;
    StateInfo st;
    const absl::Status s = pos.Set(*c.rules, c.fen, &st);
    EXPECT_FALSE(s.ok()) << c.fen;
    EXPECT_THAT(std::string(s.message()), ::testing::HasSubstr(c.reason)) << c.fen;
  }
}

TEST(HiaShatarFen, MutatedFensNeverCrash) {
  const HiaShatarRules rules = *RulesForVariant("hiashatar");
  Prng prng(7);
  const std::string alphabet = "pnbrqhekPNBRQHEK0123456789/ -wbx";
  int accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string fen = rules.start_fen;
    for (int k = 0; k < 3; ++k) {
      const size_t at = prng.Below(fen.size());
      switch (prng.Below(3)) {
        case 0:
          fen[at] = alphabet[prng.Below(alphabet.size())];
          break;
        case 1:
          fen.erase(at, 1);
          break;
        default:
          fen.insert(fen.begin() + at, alphabet[prng.Below(alphabet.size())]);
      }
    }
    Position pos;
    StateInfo st;
    if (pos.Set(rules, fen, &st).ok()) {
      ++accepted;
      MoveList moves;
      GenerateLegalMoves(pos, moves);  // must not crash on anything Set accepts
      Position again;
      StateInfo st2;
      EXPECT_TRUE(again.Set(rules, pos.Fen(), &st2).ok()) << fen;
    }
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace tumen::hiashatar
