// A game of the 8x8 family for tests: a position under given rules, set from a FEN and played
// on with UCI moves, keeping the history (the state chain) that the mate and repetition rules
// read. Every move checks the incremental key against a recomputed one.
#ifndef TUMEN_TESTS_SHATAR_TEST_GAME_H_
#define TUMEN_TESTS_SHATAR_TEST_GAME_H_

#include <algorithm>
#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/rules.h"
#include "engine/games/shatar/status.h"
#include "gtest/gtest.h"

namespace tumen::shatar {

class TestGame {
 public:
  // `fen` empty: the rules' start position.
  explicit TestGame(ShatarRules rules, const std::string& fen = "")
      : rules_(std::move(rules)), states_(1) {
    const absl::Status s = pos_.Set(rules_, fen.empty() ? rules_.start_fen : fen, &states_[0]);
    EXPECT_TRUE(s.ok()) << s;
  }
  // Under the preset of `variant`.
  explicit TestGame(const char* variant, const std::string& fen = "")
      : TestGame(*RulesForVariant(variant), fen) {}
  explicit TestGame(const std::string& variant, const std::string& fen = "")
      : TestGame(variant.c_str(), fen) {}
  // Positions point at rules_ and states_: a game stays where it was made.
  TestGame(const TestGame&) = delete;
  TestGame& operator=(const TestGame&) = delete;

  TestGame& Play(std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
      const absl::StatusOr<Move> m = ParseUciMove(pos_, text);
      EXPECT_TRUE(m.ok()) << m.status();
      if (!m.ok()) break;
      states_.emplace_back();
      pos_.DoMove(*m, states_.back());
      EXPECT_EQ(pos_.key(), pos_.ComputeKey()) << text;
    }
    return *this;
  }
  // Legal moves in UCI notation, sorted.
  std::vector<std::string> Moves() const {
    MoveList list;
    GenerateLegalMoves(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(MoveToUci(m));
    std::sort(out.begin(), out.end());
    return out;
  }
  // Legal moves of the piece on `from` (e.g. "b8").
  std::vector<std::string> MovesFrom(const std::string& from) const {
    std::vector<std::string> out;
    for (const std::string& m : Moves())
      if (m.substr(0, 2) == from) out.push_back(m);
    return out;
  }
  GameStatus Status() const { return EvaluateStatus(pos_); }
  const Position& pos() const { return pos_; }

 private:
  const ShatarRules rules_;
  Position pos_;
  std::deque<StateInfo> states_;
};

}  // namespace tumen::shatar

#endif  // TUMEN_TESTS_SHATAR_TEST_GAME_H_
