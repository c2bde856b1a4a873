// The balance report: rendered for two hand-made arms, checked as text, and loaded in headless
// Chromium (installed by scripts/setup.sh) to check that the browser sees the tables, the SVG
// charts and the numbers, and that a screenshot is not blank.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "coordinator/reports/balance_report.h"
#include "coordinator/reports/svg_chart.h"
#include "gtest/gtest.h"
#include "tests/study/hand_games.h"
#include "tests/support/shell.h"

namespace tumen::coordinator {
namespace {

// Arm 1 (1000 nodes): 3 wins, 3 draws, 2 losses for White: score 4.5/8 = 56.25%, per-game
// variance 0.15234375, stderr 0.137996, interval [29.2, 83.3]%, Elo +43.7 [-153.8, +279.1].
// Arm 2 (10000 nodes): 5 wins, 5 draws: score 75%, variance (5 * 0.25^2 + 5 * 0.25^2) / 10 =
// 0.0625, stderr sqrt(0.00625) = 0.0790569, interval 0.75 -+ 0.154949 = [59.5, 90.5]%,
// Elo -400 log10(1/3) = +190.8.
std::vector<ArmStats> TwoArms() {
  BalanceArm a;
  a.variant = "shatar";
  a.nodes = 1000;
  a.games = {MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 30),
             MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 50),
             MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 19),
             MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_NO_SHAK_DRAW, 60),
             MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_BARE_KING, 120),
             MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_KNIGHT_MATE_DRAW, 400),
             MakeGame(v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_KNIGHT_MATE_LOSES, 41),
             MakeGame(v1::GAME_RESULT_BLACK_WINS, v1::TERMINATION_CHECKMATE, 75)};
  a.games[0].mutable_tuukhei()->set_count(2);
  a.games[0].mutable_tuukhei()->set_name("camel-2");
  BalanceArm b = a;
  b.nodes = 10000;
  b.games.clear();
  for (int i = 0; i < 5; ++i)
    b.games.push_back(MakeGame(v1::GAME_RESULT_WHITE_WINS, v1::TERMINATION_CHECKMATE, 90));
  for (int i = 0; i < 5; ++i)
    b.games.push_back(MakeGame(v1::GAME_RESULT_DRAW, v1::TERMINATION_REPETITION, 150));
  BalanceStatsOptions no_fit;
  no_fit.piece_values = false;
  std::vector<ArmStats> arms;
  for (const BalanceArm* arm : {&a, &b}) {
    absl::StatusOr<ArmStats> s = ComputeArmStats(*arm, no_fit);
    EXPECT_TRUE(s.ok()) << s.status();
    arms.push_back(*s);
  }
  // Piece values set by hand for the second arm (the fit itself is tested elsewhere).
  PieceValueStats& pv = arms[1].piece_values;
  pv.computed = true;
  pv.converged = true;
  pv.iterations = 6;
  pv.positions = 1234;
  pv.games_used = 10;
  pv.pieces = {{'p', 0.4, 0.05, 1.0, 1.0, 1.0}, {'n', 1.16, 0.1, 2.9, 2.47, 3.33}};
  return arms;
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

size_t Count(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + 1))
    ++n;
  return n;
}

TEST(ReportRenderTest, HtmlIsSelfContainedAndHasTheNumbers) {
  const std::string html = RenderBalanceHtml("Shatar <balance> & co", TwoArms());
  EXPECT_TRUE(Contains(html, "<title>Shatar &lt;balance&gt; &amp; co</title>"));
  EXPECT_FALSE(Contains(html, "<script"));
  EXPECT_FALSE(Contains(html, "src="));
  EXPECT_FALSE(Contains(html, "href="));
  EXPECT_FALSE(Contains(html, "url("));
  // The only URL is the SVG namespace name, which is never fetched.
  std::string without_ns = html;
  for (size_t at;
       (at = without_ns.find("xmlns=\"http://www.w3.org/2000/svg\"")) != std::string::npos;)
    without_ns.erase(at, 34);
  EXPECT_FALSE(Contains(without_ns, "http")) << "external URL in the report";
  EXPECT_TRUE(Contains(html, "56.2% [29.2, 83.3]") || Contains(html, "56.3% [29.2, 83.3]"));
  EXPECT_TRUE(Contains(html, "75.0% [59.5, 90.5]"));
  EXPECT_TRUE(Contains(html, "+190.8 [+66.9, +391.5]"));
  EXPECT_TRUE(Contains(html, "+43.7 [-153.8, +279.1]"));
  EXPECT_EQ(Count(html, "<svg"), 4u);  // score chart, two histograms, one piece-value plot
}

TEST(ReportRenderTest, MarkdownHasTablesAndReading) {
  const std::string md = RenderBalanceMarkdown("Shatar balance", TwoArms());
  EXPECT_TRUE(Contains(md, "# Shatar balance\n"));
  EXPECT_TRUE(Contains(md, "| Arm | Games | White wins | Draws | Black wins | White score |"));
  EXPECT_TRUE(Contains(md, "| shatar nodes=10000 | 10 | 50.0% ["));
  // Score printed with %.1f: 56.25 rounds to 56.2 under round-half-even of the binary value.
  EXPECT_TRUE(Contains(md, "White scores 56.2% [29.2, 83.3] in shatar at 1000 nodes") ||
              Contains(md, "White scores 56.3% [29.2, 83.3] in shatar at 1000 nodes"))
      << md;
  EXPECT_TRUE(Contains(md, "White scores 75.0% [59.5, 90.5] in shatar at 10000 nodes")) << md;
  EXPECT_TRUE(Contains(md, "a significant advantage for White"));
  EXPECT_TRUE(Contains(md, "no significant advantage for either side"));
  // 56.25% -> 75%: +18.75 points, combined stderr hypot(0.137996, 0.079057) = 0.159037,
  // 1.96 * 0.159 = 0.3117 > 0.1875: not significant.
  EXPECT_TRUE(Contains(
      md, "from 1000 to 10000 nodes changes White's score by +18.8 points (not significant)"))
      << md;
  EXPECT_TRUE(Contains(md, "| knight-mate ban |"));
  EXPECT_TRUE(Contains(md, "| camel-2 |"));
  EXPECT_TRUE(Contains(md, "| n | 1.1600 | 0.1000 | 2.90 | [2.47, 3.33] |"));
}

TEST(ReportRenderTest, SvgTextIsEscaped) {
  LineChart chart;
  chart.title = "a<b & \"c\"";
  chart.series.push_back({"x<y", {{1, 0.5}}});
  const std::string svg = RenderLineChart(chart);
  EXPECT_TRUE(Contains(svg, "a&lt;b &amp; &quot;c&quot;"));
  EXPECT_TRUE(Contains(svg, "x&lt;y"));
  EXPECT_FALSE(Contains(svg, "x<y"));
}

using testing::RunShell;

using testing::FindChromium;

TEST(ReportRenderTest, HeadlessChromiumRendersTheReport) {
  const std::string chromium = FindChromium();
  ASSERT_FALSE(chromium.empty())
      << "chromium is not installed; run scripts/setup.sh (it installs the Debian package "
         "'chromium') to render the report in a headless browser";

  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("tumen_report_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path html_path = dir / "report.html", png_path = dir / "report.png";
  {
    std::ofstream out(html_path);
    out << RenderBalanceHtml("Shatar balance study", TwoArms());
  }
  // Chromium as root needs --no-sandbox; a private profile keeps runs independent.
  const std::string flags =
      "--headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
      "--no-first-run --user-data-dir=" +
      (dir / "profile").string() + " --virtual-time-budget=2000 --window-size=1200,1600";
  std::string dom;
  const int rc = RunShell("timeout 60 " + chromium + " " + flags + " --dump-dom file://" +
                              html_path.string() + " 2>/dev/null",
                          &dom);
  ASSERT_EQ(rc, 0) << "chromium --dump-dom failed";
  EXPECT_TRUE(Contains(dom, "<table id=\"summary\">")) << dom.substr(0, 2000);
  EXPECT_TRUE(Contains(dom, "<table id=\"terminations\">"));
  EXPECT_TRUE(Contains(dom, "<table id=\"special-rules\">"));
  EXPECT_TRUE(Contains(dom, "<table id=\"tuukhei-names\">"));
  EXPECT_TRUE(Contains(dom, "id=\"piece-values\""));
  EXPECT_EQ(Count(dom, "<svg"), 4u);
  EXPECT_TRUE(Contains(dom, "White's score vs node budget per rule set"));
  EXPECT_TRUE(Contains(dom, "<polyline"));
  EXPECT_TRUE(Contains(dom, "75.0% [59.5, 90.5]"));
  EXPECT_TRUE(Contains(dom, "+190.8 [+66.9, +391.5]"));
  EXPECT_TRUE(Contains(dom, "camel-2"));

  std::string ignored;
  const int shot =
      RunShell("timeout 60 " + chromium + " " + flags + " --screenshot=" + png_path.string() +
                   " file://" + html_path.string() + " >/dev/null 2>&1",
               &ignored);
  ASSERT_EQ(shot, 0) << "chromium --screenshot failed";
  std::ifstream in(png_path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  const std::string png = bytes.str();
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  // IHDR: big-endian width and height at bytes 16 and 20.
  const auto be32 = [&](size_t at) {
    return (uint32_t(uint8_t(png[at])) << 24) | (uint32_t(uint8_t(png[at + 1])) << 16) |
           (uint32_t(uint8_t(png[at + 2])) << 8) | uint32_t(uint8_t(png[at + 3]));
  };
  EXPECT_EQ(be32(16), 1200u);
  EXPECT_EQ(be32(20), 1600u);
  // A blank 1200x1600 page compresses to a few KB; tables, text and charts take far more.
  EXPECT_GT(png.size(), 30000u) << "the screenshot looks blank";
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
}

}  // namespace
}  // namespace tumen::coordinator
