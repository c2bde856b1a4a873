#include "engine/games/shatar/attacks.h"

#include "engine/core/prng.h"
#include "gtest/gtest.h"

namespace tumen::shatar {
namespace {

TEST(ShatarAttacks, SliderTablesAgreeWithRayWalk) {
  Prng prng(7);
  for (Square s = 0; s < 64; ++s) {
    for (int i = 0; i < 200; ++i) {
      const Bitboard occ = prng.Next() & prng.Next();
      ASSERT_EQ(RookAttacks(s, occ), SlowSliderAttacks(s, occ, false)) << s;
      ASSERT_EQ(BishopAttacks(s, occ), SlowSliderAttacks(s, occ, true)) << s;
    }
  }
}

// The portable fallback for CPUs without BMI2 must be right even where PEXT is used.
TEST(ShatarAttacks, MagicFallbackAgreesWithRayWalk) { EXPECT_TRUE(VerifyMagicFallback(100, 42)); }

TEST(ShatarAttacks, BersIsRookPlusOneDiagonalStep) {
  const Square d4 = MakeSquare(3, 3);
  const Bitboard empty_board_bers = BersAttacks(d4, 0);
  EXPECT_EQ(PopCount(empty_board_bers), 14 + 4);
  EXPECT_TRUE(empty_board_bers & SquareBB(MakeSquare(4, 4)));   // e5: one step diagonally
  EXPECT_FALSE(empty_board_bers & SquareBB(MakeSquare(5, 5)));  // f6: not two
}

TEST(ShatarAttacks, BetweenAndLine) {
  const Square a1 = 0, h8 = 63, c3 = 18, b1 = 1;
  EXPECT_EQ(PopCount(Between(a1, h8)), 6);
  EXPECT_TRUE(LineThrough(a1, c3) & SquareBB(h8));
  EXPECT_EQ(Between(a1, b1), 0u);
  EXPECT_EQ(LineThrough(b1, c3 + 8), 0u);  // b1 and c4 are not aligned
}

}  // namespace
}  // namespace tumen::shatar
