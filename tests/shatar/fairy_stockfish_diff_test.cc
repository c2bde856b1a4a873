// Differential perft against Fairy-Stockfish (the Debian package, version 11.1), a peer
// written independently: positions reached by seeded random playouts, plus a few hand-made
// ones (game over, promotion, castling, en passant), are counted to depth 3 by both engines,
// and the totals and the per-move divides must agree exactly.
//
// Variant pairs (ours -> Fairy-Stockfish's):
//   shatar-traditional -> shatar
//   chess              -> chess
//   shatar (2017)      -> shatar-2017 / shatar-2017-d4 from tests/data/perft's variants file;
//                         it models the rules after the first round, so playouts start
//                         after 1.e4 e5 or 1.d4 d5.
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
#include "absl/strings/string_view.h"
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
constexpr char kVariantsFile[] = TUMEN_TEST_DATA_DIR "/perft/fairy-stockfish-shatar.ini";
constexpr absl::Duration kReplyTimeout = absl::Seconds(60);
constexpr int kDepth = 3;
constexpr uint64_t kSeed = 0x5EED'D1FF'2017ULL;
// Per start position: short playouts (0..60 plies) cover openings and middlegames; a few
// long ones (60..239 plies) reach endings: promotions, bare kings, mates.
constexpr int kShortPlayouts = 250;
constexpr int kLongPlayouts = 50;
constexpr int kMaxReportedMismatches = 10;

// A perft divide as a map, so two of them compare move by move.
struct Divide {
  std::map<std::string, uint64_t> moves;
  uint64_t total = 0;
};

// Fairy-Stockfish over UCI, set to one variant.
class FairyStockfish {
 public:
  static absl::StatusOr<std::unique_ptr<FairyStockfish>> Start(const std::string& variant,
                                                               const std::string& variants_file) {
    absl::StatusOr<std::unique_ptr<Subprocess>> process = Subprocess::Start(kFairyStockfish, {});
    if (!process.ok()) return process.status();
    std::unique_ptr<FairyStockfish> fs(new FairyStockfish(*std::move(process)));
    if (absl::Status s = fs->Handshake(variant, variants_file); !s.ok()) return s;
    return fs;
  }

  absl::StatusOr<Divide> Perft(const std::string& fen, int depth) {
    if (absl::Status s = process_->WriteLine(absl::StrCat("position fen ", fen)); !s.ok()) {
      return s;
    }
    if (absl::Status s = process_->WriteLine(absl::StrCat("go perft ", depth)); !s.ok()) return s;
    Divide divide;
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(kReplyTimeout);
      if (!line.ok()) return line.status();
      absl::string_view text = *line;
      if (absl::ConsumePrefix(&text, "Nodes searched: ")) {
        if (!absl::SimpleAtoi(text, &divide.total)) {
          return absl::InternalError(absl::StrCat("fairy-stockfish: bad total '", *line, "'"));
        }
        return divide;
      }
      const size_t colon = text.find(": ");
      uint64_t count = 0;
      if (colon == absl::string_view::npos || !absl::SimpleAtoi(text.substr(colon + 2), &count)) {
        continue;  // blank lines, info strings
      }
      const std::string move(text.substr(0, colon));
      if (!divide.moves.emplace(move, count).second) {
        return absl::InternalError(absl::StrCat("fairy-stockfish: move ", move, " listed twice"));
      }
    }
  }

 private:
  explicit FairyStockfish(std::unique_ptr<Subprocess> process) : process_(std::move(process)) {}

  absl::Status Send(absl::string_view line) { return process_->WriteLine(line); }

  // Reads lines until one starts with `prefix`; returns the lines before it.
  absl::StatusOr<std::vector<std::string>> ReadUntil(absl::string_view prefix) {
    std::vector<std::string> before;
    for (;;) {
      absl::StatusOr<std::string> line = process_->ReadLine(kReplyTimeout);
      if (!line.ok()) {
        return absl::Status(
            line.status().code(),
            absl::StrCat("fairy-stockfish, waiting for '", prefix, "': ", line.status().message()));
      }
      if (absl::StartsWith(*line, prefix)) return before;
      before.push_back(*std::move(line));
    }
  }

  absl::Status Handshake(const std::string& variant, const std::string& variants_file) {
    if (absl::Status s = Send("uci"); !s.ok()) return s;
    if (absl::Status s = ReadUntil("uciok").status(); !s.ok()) return s;
    if (!variants_file.empty()) {
      if (absl::Status s = Send(absl::StrCat("setoption name VariantPath value ", variants_file));
          !s.ok()) {
        return s;
      }
    }
    if (absl::Status s = Send(absl::StrCat("setoption name UCI_Variant value ", variant));
        !s.ok()) {
      return s;
    }
    if (absl::Status s = Send("isready"); !s.ok()) return s;
    absl::StatusOr<std::vector<std::string>> lines = ReadUntil("readyok");
    if (!lines.ok()) return lines.status();
    // Fairy-Stockfish announces a variant it switched to; an unknown name is ignored silently.
    for (const std::string& line : *lines) {
      if (absl::StartsWith(line, absl::StrCat("info string variant ", variant, " "))) {
        return absl::OkStatus();
      }
    }
    return absl::NotFoundError(absl::StrCat("fairy-stockfish did not switch to variant '", variant,
                                            "'; it said: ", absl::StrJoin(*lines, " | ")));
  }

  std::unique_ptr<Subprocess> process_;
};

// One position to compare, with how it was reached (for a failure message that replays it).
struct Sample {
  std::string start_fen;
  std::vector<std::string> moves;
};

// What our engine and Fairy-Stockfish are compared on for one variant.
struct DiffSpec {
  std::string variant;     // ours
  std::string fs_variant;  // Fairy-Stockfish's
  std::string variants_file;
  std::vector<std::string> start_fens;  // playouts start here
  std::vector<std::string> fixed_fens;  // hand-made positions, compared as they are
};

// Plays `plies` random legal moves from `start_fen`, stopping early when the game has no
// legal move.
Sample RandomPlayout(GameSession& session, const std::string& start_fen, int plies, Prng& prng) {
  Sample sample{start_fen, {}};
  EXPECT_TRUE(session.SetPosition(start_fen, {}).ok()) << start_fen;
  for (int ply = 0; ply < plies; ++ply) {
    const std::vector<std::string> legal = session.LegalMoves();
    if (legal.empty()) break;
    sample.moves.push_back(legal[prng.Below(legal.size())]);
    const absl::Status s = session.SetPosition(start_fen, sample.moves);
    EXPECT_TRUE(s.ok()) << s;
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
    if (it == theirs.moves.end()) {
      absl::StrAppend(&out, "\n  ", move, ": only ours (", count, ")");
    } else if (it->second != count) {
      absl::StrAppend(&out, "\n  ", move, ": ours ", count, ", fairy-stockfish ", it->second);
    }
  }
  for (const auto& [move, count] : theirs.moves) {
    if (!ours.moves.contains(move)) {
      absl::StrAppend(&out, "\n  ", move, ": only fairy-stockfish (", count, ")");
    }
  }
  return out;
}

void ExpectPerftAgrees(const DiffSpec& spec, uint64_t seed) {
  absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(spec.variant);
  ASSERT_TRUE(session.ok()) << session.status();
  absl::StatusOr<std::unique_ptr<FairyStockfish>> fs =
      FairyStockfish::Start(spec.fs_variant, spec.variants_file);
  ASSERT_TRUE(fs.ok()) << fs.status();

  std::vector<Sample> samples;
  for (const std::string& fen : spec.fixed_fens) samples.push_back({fen, {}});
  Prng prng(seed);
  for (const std::string& start : spec.start_fens) {
    for (int i = 0; i < kShortPlayouts + kLongPlayouts; ++i) {
      const int plies = i < kShortPlayouts ? static_cast<int>(prng.Below(61))
                                           : 60 + static_cast<int>(prng.Below(180));
      samples.push_back(RandomPlayout(**session, start, plies, prng));
    }
  }

  int mismatches = 0;
  int game_over = 0;
  for (const Sample& sample : samples) {
    const absl::Status set = (*session)->SetPosition(sample.start_fen, sample.moves);
    ASSERT_TRUE(set.ok()) << set << " at " << sample.start_fen;
    const std::string fen = (*session)->Fen();

    const PerftDivide divide = (*session)->Perft(kDepth);
    Divide ours;
    ours.total = divide.total;
    for (const auto& [move, count] : divide.moves) {
      EXPECT_TRUE(ours.moves.emplace(move, count).second)
          << "we list " << move << " twice at " << fen;
    }
    if (ours.moves.empty()) ++game_over;

    absl::StatusOr<Divide> theirs = (*fs)->Perft(fen, kDepth);
    ASSERT_TRUE(theirs.ok()) << theirs.status() << " at " << fen;

    if (ours.total != theirs->total || ours.moves != theirs->moves) {
      if (++mismatches <= kMaxReportedMismatches) {
        ADD_FAILURE() << DescribeMismatch(fen, sample, ours, *theirs);
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << "of " << samples.size() << " positions (first "
                           << kMaxReportedMismatches << " reported above)";
  // The playouts are meant to reach some finished games too; a generator that never does
  // would leave the game-over paths untested.
  EXPECT_GT(game_over, 0) << "no position without legal moves among " << samples.size();
}

class FairyStockfishDiff : public ::testing::Test {
 protected:
  void SetUp() override {
    if (access(kFairyStockfish, X_OK) != 0) {
      GTEST_SKIP() << kFairyStockfish
                   << " not found: install fairy-stockfish (scripts/setup.sh) to run the "
                      "differential test";
    }
  }
};

TEST_F(FairyStockfishDiff, ShatarTraditionalPerftAgreesOnRandomPositions) {
  DiffSpec spec;
  spec.variant = "shatar-traditional";
  spec.fs_variant = "shatar";
  spec.start_fens = {"rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"};
  spec.fixed_fens = {
      "4k3/8/8/8/8/8/8/3JK3 w - - 0 1",                   // Black is a bare king: drawn
      "4k3/8/8/8/8/8/8/4K3 b - - 0 1",                    // both bare
      "4k3/8/8/8/8/8/3n4/3JK3 w - - 0 1",                 // capturing the last piece draws
      "6rk/6pp/8/4N3/8/8/8/6K1 w - - 0 1",                // Nf7 is a (losing) knight mate
      "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1",                 // knight-mated: no moves
      "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1",                // promotion to bers only
      "7k/5J2/6K1/8/8/p7/P7/8 b - - 0 1",                 // stalemate
      "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1",  // no castling
  };
  ExpectPerftAgrees(spec, MixSeed(kSeed, 0));
}

TEST_F(FairyStockfishDiff, ChessPerftAgreesOnRandomPositions) {
  DiffSpec spec;
  spec.variant = "chess";
  spec.fs_variant = "chess";
  spec.start_fens = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
  spec.fixed_fens = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // castling
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",  // en passant
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",     // stalemate
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",      // dead position: perft still counts its moves
  };
  ExpectPerftAgrees(spec, MixSeed(kSeed, 1));
}

TEST_F(FairyStockfishDiff, ShatarPerftAgreesOnRandomPositionsAfterTheFirstRound) {
  // shatar-2017 and shatar-2017-d4 differ only in their start FEN and every position is sent
  // as a FEN, so one Fairy-Stockfish process on shatar-2017 serves both first rounds.
  DiffSpec spec;
  spec.variant = "shatar";
  spec.fs_variant = "shatar-2017";
  spec.variants_file = kVariantsFile;
  spec.start_fens = {"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 1",   // 1.e4 e5
                     "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 1"};  // 1.d4 d5
  spec.fixed_fens = {
      "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1",                // promotion to q, r, b or n
      "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",                  // no double step
      "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",                 // no en passant
      "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1",  // no castling
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                   // stalemate
      "4k3/8/8/8/8/8/8/4K3 w - - 0 1",  // dead position: perft still counts its moves
  };
  ExpectPerftAgrees(spec, MixSeed(kSeed, 2));
}

}  // namespace
}  // namespace tumen
