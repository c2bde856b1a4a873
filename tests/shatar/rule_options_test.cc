// Rule options of RULES.md §3: parsing, the canonical string, errors, and one named test per
// option value.
#include "engine/games/shatar/rule_options.h"

#include <algorithm>
#include <deque>

#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/shatar/test_game.h"

namespace tumen::shatar {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Game = TestGame;

ShatarRules Rules(const std::string& variant, const std::string& options = "") {
  const absl::StatusOr<ShatarRules> r = ApplyRuleOptions(*RulesForVariant(variant), options);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : *RulesForVariant(variant);
}

constexpr char k2017[] =
    "queen=queen,array=chess,first_round=choice,promotion=any,knight_mate=allowed,"
    "bishop_mate=allowed,shak=off,bare_king=play,lone_bishops=play";
constexpr char kTraditional[] =
    "queen=bers,array=chess,first_round=d4d5,promotion=queen,knight_mate=loses,"
    "bishop_mate=allowed,shak=on,bare_king=draw,lone_bishops=play";

// ---- Parsing and formatting ----

TEST(RuleOptions, CanonicalStringsOfThePresets) {
  EXPECT_EQ(CanonicalRuleOptions(*RulesForVariant("shatar")), k2017);
  EXPECT_EQ(CanonicalRuleOptions(*RulesForVariant("shatar-traditional")), kTraditional);
  EXPECT_EQ(CanonicalRuleOptions(*RulesForVariant("shatar-1997")),
            "queen=queen,array=chess,first_round=choice,promotion=queen,knight_mate=allowed,"
            "bishop_mate=allowed,shak=off,bare_king=play,lone_bishops=play");
  EXPECT_EQ(CanonicalRuleOptions(*RulesForVariant("shatar-folk")),
            "queen=bers,array=rotational,first_round=choice,promotion=folk,knight_mate=draw,"
            "bishop_mate=draw,shak=off,bare_king=draw,lone_bishops=play");
  EXPECT_EQ(CanonicalRuleOptions(*RulesForVariant("chess")), "");
}

TEST(RuleOptions, EmptyKeepsThePreset) {
  for (const std::string& v : ShatarFamilyVariants()) {
    const ShatarRules preset = *RulesForVariant(v);
    const absl::StatusOr<ShatarRules> r = ApplyRuleOptions(preset, "");
    ASSERT_TRUE(r.ok()) << v;
    EXPECT_EQ(r->start_fen, preset.start_fen);
    EXPECT_EQ(CanonicalRuleOptions(*r), CanonicalRuleOptions(preset));
  }
}

// Every preset's own canonical string, applied over every Shatar preset, gives its rules.
TEST(RuleOptions, CanonicalStringReproducesTheRulesOverAnyPreset) {
  const std::vector<std::string> shatar = {"shatar", "shatar-traditional", "shatar-1997",
                                           "shatar-folk"};
  for (const std::string& from : shatar) {
    const ShatarRules r = *RulesForVariant(from);
    for (const std::string& base : shatar) {
      const ShatarRules again = Rules(base, CanonicalRuleOptions(r));
      EXPECT_EQ(CanonicalRuleOptions(again), CanonicalRuleOptions(r)) << from << " over " << base;
      EXPECT_EQ(again.start_fen, r.start_fen) << from << " over " << base;
      EXPECT_EQ(again.promotion_types, r.promotion_types);
      EXPECT_EQ(again.dead_position_draw, r.dead_position_draw);
      EXPECT_EQ(again.name, base);  // the name stays the preset's
      EXPECT_TRUE(std::equal(std::begin(again.start_array), std::end(again.start_array),
                             std::begin(r.start_array)));
    }
  }
}

TEST(RuleOptions, PresetStartFensAreTheDocumentedOnes) {
  EXPECT_EQ(RulesForVariant("shatar")->start_fen,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  EXPECT_EQ(RulesForVariant("shatar-traditional")->start_fen,
            "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1");
}

TEST(RuleOptions, SpacesAndOrderDoNotMatter) {
  const ShatarRules a = Rules("shatar", " shak=on , queen=bers ");
  const ShatarRules b = Rules("shatar", "queen=bers,shak=on");
  EXPECT_EQ(CanonicalRuleOptions(a), CanonicalRuleOptions(b));
  EXPECT_THAT(CanonicalRuleOptions(a), HasSubstr("queen=bers"));
  EXPECT_THAT(CanonicalRuleOptions(a), HasSubstr("shak=on"));
}

TEST(RuleOptions, TunedEvaluationStaysWithThePreset) {
  EXPECT_EQ(Rules("shatar", "queen=bers").tuned_eval, RulesForVariant("shatar")->tuned_eval);
  EXPECT_EQ(Rules("shatar-traditional", "queen=queen").tuned_eval,
            RulesForVariant("shatar-traditional")->tuned_eval);
  EXPECT_NE(RulesForVariant("shatar-traditional")->tuned_eval,
            RulesForVariant("shatar")->tuned_eval);
  EXPECT_EQ(Rules("shatar-folk", "queen=queen").tuned_eval, "");
}

// ---- Errors ----

absl::Status Error(const std::string& variant, const std::string& options) {
  return ApplyRuleOptions(*RulesForVariant(variant), options).status();
}

TEST(RuleOptionsErrors, UnknownKeyListsTheKeys) {
  const absl::Status s = Error("shatar", "castling=on");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(s.message(), HasSubstr("unknown rule option 'castling'"));
  EXPECT_THAT(s.message(), HasSubstr("queen, array, first_round, promotion, knight_mate, "
                                     "bishop_mate, shak, bare_king, lone_bishops"));
}

TEST(RuleOptionsErrors, UnknownValueListsTheValues) {
  EXPECT_THAT(Error("shatar", "knight_mate=wins").message(),
              HasSubstr("rule option knight_mate has no value 'wins'; use one of allowed, draw, "
                        "loses"));
  EXPECT_THAT(Error("shatar", "bishop_mate=loses").message(),
              HasSubstr("use one of allowed, draw"));
  EXPECT_THAT(Error("shatar", "queen=Queen").message(), HasSubstr("use one of queen, bers"));
}

TEST(RuleOptionsErrors, NotKeyValue) {
  EXPECT_THAT(Error("shatar", "queen").message(), HasSubstr("'queen' is not key=value"));
  EXPECT_THAT(Error("shatar", "shak=on,,queen=bers").message(), HasSubstr("is not key=value"));
}

TEST(RuleOptionsErrors, RepeatedKey) {
  EXPECT_THAT(Error("shatar", "shak=on,shak=off").message(), HasSubstr("'shak' is given twice"));
}

TEST(RuleOptionsErrors, ChessTakesNoOptions) {
  EXPECT_THAT(Error("chess", "shak=on").message(),
              HasSubstr("rule options apply to the Shatar variants only, not to chess"));
  EXPECT_TRUE(ApplyRuleOptions(*RulesForVariant("chess"), "").ok());
}

// ---- One test per option value ----

TEST(RuleOptionValues, QueenQueen) {
  const ShatarRules r = Rules("shatar-traditional", "queen=queen");
  EXPECT_EQ(r.start_fen, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 1");
  EXPECT_EQ(r.promotion_types, 1u << kQueen);
}

TEST(RuleOptionValues, QueenBers) {
  const ShatarRules r = Rules("shatar", "queen=bers");
  EXPECT_EQ(r.start_fen, "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1");
  EXPECT_THAT(Game(r, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").Moves(),
              ::testing::IsSupersetOf({"b7b8b", "b7b8j", "b7b8n", "b7b8r"}));
  EXPECT_FALSE(Game(r).Status().over());
}

TEST(RuleOptionValues, ArrayChess) {
  EXPECT_EQ(Rules("shatar-folk", "array=chess").start_fen,
            "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1");
}

TEST(RuleOptionValues, ArrayRotational) {
  const ShatarRules r = Rules("shatar", "array=rotational");
  EXPECT_EQ(r.start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1");
  // With White's choice the first round still applies to the rotational array.
  EXPECT_THAT(Game(r).Moves(), ElementsAre("d2d4", "e2e4"));
  EXPECT_THAT(Game(r).Play({"e2e4"}).Moves(), ElementsAre("e7e5"));
}

TEST(RuleOptionValues, FirstRoundChoice) {
  const ShatarRules r = Rules("shatar-traditional", "first_round=choice");
  EXPECT_EQ(r.start_fen, "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1");
  EXPECT_THAT(Game(r).Moves(), ElementsAre("d2d4", "e2e4"));
  EXPECT_THAT(Game(r).Play({"d2d4"}).Moves(), ElementsAre("d7d5"));
}

TEST(RuleOptionValues, FirstRoundD4D5) {
  const ShatarRules r = Rules("shatar", "first_round=d4d5");
  EXPECT_EQ(r.start_fen, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 1");
  EXPECT_EQ(Game(r).Moves().size(), 20u);  // RULES.md §1: 20 moves after 1.d4 d5
  EXPECT_EQ(Rules("shatar", "first_round=d4d5,array=rotational").start_fen,
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBKQBNR w - - 0 1");
}

TEST(RuleOptionValues, FirstRoundQueenPawn) {
  EXPECT_EQ(Rules("shatar", "first_round=queen_pawn").start_fen,
            "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 1");
  // Rotational: White's queen piece stands on e1, Black's on d8.
  EXPECT_EQ(Rules("shatar-folk", "first_round=queen_pawn").start_fen,
            "rnbjkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBKJBNR w - - 0 1");
}

TEST(RuleOptionValues, PromotionAny) {
  EXPECT_THAT(Game(Rules("shatar-traditional", "promotion=any"), "4k3/1P6/8/8/8/8/j7/4K3 w - - 0 1")
                  .Moves(),
              ::testing::IsSupersetOf({"b7b8b", "b7b8j", "b7b8n", "b7b8r"}));
}

TEST(RuleOptionValues, PromotionQueenGivesOnlyQueenPromotions) {
  const std::vector<std::string> moves =
      Game(Rules("shatar", "promotion=queen"), "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").Moves();
  EXPECT_THAT(moves, ::testing::Contains("b7b8q"));
  for (const char* other : {"b7b8r", "b7b8b", "b7b8n", "b7b8j", "b7b8"})
    EXPECT_THAT(moves, ::testing::Not(::testing::Contains(other)));
}

TEST(RuleOptionValues, PromotionFolkWaits) {
  const std::vector<std::string> moves =
      Game(Rules("shatar", "promotion=folk"), "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").Moves();
  EXPECT_THAT(moves, ::testing::Contains("b7b8"));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("b7b8q")));
}

// A smothered mate by the knight alone: Nd5-c7 mates Ka8 boxed in by Rb8, Pa7, Pb7.
constexpr char kKnightMateBefore[] = "kr6/pp6/8/3N4/8/8/8/4K3 w - - 0 1";
GameStatus AfterKnightMate(const std::string& options) {
  return Game(Rules("shatar", options), kKnightMateBefore).Play({"d5c7"}).Status();
}

TEST(RuleOptionValues, KnightMateAllowed) {
  const GameStatus s = AfterKnightMate("knight_mate=allowed");
  EXPECT_EQ(s.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(s.termination, Termination::kCheckmate);
}

TEST(RuleOptionValues, KnightMateDraw) {
  const GameStatus s = AfterKnightMate("knight_mate=draw");
  EXPECT_EQ(s.result, GameResult::kDraw);
  EXPECT_EQ(s.termination, Termination::kKnightMateDraw);
}

TEST(RuleOptionValues, KnightMateLoses) {
  const GameStatus s = AfterKnightMate("knight_mate=loses");
  EXPECT_EQ(s.result, GameResult::kSecondPlayerWins);
  EXPECT_EQ(s.termination, Termination::kKnightMateLoses);
}

// A mate by the bishop alone: Be3-d4 checks Ka1 through c3 and b2; a2 and b1 are its own, and
// nothing can block on c3 or b2.
// The rook on h1 takes no part (it is there for the shak tests).
constexpr char kBishopMateBefore[] = "8/8/8/8/8/4B3/p7/kb4KR w - - 0 1";
GameStatus AfterBishopMate(const std::string& options) {
  return Game(Rules("shatar", options), kBishopMateBefore).Play({"e3d4"}).Status();
}

TEST(RuleOptionValues, BishopMateAllowed) {
  const GameStatus s = AfterBishopMate("bishop_mate=allowed");
  EXPECT_EQ(s.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(s.termination, Termination::kCheckmate);
}

TEST(RuleOptionValues, BishopMateDraw) {
  const GameStatus s = AfterBishopMate("bishop_mate=draw");
  EXPECT_EQ(s.result, GameResult::kDraw);
  EXPECT_EQ(s.termination, Termination::kBishopMateDraw);
}

// The bishop mate above, with a rook on the board: no shak (knight, rook or queen-piece check)
// in the mated side's series of checks.
TEST(RuleOptionValues, ShakOff) {
  const GameStatus s = AfterBishopMate("shak=off");
  EXPECT_EQ(s.result, GameResult::kFirstPlayerWins);
  EXPECT_EQ(s.termination, Termination::kCheckmate);
}

TEST(RuleOptionValues, ShakOn) {
  const GameStatus no_shak = AfterBishopMate("shak=on");
  EXPECT_EQ(no_shak.result, GameResult::kDraw);
  EXPECT_EQ(no_shak.termination, Termination::kNoShakDraw);
}

TEST(RuleOptionValues, BareKingPlay) {
  const Game g(Rules("shatar-traditional", "bare_king=play"), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  EXPECT_FALSE(g.Status().over());
  EXPECT_FALSE(g.Moves().empty());
}

TEST(RuleOptionValues, BareKingDraw) {
  const Game g(Rules("shatar", "bare_king=draw"), "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  EXPECT_EQ(g.Status().termination, Termination::kBareKing);
  EXPECT_TRUE(g.Moves().empty());
}

// d7 and c6 are both light squares.
TEST(RuleOptionValues, LoneBishopsPlay) {
  const Game g(Rules("shatar", "lone_bishops=play"), "4k3/3b4/2B5/8/8/8/8/4K3 w - - 0 1");
  // Play on: under shatar the dead-position rule still draws K+B v K+B of one colour.
  EXPECT_EQ(g.Status().termination, Termination::kDeadPosition);
  const Game trad(Rules("shatar-traditional", "lone_bishops=play"),
                  "4k3/3b4/2B5/8/8/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(trad.Status().over());
}

TEST(RuleOptionValues, LoneBishopsDraw) {
  const Game g(Rules("shatar-traditional", "lone_bishops=draw"),
               "4k3/3b4/2B5/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(g.Status().termination, Termination::kLoneBishops);
  // Bishops of both colours: play on.
  const Game mixed(Rules("shatar-traditional", "lone_bishops=draw"),
                   "4k3/3b4/8/2B5/8/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(mixed.Status().over());
}

// The new presets play: the start is not over and has the expected first moves.
TEST(RulePresets, NewPresetsStart) {
  EXPECT_THAT(Game(*RulesForVariant("shatar-1997")).Moves(), ElementsAre("d2d4", "e2e4"));
  EXPECT_THAT(Game(*RulesForVariant("shatar-folk")).Moves(), ElementsAre("d2d4", "e2e4"));
  EXPECT_EQ(RulesForVariant("shatar-folk")->start_fen,
            "rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKJBNR w - - 0 1");
  EXPECT_THAT(ShatarFamilyVariants(),
              ElementsAre("shatar", "shatar-traditional", "chess", "shatar-1997", "shatar-folk"));
}

}  // namespace
}  // namespace tumen::shatar
