// Opening books of every game: a tree of positions (keyed by the game's own Zobrist key) with
// the moves played from them and how those moves fared, built from stored games or from a
// drop-out expansion, written to and probed from Tumen's book file (.tbk).
//
// The .tbk format (little-endian throughout; version 1):
//   header   "TUMENBK\1" (8 bytes), u32 version, u32 reserved (0), u64 entry count,
//            u64 position count, u32 variant length, u32 rules length, then the variant name
//            and the rule options (canonical string, may be empty), as bytes.
//   entries  entry count records of 40 bytes, sorted by key, then by weight (descending),
//            then by move: u64 key, char[8] move (UCI, NUL-padded), u32 weight, u32 games,
//            u32 first-player wins, u32 draws, u32 second-player wins, i32 mean score (cp,
//            from the mover's point of view; 0 when unknown).
//   fens     position count records sorted by key: u64 key, u16 length, the FEN bytes. They
//            make exports (Polyglot, EPD, PGN) possible without replaying the games.
// A probe is a binary search over the fixed-width entries; the whole file is read once.
#ifndef TUMEN_ENGINE_BOOK_OPENING_BOOK_H_
#define TUMEN_ENGINE_BOOK_OPENING_BOOK_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/api/game_session.h"
#include "engine/core/outcome.h"

namespace tumen::book {

struct BookEntry {
  uint64_t key = 0;
  std::string move;  // UCI notation, at most 8 characters
  uint32_t weight = 0;
  uint32_t games = 0;
  uint32_t first_wins = 0, draws = 0, second_wins = 0;
  int32_t mean_score_cp = 0;  // mover's point of view

  // Points of the mover per game (0..1); 0.5 when no game is known.
  double MoverScore(int mover) const;
};

class OpeningBook {
 public:
  OpeningBook() = default;
  OpeningBook(std::string variant, std::string rules)
      : variant_(std::move(variant)), rules_(std::move(rules)) {}

  const std::string& variant() const { return variant_; }
  const std::string& rules() const { return rules_; }
  size_t size() const { return entries_.size(); }
  size_t positions() const { return fens_.size(); }
  const std::vector<BookEntry>& entries() const { return entries_; }
  // The FEN of a book position; empty when unknown.
  std::string FenOf(uint64_t key) const;

  // Adds (or merges into) an entry; Finish() must be called before probing or saving.
  void Add(const BookEntry& entry, absl::string_view fen);
  // Sorts, merges equal (key, move) entries and drops the rest of the builder state.
  void Finish();

  // The book moves of a position, best weight first (empty when it is not in the book).
  std::vector<BookEntry> Probe(uint64_t key) const;
  // A move drawn with probability proportional to weight, from `seed`; empty when the
  // position is not in the book or every weight is 0.
  std::string Choose(uint64_t key, uint64_t seed) const;

  absl::Status Save(const std::string& path) const;
  static absl::StatusOr<OpeningBook> Load(const std::string& path);

 private:
  std::string variant_, rules_;
  std::vector<BookEntry> entries_;
  std::map<uint64_t, std::string> fens_;
  bool finished_ = true;
};

// Aggregates games into a book: every position up to `max_plies` from the start of each
// game, the move played there, the result and the mover's search score. Weights follow
// Polyglot's custom: 2 per mover win plus 1 per draw, so moves that only lost are kept (for
// statistics) with weight 0 and are never chosen.
struct BookBuildOptions {
  int max_plies = 16;
  uint32_t min_games = 1;  // entries seen in fewer games are dropped
};

class BookBuilder {
 public:
  // `session` plays the book's variant with its rule options already set.
  BookBuilder(GameSession* session, BookBuildOptions options);

  // One game: its start position, moves (UCI), result and per-move scores (mover's view;
  // may be empty). A game whose moves do not replay is rejected with the reason.
  absl::Status AddGame(absl::string_view start_fen, const std::vector<std::string>& moves,
                       GameResult result, const std::vector<int>& scores);
  uint64_t games() const { return games_; }
  OpeningBook Build() const;

 private:
  struct Stats {
    uint32_t games = 0, first_wins = 0, draws = 0, second_wins = 0;
    int64_t score_sum = 0;
    uint32_t scored = 0;
  };
  GameSession* session_;
  BookBuildOptions options_;
  std::map<std::pair<uint64_t, std::string>, Stats> stats_;
  std::map<uint64_t, std::pair<std::string, int>> positions_;  // key -> FEN, mover
  uint64_t games_ = 0;
};

}  // namespace tumen::book

#endif  // TUMEN_ENGINE_BOOK_OPENING_BOOK_H_
