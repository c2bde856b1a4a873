// The UCI front end: in-process through streams, and the real binary through a pipe.
#include "engine/uci/uci_engine.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "engine/book/opening_book.h"
#include "gtest/gtest.h"
#include "tests/support/subprocess.h"

namespace tumen {
namespace {

std::string RunCommands(const std::vector<std::string>& lines) {
  std::ostringstream out;
  UciEngine engine(out);
  for (const std::string& line : lines)
    if (!engine.HandleLine(line)) break;
  return out.str();
}

bool Contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// The first line of the engine's output that starts with `prefix`, or a <reason> why none came.
std::string ReadUntil(testing::Subprocess& process, const std::string& prefix) {
  while (true) {
    absl::StatusOr<std::string> line = process.ReadLine(absl::Seconds(30));
    if (!line.ok()) return absl::StrCat("<", line.status().message(), ">");
    if (line->rfind(prefix, 0) == 0) return *line;
  }
}

TEST(UciEngine, HandshakeListsEveryVariant) {
  const std::string out = RunCommands({"uci", "isready"});
  EXPECT_TRUE(Contains(out, "id name Tumen"));
  EXPECT_TRUE(Contains(out,
                       "option name UCI_Variant type combo default shatar var shatar "
                       "var shatar-traditional var chess"));
  EXPECT_TRUE(Contains(out, "uciok"));
  EXPECT_TRUE(Contains(out, "readyok"));
}

// A controller starts the clock after `readyok`: the hash table must be allocated by then,
// not on the first `go`, where it cost 0.1 s of a 1+0.01 clock at 16 MiB and 2 s at 256.
TEST(UciEngine, TheHashTableIsAllocatedBeforeTheClockStarts) {
  const std::string fresh = RunCommands({"setoption name Hash value 2", "d"});
  EXPECT_TRUE(Contains(fresh, "Hash: 2 MiB, not yet allocated")) << fresh;
  EXPECT_TRUE(Contains(RunCommands({"isready", "d"}), "Hash: 16 MiB, allocated"));
  EXPECT_TRUE(Contains(RunCommands({"ucinewgame", "d"}), "Hash: 16 MiB, allocated"));
  // A variant switch starts a new session, whose table waits for the next isready.
  const std::string switched =
      RunCommands({"isready", "setoption name UCI_Variant value xiangqi", "d", "isready", "d"});
  EXPECT_TRUE(Contains(switched, "not yet allocated\n")) << switched;
  EXPECT_TRUE(Contains(switched, "MiB, allocated\n")) << switched;
}

TEST(UciEngine, PerftPrintsDivideAndTotal) {
  const std::string out = RunCommands(
      {"setoption name UCI_Variant value shatar-traditional", "position startpos", "go perft 3"});
  EXPECT_TRUE(Contains(out, "e2e3: "));
  EXPECT_TRUE(Contains(out, "Nodes searched: 8426\n"));
  int move_lines = 0;
  for (absl::string_view line : absl::StrSplit(out, '\n'))
    if (line.size() > 4 && line[4] == ':') ++move_lines;
  EXPECT_EQ(move_lines, 20);
}

TEST(UciEngine, DisplayShowsFenAfterMoves) {
  const std::string out = RunCommands({"position startpos moves d2d4 d7d5 g1f3", "d"});
  EXPECT_TRUE(Contains(out, "Fen: rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b - - 1 2"));
}

// `eval` is the static evaluation: a side a rook up is ahead from the first player's view
// whoever is to move, and the side-to-move figure turns with the move.
TEST(UciEngine, EvalPrintsTheStaticEvaluationFromBothViews) {
  struct Figures {
    int side_to_move = 0, first_player = 0, parsed = 0;
  };
  const auto eval_of = [](const std::string& side) {
    const std::string out = RunCommands(
        {"setoption name UCI_Variant value shatar-traditional",
         "position fen rnbjkbn1/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR " + side + " - - 0 1",
         "eval"});
    Figures f;
    f.parsed = std::sscanf(out.c_str(),
                           "Static evaluation: %d cp (side to move), %d cp (first player)",
                           &f.side_to_move, &f.first_player);
    return f;
  };
  const Figures white = eval_of("w"), black = eval_of("b");
  ASSERT_EQ(white.parsed, 2);
  ASSERT_EQ(black.parsed, 2);
  EXPECT_GT(white.first_player, 300);
  EXPECT_GT(black.first_player, 300);
  EXPECT_EQ(white.side_to_move, white.first_player);
  EXPECT_EQ(black.side_to_move, -black.first_player);
  EXPECT_TRUE(Contains(RunCommands({"eval"}), "Static evaluation: ")) << "the default variant";
}

TEST(UciEngine, BadInputIsAnsweredAndThePositionKept) {
  const std::string out =
      RunCommands({"position startpos moves e2e4", "position fen not/a/fen w",
                   "position startpos moves e2e4 e7e6", "setoption name UCI_Variant value nope",
                   "go perft 0", "frobnicate", "d"});
  EXPECT_TRUE(Contains(out, "info string error: fen 'not/a/fen w'"));
  EXPECT_TRUE(Contains(out, "info string error: move 'e7e6'"));
  EXPECT_TRUE(Contains(out, "info string error: unknown variant 'nope'"));
  EXPECT_TRUE(Contains(out, "info string error: 'go perft N' needs a number from 1 to 20"));
  EXPECT_TRUE(Contains(out, "info string error: unknown command 'frobnicate'"));
  // Still shatar, still after 1.e4.
  EXPECT_TRUE(Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1"));
}

TEST(UciEngine, ShatarRulesOptionIsListedAndApplied) {
  const std::string out =
      RunCommands({"uci", "setoption name ShatarRules value array=rotational,queen=bers",
                   "position startpos", "d"});
  EXPECT_TRUE(Contains(out, "option name ShatarRules type string default <empty>"));
  EXPECT_TRUE(Contains(out, "var shatar-1997 var shatar-folk"));
  EXPECT_TRUE(Contains(out, "Fen: rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKJBNR w - - 0 1"));
}

TEST(UciEngine, ShatarRulesErrorsKeepThePreviousRules) {
  const std::string out = RunCommands({"setoption name ShatarRules value queen=bers",
                                       "setoption name ShatarRules "
                                       "value queen=king",
                                       "position startpos", "d"});
  EXPECT_TRUE(Contains(out, "info string error: rule option queen has no value 'king'"));
  EXPECT_TRUE(Contains(out, "Fen: rnbjkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBJKBNR w - - 0 1"));
}

TEST(UciEngine, ShatarRulesFollowTheVariant) {
  // Kept over a new Shatar variant (applied over its preset) ...
  std::string out = RunCommands({"setoption name ShatarRules value array=rotational",
                                 "setoption name UCI_Variant value shatar-traditional",
                                 "position startpos", "d"});
  EXPECT_TRUE(Contains(out, "Fen: rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBKJBNR w - - 0 1"));
  // ... dropped (with a note) where they do not apply, and refused for chess.
  out = RunCommands({"setoption name ShatarRules value shak=on",
                     "setoption name UCI_Variant value chess", "position startpos", "d",
                     "setoption name ShatarRules value shak=on"});
  EXPECT_TRUE(Contains(out, "info string ShatarRules 'shak=on' cleared"));
  EXPECT_TRUE(Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_TRUE(Contains(out, "info string error: rule options apply to the Shatar variants only"));
  // <empty> returns to the plain preset.
  out = RunCommands({"setoption name ShatarRules value queen=bers",
                     "setoption name ShatarRules value <empty>", "position startpos", "d"});
  EXPECT_TRUE(Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
}

TEST(UciEngine, ShatarFolkPerftThroughUci) {
  const std::string out = RunCommands(
      {"setoption name UCI_Variant value shatar-folk", "position startpos", "go perft 1"});
  EXPECT_TRUE(Contains(out, "Nodes searched: 2\n"));
}

TEST(UciEngine, BinaryAnswersThroughAPipe) {
  auto process = testing::Subprocess::Start(TUMEN_BINARY_DIR "/bin/tumen-engine", {});
  ASSERT_TRUE(process.ok()) << process.status();
  const auto read_until = [&](const std::string& prefix) { return ReadUntil(**process, prefix); };
  ASSERT_TRUE((*process)->WriteLine("uci").ok());
  EXPECT_EQ(read_until("uciok"), "uciok");
  ASSERT_TRUE((*process)->WriteLine("setoption name UCI_Variant value chess").ok());
  ASSERT_TRUE((*process)->WriteLine("position fen garbage").ok());
  EXPECT_EQ(read_until("info string error"),
            "info string error: fen 'garbage': expected 2 to 6 "
            "fields: board, side, [castling, en passant, "
            "halfmove, fullmove]");
  ASSERT_TRUE((*process)->WriteLine("position startpos").ok());
  ASSERT_TRUE((*process)->WriteLine("go perft 4").ok());
  EXPECT_EQ(read_until("Nodes searched"), "Nodes searched: 197281");
  ASSERT_TRUE((*process)->WriteLine("isready").ok());
  EXPECT_EQ(read_until("readyok"), "readyok");
  ASSERT_TRUE((*process)->WriteLine("quit").ok());
}

TEST(UciEngine, GoDepthPrintsInfoAndBestmove) {
  std::ostringstream out;
  {
    UciEngine engine(out);
    engine.HandleLine("position startpos moves e2e4 e7e5");
    engine.HandleLine("go depth 5");
    engine.WaitForSearch();
  }
  const std::string text = out.str();
  EXPECT_TRUE(Contains(text, "info depth 5 seldepth"));
  EXPECT_TRUE(Contains(text, " score cp "));
  EXPECT_TRUE(Contains(text, " pv "));
  EXPECT_TRUE(Contains(text, "bestmove "));
}

// RULES.md, Perft: a position whose game a rule has ended at once has no legal moves, at the
// root as below it. Every family with such a rule: the deer-chess wins (either side to move)
// and the bare-king draw of the Shatar rule sets that have it. `go perft` counts 0 with no
// divide lines, `go` answers `bestmove (none)` at once and `result` gives the verdict.
TEST(UciEngine, AGameEndedByRuleHasNoMovesAtTheRoot) {
  struct Case {
    const char* variant;
    const char* fen;
    const char* verdict;
  };
  const Case cases[] = {
      {"bogenjirge", "6/2ddd2/1Ddd1ddD1/2ddd2/6 d 14 4", "result 0-1 "},
      {"bogenjirge", "6/7/1Ddd1ddD1/7/6 g 12 10", "result 0-1 "},
      {"shatar-traditional", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "result 1/2-1/2 "},
      {"shatar-folk", "8/8/8/8/4k3/8/8/R2K4 b - - 0 1", "result 1/2-1/2 "},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.variant, " ", c.fen));
    std::ostringstream out;
    {
      UciEngine engine(out);
      engine.HandleLine(absl::StrCat("setoption name UCI_Variant value ", c.variant));
      engine.HandleLine(absl::StrCat("position fen ", c.fen));
      engine.HandleLine("go perft 2");
      engine.HandleLine("result");
      engine.HandleLine("go depth 4");
      engine.WaitForSearch();
    }
    const std::string text = out.str();
    EXPECT_TRUE(Contains(text, "Nodes searched: 0\n")) << text;
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      const size_t colon = line.find(": ");
      // A divide line is `<move>: <count>`; the only `X: N` line left is the total.
      EXPECT_FALSE(colon != absl::string_view::npos &&
                   line.substr(0, colon).find(' ') == absl::string_view::npos)
          << "divide line '" << line << "'";
    }
    EXPECT_TRUE(Contains(text, c.verdict)) << text;
    EXPECT_TRUE(Contains(text, "bestmove (none)")) << text;
  }
}

// The deer-chess ply cap ends a game in play (the deer win) but never stops perft.
TEST(UciEngine, ThePlyCapEndsTheGameButNotPerft) {
  const std::string out =
      RunCommands({"setoption name UCI_Variant value bogenjirge",
                   "position fen 6/2ddd2/2Dd1dD2/2ddd2/6 d 16 400", "result", "go perft 2",
                   "position fen 6/2ddd2/2Dd1dD2/2ddd2/6 d 16 399", "go perft 2"});
  EXPECT_TRUE(Contains(out, "result 1-0 ")) << out;
  const size_t first = out.find("Nodes searched: 674\n");
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_NE(out.find("Nodes searched: 674\n", first + 1), std::string::npos) << out;
  EXPECT_TRUE(Contains(out, "c3b3: 45\n")) << out;
}

// A book of the variant answers `go` in its positions; elsewhere, and for another variant,
// the engine searches.
TEST(UciEngine, BookFileAnswersItsPositions) {
  auto session = *CreateGameSession("shatar");
  book::BookBuilder builder(session.get(), {4, 1});
  // Only 1.e4 e5 2.Nc3 ever won for White, so the book plays e2e4 and then b1c3.
  ASSERT_TRUE(builder.AddGame("", {"e2e4", "e7e5", "b1c3"}, GameResult::kFirstPlayerWins, {}).ok());
  ASSERT_TRUE(builder.AddGame("", {"d2d4", "d7d5"}, GameResult::kSecondPlayerWins, {}).ok());
  const std::string path = absl::StrCat(::testing::TempDir(), "/uci_book.tbk");
  ASSERT_TRUE(builder.Build().Save(path).ok());
  std::ostringstream out;
  {
    UciEngine engine(out);
    engine.HandleLine("setoption name UCI_Variant value shatar");
    engine.HandleLine(absl::StrCat("setoption name BookFile value ", path));
    engine.HandleLine("position startpos");
    engine.HandleLine("go depth 3");
    engine.WaitForSearch();
    engine.HandleLine("position startpos moves e2e4 e7e5");
    engine.HandleLine("go depth 3");
    engine.WaitForSearch();
    engine.HandleLine("position startpos moves d2d4 d7d5");  // only lost: not played from the book
    engine.HandleLine("go depth 3");
    engine.WaitForSearch();
    engine.HandleLine("setoption name BookFile value /nonexistent.tbk");
  }
  const std::vector<std::string> lines = absl::StrSplit(out.str(), '\n');
  std::vector<std::string> best;
  for (const std::string& l : lines)
    if (l.rfind("bestmove ", 0) == 0) best.push_back(l);
  ASSERT_EQ(best.size(), 3u) << out.str();
  EXPECT_EQ(best[0], "bestmove e2e4");
  EXPECT_EQ(best[1], "bestmove b1c3");
  EXPECT_TRUE(Contains(out.str(), "info string book move e2e4"));
  EXPECT_EQ(std::count(lines.begin(), lines.end(), "info string book move b1c3"), 1);
  EXPECT_TRUE(Contains(out.str(), "info string error"));  // the missing book file
  std::remove(path.c_str());
}

TEST(UciEngine, BadGoArgumentsAreErrors) {
  const std::string out = RunCommands({"go depth x", "go nodes -5", "go sideways", "go wtime"});
  EXPECT_TRUE(Contains(out, "info string error: 'depth' needs a number"));
  EXPECT_TRUE(Contains(out, "info string error: 'nodes' needs a number"));
  EXPECT_TRUE(Contains(out, "info string error: unknown 'go' argument 'sideways'"));
  EXPECT_TRUE(Contains(out, "info string error: 'wtime' needs a value"));
  EXPECT_FALSE(Contains(out, "bestmove"));
}

TEST(UciEngine, ParametersAreSpinOptions) {
  const std::string out =
      RunCommands({"uci", "setoption name KnightMg value 5000", "setoption name KnightMg value 310",
                   "setoption name Hash value 0"});
  // shatar's default is its SPSA-tuned value (engine/games/shatar/rules.cc), not the table's 320.
  EXPECT_TRUE(Contains(out, "option name KnightMg type spin default 316 min 200 max 600"));
  EXPECT_TRUE(Contains(out, "option name Threads type spin"));
  EXPECT_TRUE(Contains(out, "info string error: parameter KnightMg = 5000 is outside [200, 600]"));
  EXPECT_TRUE(Contains(out, "info string error: 'Hash' needs a number from 1"));
}

// Node count of the engine's `go depth D` after `commands`, read from its last info line.
uint64_t NodesAfter(const std::vector<std::string>& commands, int depth) {
  std::ostringstream out;
  {
    UciEngine engine(out);
    for (const std::string& c : commands) engine.HandleLine(c);
    engine.HandleLine("go depth " + std::to_string(depth));
    engine.WaitForSearch();
  }
  uint64_t nodes = 0;
  for (absl::string_view line : absl::StrSplit(out.str(), '\n')) {
    const size_t at = line.find(" nodes ");
    if (line.rfind("info depth", 0) == 0 && at != absl::string_view::npos)
      nodes = std::stoull(std::string(line.substr(at + 7, line.find(' ', at + 7) - at - 7)));
  }
  return nodes;
}

uint64_t FreshSessionNodes(const std::string& variant, const std::string& params, int depth) {
  auto session = *CreateGameSession(variant);
  EXPECT_TRUE(session->params().ParseText(params).ok());
  search::Limits limits;
  limits.depth = depth;
  return session->Go(limits, nullptr).nodes;
}

// After a variant switch the new game's own defaults apply; only parameters the user set
// carry over (where the new game has them).
TEST(UciEngine, VariantSwitchKeepsOnlyUserSetParameters) {
  EXPECT_EQ(NodesAfter({"setoption name UCI_Variant value chess",
                        "setoption name UCI_Variant value xiangqi", "position startpos"},
                       6),
            FreshSessionNodes("xiangqi", "", 6));
  EXPECT_EQ(
      NodesAfter({"setoption name UCI_Variant value chess", "setoption name KnightMg value 300",
                  "setoption name UCI_Variant value shatar", "position startpos"},
                 6),
      FreshSessionNodes("shatar", "KnightMg 300\n", 6));
}

// An unbuffered output that notes when two threads write or flush at once. Each call stays
// inside for a moment, so that an unguarded call from a second thread is caught reliably.
class OverlapDetectingBuf : public std::streambuf {
 public:
  bool overlapped() const { return overlapped_.load(); }
  std::string text() {
    std::lock_guard<std::mutex> lock(text_mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    const char ch = char(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    Enter();
    {
      std::lock_guard<std::mutex> lock(text_mutex_);
      text_.append(s, size_t(n));
    }
    Leave();
    return n;
  }
  int sync() override {
    Enter();
    Leave();
    return 0;
  }

 private:
  void Enter() {
    if (inside_.exchange(true)) overlapped_ = true;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  void Leave() { inside_ = false; }

  std::atomic<bool> inside_{false}, overlapped_{false};
  std::mutex text_mutex_;
  std::string text_;
};

// The input of a real session is std::cin, tied to std::cout: reading a line must not flush
// the output while the search thread writes to it. That race printed a bestmove twice under
// load, and a match runner then took the stale answer for its next move.
TEST(UciEngine, ReadingCommandsNeverTouchesTheOutputWhileASearchWrites) {
  OverlapDetectingBuf buf;
  std::ostream out(&buf);
  std::string commands = "position startpos\ngo infinite\n";
  for (int i = 0; i < 300; ++i) commands += "isready\n";
  commands += "stop\n";
  std::istringstream in(commands);
  in.tie(&out);  // as std::cin is tied to std::cout
  {
    UciEngine engine(out);
    engine.Run(in);
  }
  EXPECT_FALSE(buf.overlapped()) << "two threads used the output stream at once";
  EXPECT_EQ(in.tie(), &out) << "Run gives the input its tie back";
  const std::string text = buf.text();
  size_t bestmoves = 0, readyoks = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    bestmoves += line.rfind("bestmove ", 0) == 0;
    readyoks += line == "readyok";
  }
  EXPECT_EQ(bestmoves, 1u) << text.substr(text.size() > 2000 ? text.size() - 2000 : 0);
  EXPECT_EQ(readyoks, 300u);
}

// Through a pipe: `go infinite` runs until `stop`, `isready` is answered meanwhile, clocks
// and movetime end by themselves, and `quit` ends the process.
TEST(UciEngine, BinarySearchesUntilStoppedAndHonoursClocks) {
  auto process = testing::Subprocess::Start(TUMEN_BINARY_DIR "/bin/tumen-engine", {});
  ASSERT_TRUE(process.ok()) << process.status();
  const auto read_until = [&](const std::string& prefix) { return ReadUntil(**process, prefix); };
  ASSERT_TRUE((*process)->WriteLine("setoption name UCI_Variant value shatar-traditional").ok());
  ASSERT_TRUE((*process)->WriteLine("setoption name Threads value 2").ok());
  ASSERT_TRUE((*process)->WriteLine("position startpos").ok());
  ASSERT_TRUE((*process)->WriteLine("go infinite").ok());
  ASSERT_TRUE((*process)->WriteLine("isready").ok());
  EXPECT_EQ(read_until("readyok"), "readyok");
  ASSERT_TRUE((*process)->WriteLine("stop").ok());
  EXPECT_EQ(read_until("bestmove").rfind("bestmove ", 0), 0u);
  ASSERT_TRUE((*process)->WriteLine("go wtime 300 btime 300 winc 10 binc 10").ok());
  EXPECT_EQ(read_until("bestmove").rfind("bestmove ", 0), 0u);
  ASSERT_TRUE((*process)->WriteLine("go movetime 100").ok());
  EXPECT_EQ(read_until("bestmove").rfind("bestmove ", 0), 0u);
  ASSERT_TRUE((*process)->WriteLine("quit").ok());
  absl::StatusOr<int> code = (*process)->Wait(absl::Seconds(10));
  ASSERT_TRUE(code.ok()) << code.status();
  EXPECT_EQ(*code, 0);
}

}  // namespace
}  // namespace tumen
