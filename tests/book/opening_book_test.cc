// Book aggregation on hand-made games, the .tbk round trip, probing and corrupt files.
#include "engine/book/opening_book.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace tumen::book {
namespace {

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("tumen_book_test_" + name)).string();
}

uint64_t KeyAfter(GameSession& s, const std::vector<std::string>& moves) {
  EXPECT_TRUE(s.SetPosition("", moves).ok());
  return s.Key();
}

const BookEntry* Find(const std::vector<BookEntry>& v, const std::string& move) {
  for (const BookEntry& e : v)
    if (e.move == move) return &e;
  return nullptr;
}

class OpeningBookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = CreateGameSession("chess");
    ASSERT_TRUE(s.ok());
    session_ = *std::move(s);
  }
  // Three games: 1.e4 e5 2.Nf3 (White won), 1.e4 c5 (draw), 1.d4 d5 (Black won).
  OpeningBook Build(BookBuildOptions options) {
    BookBuilder b(session_.get(), options);
    EXPECT_TRUE(
        b.AddGame("", {"e2e4", "e7e5", "g1f3"}, GameResult::kFirstPlayerWins, {30, -20, 40}).ok());
    EXPECT_TRUE(b.AddGame("", {"e2e4", "c7c5"}, GameResult::kDraw, {10, 0}).ok());
    EXPECT_TRUE(b.AddGame("", {"d2d4", "d7d5"}, GameResult::kSecondPlayerWins, {}).ok());
    EXPECT_EQ(b.games(), 3u);
    return b.Build();
  }
  std::unique_ptr<GameSession> session_;
};

TEST_F(OpeningBookTest, AggregatesMovesResultsAndScores) {
  const OpeningBook book = Build({/*max_plies=*/2, /*min_games=*/1});
  const uint64_t start = KeyAfter(*session_, {});
  const std::vector<BookEntry> root = book.Probe(start);
  ASSERT_EQ(root.size(), 2u);
  // e4: 2 games, one White win and one draw: weight 2*1 + 1 = 3, mean score (30+10)/2 = 20.
  EXPECT_EQ(root[0].move, "e2e4");
  EXPECT_EQ(root[0].games, 2u);
  EXPECT_EQ(root[0].first_wins, 1u);
  EXPECT_EQ(root[0].draws, 1u);
  EXPECT_EQ(root[0].weight, 3u);
  EXPECT_EQ(root[0].mean_score_cp, 20);
  EXPECT_DOUBLE_EQ(root[0].MoverScore(0), 0.75);
  // d4 only lost: kept for statistics with weight 0.
  EXPECT_EQ(root[1].move, "d2d4");
  EXPECT_EQ(root[1].weight, 0u);
  EXPECT_EQ(root[1].second_wins, 1u);
  // After 1.e4, Black is the mover: e5 lost (weight 0), c5 drew (weight 1).
  const std::vector<BookEntry> after_e4 = book.Probe(KeyAfter(*session_, {"e2e4"}));
  ASSERT_EQ(after_e4.size(), 2u);
  EXPECT_EQ(Find(after_e4, "e7e5")->weight, 0u);
  EXPECT_EQ(Find(after_e4, "e7e5")->mean_score_cp, -20);
  EXPECT_EQ(Find(after_e4, "c7c5")->weight, 1u);
  // max_plies = 2: the third ply (Nf3) is not in the book.
  EXPECT_TRUE(book.Probe(KeyAfter(*session_, {"e2e4", "e7e5"})).empty());
  EXPECT_EQ(book.positions(), 3u);  // start, after e4, after d4
  EXPECT_EQ(book.FenOf(start), session_->StartFen());
}

TEST_F(OpeningBookTest, MinGamesFilters) {
  const OpeningBook book = Build({/*max_plies=*/8, /*min_games=*/2});
  ASSERT_EQ(book.size(), 1u);
  EXPECT_EQ(book.entries()[0].move, "e2e4");
}

TEST_F(OpeningBookTest, ChoosesByWeightOnly) {
  const OpeningBook book = Build({8, 1});
  const uint64_t start = KeyAfter(*session_, {});
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(book.Choose(start, seed), "e2e4");
  // After 1.e4 only c5 has weight.
  const uint64_t after_e4 = KeyAfter(*session_, {"e2e4"});
  for (uint64_t seed = 0; seed < 50; ++seed) EXPECT_EQ(book.Choose(after_e4, seed), "c7c5");
  EXPECT_EQ(book.Choose(12345, 1), "");  // not in the book
}

TEST_F(OpeningBookTest, ChoiceFollowsWeights) {
  OpeningBook book("chess", "");
  BookEntry a{7, "a2a3", 1, 1, 0, 1, 0, 0}, b{7, "b2b3", 3, 3, 0, 3, 0, 0};
  book.Add(a, "");
  book.Add(b, "");
  book.Finish();
  int b_count = 0;
  for (uint64_t seed = 0; seed < 4000; ++seed) b_count += book.Choose(7, seed) == "b2b3";
  EXPECT_NEAR(b_count / 4000.0, 0.75, 0.03);
  EXPECT_EQ(book.Choose(7, 99), book.Choose(7, 99));  // deterministic for a seed
}

TEST_F(OpeningBookTest, SaveLoadRoundTrip) {
  const OpeningBook book = Build({8, 1});
  const std::string path = TempPath("roundtrip.tbk");
  ASSERT_TRUE(book.Save(path).ok());
  absl::StatusOr<OpeningBook> loaded = OpeningBook::Load(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->variant(), "chess");
  ASSERT_EQ(loaded->size(), book.size());
  for (size_t i = 0; i < book.size(); ++i) {
    const BookEntry &x = book.entries()[i], &y = loaded->entries()[i];
    EXPECT_EQ(x.key, y.key);
    EXPECT_EQ(x.move, y.move);
    EXPECT_EQ(x.weight, y.weight);
    EXPECT_EQ(x.games, y.games);
    EXPECT_EQ(x.first_wins, y.first_wins);
    EXPECT_EQ(x.draws, y.draws);
    EXPECT_EQ(x.second_wins, y.second_wins);
    EXPECT_EQ(x.mean_score_cp, y.mean_score_cp);
  }
  EXPECT_EQ(loaded->positions(), book.positions());
  const uint64_t after_e4 = KeyAfter(*session_, {"e2e4"});
  EXPECT_EQ(loaded->FenOf(after_e4), session_->Fen());
  std::remove(path.c_str());
}

TEST_F(OpeningBookTest, CorruptFilesAreRejected) {
  const OpeningBook book = Build({8, 1});
  const std::string path = TempPath("corrupt.tbk");
  ASSERT_TRUE(book.Save(path).ok());
  std::string data;
  {
    std::ifstream f(path, std::ios::binary);
    data.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  }
  const auto write = [&](const std::string& bytes) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << bytes;
  };
  write(data.substr(0, data.size() - 3));
  EXPECT_FALSE(OpeningBook::Load(path).ok());
  std::string bad_magic = data;
  bad_magic[0] = 'X';
  write(bad_magic);
  EXPECT_NE(OpeningBook::Load(path).status().message().find("bad magic"), std::string::npos);
  EXPECT_EQ(OpeningBook::Load(TempPath("missing.tbk")).status().code(),
            absl::StatusCode::kNotFound);
  std::remove(path.c_str());
}

TEST_F(OpeningBookTest, IllegalGameAddsNothing) {
  BookBuilder b(session_.get(), {8, 1});
  const absl::Status s = b.AddGame("", {"e2e4", "e7e5", "e1e3"}, GameResult::kDraw, {});
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("ply 3"), std::string::npos) << s;
  EXPECT_EQ(b.games(), 0u);
  EXPECT_EQ(b.Build().size(), 0u);
}

}  // namespace
}  // namespace tumen::book
