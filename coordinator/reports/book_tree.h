// A book job's drop-out tree (BookTree) as an opening book, for the book files the CLI and
// the dashboard export (Polyglot, EPD, PGN).
#ifndef TUMEN_COORDINATOR_REPORTS_BOOK_TREE_H_
#define TUMEN_COORDINATOR_REPORTS_BOOK_TREE_H_

#include <string>

#include "absl/status/statusor.h"
#include "engine/book/opening_book.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

// A drop-out book's tree as a book file: book moves weighted by how little they give up
// against the node's best (100 for the best, 2 less per centipawn lost, 0 from 50 cp on).
absl::StatusOr<book::OpeningBook> TreeToBook(const v1::BookTree& tree);

// The book as the bytes of a Polyglot .bin file (8x8 games only).
absl::StatusOr<std::string> TreeToPolyglot(const v1::BookTree& tree);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_BOOK_TREE_H_
