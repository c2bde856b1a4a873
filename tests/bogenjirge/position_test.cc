// Bogenjirge positions: make/unmake, keys and FEN round trips on random playouts,
// malformed FENs, UCI move parsing.
#include <gtest/gtest.h>

#include <deque>

#include "engine/core/prng.h"
#include "engine/games/bogenjirge/game.h"

namespace tumen::bogenjirge {
namespace {

TEST(BogenjirgePosition, RandomPlayoutsKeepKeysFensAndUndoConsistent) {
  for (const std::string& variant : BogenjirgeVariants()) {
    auto rules = RulesForVariant(variant);
    ASSERT_TRUE(rules.ok()) << rules.status();
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      Prng prng(seed * 7919);
      Position pos;
      std::deque<StateInfo> history(1);
      ASSERT_TRUE(pos.Set(*rules, rules->start_fen, &history[0]).ok());
      for (int ply = 0; ply < 160 && !EvaluateStatus(pos).over(); ++ply) {
        MoveList moves;
        GenerateMoves(pos, moves);
        ASSERT_FALSE(moves.empty());
        const std::string fen = pos.Fen();
        const Key key = pos.key();
        // Every move undoes exactly.
        for (Move m : moves) {
          StateInfo st;
          pos.DoMove(m, st);
          ASSERT_EQ(pos.key(), pos.ComputeKey()) << fen << " " << MoveToUci(m);
          pos.UndoMove(m);
          ASSERT_EQ(pos.Fen(), fen);
          ASSERT_EQ(pos.key(), key);
          // And every move's text parses back to it.
          const absl::StatusOr<Move> parsed = ParseUciMove(pos, MoveToUci(m));
          ASSERT_TRUE(parsed.ok()) << parsed.status();
          ASSERT_EQ(*parsed, m);
        }
        const Move m = moves[int(prng.Below(uint64_t(moves.size())))];
        history.emplace_back();
        pos.DoMove(m, history.back());
        // FEN round trip: same FEN, same key.
        Position copy;
        StateInfo st;
        ASSERT_TRUE(copy.Set(*rules, pos.Fen(), &st).ok()) << pos.Fen();
        ASSERT_EQ(copy.Fen(), pos.Fen());
        ASSERT_EQ(copy.key(), pos.key());
        ASSERT_EQ(pos.dogs_left() + 0, copy.dogs_left());
      }
    }
  }
}

TEST(BogenjirgePosition, TheStartFenReadsAsTheRulesDescribe) {
  auto rules = RulesForVariant("bogenjirge");
  ASSERT_TRUE(rules.ok());
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(*rules, rules->start_fen, &st).ok());
  const Board& b = pos.board();
  // RULES.md §6: deer on c3 and g3; dogs on d2 e2 f2 d3 f3 d4 e4 f4; 16 in hand; deer first.
  EXPECT_EQ(pos.deer(), PointMask(b.Find("c3")) | PointMask(b.Find("g3")));
  Mask dogs = 0;
  for (const char* p : {"d2", "e2", "f2", "d3", "f3", "d4", "e4", "f4"})
    dogs |= PointMask(b.Find(p));
  EXPECT_EQ(pos.dogs(), dogs);
  EXPECT_EQ(pos.hand(), 16);
  EXPECT_EQ(pos.side_to_move(), kDeer);
  EXPECT_EQ(pos.dogs_left(), 24);
  // '.' for single empty points reads the same.
  Position dotted;
  StateInfo st2;
  ASSERT_TRUE(dotted.Set(*rules, "....../..ddd../..Dd.dD../..ddd../...... d 16", &st2).ok());
  EXPECT_EQ(dotted.Fen(), pos.Fen());
  EXPECT_EQ(dotted.key(), pos.key());
}

TEST(BogenjirgePosition, MalformedFensGiveErrors) {
  auto rules = RulesForVariant("bogenjirge");
  ASSERT_TRUE(rules.ok());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "expected 3 or 4 fields"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d", "expected 3 or 4 fields"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d 16 0 9", "expected 3 or 4 fields"},
      {"6/2ddd2/2Dd1dD2/2ddd2 d 16", "needs 5"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6/1 d 16", "needs 5"},
      {"6/2ddd2/2Dd1dD3/2ddd2/6 d 16", "row 3"},
      {"6/2ddd2/2Dd1dD1/2ddd2/6 d 16", "row 3"},
      {"7/2ddd2/2Dd1dD2/2ddd2/6 d 16", "row 1"},
      {"6/2ddd2/2Dd1dX2/2ddd2/6 d 16", "'X' is not"},
      {"6/2ddd2/2Dd0dD2/2ddd2/6 d 16", "empty run of 0"},
      {"6/2ddd2/2Dd99999999999dD2/2ddd2/6 d 16", "row 3"},
      {"6/7/9/7/6 d 16", "no deer"},
      {"6/7/d8/7/6 d 16", "no deer"},
      {"6/7/d3D4/7/6 d 16", "outside the big square"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 w 16", "side to move"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d -1", "dogs in hand"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d 101", "dogs in hand"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d x", "dogs in hand"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d 16 -3", "ply"},
      {"6/2ddd2/2Dd1dD2/2ddd2/6 d 16 1e9", "ply"},
  };
  for (const auto& [fen, fragment] : cases) {
    Position pos;
    StateInfo st;
    const absl::Status s = pos.Set(*rules, fen, &st);
    EXPECT_FALSE(s.ok()) << fen;
    EXPECT_NE(std::string(s.message()).find(fragment), std::string::npos)
        << fen << ": '" << s.message() << "' lacks '" << fragment << "'";
  }
}

TEST(BogenjirgePosition, UciMovesParseAndBadOnesSayWhy) {
  auto rules = RulesForVariant("bogenjirge");
  ASSERT_TRUE(rules.ok());
  Position pos;
  std::deque<StateInfo> history(1);
  ASSERT_TRUE(pos.Set(*rules, rules->start_fen, &history[0]).ok());
  const Board& b = pos.board();
  const absl::StatusOr<Move> step = ParseUciMove(pos, "c3b3");
  ASSERT_TRUE(step.ok());
  EXPECT_TRUE(step->is_step());
  EXPECT_EQ(step->from(), b.Find("c3"));
  EXPECT_EQ(step->to(), b.Find("b3"));
  EXPECT_TRUE(ParseUciMove(pos, "c3e1")->is_jump());
  EXPECT_EQ(MoveToSan(pos, *ParseUciMove(pos, "c3e1")), "c3xe1");
  EXPECT_EQ(MoveToSan(pos, *step), "c3-b3");
  for (const char* bad :
       {"", "c3", "c3b3b", "z9b3", "c3z9", "d3e3", "c3c1", "c3f3", "D@e3", "c3@e3", "i3i5"})
    EXPECT_FALSE(ParseUciMove(pos, bad).ok()) << bad;
  EXPECT_NE(std::string(ParseUciMove(pos, "d3e3").status().message()).find("no deer on d3"),
            std::string::npos);
  history.emplace_back();
  pos.DoMove(*step, history.back());
  for (const char* drop : {"D@e3", "d@e3", "P@e3", "p@e3"}) {
    const absl::StatusOr<Move> m = ParseUciMove(pos, drop);
    ASSERT_TRUE(m.ok()) << drop;
    EXPECT_TRUE(m->is_drop());
    EXPECT_EQ(MoveToUci(*m), "D@e3");
  }
  for (const char* bad : {"Q@e3", "D@b3", "D@d3", "D@z9", "b3c3", "d3e3x"})
    EXPECT_FALSE(ParseUciMove(pos, bad).ok()) << bad;
  EXPECT_TRUE(ParseUciMove(pos, "d3e3").ok());  // a dog step
  EXPECT_EQ(MoveToUci(Move::FromRaw(ParseUciMove(pos, "d3e3")->raw())), "d3e3");
}

}  // namespace
}  // namespace tumen::bogenjirge

namespace tumen::bogenjirge {
namespace {

// Mutated FENs and board files never crash; what parses round-trips.
TEST(BogenjirgeFuzz, MutatedFensAndBoardFilesGiveErrorsOrValidPositions) {
  auto rules = RulesForVariant("bogenjirge");
  ASSERT_TRUE(rules.ok());
  const std::string alphabet = "Dd.0123456789/ gx-";
  Prng prng(2024);
  for (int i = 0; i < 5000; ++i) {
    std::string fen = rules->start_fen;
    for (int k = 0, n = 1 + int(prng.Below(4)); k < n; ++k) {
      const size_t at = prng.Below(fen.size());
      switch (prng.Below(3)) {
        case 0:
          fen[at] = alphabet[prng.Below(alphabet.size())];
          break;
        case 1:
          fen.erase(at, 1);
          break;
        default:
          fen.insert(at, 1, alphabet[prng.Below(alphabet.size())]);
      }
      if (fen.empty()) fen = "x";
    }
    Position pos;
    StateInfo st;
    if (!pos.Set(*rules, fen, &st).ok()) continue;
    Position again;
    StateInfo st2;
    ASSERT_TRUE(again.Set(*rules, pos.Fen(), &st2).ok()) << fen;
    EXPECT_EQ(again.Fen(), pos.Fen());
    EXPECT_EQ(again.key(), pos.key());
  }
  const std::string board(EmbeddedBoardText("small7.txt"));
  for (int i = 0; i < 2000; ++i) {
    std::string text = board;
    for (int k = 0; k < 3; ++k)
      text[prng.Below(text.size())] = "abcdei0123456789 \n#"[prng.Below(19)];
    (void)Board::Parse(text, "fuzz");  // must not crash
  }
}

}  // namespace
}  // namespace tumen::bogenjirge
