// Differential perft against Fairy-Stockfish (the Debian package, version 11.1, variant
// `xiangqi`), a peer written independently: positions reached by seeded random playouts plus
// a few hand-made ones are counted to depth 3 by both engines, and the totals and the
// per-move divides must agree exactly.
#include <unistd.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "gtest/gtest.h"
#include "tests/support/subprocess.h"

namespace tumen {
namespace {

using testing::Subprocess;

constexpr char kFairyStockfish[] = "/usr/games/fairy-stockfish";
constexpr absl::Duration kReplyTimeout = absl::Seconds(60);
constexpr int kDepth = 3;
constexpr uint64_t kSeed = 0x5849'414E'4751'4946ULL;
constexpr int kShortPlayouts = 110;  // 0..60 plies: openings and middlegames
constexpr int kLongPlayouts = 40;    // 60..299 plies: endings, mates, stalemates
constexpr int kMaxReportedMismatches = 10;

struct Divide {
  std::map<std::string, uint64_t> moves;
  uint64_t total = 0;
};

class FairyStockfish {
 public:
  static absl::StatusOr<std::unique_ptr<FairyStockfish>> Start() {
    absl::StatusOr<std::unique_ptr<Subprocess>> process = Subprocess::Start(kFairyStockfish, {});
    if (!process.ok()) return process.status();
    std::unique_ptr<FairyStockfish> fs(new FairyStockfish(*std::move(process)));
    if (absl::Status s = fs->Handshake(); !s.ok()) return s;
    return fs;
  }

  absl::StatusOr<Divide> Perft(const std::string& fen, int depth, bool set_position = true) {
    if (set_position) {
      if (absl::Status s = process_->WriteLine(absl::StrCat("position fen ", fen)); !s.ok())
        return s;
    }
    if (absl::Status s = process_->WriteLine(absl::StrCat("go perft ", depth)); !s.ok()) return s;
    Divide divide;
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(kReplyTimeout);
      if (!line.ok()) return line.status();
      absl::string_view text = *line;
      if (absl::ConsumePrefix(&text, "Nodes searched: ")) {
        if (!absl::SimpleAtoi(text, &divide.total))
          return absl::InternalError(absl::StrCat("fairy-stockfish: bad total '", *line, "'"));
        return divide;
      }
      const size_t colon = text.find(": ");
      uint64_t count = 0;
      if (colon == absl::string_view::npos || !absl::SimpleAtoi(text.substr(colon + 2), &count))
        continue;  // blank lines, info strings
      divide.moves.emplace(std::string(text.substr(0, colon)), count);
    }
  }

 private:
  explicit FairyStockfish(std::unique_ptr<Subprocess> process) : process_(std::move(process)) {}

  absl::StatusOr<std::vector<std::string>> ReadUntil(absl::string_view prefix) {
    std::vector<std::string> before;
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(kReplyTimeout);
      if (!line.ok()) return line.status();
      if (absl::StartsWith(*line, prefix)) return before;
      before.push_back(*std::move(line));
    }
  }

  absl::Status Handshake() {
    if (absl::Status s = process_->WriteLine("uci"); !s.ok()) return s;
    if (absl::Status s = ReadUntil("uciok").status(); !s.ok()) return s;
    if (absl::Status s = process_->WriteLine("setoption name UCI_Variant value xiangqi"); !s.ok())
      return s;
    if (absl::Status s = process_->WriteLine("isready"); !s.ok()) return s;
    if (absl::Status s = ReadUntil("readyok").status(); !s.ok()) return s;
    // Fairy-Stockfish announces no switch to xiangqi (it does for most variants): check that
    // its start position has Xiangqi's 44 moves instead.
    if (absl::Status s = process_->WriteLine("position startpos"); !s.ok()) return s;
    absl::StatusOr<Divide> start = Perft("", 1, /*set_position=*/false);
    if (!start.ok()) return start.status();
    if (start->total != 44)
      return absl::NotFoundError(
          absl::StrCat("fairy-stockfish did not switch to xiangqi: its start position has ",
                       start->total, " moves"));
    return absl::OkStatus();
  }

  std::unique_ptr<Subprocess> process_;
};

struct Sample {
  std::string start_fen;
  std::vector<std::string> moves;
};

Sample RandomPlayout(GameSession& session, const std::string& start_fen, int plies, Prng& prng) {
  Sample sample{start_fen, {}};
  EXPECT_TRUE(session.SetPosition(start_fen, {}).ok()) << start_fen;
  for (int ply = 0; ply < plies; ++ply) {
    const std::vector<std::string> legal = session.LegalMoves();
    if (legal.empty()) break;
    const std::string move = legal[prng.Below(legal.size())];
    sample.moves.push_back(move);
    EXPECT_TRUE(session.PlayMove(move).ok()) << move;
  }
  return sample;
}

std::string DescribeMismatch(const std::string& fen, const Sample& sample, const Divide& ours,
                             const Divide& theirs) {
  std::string out = absl::StrCat(
      "perft(", kDepth, ") differs at ", fen, "\n  reached from '", sample.start_fen,
      "' by moves: ", sample.moves.empty() ? "(none)" : absl::StrJoin(sample.moves, " "),
      "\n  total: ours ", ours.total, ", fairy-stockfish ", theirs.total);
  for (const auto& [move, count] : ours.moves) {
    auto it = theirs.moves.find(move);
    if (it == theirs.moves.end())
      absl::StrAppend(&out, "\n  ", move, ": only ours (", count, ")");
    else if (it->second != count)
      absl::StrAppend(&out, "\n  ", move, ": ours ", count, ", fairy-stockfish ", it->second);
  }
  for (const auto& [move, count] : theirs.moves)
    if (!ours.moves.contains(move))
      absl::StrAppend(&out, "\n  ", move, ": only fairy-stockfish (", count, ")");
  return out;
}

TEST(XiangqiFairyStockfishDiff, PerftAgreesOnRandomPositions) {
  if (access(kFairyStockfish, X_OK) != 0)
    GTEST_SKIP() << kFairyStockfish << " not found: install fairy-stockfish to run this test";
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession("xiangqi");
  ASSERT_TRUE(session.ok()) << session.status();
  absl::StatusOr<std::unique_ptr<FairyStockfish>> fs = FairyStockfish::Start();
  ASSERT_TRUE(fs.ok()) << fs.status();

  const std::string start = (*session)->StartFen();
  std::vector<Sample> samples = {
      {"4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", {}},    // horse pinned by the flying general
      {"4k4/4a4/9/9/9/9/9/9/4R4/4K4 w - - 0 1", {}},  // two pieces between the kings
      {"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", {}},     // stalemate: no moves
      {"4k4/9/9/9/4c4/9/9/9/4A4/3K5 w - - 0 1", {}},  // cannon lines and hurdles
      {"3ak4/9/9/9/9/9/9/4C4/4N4/4K4 b - - 0 1", {}},
      {"4k4/9/4n4/9/9/9/3n5/9/4K4/9 w - - 0 1", {}},  // horse checks and legs
  };
  Prng prng(kSeed);
  for (int i = 0; i < kShortPlayouts + kLongPlayouts; ++i) {
    const int plies = i < kShortPlayouts ? int(prng.Below(61)) : 60 + int(prng.Below(240));
    samples.push_back(RandomPlayout(**session, start, plies, prng));
  }

  int mismatches = 0, game_over = 0;
  for (const Sample& sample : samples) {
    const absl::Status set = (*session)->SetPosition(sample.start_fen, sample.moves);
    ASSERT_TRUE(set.ok()) << set << " at " << sample.start_fen;
    const std::string fen = (*session)->Fen();
    const PerftDivide divide = (*session)->Perft(kDepth);
    Divide ours;
    ours.total = divide.total;
    for (const auto& [move, count] : divide.moves)
      EXPECT_TRUE(ours.moves.emplace(move, count).second) << "we list " << move << " twice";
    if (ours.moves.empty()) ++game_over;
    absl::StatusOr<Divide> theirs = (*fs)->Perft(fen, kDepth);
    ASSERT_TRUE(theirs.ok()) << theirs.status() << " at " << fen;
    if (ours.total != theirs->total || ours.moves != theirs->moves) {
      if (++mismatches <= kMaxReportedMismatches)
        ADD_FAILURE() << DescribeMismatch(fen, sample, ours, *theirs);
    }
  }
  EXPECT_EQ(mismatches, 0) << "of " << samples.size() << " positions";
  EXPECT_GT(game_over, 0) << "no position without legal moves among " << samples.size();
}

}  // namespace
}  // namespace tumen
