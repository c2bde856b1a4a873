// Exports of an opening book: Polyglot .bin (the 8x8 games), EPD (every book position with its
// book moves), PGN lines (the book's tree walked from its root), and balanced openings (book
// positions at a given depth whose score lies within a band: a start set for match jobs).
#ifndef TUMEN_ENGINE_BOOK_BOOK_EXPORT_H_
#define TUMEN_ENGINE_BOOK_BOOK_EXPORT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/book/opening_book.h"

namespace tumen::book {

// Polyglot keys and moves (engine/book/polyglot.h) for the book's moves of positive weight,
// the weights scaled per position to 1..65535. Only the 8x8 family has a Polyglot form.
absl::Status ExportPolyglot(const OpeningBook& book, const std::string& path);

// One EPD line per book position: the FEN's first four fields, `bm` (the moves of highest
// weight, in SAN), and a `c0` comment with every move's games, W/D/L and mean score.
absl::StatusOr<std::string> BookToEpd(const OpeningBook& book);

struct BookWalk {
  std::string root_fen;  // empty: the variant's start position
  int max_plies = 16;
  size_t max_lines = 1000;
};

// The lines of the book from the root along moves of positive weight, as PGN games with
// result "*" (moves in SAN, the FEN tag when the root is not the start position).
absl::StatusOr<std::string> BookToPgn(const OpeningBook& book, const BookWalk& walk);

// FENs of the positions reached after exactly walk.max_plies plies along the book's lines
// whose mean score (first player's view) lies within [-band_cp, band_cp].
absl::StatusOr<std::vector<std::string>> BalancedOpenings(const OpeningBook& book,
                                                          const BookWalk& walk, int band_cp);

}  // namespace tumen::book

#endif  // TUMEN_ENGINE_BOOK_BOOK_EXPORT_H_
