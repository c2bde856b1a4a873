// Malformed FENs give errors, never crashes; what is accepted is a sound position.
#include "engine/core/prng.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/perft.h"
#include "engine/games/shatar/position.h"
#include "gtest/gtest.h"

namespace tumen::shatar {
namespace {

TEST(ShatarFen, NamedMistakesAreExplained) {
  const ShatarRules chess = *RulesForVariant("chess");
  const ShatarRules traditional = *RulesForVariant("shatar-traditional");
  struct Case {
    const ShatarRules& rules;
    const char* fen;
    const char* message_part;
  };
  const Case cases[] = {
      {chess, "", "expected 2 to 6 fields"},
      {chess, "8/8/8/8/8/8/8 w - - 0 1", "7 ranks"},
      {chess, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "'9' is not a piece letter"},
      {chess, "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "rank 8"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", "'X' is not a piece"},
      {chess, "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "not used in chess"},
      {traditional, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1", "not used in shatar"},
      {chess, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "exactly one king"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1", "side to move"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", "castling field"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1", "one king"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1", "start squares"},
      {traditional, "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w KQ - 0 1", "no castling"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e9 0 1", "not a square"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e6 0 1", "double pawn step"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - x 1", "halfmove"},
      {chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 -3", "fullmove"},
      {chess, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or last rank"},
      {chess, "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "not to move is in check"},
      {chess, "QQQQkQQQ/QQQQQQQQ/Q7/8/8/8/8/4K3 b - - 0 1", "more than 16 pieces"},
  };
  for (const Case& c : cases) {
    Position pos;
    StateInfo st;
    const absl::Status s = pos.Set(c.rules, c.fen, &st);
    EXPECT_FALSE(s.ok()) << c.fen;
    EXPECT_NE(s.message().find(c.message_part), absl::string_view::npos)
        << "'" << s.message() << "' should mention '" << c.message_part << "'";
  }
}

// Random mutations of valid FENs: every one is either rejected with a message or accepted as
// a sound position (keys consistent, FEN round trip, moves generated and counted alike).
TEST(ShatarFen, HundredsOfMutationsNeverCrash) {
  const char* seeds[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
  };
  const std::string alphabet = "pnbrqjkPNBRQJK12345678/ wb-KQkqe3609x";
  Prng prng(2024);
  int accepted = 0, rejected = 0;
  for (const char* variant : {"chess", "shatar", "shatar-traditional"}) {
    const ShatarRules rules = *RulesForVariant(variant);
    for (int i = 0; i < 400; ++i) {
      std::string fen = seeds[prng.Below(4)];
      for (int edits = 1 + int(prng.Below(3)); edits > 0; --edits) {
        const size_t at = prng.Below(fen.size() + 1);
        switch (prng.Below(4)) {
          case 0:
            if (at < fen.size()) fen[at] = alphabet[prng.Below(alphabet.size())];
            break;
          case 1:
            fen.insert(fen.begin() + at, alphabet[prng.Below(alphabet.size())]);
            break;
          case 2:
            if (at < fen.size()) fen.erase(at, 1);
            break;
          case 3:
            fen.resize(at);
            break;
        }
      }
      Position pos;
      StateInfo st;
      const absl::Status s = pos.Set(rules, fen, &st);
      if (!s.ok()) {
        ++rejected;
        EXPECT_FALSE(s.message().empty());
        continue;
      }
      ++accepted;
      ASSERT_EQ(pos.key(), pos.ComputeKey()) << fen;
      Position again;
      StateInfo st2;
      ASSERT_TRUE(again.Set(rules, pos.Fen(), &st2).ok()) << fen << " -> " << pos.Fen();
      ASSERT_EQ(again.Fen(), pos.Fen());
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      ASSERT_EQ(uint64_t(moves.size()), CountLegalMoves(pos));
      Perft(pos, 2);
    }
  }
  EXPECT_GT(rejected, 500);
  EXPECT_GT(accepted, 10);
}

}  // namespace
}  // namespace tumen::shatar
