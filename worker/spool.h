// The worker's local spool: every finished game is written here (atomically, fsync'ed)
// before it is submitted, and removed only once the coordinator has acknowledged it. A
// coordinator outage or a worker restart therefore loses nothing.
//
// Thread-safe: files are written under unique names and renamed into place; listing and
// removal are safe while games are being added.
#ifndef TUMEN_WORKER_SPOOL_H_
#define TUMEN_WORKER_SPOOL_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tumen/v1/game.pb.h"

namespace tumen::worker {

class Spool {
 public:
  static absl::StatusOr<Spool> Open(const std::string& dir);

  absl::Status Add(const v1::Game& game);
  // Up to `limit` spooled games, oldest name first, with their file names.
  std::vector<std::pair<std::string, v1::Game>> Peek(size_t limit) const;
  void Remove(const std::string& file);
  size_t Count() const;

 private:
  explicit Spool(std::string dir) : dir_(std::move(dir)) {}
  std::string dir_;
};

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_SPOOL_H_
