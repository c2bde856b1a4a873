// The 10x10 family through the generic session and search: both variants are registered,
// moves parse, and the search finds a mate in one and plays legal moves from the start.
#include <memory>

#include "engine/api/game_session.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace tumen {
namespace {

TEST(HiaShatarSession, BothVariantsAreRegistered) {
  EXPECT_THAT(AllVariants(), ::testing::IsSupersetOf({"hiashatar", "hiashatar-envoy"}));
}

TEST(HiaShatarSession, TheSearchFindsAMateInOne) {
  std::unique_ptr<GameSession> s = *CreateGameSession("hiashatar");
  // Black Kj10; White Ki8, Qb9: Qj9 (guarded by the king) and Qb10 both mate.
  ASSERT_TRUE(s->SetPosition("9k/1Q8/8K1/10/10/10/10/10/10/10 w - - 0 1", {}).ok());
  search::Limits limits;
  limits.depth = 4;
  const search::SearchResult r = s->Go(limits, nullptr);
  ASSERT_FALSE(r.best_move.empty());
  ASSERT_TRUE(s->PlayMove(r.best_move).ok());
  EXPECT_EQ(s->Status().termination, Termination::kCheckmate) << r.best_move;
}

TEST(HiaShatarSession, BadMovesAreRejected) {
  std::unique_ptr<GameSession> s = *CreateGameSession("hiashatar-envoy");
  EXPECT_FALSE(s->PlayMove("e2e5").ok());
  EXPECT_FALSE(s->PlayMove("k1k2").ok());
  EXPECT_FALSE(s->PlayMove("a2a3r").ok());
  EXPECT_TRUE(s->PlayMove("a2a4").ok());
  EXPECT_TRUE(s->PlayMove("a9a7").ok());
}

TEST(HiaShatarSession, SearchPlaysLegalMovesFromTheStart) {
  for (const char* variant : {"hiashatar", "hiashatar-envoy"}) {
    std::unique_ptr<GameSession> s = *CreateGameSession(variant);
    for (int ply = 0; ply < 6; ++ply) {
      search::Limits limits;
      limits.depth = 3;
      const search::SearchResult r = s->Go(limits, nullptr);
      ASSERT_TRUE(s->PlayMove(r.best_move).ok()) << variant << " " << r.best_move;
    }
  }
}

}  // namespace
}  // namespace tumen
