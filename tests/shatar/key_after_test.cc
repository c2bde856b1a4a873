// Position::KeyAfter, the key the search prefetches a child's table bucket with before it makes
// the move: exact for every step and plain capture (random play in every variant of the
// family), so the prefetch loads the bucket the child will probe.
#include <random>

#include "engine/games/shatar/game.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

TEST(KeyAfter, IsTheKeyAfterTheMoveForStepsAndPlainCaptures) {
  for (const char* variant : {"shatar-traditional", "shatar", "shatar-folk", "chess"}) {
    SCOPED_TRACE(variant);
    std::mt19937 prng(20261207);
    int exact = 0, captures = 0;
    for (int g = 0; g < 20; ++g) {
      TestGame game(variant);
      for (int ply = 0; ply < 120; ++ply) {
        const Position& pos = game.pos();
        MoveList moves;
        GenerateLegalMoves(pos, moves);
        if (moves.size() == 0 || game.Status().result != GameResult::kOngoing) break;
        for (const Move m : moves) {
          Position copy = pos;  // the state chain stays with the game; DoMove adds one state
          StateInfo st;
          copy.DoMove(m, st);
          // The moves whose key KeyAfter approximates: castling, en passant, promotion, and
          // any move that changes the castling rights, an en passant square or a folk step.
          if (m.is_castling() || m.is_en_passant() || m.is_promotion() ||
              copy.castling_rights() != pos.castling_rights() || copy.en_passant() != kNoSquare ||
              copy.folk_stepped() != pos.folk_stepped())
            continue;
          ++exact;
          captures += pos.IsCapture(m);
          EXPECT_EQ(ShatarGame::KeyAfter(pos, m), copy.key()) << pos.Fen() << " " << MoveToUci(m);
        }
        game.Play({MoveToUci(moves[int(prng() % uint32_t(moves.size()))]).c_str()});
      }
    }
    EXPECT_GT(exact, 10000);
    EXPECT_GT(captures, 500) << "random play should capture to test against";
  }
}

}  // namespace
}  // namespace tumen::shatar
