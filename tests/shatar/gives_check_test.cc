// ShatarGame::MayGiveCheck, the cheap filter quiescence uses before it makes a quiet move to
// see whether it checks: never false for a move that checks (random play, every variant of
// the family), and false for most quiet moves, or it would filter nothing.
#include <random>
#include <string>

#include "engine/games/shatar/game.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

struct Counts {
  int checks = 0;         // quiet moves that give check
  int missed = 0;         // ... for which MayGiveCheck said no
  int quiet = 0;          // quiet moves looked at
  int passed_filter = 0;  // quiet moves MayGiveCheck let through
};

Counts PlayRandomGames(const char* variant, int games, uint32_t seed) {
  Counts counts;
  std::mt19937 prng(seed);
  for (int g = 0; g < games; ++g) {
    TestGame game(variant);
    for (int ply = 0; ply < 120; ++ply) {
      const Position& pos = game.pos();
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.size() == 0 || game.Status().result != GameResult::kOngoing) break;
      for (const Move m : moves) {
        if (ShatarGame::IsTactical(pos, m)) continue;
        ++counts.quiet;
        const bool may = ShatarGame::MayGiveCheck(pos, ShatarGame::CheckHintsOf(pos), m);
        counts.passed_filter += may;
        Position copy = pos;  // the state chain stays with the game; DoMove adds one state
        StateInfo st;
        copy.DoMove(m, st);
        if (copy.in_check()) {
          ++counts.checks;
          if (!may) {
            ++counts.missed;
            ADD_FAILURE() << variant << " " << pos.Fen() << " " << MoveToUci(m)
                          << " checks, but MayGiveCheck says it cannot";
          }
        }
      }
      game.Play({MoveToUci(moves[int(prng() % uint32_t(moves.size()))]).c_str()});
    }
  }
  return counts;
}

TEST(MayGiveCheck, NeverMissesACheckAndFiltersMostQuietMoves) {
  for (const char* variant : {"shatar-traditional", "shatar", "shatar-folk", "chess"}) {
    SCOPED_TRACE(variant);
    const Counts c = PlayRandomGames(variant, 20, 20261204);
    EXPECT_EQ(c.missed, 0);
    EXPECT_GT(c.checks, 50) << "random play should give checks to test against";
    EXPECT_LT(c.passed_filter, c.quiet / 4) << "the filter lets most quiet moves through";
  }
}

bool MayCheck(const TestGame& game, const char* uci) {
  const absl::StatusOr<Move> m = ParseUciMove(game.pos(), uci);
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() && ShatarGame::MayGiveCheck(game.pos(), ShatarGame::CheckHintsOf(game.pos()), *m);
}

TEST(MayGiveCheck, SeesDirectAndDiscoveredChecks) {
  // chess: the rook on e1 behind the knight on e4: any knight move uncovers a check of the
  // king on e8; a rook move along the first rank checks nothing.
  TestGame discovered("chess", "4k2K/8/8/8/4N3/8/8/4R3 w - - 0 1");
  EXPECT_TRUE(MayCheck(discovered, "e4c3"));
  EXPECT_TRUE(MayCheck(discovered, "e4g5"));
  EXPECT_FALSE(MayCheck(discovered, "e1a1"));
  // A piece that stays on the line it blocks uncovers nothing.
  TestGame blocked("chess", "4k3/8/8/8/8/4P3/8/4R2K w - - 0 1");
  EXPECT_FALSE(MayCheck(blocked, "e3e4"));
  // A rook reaching the king's rank checks; one step up the file does not.
  TestGame direct("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  EXPECT_TRUE(MayCheck(direct, "a1a8"));
  EXPECT_FALSE(MayCheck(direct, "a1a2"));
}

}  // namespace
}  // namespace tumen::shatar
