// tumen fit's teacher labels: a UCI engine's search score of each position, turned into the
// expected result for the side to move and blended with the game's result. Our own engine
// serves as the teacher, so the test needs nothing outside the build.
#include "coordinator/stats/teacher_labels.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/score.h"
#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

const std::string kEngine = std::string(TUMEN_BINARY_DIR) + "/bin/tumen-engine";

TeacherOptions Teacher(double weight) {
  TeacherOptions o;
  o.engine.path = kEngine;
  o.engine.variant = "shatar-traditional";
  o.nodes = 2000;
  o.weight = weight;
  return o;
}

TEST(TeacherLabels, ExpectedScoreIsTheLogisticOfTheScore) {
  EXPECT_DOUBLE_EQ(ExpectedScore(0), 0.5);
  EXPECT_NEAR(ExpectedScore(400), 10.0 / 11.0, 1e-12);
  EXPECT_NEAR(ExpectedScore(-400), 1.0 / 11.0, 1e-12);
  EXPECT_EQ(ExpectedScore(kMateScore - 5), 1.0);
  EXPECT_EQ(ExpectedScore(-kMateScore + 8), 0.0);
}

TEST(TeacherLabels, TheTeachersScoresReplaceOrBlendWithTheResults) {
  // The start (d4 d5 played); White a rook up with Black to move; White a rook up with White to
  // move.
  const std::vector<std::string> fens = {
      "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
      "1nbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR b - - 0 1",
      "1nbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
  };
  std::vector<double> labels = {1.0, 1.0, 0.0};  // the "game results", all misleading
  TeacherOptions teacher = Teacher(1.0);
  size_t reported = 0;
  teacher.progress = [&](size_t done, size_t total) {
    EXPECT_EQ(total, fens.size());
    reported = done;
  };
  ASSERT_TRUE(BlendTeacherLabels(fens, teacher, labels).ok());
  EXPECT_EQ(reported, fens.size());
  EXPECT_GT(labels[0], 0.3);
  EXPECT_LT(labels[0], 0.7);
  EXPECT_LT(labels[1], 0.2);  // the side to move is the one a rook down
  EXPECT_GT(labels[2], 0.8);

  // Half and half: halfway between the teacher and the game's result.
  std::vector<double> blended = {1.0, 1.0, 0.0};
  ASSERT_TRUE(BlendTeacherLabels(fens, Teacher(0.5), blended).ok());
  EXPECT_NEAR(blended[1], 0.5 * 1.0 + 0.5 * labels[1], 0.05);
  EXPECT_NEAR(blended[2], 0.5 * 0.0 + 0.5 * labels[2], 0.05);
}

TEST(TeacherLabels, ClearErrorsLeaveTheLabelsAlone) {
  const std::vector<std::string> fens = {
      "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"};
  std::vector<double> labels = {1.0};
  TeacherOptions missing = Teacher(1.0);
  missing.engine.path = "/nonexistent/teacher";
  const absl::Status s = BlendTeacherLabels(fens, missing, labels).status();
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.message(), "/nonexistent/teacher")) << s;
  EXPECT_EQ(labels[0], 1.0);
  EXPECT_FALSE(BlendTeacherLabels(fens, Teacher(1.5), labels).ok());
  std::vector<double> too_few;
  EXPECT_FALSE(BlendTeacherLabels(fens, Teacher(1.0), too_few).ok());
}

TEST(TeacherLabels, ACacheFileAnswersThePositionsItHolds) {
  const std::vector<std::string> fens = {
      "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
      "1nbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR b - - 0 1",
  };
  const std::string path = ::testing::TempDir() + "/teacher-cache.txt";
  std::remove(path.c_str());
  TeacherOptions teacher = Teacher(1.0);
  teacher.cache_path = path;
  std::vector<double> labels = {0.5, 0.5};
  absl::StatusOr<size_t> cached = BlendTeacherLabels(fens, teacher, labels);
  ASSERT_TRUE(cached.ok()) << cached.status();
  EXPECT_EQ(*cached, 0u);  // a new file: the teacher searched both

  // The file: the settings, then a score and a FEN per position.
  std::string text;
  {
    std::ifstream in(path);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  EXPECT_TRUE(absl::StartsWith(text, TeacherSettingsLine(teacher) + "\n")) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);

  // Scores written into the file by hand come back without a search: +900 for the start.
  {
    std::ofstream out(path, std::ios::trunc);
    out << TeacherSettingsLine(teacher) << "\n900\t" << fens[0] << "\nnone\t" << fens[1] << "\n";
  }
  std::vector<double> again = {0.25, 0.25};
  cached = BlendTeacherLabels(fens, teacher, again);
  ASSERT_TRUE(cached.ok()) << cached.status();
  EXPECT_EQ(*cached, 2u);
  EXPECT_DOUBLE_EQ(again[0], ExpectedScore(900));
  EXPECT_EQ(again[1], 0.25);  // no move found: the game's result stays

  // Other settings are refused, and so is a line that is not `score<TAB>fen`.
  TeacherOptions deeper = teacher;
  deeper.nodes = 3000;
  absl::Status s = BlendTeacherLabels(fens, deeper, again).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "--teacher-cache")) << s;
  {
    std::ofstream out(path, std::ios::app);
    out << "ninety\t" << fens[0] << "\n";
  }
  s = BlendTeacherLabels(fens, teacher, again).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
  EXPECT_TRUE(absl::StrContains(s.message(), "line 4")) << s;
}

}  // namespace
}  // namespace tumen::coordinator
