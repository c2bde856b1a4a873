// Helpers of the 10x10 tests: a FEN built from piece placements (a code path apart from
// Position::Fen), and a game kept with its history.
#ifndef TUMEN_TESTS_HIASHATAR_TEST_UTIL_H_
#define TUMEN_TESTS_HIASHATAR_TEST_UTIL_H_

#include <algorithm>
#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/games/hiashatar/movegen.h"
#include "engine/games/hiashatar/notation.h"
#include "engine/games/hiashatar/status.h"
#include "gtest/gtest.h"

namespace tumen::hiashatar::testing {

// Placements like "K:a1", "h:e10"; side 'w' or 'b'.
inline std::string FenOf(std::initializer_list<const char*> placements, char side = 'w') {
  char board[10][10];
  for (auto& row : board) std::fill(row, row + 10, '.');
  for (const std::string p : placements) {
    const int file = p[2] - 'a';
    const int rank = std::stoi(p.substr(3)) - 1;
    board[rank][file] = p[0];
  }
  std::string fen;
  for (int rank = 9; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 10; ++file) {
      if (board[rank][file] == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += board[rank][file];
    }
    if (empty) fen += std::to_string(empty);
    if (rank) fen += '/';
  }
  fen += side == 'w' ? " w - - 0 1" : " b - - 0 1";
  return fen;
}

class Game {
 public:
  explicit Game(const std::string& variant, const std::string& fen = "")
      : rules_(*RulesForVariant(variant)), states_(1) {
    const absl::Status s = pos_.Set(rules_, fen.empty() ? rules_.start_fen : fen, &states_[0]);
    EXPECT_TRUE(s.ok()) << s;
  }
  Game(const Game&) = delete;
  Game& Play(std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
      const absl::StatusOr<Move> m = ParseUciMove(pos_, text);
      EXPECT_TRUE(m.ok()) << m.status();
      if (!m.ok()) break;
      states_.emplace_back();
      pos_.DoMove(*m, states_.back());
    }
    return *this;
  }
  std::vector<std::string> Moves() const {
    MoveList list;
    GenerateLegalMoves(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(MoveToUci(m));
    std::sort(out.begin(), out.end());
    return out;
  }
  // The legal moves of the piece on `from` (e.g. "a5"), sorted.
  std::vector<std::string> MovesFrom(const std::string& from) const {
    std::vector<std::string> out;
    for (const std::string& m : Moves()) {
      const size_t len = m.size() > 4 && m[2] >= '0' && m[2] <= '9' ? 3 : 2;
      if (m.substr(0, len) == from) out.push_back(m);
    }
    return out;
  }
  bool Has(const std::string& uci) const {
    const std::vector<std::string> all = Moves();
    return std::find(all.begin(), all.end(), uci) != all.end();
  }
  GameStatus Status() const { return EvaluateStatus(pos_); }
  Position& position() { return pos_; }

 private:
  const HiaShatarRules rules_;
  Position pos_;
  std::deque<StateInfo> states_;
};

}  // namespace tumen::hiashatar::testing

#endif  // TUMEN_TESTS_HIASHATAR_TEST_UTIL_H_
