// `tumen report --out`: both files go where --out says (issue 20).
#include "coordinator/reports/report_paths.h"

#include <filesystem>

#include "gtest/gtest.h"

namespace tumen::coordinator {
namespace {

void ExpectPaths(const std::string& out, const std::string& markdown, const std::string& html_path,
                 const std::string& markdown_path) {
  absl::StatusOr<ReportPaths> paths = ChooseReportPaths(out, markdown, 7);
  ASSERT_TRUE(paths.ok()) << paths.status();
  EXPECT_EQ(paths->html, html_path) << "--out " << out;
  EXPECT_EQ(paths->markdown, markdown_path) << "--out " << out;
}

TEST(ReportPaths, BothFilesGoWhereOutSays) {
  ExpectPaths("", "", "report-7.html", "report-7.md");
  ExpectPaths("out/study", "", "out/study.html", "out/study.md");
  ExpectPaths("out/study.html", "", "out/study.html", "out/study.md");
  ExpectPaths("out/study.md", "", "out/study.html", "out/study.md");
  ExpectPaths("out/study.v2", "", "out/study.v2.html", "out/study.v2.md");
}

TEST(ReportPaths, AFolderGetsBothFilesNamedAfterTheJob) {
  const std::string dir = ::testing::TempDir() + "report-paths-folder";
  std::filesystem::create_directories(dir);
  ExpectPaths(dir, "", dir + "/report-7.html", dir + "/report-7.md");
  ExpectPaths("reports/", "", "reports/report-7.html", "reports/report-7.md");
  std::filesystem::remove_all(dir);
}

TEST(ReportPaths, MarkdownNamesTheSummaryInstead) {
  ExpectPaths("study.html", "notes/summary.md", "study.html", "notes/summary.md");
}

TEST(ReportPaths, StandardOutputIsRefusedForTwoFiles) {
  absl::StatusOr<ReportPaths> paths = ChooseReportPaths("-", "", 7);
  ASSERT_FALSE(paths.ok());
  EXPECT_NE(paths.status().message().find("give a path or a folder"), std::string::npos);
}

}  // namespace
}  // namespace tumen::coordinator
