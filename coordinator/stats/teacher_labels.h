// Labels for `tumen fit` from a stronger engine ("teacher"): each sampled position is searched
// by an external UCI engine, and its score becomes the expected result for the side to move,
// 1 / (1 + 10^(-score / 400)), blended with the game's result. Games between two equal engines
// at a small budget say little about a single position (issue 15, line 16: a fit to their
// results lost Elo); a stronger engine's judgement of the position itself says more.
#ifndef TUMEN_COORDINATOR_STATS_TEACHER_LABELS_H_
#define TUMEN_COORDINATOR_STATS_TEACHER_LABELS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/selfplay/uci_engine_player.h"

namespace tumen::coordinator {

struct TeacherOptions {
  selfplay::UciEngineConfig engine;  // path, UCI_Variant and options of the teacher
  uint64_t nodes = 5000;             // search budget per position
  double weight = 1.0;               // label = weight * teacher + (1 - weight) * game result
  int processes = 2;                 // teacher processes run side by side
  // A file of the teacher's scores (teacher_cache.h), read before and written after the
  // labelling: positions it holds are not searched again. Empty: none.
  std::string cache_path;
  // Called now and then from the labelling threads (serialised): positions done, of total.
  std::function<void(size_t done, size_t total)> progress;
};

// The expected result for the side to move of a score in centipawns (mates: 0 or 1).
double ExpectedScore(int score_cp);

// The first line of a teacher cache made with these settings.
std::string TeacherSettingsLine(const TeacherOptions& options);

// Replaces each of `labels` (the game results of `fens`) by the blend with the teacher's
// expected result, and returns how many of the positions the cache answered. A position the
// teacher finds no move in keeps its game result. Fails, labels unchanged, when the teacher
// cannot be started or stops answering, or the cache cannot be read or written.
absl::StatusOr<size_t> BlendTeacherLabels(const std::vector<std::string>& fens,
                                          const TeacherOptions& options,
                                          std::vector<double>& labels);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_STATS_TEACHER_LABELS_H_
