// tumen fit's teacher labels: a UCI engine's search score of each position, turned into the
// expected result for the side to move and blended with the game's result. Our own engine
// serves as the teacher, so the test needs nothing outside the build.
#include "coordinator/stats/teacher_labels.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
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
  const absl::Status s = BlendTeacherLabels(fens, missing, labels);
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.message(), "/nonexistent/teacher")) << s;
  EXPECT_EQ(labels[0], 1.0);
  EXPECT_FALSE(BlendTeacherLabels(fens, Teacher(1.5), labels).ok());
  std::vector<double> too_few;
  EXPECT_FALSE(BlendTeacherLabels(fens, Teacher(1.0), too_few).ok());
}

}  // namespace
}  // namespace tumen::coordinator
