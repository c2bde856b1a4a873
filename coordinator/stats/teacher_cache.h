// The teacher's scores of positions kept in a file, so that a later `tumen fit` of the same
// positions (another set of parameters, another teacher weight) asks the teacher only for the
// ones it has not scored yet: labelling 100,000 positions at 5,000 nodes takes about 20
// minutes on two cores, the fit itself three.
//
// The file is text: a first line that names the teacher's settings (engine, UCI_Variant,
// options, nodes), then one `score<TAB>fen` line per position, the score in centipawns from
// the side to move's point of view, or `none` where the teacher found no move. A file made
// with other settings is refused rather than mixed in.
#ifndef TUMEN_COORDINATOR_STATS_TEACHER_CACHE_H_
#define TUMEN_COORDINATOR_STATS_TEACHER_CACHE_H_

#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"

namespace tumen::coordinator {

class TeacherCache {
 public:
  // Reads `path`, or starts an empty cache where it does not exist yet. `settings` is one line
  // naming the teacher's settings; a file whose first line differs is an error.
  static absl::StatusOr<TeacherCache> Open(const std::string& path, const std::string& settings);

  // The score kept for `fen`: nullopt where the position is not in the cache; a nullopt
  // inside where the teacher found no move in it.
  std::optional<std::optional<int>> Find(const std::string& fen) const;
  void Add(const std::string& fen, std::optional<int> score_cp);

  // Writes every score to the file (a new file renamed over the old one, so an interrupted
  // write loses nothing that was there).
  absl::Status Save() const;

 private:
  TeacherCache(std::string path, std::string settings)
      : path_(std::move(path)), settings_(std::move(settings)) {}

  std::string path_;
  std::string settings_;
  absl::flat_hash_map<std::string, std::optional<int>> scores_;
};

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_TEACHER_CACHE_H_
