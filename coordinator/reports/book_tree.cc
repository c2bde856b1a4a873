#include "coordinator/reports/book_tree.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <vector>

#include "engine/api/game_session.h"
#include "engine/book/book_export.h"

namespace tumen::coordinator {

absl::StatusOr<book::OpeningBook> TreeToBook(const v1::BookTree& tree) {
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(tree.variant(), tree.rules());
  if (!session.ok()) return session.status();
  book::OpeningBook book(tree.variant(), (*session)->RuleSet());
  for (const v1::BookNode& node : tree.nodes()) {
    if (node.moves_size() == 0) continue;
    const std::vector<std::string> path(node.path().begin(), node.path().end());
    if (absl::Status s = (*session)->SetPosition(tree.root_fen(), path); !s.ok()) return s;
    int best = node.moves(0).value();
    for (const v1::BookEdge& e : node.moves()) best = std::max(best, e.value());
    for (const v1::BookEdge& e : node.moves()) {
      book::BookEntry entry;
      entry.key = (*session)->Key();
      entry.move = e.move();
      entry.weight = uint32_t(std::max(0, 100 - 2 * (best - e.value())));
      entry.mean_score_cp = e.value();
      book.Add(entry, (*session)->Fen());
    }
  }
  book.Finish();
  return book;
}

absl::StatusOr<std::string> TreeToPolyglot(const v1::BookTree& tree) {
  absl::StatusOr<book::OpeningBook> book = TreeToBook(tree);
  if (!book.ok()) return book.status();
  // The Polyglot writer writes a file: a private temporary one, read back and removed.
  char path[] = "/tmp/tumen-polyglot-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) return absl::InternalError("cannot make a temporary file for the Polyglot book");
  close(fd);
  const absl::Status written = book::ExportPolyglot(*book, path);
  std::stringstream bytes;
  if (written.ok()) bytes << std::ifstream(path, std::ios::binary).rdbuf();
  std::remove(path);
  if (!written.ok()) return written;
  return bytes.str();
}

}  // namespace tumen::coordinator
