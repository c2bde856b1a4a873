// Polyglot export (engine/book/polyglot.h), checked against independent sources:
// - the key values published with the Polyglot book format specification;
// - the specification page itself, as Debian's `polyglot` package ships it
//   (/usr/share/doc/polyglot/book_format.html), for the whole Random64 table;
// - PolyGlot itself (/usr/games/polyglot from the same package): its `make-book` writes a
//   book from a PGN written here by hand in SAN, whose keys and moves must be exactly ours,
//   and its `dump-book` reads a book that WritePolyglot wrote and must print the lines and
//   weight shares written here by hand.
// The package is installed by scripts/setup.sh; without it these tests fail and say so.
#include "engine/book/polyglot.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/rules.h"
#include "gtest/gtest.h"

namespace tumen::book {
namespace {

using shatar::Move;
using shatar::Position;
using shatar::ShatarRules;
using shatar::StateInfo;

constexpr char kPolyglotBinary[] = "/usr/games/polyglot";
constexpr char kSpecPage[] = "/usr/share/doc/polyglot/book_format.html";
constexpr char kMissingPolyglot[] =
    "Debian's package `polyglot` (PolyGlot and the Polyglot book format specification) is "
    "missing; run scripts/setup.sh";

// A position of one variant with its own state stack, built by playing UCI moves.
class Game {
 public:
  static std::unique_ptr<Game> Start(const std::string& variant, const std::string& fen = "") {
    auto game = std::unique_ptr<Game>(new Game);
    auto rules = shatar::RulesForVariant(variant);
    EXPECT_TRUE(rules.ok()) << rules.status();
    if (!rules.ok()) return nullptr;
    game->rules_ = *std::move(rules);
    game->states_.emplace_back();
    const absl::Status set = game->pos_.Set(
        game->rules_, fen.empty() ? game->rules_.start_fen : fen, &game->states_.back());
    EXPECT_TRUE(set.ok()) << set;
    if (!set.ok()) return nullptr;
    return game;
  }

  // Plays space-separated UCI moves; false (with a test failure) on the first illegal one.
  bool Play(const std::string& moves) {
    for (absl::string_view uci : absl::StrSplit(moves, ' ', absl::SkipEmpty())) {
      const absl::StatusOr<Move> m = shatar::ParseUciMove(pos_, uci);
      EXPECT_TRUE(m.ok()) << m.status();
      if (!m.ok()) return false;
      states_.emplace_back();
      pos_.DoMove(*m, states_.back());
    }
    return true;
  }

  Position& pos() { return pos_; }

 private:
  Game() = default;
  ShatarRules rules_;
  std::deque<StateInfo> states_;
  Position pos_;
};

uint64_t ChessKeyAfter(const std::string& moves) {
  auto game = Game::Start("chess");
  if (game == nullptr || !game->Play(moves)) return 0;
  return PolyglotKey(game->pos());
}

bool FileExists(const char* path) {
  struct stat st;
  return ::stat(path, &st) == 0;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string TempPath(const std::string& name) {
  return absl::StrCat(::testing::TempDir(), "/polyglot_test_", ::getpid(), "_", name);
}

// Runs a shell command; its exit status (0 = success).
int RunCommand(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// --- Keys ---

// The test positions published with the Polyglot book format specification.
TEST(PolyglotKey, PublishedTestPositions) {
  EXPECT_EQ(ChessKeyAfter(""), 0x463b96181691fc9cULL);
  EXPECT_EQ(ChessKeyAfter("e2e4"), 0x823c9b50fd114196ULL);
  EXPECT_EQ(ChessKeyAfter("e2e4 d7d5"), 0x0756b94461c50fb0ULL);
  EXPECT_EQ(ChessKeyAfter("e2e4 d7d5 e4e5"), 0x662fafb965db29d4ULL);
  EXPECT_EQ(ChessKeyAfter("e2e4 d7d5 e4e5 f7f5"), 0x22a48b5a8e47ff78ULL);
  EXPECT_EQ(ChessKeyAfter("e2e4 d7d5 e4e5 f7f5 e1e2"), 0x652a607ca3f242c1ULL);
  EXPECT_EQ(ChessKeyAfter("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7"), 0x00fdd303c946bdd9ULL);
  EXPECT_EQ(ChessKeyAfter("a2a4 b7b5 h2h4 b5b4 c2c4"), 0x3c8123ea7b067637ULL);
  EXPECT_EQ(ChessKeyAfter("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3"), 0x5c3f9b829b279560ULL);
}

// The same positions set from FEN (the e.p. square of a FEN is keyed only when a pawn of
// the side to move stands beside the pawn that moved).
TEST(PolyglotKey, PublishedTestPositionsFromFen) {
  const std::pair<const char*, uint64_t> cases[] = {
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196ULL},
      {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78ULL},
      {"rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637ULL},
  };
  for (const auto& [fen, key] : cases) {
    auto game = Game::Start("chess", fen);
    ASSERT_NE(game, nullptr);
    EXPECT_EQ(PolyglotKey(game->pos()), key) << fen;
  }
}

// Every entry of Random64 against the array printed in the specification page.
TEST(PolyglotKey, Random64EqualsTheSpecification) {
  ASSERT_TRUE(FileExists(kSpecPage)) << kSpecPage << ": " << kMissingPolyglot;
  const std::string page = ReadText(kSpecPage);
  const size_t begin = page.find("Random64[781]");
  ASSERT_NE(begin, std::string::npos) << kSpecPage << " has no Random64 array";
  const size_t end = page.find("};", begin);
  ASSERT_NE(end, std::string::npos);
  std::vector<uint64_t> published;
  for (size_t at = page.find("U64(0x", begin); at < end; at = page.find("U64(0x", at + 1))
    published.push_back(std::strtoull(page.c_str() + at + 4, nullptr, 16));
  ASSERT_EQ(published.size(), size_t{kPolyglotRandomCount});
  const auto& ours = PolyglotRandom64();
  for (int i = 0; i < kPolyglotRandomCount; ++i)
    EXPECT_EQ(ours[i], published[i]) << "Random64[" << i << "]";
}

TEST(PolyglotKey, ExtensionTableIsTheDocumentedGenerator) {
  // SplitMix64 written out here (Vigna's reference: state += golden gamma, then the
  // finaliser), seeded with the bytes of "TUMENPGX".
  uint64_t state = 0;
  for (char c : std::string("TUMENPGX")) state = state << 8 | uint8_t(c);
  EXPECT_EQ(state, kPolyglotExtensionSeed);
  std::set<uint64_t> seen(PolyglotRandom64().begin(), PolyglotRandom64().end());
  ASSERT_EQ(seen.size(), size_t{kPolyglotRandomCount});
  for (int i = 0; i < kPolyglotExtensionCount; ++i) {
    state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    EXPECT_EQ(PolyglotExtensionKey(i), z) << "extension key " << i;
    EXPECT_TRUE(seen.insert(PolyglotExtensionKey(i)).second)
        << "extension key " << i << " repeats a key";
  }
}

TEST(PolyglotKey, ShatarWithoutBersHashesAsChess) {
  // The same board under chess (no castling rights, no e.p.) and under Shatar 2017.
  const std::string fen = "r1b1kbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNB1KB1R w - - 0 1";
  auto chess = Game::Start("chess", fen);
  auto shatar = Game::Start("shatar", fen);
  ASSERT_NE(chess, nullptr);
  ASSERT_NE(shatar, nullptr);
  EXPECT_EQ(PolyglotKey(shatar->pos()), PolyglotKey(chess->pos()));
}

TEST(PolyglotKey, BersDiffersFromQueen) {
  auto with_bers = Game::Start("shatar-traditional");
  ASSERT_NE(with_bers, nullptr);
  const std::string fen = with_bers->pos().Fen();
  ASSERT_NE(fen.find('J'), std::string::npos) << fen;
  ASSERT_NE(fen.find('j'), std::string::npos) << fen;
  // The traditional start position with queens (Q/q) in place of the bers (J/j).
  std::string queen_fen = fen;
  for (char& c : queen_fen) {
    if (c == 'J') c = 'Q';
    if (c == 'j') c = 'q';
  }
  auto with_queen = Game::Start("shatar", queen_fen);
  ASSERT_NE(with_queen, nullptr) << queen_fen;
  const uint64_t bers_key = PolyglotKey(with_bers->pos());
  const uint64_t queen_key = PolyglotKey(with_queen->pos());
  EXPECT_NE(bers_key, queen_key);
  // Exactly the documented substitution: Random64 queen entries out, extension bers keys in.
  uint64_t expected = queen_key;
  for (shatar::Square s = 0; s < 64; ++s) {
    const shatar::Piece p = with_bers->pos().piece_on(s);
    if (shatar::TypeOf(p) != shatar::kBers) continue;
    const bool white = shatar::ColorOf(p) == shatar::kWhite;
    expected ^= PolyglotRandom64()[64 * (white ? 9 : 8) + s];
    expected ^= PolyglotExtensionKey(64 * (white ? 1 : 0) + s);
  }
  EXPECT_EQ(bers_key, expected);
}

// Folk promotion: a waiting pawn that stepped back hashes as the pawn plus the documented
// extension key of kind 1 for its colour and square.
TEST(PolyglotKey, SteppedFolkPawnAddsItsExtensionKey) {
  auto stepped = Game::Start("shatar-folk", "4k3/6P~1/8/8/8/8/8/3K4 w - - 0 1");
  auto plain = Game::Start("shatar-folk", "4k3/6P1/8/8/8/8/8/3K4 w - - 0 1");
  ASSERT_NE(stepped, nullptr);
  ASSERT_NE(plain, nullptr);
  const shatar::Square g7 = shatar::MakeSquare(6, 6);
  EXPECT_EQ(PolyglotKey(stepped->pos()),
            PolyglotKey(plain->pos()) ^ PolyglotExtensionKey(128 + 64 * 1 + g7));
}

// --- Moves ---

TEST(PolyglotMove, EncodingOfTheSpecification) {
  auto game = Game::Start("chess", "r3k2r/1P4P1/8/8/8/8/8/R3K2R w KQkq - 0 1");
  ASSERT_NE(game, nullptr);
  const auto encode = [&](const char* uci) -> int {
    auto m = shatar::ParseUciMove(game->pos(), uci);
    EXPECT_TRUE(m.ok()) << m.status();
    return m.ok() ? EncodePolyglotMove(*m) : -1;
  };
  // to file | to row << 3 | from file << 6 | from row << 9 | promotion << 12.
  EXPECT_EQ(encode("e1g1"), 7 | 4 << 6);  // castling: king takes own rook
  EXPECT_EQ(encode("e1c1"), 0 | 4 << 6);
  EXPECT_EQ(encode("a1a7"), 0 | 6 << 3 | 0 << 6 | 0 << 9);
  EXPECT_EQ(encode("b7b8n"), 1 | 7 << 3 | 1 << 6 | 6 << 9 | 1 << 12);
  EXPECT_EQ(encode("b7b8b"), 1 | 7 << 3 | 1 << 6 | 6 << 9 | 2 << 12);
  EXPECT_EQ(encode("b7a8r"), 0 | 7 << 3 | 1 << 6 | 6 << 9 | 3 << 12);
  EXPECT_EQ(encode("g7g8q"), 6 | 7 << 3 | 6 << 6 | 6 << 9 | 4 << 12);
  // Black castles from a position where neither king crosses an attacked square.
  game = Game::Start("chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  ASSERT_NE(game, nullptr);
  const std::pair<const char*, int> black[] = {{"e8g8", 7 | 7 << 3 | 4 << 6 | 7 << 9},
                                               {"e8c8", 0 | 7 << 3 | 4 << 6 | 7 << 9}};
  for (const auto& [uci, code] : black) EXPECT_EQ(encode(uci), code) << uci;
  // Decoding gives back UCI, castling as the king's two-square move.
  EXPECT_EQ(PolyglotMoveToUci(game->pos(), 7 | 7 << 3 | 4 << 6 | 7 << 9).value_or("?"), "e8g8");
  EXPECT_EQ(PolyglotMoveToUci(game->pos(), 0 | 7 << 3 | 4 << 6 | 7 << 9).value_or("?"), "e8c8");
}

TEST(PolyglotMove, DecodeRoundTripsEveryLegalMove) {
  for (const char* variant : {"chess", "shatar", "shatar-traditional"}) {
    auto game = Game::Start(variant);
    ASSERT_NE(game, nullptr);
    shatar::MoveList legal;
    shatar::GenerateLegalMoves(game->pos(), legal);
    ASSERT_FALSE(legal.empty());
    std::set<uint16_t> codes;
    for (Move m : legal) {
      const uint16_t code = EncodePolyglotMove(m);
      EXPECT_TRUE(codes.insert(code).second) << variant << " " << shatar::MoveToUci(m);
      EXPECT_EQ(PolyglotMoveToUci(game->pos(), code).value_or("?"), shatar::MoveToUci(m));
    }
  }
}

TEST(PolyglotMove, BersPromotionRoundTrips) {
  // A traditional-rules position where a white pawn promotes (to the bers, letter J).
  auto game = Game::Start("shatar-traditional", "4k2r/1P6/8/8/8/8/8/4K2R w - - 0 1");
  ASSERT_NE(game, nullptr);
  const absl::StatusOr<Move> m = shatar::ParseUciMove(game->pos(), "b7b8j");
  ASSERT_TRUE(m.ok()) << m.status();
  const uint16_t code = EncodePolyglotMove(*m);
  EXPECT_EQ(code, 1 | 7 << 3 | 1 << 6 | 6 << 9 | kPolyglotPromotionBers << 12);
  EXPECT_EQ(PolyglotMoveToUci(game->pos(), code).value_or("?"), "b7b8j");
  auto entry = MakePolyglotEntry(game->pos(), "b7b8j", 7);
  ASSERT_TRUE(entry.ok()) << entry.status();
  EXPECT_EQ(entry->move, code);
  EXPECT_EQ(entry->key, PolyglotKey(game->pos()));
}

TEST(PolyglotMove, DecodeRejectsMovesOfAnotherPosition) {
  auto game = Game::Start("chess");
  ASSERT_NE(game, nullptr);
  const absl::StatusOr<std::string> uci =
      PolyglotMoveToUci(game->pos(), 4 | 4 << 3 | 4 << 6 | 1 << 9);
  ASSERT_FALSE(uci.ok());  // e2e5
  EXPECT_NE(uci.status().message().find("not a legal move"), absl::string_view::npos)
      << uci.status();
  EXPECT_FALSE(MakePolyglotEntry(game->pos(), "e2e5", 1).ok());
}

// --- Entries and files ---

TEST(PolyglotFile, WriteReadProbeRoundTrip) {
  const std::vector<PolyglotEntry> entries = {
      {0x20, 3, 10, 0}, {0x10, 1, 5, 7},  {0x20, 4, 30, 0}, {0xFFFFFFFFFFFFFFF0ULL, 9, 1, 1},
      {0x20, 2, 20, 0}, {0x10, 2, 50, 0},
  };
  const std::string path = TempPath("roundtrip.bin");
  ASSERT_TRUE(WritePolyglot(entries, path).ok());
  // The bytes: big-endian records sorted by key, then by descending weight.
  const std::string bytes = ReadText(path);
  ASSERT_EQ(bytes.size(), 16 * entries.size());
  EXPECT_EQ(bytes.substr(0, 16), std::string("\0\0\0\0\0\0\0\x10\0\x02\0\x32\0\0\0\0", 16));
  EXPECT_EQ(bytes.substr(16, 16), std::string("\0\0\0\0\0\0\0\x10\0\x01\0\x05\0\0\0\x07", 16));
  EXPECT_EQ(bytes.substr(80, 8), std::string("\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xF0", 8));

  const auto read = ReadPolyglot(path);
  ASSERT_TRUE(read.ok()) << read.status();
  const std::vector<PolyglotEntry> expected = {
      {0x10, 2, 50, 0}, {0x10, 1, 5, 7},  {0x20, 4, 30, 0},
      {0x20, 2, 20, 0}, {0x20, 3, 10, 0}, {0xFFFFFFFFFFFFFFF0ULL, 9, 1, 1},
  };
  EXPECT_EQ(*read, expected);
  EXPECT_EQ(ProbePolyglot(*read, 0x20),
            (std::vector<PolyglotEntry>{{0x20, 4, 30, 0}, {0x20, 2, 20, 0}, {0x20, 3, 10, 0}}));
  EXPECT_EQ(ProbePolyglot(*read, 0x10).size(), 2u);
  EXPECT_EQ(ProbePolyglot(*read, 0xFFFFFFFFFFFFFFF0ULL).size(), 1u);
  EXPECT_TRUE(ProbePolyglot(*read, 0x15).empty());
  EXPECT_TRUE(ProbePolyglot(*read, 0).empty());
  EXPECT_TRUE(ProbePolyglot({}, 0x10).empty());
  std::remove(path.c_str());
}

TEST(PolyglotFile, Errors) {
  const std::string path = TempPath("errors.bin");
  ASSERT_TRUE(WritePolyglot({{1, 1, 1, 0}, {2, 2, 2, 0}}, path).ok());
  std::string bytes = ReadText(path);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes.substr(0, 31);  // truncated
  }
  auto truncated = ReadPolyglot(path);
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.status().message().find("multiple of"), absl::string_view::npos)
      << truncated.status();
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes.substr(16, 16) << bytes.substr(0, 16);  // keys 2, 1
  }
  auto unsorted = ReadPolyglot(path);
  ASSERT_FALSE(unsorted.ok());
  EXPECT_NE(unsorted.status().message().find("not sorted"), absl::string_view::npos)
      << unsorted.status();
  std::remove(path.c_str());

  EXPECT_FALSE(ReadPolyglot(TempPath("missing.bin")).ok());
  const absl::Status unwritable = WritePolyglot({{1, 1, 1, 0}}, "/nonexistent-dir/book.bin");
  ASSERT_FALSE(unwritable.ok());
  EXPECT_NE(unwritable.message().find("/nonexistent-dir/book.bin"), absl::string_view::npos);
  // An empty book is valid.
  ASSERT_TRUE(WritePolyglot({}, path).ok());
  auto empty = ReadPolyglot(path);
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_TRUE(empty->empty());
  std::remove(path.c_str());
}

TEST(PolyglotFile, ScaleWeights) {
  EXPECT_EQ(ScaleWeights({3, 1}).value(), (std::vector<uint16_t>{65535, 21845}));
  EXPECT_EQ(ScaleWeights({0.5, 0.25, 0}).value(), (std::vector<uint16_t>{65535, 32768, 1}));
  EXPECT_EQ(ScaleWeights({1e9, 1}).value(), (std::vector<uint16_t>{65535, 1}));
  EXPECT_EQ(ScaleWeights({0, 0}).value(), (std::vector<uint16_t>{1, 1}));
  EXPECT_TRUE(ScaleWeights({}).value().empty());
  EXPECT_FALSE(ScaleWeights({1, -1}).ok());
  EXPECT_FALSE(ScaleWeights({1, std::nan("")}).ok());
}

// --- Against PolyGlot itself ---

// Three games in SAN for PolyGlot and in UCI for us: en passant keys (2...f5 and 2...b5
// beside a pawn that can take, 1.e4 beside none), e.p. capture, promotions to queen, knight
// and (Black) rook, and all four castlings. Every game is drawn, so PolyGlot's make-book
// keeps the moves of both colours.
struct BookGame {
  const char* san;
  const char* uci;
};
constexpr BookGame kBookGames[] = {
    {"1. e4 d5 2. e5 f5 3. exf6 Nc6 4. fxg7 Nf6 5. gxh8=Q Bg4 6. Nf3 Qd7 7. Bb5 O-O-O "
     "8. O-O a6",
     "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4 g1f3 d8d7 f1b5 e8c8 e1g1 a7a6"},
    {"1. b4 a5 2. bxa5 b5 3. a6 b4 4. a7 b3 5. axb8=N bxc2 6. Nc3 cxd1=R+ 7. Kxd1 Rxa2 "
     "8. Rxa2 e6",
     "b2b4 a7a5 b4a5 b7b5 a5a6 b5b4 a6a7 b4b3 a7b8n b3c2 b1c3 c2d1r e1d1 a8a2 a1a2 e7e6"},
    {"1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O e6 6. e3 Nf6 7. Bd3 Be7 8. Nf3 O-O",
     "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e7e6 e2e3 g8f6 f1d3 f8e7 g1f3 e8g8"},
};

TEST(PolyglotAgainstPolyGlot, MakeBookHasOurKeysAndMoves) {
  ASSERT_TRUE(FileExists(kPolyglotBinary)) << kPolyglotBinary << ": " << kMissingPolyglot;
  const std::string pgn = TempPath("games.pgn"), bin = TempPath("made.bin");
  {
    std::ofstream out(pgn);
    for (const BookGame& g : kBookGames)
      out << "[Event \"t\"]\n[Result \"1/2-1/2\"]\n\n" << g.san << " 1/2-1/2\n\n";
  }
  ASSERT_EQ(RunCommand(absl::StrCat(kPolyglotBinary, " make-book -pgn ", pgn, " -bin ", bin,
                                    " -min-game 1 -max-ply 100 >/dev/null 2>&1")),
            0);
  const auto made = ReadPolyglot(bin);
  ASSERT_TRUE(made.ok()) << made.status();

  std::set<std::pair<uint64_t, uint16_t>> ours;
  for (const BookGame& g : kBookGames) {
    auto game = Game::Start("chess");
    ASSERT_NE(game, nullptr);
    for (absl::string_view uci : absl::StrSplit(g.uci, ' ')) {
      auto entry = MakePolyglotEntry(game->pos(), uci, 1);
      ASSERT_TRUE(entry.ok()) << entry.status();
      ours.insert({entry->key, entry->move});
      ASSERT_TRUE(game->Play(std::string(uci)));
    }
  }
  ASSERT_EQ(ours.size(), 48u);
  std::set<std::pair<uint64_t, uint16_t>> theirs;
  for (const PolyglotEntry& e : *made) theirs.insert({e.key, e.move});
  EXPECT_EQ(theirs, ours);
  // A few spot values, independent of our encoder: the key after 1.e4 d5 2.e5 f5 (published)
  // with exf6 (e5f6: 5 | 5 << 3 | 4 << 6 | 4 << 9), and Black's O-O (e8h8).
  EXPECT_TRUE(theirs.count({0x22a48b5a8e47ff78ULL, 5 | 5 << 3 | 4 << 6 | 4 << 9}));
  EXPECT_EQ(ProbePolyglot(*made, 0x463b96181691fc9cULL).size(), 3u);  // e4, b4, d4
  std::remove(pgn.c_str());
  std::remove(bin.c_str());
}

// A book written by WritePolyglot, read by PolyGlot's dump-book, which prints each colour's
// book lines in SAN with every book move's share of its position's weights.
TEST(PolyglotAgainstPolyGlot, DumpBookReadsOurBook) {
  ASSERT_TRUE(FileExists(kPolyglotBinary)) << kPolyglotBinary << ": " << kMissingPolyglot;
  std::vector<PolyglotEntry> entries;
  const auto add = [&](const std::string& moves, const char* uci, uint16_t weight) {
    auto game = Game::Start("chess");
    ASSERT_NE(game, nullptr);
    ASSERT_TRUE(game->Play(moves));
    auto entry = MakePolyglotEntry(game->pos(), uci, weight);
    ASSERT_TRUE(entry.ok()) << entry.status();
    entries.push_back(*entry);
  };
  // White: 1.e4 (3) or 1.d4 (1); after 1.e4 d5 2.e5 f5, 3.exf6 e.p. (1) or 3.d4 (1);
  // then the line to 5.gxh8=Q and 8.O-O.
  add("", "e2e4", 300);
  add("", "d2d4", 100);
  add("e2e4 d7d5", "e4e5", 65535);
  add("e2e4 d7d5 e4e5 f7f5", "e5f6", 20);
  add("e2e4 d7d5 e4e5 f7f5", "d2d4", 20);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6", "f6g7", 1);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6", "g7h8q", 1);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4", "g1f3", 1);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4 g1f3 d8d7", "f1b5", 1);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4 g1f3 d8d7 f1b5 e8c8", "e1g1", 9);
  // Black: 1...d5 (1) or 1...e5 (3) against 1.e4, then the line of game A to 7...O-O-O.
  add("e2e4", "d7d5", 1);
  add("e2e4", "e7e5", 3);
  add("e2e4 d7d5 e4e5", "f7f5", 2);
  add("e2e4 d7d5 e4e5 f7f5 e5f6", "b8c6", 2);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7", "g8f6", 2);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q", "c8g4", 2);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4 g1f3", "d8d7", 2);
  add("e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 g8f6 g7h8q c8g4 g1f3 d8d7 f1b5", "e8c8", 5);
  const std::string bin = TempPath("ours.bin");
  ASSERT_TRUE(WritePolyglot(entries, bin).ok());

  const auto dump = [&](const char* color) {
    const std::string out = TempPath(absl::StrCat("dump_", color, ".txt"));
    EXPECT_EQ(RunCommand(absl::StrCat(kPolyglotBinary, " dump-book -bin ", bin, " -color ", color,
                                      " -out ", out, " >/dev/null 2>&1")),
              0);
    std::string text = ReadText(out);
    std::remove(out.c_str());
    return text;
  };
  const std::string white = dump("white");
  EXPECT_NE(white.find("1. e4{75%} d5 2. e5{100%} f5 3. exf6{50%} Nc6 4. fxg7{100%} Nf6 "
                       "5. gxh8=Q{100%}"),
            std::string::npos)
      << white;
  EXPECT_NE(white.find("1. d4{25%}"), std::string::npos) << white;
  EXPECT_NE(white.find("3. d4{50%}"), std::string::npos) << white;
  EXPECT_NE(white.find("5. gxh8=Q{100%} Bg4 6. Nf3{100%} Qd7 7. Bb5{100%} O-O-O 8. O-O{100%}"),
            std::string::npos)
      << white;
  const std::string black = dump("black");
  EXPECT_NE(black.find("1. e4 e5{75%}"), std::string::npos) << black;
  EXPECT_NE(black.find("1. e4 d5{25%} 2. e5 f5{100%} 3. exf6 Nc6{100%} 4. fxg7 Nf6{100%} "
                       "5. gxh8=Q Bg4{100%} 6. Nf3 Qd7{100%} 7. Bb5 O-O-O{100%}"),
            std::string::npos)
      << black;
  std::remove(bin.c_str());
}

}  // namespace
}  // namespace tumen::book
