// The rules of bogenjirge (RULES.md §6): every win rule by name on hand-made positions,
// drops and steps inside the big square only, jump captures, and the search adapter.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <set>

#include "engine/api/game_session.h"
#include "engine/games/bogenjirge/game.h"

namespace tumen::bogenjirge {
namespace {

// The default board's rows, top first (RULES.md §6), to write FENs from point lists
// without the engine's board code.
const std::vector<std::vector<std::string>> kRows = {
    {"c5", "d5", "e5", "f5", "g5", "i5"},
    {"b4", "c4", "d4", "e4", "f4", "g4", "h4"},
    {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "i3"},
    {"b2", "c2", "d2", "e2", "f2", "g2", "h2"},
    {"c1", "d1", "e1", "f1", "g1", "i1"},
};

std::string MakeFen(const std::set<std::string>& deer, const std::set<std::string>& dogs, char side,
                    int hand, int ply = 0) {
  std::string fen;
  for (size_t r = 0; r < kRows.size(); ++r) {
    if (r) fen += '/';
    for (const std::string& p : kRows[r]) fen += deer.count(p) ? 'D' : dogs.count(p) ? 'd' : '.';
  }
  return fen + " " + side + " " + std::to_string(hand) + " " + std::to_string(ply);
}

class BogenjirgeRulesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto rules = RulesForVariant("bogenjirge");
    ASSERT_TRUE(rules.ok()) << rules.status();
    rules_ = *rules;
  }
  // Sets pos_ (with a fresh history) from a FEN.
  void Set(const std::string& fen) {
    history_.clear();
    history_.emplace_back();
    const absl::Status s = pos_.Set(rules_, fen, &history_.back());
    ASSERT_TRUE(s.ok()) << s;
  }
  void Play(const std::string& move) {
    const absl::StatusOr<Move> m = ParseUciMove(pos_, move);
    ASSERT_TRUE(m.ok()) << m.status();
    history_.emplace_back();
    pos_.DoMove(*m, history_.back());
  }
  std::set<std::string> Moves() {
    MoveList moves;
    GenerateMoves(pos_, moves);
    std::set<std::string> out;
    for (Move m : moves) out.insert(MoveToUci(m));
    EXPECT_EQ(int(out.size()), CountMoves(pos_));
    return out;
  }
  GameStatus Status() { return EvaluateStatus(pos_); }

  BogenjirgeRules rules_;
  Position pos_;
  std::deque<StateInfo> history_;
};

TEST_F(BogenjirgeRulesTest, DeerImmobilisedWhenNoDeerCanStepOrJump) {
  // c1's lines: row 1, column c, the diagonal to g5; every neighbour and every landing
  // point is a dog.
  Set(MakeFen({"c1"}, {"d1", "e1", "c2", "c3", "d2", "e3"}, 'd', 0));
  EXPECT_TRUE(Moves().empty());
  EXPECT_EQ(Status().result, GameResult::kSecondPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kDeerImmobilised);
  EXPECT_EQ(BogenjirgeGame::NoMovesScore(pos_, 3), MatedIn(3));
  // A free second deer keeps the game going.
  Set(MakeFen({"c1", "g5"}, {"d1", "e1", "c2", "c3", "d2", "e3"}, 'd', 0));
  EXPECT_FALSE(Status().over());
  // Emptying a landing point gives the deer a jump.
  Set(MakeFen({"c1"}, {"d1", "c2", "c3", "d2", "e3"}, 'd', 0));
  EXPECT_EQ(Moves(), (std::set<std::string>{"c1e1"}));
}

TEST_F(BogenjirgeRulesTest, DeerSealedOutsideLoseUnderTheSealedRule) {
  // b3 and h3 can only step back through c3 and g3 (dogs), or jump them to d3 and f3
  // (dogs): sealed, though each deer still has moves outside.
  const std::string sealed = MakeFen({"b3", "h3"}, {"c3", "d3", "g3", "f3"}, 'd', 0);
  Set(sealed);
  EXPECT_EQ(Moves().size(), 6u);
  EXPECT_EQ(Status().result, GameResult::kSecondPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kDeerOutside);
  EXPECT_EQ(BogenjirgeGame::ImmediateScore(pos_, 5), std::optional<int>(MatedIn(5)));
  // With the dogs to move it is just as over.
  Set(MakeFen({"b3", "h3"}, {"c3", "d3", "g3", "f3"}, 'g', 0));
  EXPECT_EQ(Status().termination, Termination::kDeerOutside);
  EXPECT_EQ(BogenjirgeGame::ImmediateScore(pos_, 5), std::optional<int>(MateIn(5)));
  // A jump back in (d3 empty) or a step back in (g3 empty) keeps the game going.
  Set(MakeFen({"b3", "h3"}, {"c3", "g3", "f3"}, 'd', 0));
  EXPECT_FALSE(Status().over());
  Set(MakeFen({"b3", "h3"}, {"c3", "d3", "f3"}, 'd', 0));
  EXPECT_FALSE(Status().over());
  // One deer inside: not over.
  Set(MakeFen({"b3", "e3"}, {"c3", "d3"}, 'd', 0));
  EXPECT_FALSE(Status().over());
  // Under "immobilisation only" the sealed deer play on.
  rules_.outside = OutsideRule::kImmobilisationOnly;
  Set(sealed);
  EXPECT_FALSE(Status().over());
  EXPECT_EQ(BogenjirgeGame::ImmediateScore(pos_, 5), std::nullopt);
}

TEST_F(BogenjirgeRulesTest, DeerOutsideLoseAtOnceUnderTheImmediateRule) {
  const std::string open = MakeFen({"b3", "h3"}, {}, 'd', 0);
  Set(open);
  EXPECT_FALSE(Status().over());  // sealed rule: they can step back in
  rules_.outside = OutsideRule::kImmediate;
  Set(open);
  EXPECT_EQ(Status().result, GameResult::kSecondPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kDeerOutside);
  // c3 and g3 count as inside.
  Set(MakeFen({"c3", "h3"}, {}, 'd', 0));
  EXPECT_FALSE(Status().over());
}

TEST_F(BogenjirgeRulesTest, DeerWinWhenTheDogsCannotAct) {
  Set(MakeFen({"e3"}, {}, 'g', 0));  // no dog on the board, none in hand
  EXPECT_TRUE(Moves().empty());
  EXPECT_EQ(Status().result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kDogsCannotAct);
  EXPECT_EQ(BogenjirgeGame::NoMovesScore(pos_, 4), MatedIn(4));
  // One dog in hand can act.
  Set(MakeFen({"e3"}, {}, 'g', 1));
  EXPECT_EQ(Moves().size(), 24u);
  EXPECT_FALSE(Status().over());
}

TEST_F(BogenjirgeRulesTest, DeerWinWhenFewerDogsThanTheThresholdRemain) {
  const std::string four = MakeFen({"c3"}, {"e1", "e5"}, 'd', 2);
  Set(four);
  EXPECT_FALSE(Status().over());  // default: no threshold
  rules_.min_dogs = 5;
  Set(four);
  EXPECT_EQ(Status().result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kTooFewDogs);
  Set(MakeFen({"c3"}, {"e1", "e5"}, 'd', 3));  // five: board and hand both count
  EXPECT_FALSE(Status().over());
}

TEST_F(BogenjirgeRulesTest, DeerWinAtThePlyCap) {
  Set(MakeFen({"c3", "g3"}, {"e3"}, 'd', 10, 399));
  EXPECT_FALSE(Status().over());
  Play("c3c2");
  EXPECT_EQ(Status().result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(Status().termination, Termination::kPlyCap);
  rules_.ply_cap = 0;  // off
  Set(MakeFen({"c3", "g3"}, {"e3"}, 'd', 10, 400));
  EXPECT_FALSE(Status().over());
  rules_.ply_cap = 20;
  Set(MakeFen({"c3", "g3"}, {"e3"}, 'g', 10, 20));
  EXPECT_EQ(Status().termination, Termination::kPlyCap);
}

TEST_F(BogenjirgeRulesTest, ThreefoldRepetitionIsADeerWinOrADrawByOption) {
  for (RepetitionRule rule : {RepetitionRule::kDeerWins, RepetitionRule::kDraw}) {
    rules_.repetition = rule;
    Set(rules_.start_fen);
    for (int cycle = 0; cycle < 2; ++cycle) {
      EXPECT_FALSE(Status().over()) << cycle;
      for (const char* m : {"c3c2", "e2e1", "c2c3", "e1e2"}) Play(m);
    }
    // The start position stands for the third time.
    EXPECT_EQ(pos_.RepetitionCount(), 2);
    if (rule == RepetitionRule::kDeerWins) {
      EXPECT_EQ(Status().result, GameResult::kFirstPlayerWins);
      EXPECT_EQ(Status().termination, Termination::kRepetitionDeerWin);
    } else {
      EXPECT_EQ(Status().result, GameResult::kDraw);
      EXPECT_EQ(Status().termination, Termination::kRepetition);
    }
  }
  // A drop (like a capture) ends the window: no later position equals an earlier one,
  // since a dog fewer is in hand.
  Set(rules_.start_fen);
  for (const char* m : {"c3c2", "e2e1", "c2c3", "e1e2", "c3c2"}) Play(m);
  EXPECT_EQ(pos_.RepetitionCount(), 1);
  Play("D@c1");
  EXPECT_EQ(pos_.reversible_plies(), 0);
  EXPECT_EQ(pos_.RepetitionCount(), 0);
}

TEST_F(BogenjirgeRulesTest, DogsStandMoveAndDropInsideTheBigSquareOnly) {
  Set(rules_.start_fen);
  Play("c3b3");
  const std::set<std::string> moves = Moves();
  int drops = 0;
  for (const std::string& m : moves) {
    const std::string to = m.substr(2);
    EXPECT_TRUE(to[0] >= 'c' && to[0] <= 'g') << m;  // c1-g5
    drops += m[1] == '@';
  }
  EXPECT_EQ(drops, 16);
  EXPECT_FALSE(ParseUciMove(pos_, "D@b2").ok());
  EXPECT_TRUE(ParseUciMove(pos_, "D@c3").ok());
  // A dog on c3 next to the empty cliff may not step out of the square.
  Set(MakeFen({"e3"}, {"c3"}, 'g', 0));
  EXPECT_EQ(Moves(), (std::set<std::string>{"c3c2", "c3c4", "c3d2", "c3d3", "c3d4"}));
  EXPECT_FALSE(ParseUciMove(pos_, "c3b3").ok());
  // Nor may a FEN put one there.
  Position pos;
  StateInfo st;
  EXPECT_FALSE(pos.Set(rules_, MakeFen({"e3"}, {"b3"}, 'g', 0), &st).ok());
}

TEST_F(BogenjirgeRulesTest, DeerStepAnywhereIncludingTheCliffAndTheMountain) {
  Set(MakeFen({"b3"}, {}, 'd', 0));
  EXPECT_EQ(Moves(), (std::set<std::string>{"b3a3", "b3b2", "b3b4", "b3c3"}));
  Set(MakeFen({"h3"}, {}, 'd', 0));
  EXPECT_EQ(Moves(), (std::set<std::string>{"h3g3", "h3h2", "h3h4", "h3i3"}));
}

TEST_F(BogenjirgeRulesTest, AJumpCapturesTheDogAndIsOptional) {
  Set(rules_.start_fen);
  const std::string before = pos_.Fen();
  const Key key = pos_.key();
  const absl::StatusOr<Move> jump = ParseUciMove(pos_, "c3e3");
  ASSERT_TRUE(jump.ok());
  EXPECT_TRUE(jump->is_jump());
  EXPECT_TRUE(BogenjirgeGame::IsTactical(pos_, *jump));
  EXPECT_FALSE(BogenjirgeGame::IsTactical(pos_, *ParseUciMove(pos_, "c3c2")));
  StateInfo st;
  pos_.DoMove(*jump, st);
  EXPECT_EQ(pos_.Fen(), "6/2ddd2/4DdD2/2ddd2/6 g 16 1");
  EXPECT_EQ(pos_.dogs_left(), 23);
  EXPECT_TRUE(st.captured);
  EXPECT_EQ(pos_.side_to_move(), kDogs);  // one jump only: the dogs move next
  pos_.UndoMove(*jump);
  EXPECT_EQ(pos_.Fen(), before);
  EXPECT_EQ(pos_.key(), key);
}

TEST_F(BogenjirgeRulesTest, AJumpNeedsADogAndAnEmptyLandingPoint) {
  // Over a deer: no. Onto a dog: no. Two dogs in a row: no jump (one dog only).
  Set(MakeFen({"c3", "d3"}, {}, 'd', 0));
  EXPECT_FALSE(Moves().count("c3e3"));
  Set(MakeFen({"c3"}, {"d3", "e3"}, 'd', 0));
  EXPECT_FALSE(Moves().count("c3e3"));
  EXPECT_FALSE(Moves().count("c3f3"));
  Set(MakeFen({"c3"}, {"d3"}, 'd', 0));
  EXPECT_TRUE(Moves().count("c3e3"));
  MoveList tactical;
  GenerateTacticalMoves(pos_, tactical);
  ASSERT_EQ(tactical.size(), 1);
  EXPECT_EQ(MoveToUci(tactical[0]), "c3e3");
  // a3 never jumps: the points it could jump over (b3) are outside, where no dog stands.
  Set(MakeFen({"a3"}, {}, 'd', 0));
  EXPECT_EQ(Moves(), (std::set<std::string>{"a3b2", "a3b3", "a3b4"}));
}

TEST_F(BogenjirgeRulesTest, TheSearchAdapterHasNoNullMoveAndSeesImmobilisationThreats) {
  Set(rules_.start_fen);
  EXPECT_FALSE(BogenjirgeGame::NullMoveAllowed(pos_));
  EXPECT_FALSE(BogenjirgeGame::InCheck(pos_));
  EXPECT_EQ(BogenjirgeGame::ImmediateScore(pos_, 0), std::nullopt);
  EXPECT_EQ(BogenjirgeGame::SideToMove(pos_), 0);
  // A deer with one move left (the jump c1e1) is "in check": immobilisation threatens.
  Set(MakeFen({"c1"}, {"d1", "c2", "c3", "d2", "e3"}, 'd', 0));
  EXPECT_TRUE(BogenjirgeGame::InCheck(pos_));
  Set(MakeFen({"c1"}, {"d1", "c2", "c3", "d2", "e3"}, 'g', 1));
  EXPECT_FALSE(BogenjirgeGame::InCheck(pos_));  // only ever the deer
}

TEST(BogenjirgeSession, PlaysThroughTheGenericSessionAndSearch) {
  for (const std::string& variant : BogenjirgeVariants()) {
    auto session = CreateGameSession(variant);
    ASSERT_TRUE(session.ok()) << variant << ": " << session.status();
    EXPECT_EQ((*session)->Fen(), (*session)->StartFen());
    search::Limits limits;
    limits.depth = 4;
    const search::SearchResult result = (*session)->Go(limits, nullptr);
    const std::vector<std::string> legal = (*session)->LegalMoves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), result.best_move), legal.end())
        << variant << " " << result.best_move;
    EXPECT_TRUE((*session)->PlayMove(result.best_move).ok());
    EXPECT_EQ((*session)->SideToMove(), 1);
  }
}

TEST(BogenjirgeSession, AGameBetweenShallowSearchesEndsByAWinRule) {
  for (const std::string& variant : BogenjirgeVariants()) {
    auto session = CreateGameSession(variant);
    ASSERT_TRUE(session.ok());
    search::Limits limits;
    limits.depth = 2;
    int plies = 0;
    while (!(*session)->Status().over()) {
      ASSERT_LE(plies++, 400) << variant << ": the ply cap should have ended the game";
      const search::SearchResult r = (*session)->Go(limits, nullptr);
      ASSERT_TRUE((*session)->PlayMove(r.best_move).ok()) << variant << " " << r.best_move;
    }
    EXPECT_NE((*session)->Status().result, GameResult::kDraw) << variant;
  }
}

TEST(BogenjirgeSession, TheSearchSeesAnImmobilisationInOne) {
  // Dogs to move: dropping on e1 shuts in the deer on c1 (steps d1 c2 d2 are dogs; jumps
  // to e1, c3, e3 blocked once e1 is filled).
  auto session = CreateGameSession("bogenjirge");
  ASSERT_TRUE(session.ok());
  ASSERT_TRUE(
      (*session)->SetPosition(MakeFen({"c1"}, {"d1", "c2", "c3", "d2", "e3"}, 'g', 1), {}).ok());
  search::Limits limits;
  limits.depth = 3;
  const search::SearchResult result = (*session)->Go(limits, nullptr);
  EXPECT_EQ(result.best_move, "D@e1");
  EXPECT_TRUE(IsMateScore(result.score));
  ASSERT_TRUE((*session)->PlayMove("D@e1").ok());
  EXPECT_EQ((*session)->Status().termination, Termination::kDeerImmobilised);
}

}  // namespace
}  // namespace tumen::bogenjirge
