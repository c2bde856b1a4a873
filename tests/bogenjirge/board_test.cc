// The bogenjirge board as data (RULES.md §6): parsing, derived tables, malformed files.
#include "engine/games/bogenjirge/board.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/core/bits.h"

namespace tumen::bogenjirge {
namespace {

std::shared_ptr<const Board> Default() {
  auto board = EmbeddedBoard("default.txt");
  EXPECT_TRUE(board.ok()) << board.status();
  return *board;
}

Mask Points(const Board& b, std::initializer_list<const char*> names) {
  Mask m = 0;
  for (const char* n : names) {
    const Point p = b.Find(n);
    EXPECT_GE(p, 0) << n;
    if (p >= 0) m |= PointMask(p);
  }
  return m;
}

TEST(BogenjirgeBoard, DefaultBoardHas35Points74EdgesAnd106Jumps) {
  // By hand from RULES.md's line list: a line of n points has n-1 edges and 2(n-2)
  // directed jumps. Edges: rows 1,2,4,5: 4*4; row 3: 8; columns c-g: 5*4; b, h, i
  // columns: 3*2; long diagonals 2*4; b4-e1, b2-e5: 2*3; e1-i5, e5-i1: 2*4; a3-b4, a3-b2:
  // 2*1. 16+8+20+6+8+6+8+2 = 74. Jumps: 4*6 + 14 + 5*6 + 3*2 + 2*6 + 2*4 + 2*6 = 106.
  const auto b = Default();
  EXPECT_EQ(b->size(), 35);
  EXPECT_EQ(b->edge_count(), 74);
  EXPECT_EQ(b->jump_total(), 106);
  EXPECT_EQ(PopCount(b->square()), 25);
}

TEST(BogenjirgeBoard, AdjacencyAndJumpsFollowTheLines) {
  const auto b = Default();
  EXPECT_EQ(b->neighbours(b->Find("c3")),
            Points(*b, {"b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4"}));
  EXPECT_EQ(b->neighbours(b->Find("a3")), Points(*b, {"b2", "b3", "b4"}));
  EXPECT_EQ(b->neighbours(b->Find("c1")), Points(*b, {"c2", "d1", "d2"}));
  EXPECT_EQ(b->neighbours(b->Find("e2")), Points(*b, {"d2", "f2", "e1", "e3"}));
  EXPECT_EQ(b->neighbours(b->Find("i3")), Points(*b, {"h3", "i1", "i5"}));
  // From c3: along row 3 to a3 and e3, column c to c1 and c5, the half-diagonals to e1
  // and e5; b2 and b4 end their lines, so nothing beyond them.
  const Point c3 = b->Find("c3");
  Mask targets = 0;
  for (int i = 0; i < b->jump_count(c3); ++i) targets |= PointMask(b->jumps(c3)[i].to);
  EXPECT_EQ(targets, Points(*b, {"a3", "e3", "c1", "c5", "e1", "e5"}));
  EXPECT_EQ(b->over(c3, b->Find("e1")), b->Find("d2"));
  EXPECT_EQ(b->over(b->Find("i1"), b->Find("g3")), b->Find("h2"));
  EXPECT_EQ(b->over(c3, b->Find("e2")), Board::kNoPoint);
  EXPECT_EQ(b->distance_to_square(b->Find("a3")), 2);
  EXPECT_EQ(b->distance_to_square(b->Find("h3")), 1);
  EXPECT_EQ(b->distance_to_square(b->Find("e3")), 0);
}

TEST(BogenjirgeBoard, EmbeddedTextIsTheFileInTheRepository) {
  for (const char* name : {"default.txt", "small7.txt"}) {
    std::ifstream in(std::string(TUMEN_SOURCE_DIR) + "/engine/games/bogenjirge/boards/" + name);
    ASSERT_TRUE(in) << name;
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(std::string(EmbeddedBoardText(name)), text.str()) << name;
  }
  EXPECT_TRUE(EmbeddedBoardText("no-such-board.txt").empty());
  EXPECT_FALSE(EmbeddedBoard("no-such-board.txt").ok());
}

TEST(BogenjirgeBoard, LoadsFromAPathAndReportsAMissingFile) {
  auto board =
      LoadBoardFile(std::string(TUMEN_SOURCE_DIR) + "/engine/games/bogenjirge/boards/small7.txt");
  ASSERT_TRUE(board.ok()) << board.status();
  EXPECT_EQ((*board)->size(), 15);
  EXPECT_EQ(PopCount((*board)->square()), 9);
  const absl::Status missing = LoadBoardFile("/nonexistent/board.txt").status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kNotFound);
}

// A minimal valid board, then one defect at a time.
constexpr char kValid[] =
    "point a1 1 1\npoint b1 2 1\npoint c1 3 1\npoint b2 2 2\n"
    "line a1 b1 c1\nline b1 b2\nsquare a1 b1 c1\nstart 1/3 d 1\n";

absl::Status ParseError(const std::string& text) { return Board::Parse(text, "test").status(); }

void ExpectError(const std::string& text, const std::string& fragment) {
  const absl::Status s = ParseError(text);
  EXPECT_FALSE(s.ok()) << text;
  EXPECT_NE(std::string(s.message()).find(fragment), std::string::npos)
      << "'" << s.message() << "' lacks '" << fragment << "'";
}

TEST(BogenjirgeBoard, AMinimalBoardParses) {
  auto b = Board::Parse(kValid, "test");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ((*b)->edge_count(), 3);
  EXPECT_EQ((*b)->jump_total(), 2);
}

TEST(BogenjirgeBoard, MalformedFilesGiveClearErrors) {
  ExpectError(std::string(kValid) + "line a1 z1\n", "unknown point 'z1'");
  ExpectError(std::string(kValid) + "point a1 1 1\n", "duplicate point 'a1'");
  ExpectError(std::string(kValid) + "line a1 b1 b2\n", "not on the straight line");
  ExpectError(std::string(kValid) + "line a1\n", "at least 2 points");
  ExpectError(std::string(kValid) + "line b1 a1 c1\n", "out of order");
  ExpectError(std::string(kValid) + "line a1 b1 a1\n", "repeats");
  ExpectError(std::string(kValid) + "point z9 3 3\n", "must be named c3");
  ExpectError(std::string(kValid) + "point c3 3\n", "expected 'point <name> <x> <y>'");
  ExpectError(std::string(kValid) + "point j1 10 1\n", "coordinates");
  ExpectError(std::string(kValid) + "circle a1\n", "unknown directive 'circle'");
  ExpectError(std::string(kValid) + "square z1\n", "unknown point 'z1'");
  ExpectError(std::string(kValid) + "square a1\n", "in the square twice");
  ExpectError(std::string(kValid) + "start 1/3 d 1\n", "a second start");
  ExpectError("point a1 1 1\npoint b1 2 1\nline a1 b1\nstart 2 d 0\n", "no 'square'");
  ExpectError("point a1 1 1\npoint b1 2 1\nline a1 b1\nsquare a1\n", "no 'start'");
  ExpectError("point a1 1 1\n", "fewer than 2 points");
  // Two lines that skip different points give a1-d1 two middles.
  ExpectError(
      "point a1 1 1\npoint b1 2 1\npoint c1 3 1\npoint d1 4 1\n"
      "line a1 b1 d1\nline a1 c1 d1\nsquare a1\nstart 4 d 0\n",
      "passes over both");
  // Error messages name the source and the line.
  EXPECT_NE(
      std::string(ParseError(std::string(kValid) + "line a1\n").message()).find("test line 9"),
      std::string::npos);
}

}  // namespace
}  // namespace tumen::bogenjirge
