// The special rules of Xiangqi (RULES.md §5), each on a hand-made position whose expected
// moves or result are derived by hand in the comments.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"

namespace tumen::xiangqi {
namespace {

class XiangqiRulesTest : public ::testing::Test {
 protected:
  // Sets the position; history_ holds the state records of the moves played since.
  void Set(const std::string& fen) {
    history_.clear();
    history_.reserve(1000);
    history_.emplace_back();
    const absl::Status s = pos_.Set(rules_, fen, &history_.back());
    ASSERT_TRUE(s.ok()) << s;
  }
  void Play(const std::string& uci) {
    const absl::StatusOr<Move> m = ParseUciMove(pos_, uci);
    ASSERT_TRUE(m.ok()) << m.status();
    history_.emplace_back();
    pos_.DoMove(*m, history_.back());
  }
  // The destinations of the legal moves of the piece on `from`, as square names, sorted.
  std::set<std::string> MovesFrom(const std::string& from) {
    MoveList moves;
    GenerateLegalMoves(pos_, moves);
    std::set<std::string> out;
    for (Move m : moves)
      if (SquareToString(m.from()) == from) out.insert(SquareToString(m.to()));
    return out;
  }

  XiangqiRules rules_ = *RulesForVariant("xiangqi");
  Position pos_;
  std::vector<StateInfo> history_;  // reserved: the state chain must not move
};

// Red king d1, black king e10 on an otherwise empty board. Red's king may step to d2 or e1,
// but e1 faces the black king along the open e-file: only d2 is legal.
TEST_F(XiangqiRulesTest, KingsMayNotFaceEachOtherOnAnOpenFile) {
  Set("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(MovesFrom("d1"), (std::set<std::string>{"d2"}));
  EXPECT_EQ(CountLegalMoves(pos_), 1u);
}

// Kings e1 and e10, a red horse on e5 the only piece between them: every horse move leaves
// the e-file and opens it (8 pseudo-legal moves, none legal); the king keeps d1, e2 and f1.
// With a black advisor on e9 as a second piece between them, the horse is free again.
TEST_F(XiangqiRulesTest, FlyingGeneralPinsTheOnlyPieceBetweenTheKings) {
  Set("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
  EXPECT_TRUE(MovesFrom("e5").empty());
  EXPECT_EQ(CountLegalMoves(pos_), 3u);
  Set("4k4/4a4/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(MovesFrom("e5").size(), 8u);
}

// Setting up kings that face each other is rejected: the side not to move would be "in check".
TEST_F(XiangqiRulesTest, FacingKingsAreRejectedInAFen) {
  Position pos;
  StateInfo st;
  EXPECT_FALSE(pos.Set(rules_, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", &st).ok());
}

// Black king d10 alone; red rook a9 covers d9 and e10 faces the red king on e1. Black is not
// in check and has no legal move: in Xiangqi that loses (RULES.md §5).
TEST_F(XiangqiRulesTest, StalemateLoses) {
  Set("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(pos_.in_check());
  EXPECT_EQ(CountLegalMoves(pos_), 0u);
  const GameStatus status = EvaluateStatus(pos_);
  EXPECT_EQ(status.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(status.termination, Termination::kStalemate);
  EXPECT_EQ(XiangqiGame::NoMovesScore(pos_, 3), MatedIn(3));
}

// Black king d10 in check from the rook on a10 along rank 10; the rook on b9 covers d9, and
// e10 is still on the a10 rook's rank (and faces the red king): mate, and Black loses.
TEST_F(XiangqiRulesTest, CheckmateLoses) {
  Set("R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_TRUE(pos_.in_check());
  EXPECT_EQ(CountLegalMoves(pos_), 0u);
  const GameStatus status = EvaluateStatus(pos_);
  EXPECT_EQ(status.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(status.termination, Termination::kCheckmate);
}

// Red's rook checks along rank 10 and rank 9 in turn while the black king steps between d10
// and d9: every red move in the cycle is a check, no black move is. At the third occurrence
// of the position the checking side, Red, loses.
TEST_F(XiangqiRulesTest, PerpetualCheckLoses) {
  Set("3k5/9/7R1/9/9/9/9/9/9/5K3 w - - 0 1");
  Play("h8h10");
  const std::vector<std::string> cycle = {"d10d9", "h10h9", "d9d10", "h9h10"};
  for (int round = 0; round < 2; ++round) {
    for (const std::string& m : cycle) {
      EXPECT_FALSE(EvaluateStatus(pos_).over()) << "round " << round << " before " << m;
      Play(m);
    }
  }
  const GameStatus status = EvaluateStatus(pos_);
  EXPECT_EQ(status.result, GameResult::kSecondPlayerWins);
  EXPECT_EQ(status.termination, Termination::kPerpetualCheck);
  // The search sees the first repetition inside its tree: the side to move (Black) wins.
  EXPECT_EQ(XiangqiGame::ImmediateScore(pos_, 8), std::optional<int>(MateIn(8)));
}

// Kings shuffling without checks: the third occurrence is a draw by repetition.
TEST_F(XiangqiRulesTest, RepetitionWithoutChecksIsADraw) {
  Set("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
  const std::vector<std::string> cycle = {"f1f2", "d10d9", "f2f1", "d9d10"};
  for (int round = 0; round < 2; ++round)
    for (const std::string& m : cycle) {
      EXPECT_FALSE(EvaluateStatus(pos_).over());
      Play(m);
    }
  const GameStatus status = EvaluateStatus(pos_);
  EXPECT_EQ(status.result, GameResult::kDraw);
  EXPECT_EQ(status.termination, Termination::kRepetition);
}

// RULES.md §5: when both sides checked with every move, the cycle is drawn.
TEST(XiangqiRepetitionPolicy, BothSidesCheckingIsADraw) {
  RepetitionCycle both;
  both.all_checks[0] = both.all_checks[1] = true;
  EXPECT_EQ(PerpetualCheckLosesPolicy(both).result, GameResult::kDraw);
  RepetitionCycle black;
  black.all_checks[1] = true;
  EXPECT_EQ(PerpetualCheckLosesPolicy(black).result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(PerpetualCheckLosesPolicy(RepetitionCycle{}).result, GameResult::kDraw);
}

// The policy is replaceable: a rule set with another function decides differently.
GameStatus AlwaysRedWins(const RepetitionCycle&) {
  return {GameResult::kFirstPlayerWins, Termination::kRepetition};
}
TEST_F(XiangqiRulesTest, RepetitionPolicyIsReplaceable) {
  rules_.repetition_policy = &AlwaysRedWins;
  Set("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
  for (int round = 0; round < 2; ++round)
    for (const char* m : {"f1f2", "d10d9", "f2f1", "d9d10"}) Play(m);
  EXPECT_EQ(EvaluateStatus(pos_).result, GameResult::kFirstPlayerWins);
}

// RULES.md §5: 120 plies without a capture draw. With the clock at 119 one quiet move ends
// the game; at 118 it does not; a capture resets the clock.
TEST_F(XiangqiRulesTest, HundredTwentyPliesWithoutCaptureDraw) {
  Set("3k5/9/9/9/9/9/9/9/9/5K3 w - - 119 80");
  EXPECT_FALSE(EvaluateStatus(pos_).over());
  Play("f1f2");
  EXPECT_EQ(EvaluateStatus(pos_).result, GameResult::kDraw);
  EXPECT_EQ(EvaluateStatus(pos_).termination, Termination::kFiftyMoves);
  EXPECT_EQ(XiangqiGame::ImmediateScore(pos_, 1), std::optional<int>(kDrawScore));

  Set("3k5/9/9/9/9/9/9/9/9/5K3 w - - 118 80");
  Play("f1f2");
  EXPECT_FALSE(EvaluateStatus(pos_).over());

  Set("3k5/9/9/9/9/9/9/9/r8/R4K3 w - - 119 80");
  Play("a1a2");  // captures the rook
  EXPECT_EQ(pos_.rule50(), 0);
  EXPECT_FALSE(EvaluateStatus(pos_).over());
}

// Horse on e4, own soldier on e5 (the leg of the two northward moves d6 and f6): the horse
// keeps c3, c5, d2, f2, g3, g5.
TEST_F(XiangqiRulesTest, HorseLegBlocked) {
  Set("3k5/9/9/9/9/4P4/4N4/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("e4"), (std::set<std::string>{"c3", "c5", "d2", "f2", "g3", "g5"}));
  Set("3k5/9/9/9/9/9/4N4/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("e4").size(), 8u);
}

// Elephant on c5: a7 and e7 lie across the river; a piece on d4 blocks the eye of e3. Only
// a3 remains.
TEST_F(XiangqiRulesTest, ElephantEyeBlockedAndRiverNotCrossed) {
  Set("3k5/9/9/9/9/2B6/3P5/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("c5"), (std::set<std::string>{"a3"}));
  Set("3k5/9/9/9/9/2B6/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("c5"), (std::set<std::string>{"a3", "e3"}));
  // Black's elephant on c6 likewise may not go to a4 or e4.
  Set("3k5/9/9/9/2b6/9/9/9/9/5K3 b - - 0 1");
  EXPECT_EQ(MovesFrom("c6"), (std::set<std::string>{"a8", "e8"}));
}

// Red cannon b3, black rook b8, nothing between: the cannon moves to b4..b7 (and sideways)
// but cannot take b8. With a screen on b5 it takes b8 by jumping, and no longer reaches
// b5, b6 or b7.
TEST_F(XiangqiRulesTest, CannonNeedsAScreenToCapture) {
  Set("3k5/9/1r7/9/9/9/9/1C7/9/5K3 w - - 0 1");
  std::set<std::string> moves = MovesFrom("b3");
  EXPECT_FALSE(moves.contains("b8"));
  EXPECT_TRUE(moves.contains("b7"));
  Set("3k5/9/1r7/9/9/1P7/9/1C7/9/5K3 w - - 0 1");
  moves = MovesFrom("b3");
  EXPECT_TRUE(moves.contains("b8"));
  EXPECT_TRUE(moves.contains("b4"));
  for (const char* s : {"b5", "b6", "b7"}) EXPECT_FALSE(moves.contains(s)) << s;
}

// A soldier on c4 (own side) only steps forward to c5; on c6 (across the river) it may also
// step sideways to b6 and d6; never backwards.
TEST_F(XiangqiRulesTest, SoldierMovesSidewaysOnlyAfterTheRiver) {
  Set("3k5/9/9/9/9/9/2P6/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("c4"), (std::set<std::string>{"c5"}));
  Set("3k5/9/9/9/2P6/9/9/9/9/5K3 w - - 0 1");
  EXPECT_EQ(MovesFrom("c6"), (std::set<std::string>{"b6", "c7", "d6"}));
  // A black soldier on a1 (the last rank) can only go sideways.
  Set("3k5/9/9/9/9/9/9/9/9/p4K3 b - - 0 1");
  EXPECT_EQ(MovesFrom("a1"), (std::set<std::string>{"b1"}));
}

// A cannon screen created by a move is a check: the black advisor may not step onto e9,
// between its king and the red cannon on e3.
TEST_F(XiangqiRulesTest, MovingIntoACannonLineIsIllegal) {
  Set("3ak4/9/9/9/9/9/9/4C4/4N4/4K4 b - - 0 1");
  EXPECT_TRUE(MovesFrom("d10").empty());
}

TEST(XiangqiFen, MalformedFensGiveErrors) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  const char* bad[] = {
      "",
      "w",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1",  // 9 ranks
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1",  // 10 files
      "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",   // 8 files
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w - - 0 1",   // Q
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",   // side
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1",  // castling
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3 0 1",  // e.p.
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1",  // clock
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 7",
      "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",    // no black king
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1",  // two kings
      "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1",         // king outside its palace
      "3k5/9/9/9/9/9/9/9/9/A3K4 w - - 0 1",       // advisor outside its palace
      "3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1",      // elephant across the river
      "3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1",       // soldier behind its starting rank
      "3k5/9/9/9/9/PPPPPP3/9/9/9/4K4 w - - 0 1",  // six soldiers
      "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",       // side not to move is in check
      "3k5/9/9/9/9/9/9/9/9/4K4/ w - - 0 1",
      "3k5/9/9/9/9/9/9/9/9/4K41 w - - 0 1",
      "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 99999999999999999999",
  };
  for (const char* fen : bad) {
    Position pos;
    StateInfo st;
    const absl::Status s = pos.Set(rules, fen, &st);
    EXPECT_FALSE(s.ok()) << "accepted: '" << fen << "'";
    EXPECT_NE(s.message().find("xiangqi fen"), absl::string_view::npos) << s.message();
  }
}

TEST(XiangqiNotation, UciMovesUseRanksOneToTen) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
  const absl::StatusOr<Move> m = ParseUciMove(pos, "h3e3");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(MoveToUci(*m), "h3e3");
  EXPECT_EQ(MoveToSan(pos, *m), "Che3");          // the cannon on b3 reaches e3 too
  EXPECT_FALSE(ParseUciMove(pos, "a10a9").ok());  // Black's move; Red is to move
  EXPECT_FALSE(ParseUciMove(pos, "a11a9").ok());
  EXPECT_FALSE(ParseUciMove(pos, "j1j2").ok());
  EXPECT_FALSE(ParseUciMove(pos, "h3e").ok());
  StateInfo st2;
  pos.DoMove(*m, st2);
  const absl::StatusOr<Move> reply = ParseUciMove(pos, "a10a9");
  ASSERT_TRUE(reply.ok()) << reply.status();
  EXPECT_EQ(MoveToUci(*reply), "a10a9");
}

}  // namespace
}  // namespace tumen::xiangqi
