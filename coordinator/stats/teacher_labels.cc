#include "coordinator/stats/teacher_labels.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

#include "absl/strings/str_cat.h"
#include "coordinator/stats/match_stats.h"
#include "coordinator/stats/teacher_cache.h"
#include "engine/core/score.h"

namespace tumen::coordinator {

double ExpectedScore(int score_cp) {
  if (IsMateScore(score_cp)) return score_cp > 0 ? 1.0 : 0.0;
  return EloToScore(score_cp);  // the same logistic, centipawns read as Elo
}

std::string TeacherSettingsLine(const TeacherOptions& options) {
  std::string line = absl::StrCat("# tumen fit teacher: ", options.engine.path, " variant ",
                                  options.engine.variant, " nodes ", options.nodes, " options");
  for (const auto& [name, value] : options.engine.options)
    absl::StrAppend(&line, " ", name, "=", value);
  return line;
}

absl::StatusOr<size_t> BlendTeacherLabels(const std::vector<std::string>& fens,
                                          const TeacherOptions& options,
                                          std::vector<double>& labels) {
  if (labels.size() != fens.size())
    return absl::InvalidArgumentError("one label per position is needed");
  if (options.weight < 0 || options.weight > 1)
    return absl::InvalidArgumentError("the teacher's weight must be within [0, 1]");
  if (options.nodes == 0) return absl::InvalidArgumentError("the teacher needs a node budget");
  std::optional<TeacherCache> cache;
  if (!options.cache_path.empty()) {
    absl::StatusOr<TeacherCache> opened =
        TeacherCache::Open(options.cache_path, TeacherSettingsLine(options));
    if (!opened.ok()) return opened.status();
    cache = std::move(*opened);
  }
  // The teacher's score of each position (nullopt: no move found, the game's result stays),
  // from the cache where it has one; `todo` lists the others.
  std::vector<std::optional<int>> scores(fens.size());
  std::vector<size_t> todo;
  for (size_t i = 0; i < fens.size(); ++i) {
    const std::optional<std::optional<int>> cached = cache ? cache->Find(fens[i]) : std::nullopt;
    if (cached)
      scores[i] = *cached;
    else
      todo.push_back(i);
  }
  const int processes = std::clamp<int>(options.processes, 1, std::max<size_t>(1, todo.size()));
  std::atomic<size_t> next{0}, done{0};
  std::atomic<bool> failed{false};  // set with `failure`: the other threads stop
  std::mutex mu;                    // guards `failure` and serialises `progress`
  absl::Status failure;
  selfplay::TimeControl tc;
  tc.nodes = options.nodes;
  const int64_t no_clock[2] = {0, 0};
  // A generous bound per position: a teacher that stops answering fails the labelling.
  const absl::Duration timeout = absl::Seconds(30) + absl::Milliseconds(options.nodes / 10);
  auto label = [&] {
    absl::StatusOr<std::unique_ptr<selfplay::UciEnginePlayer>> engine =
        selfplay::UciEnginePlayer::Start(options.engine);
    if (!engine.ok()) {
      std::lock_guard<std::mutex> lock(mu);
      if (failure.ok()) failure = engine.status();
      failed = true;
      return;
    }
    for (size_t k; !failed && (k = next.fetch_add(1)) < todo.size();) {
      const size_t i = todo[k];
      // A fresh game per position: nothing the teacher learnt elsewhere colours its score.
      absl::Status s = (*engine)->NewGame();
      absl::StatusOr<selfplay::EngineMove> move =
          s.ok() ? (*engine)->Think(fens[i], {}, tc, no_clock, timeout)
                 : absl::StatusOr<selfplay::EngineMove>(s);
      if (move.ok()) {
        scores[i] = move->score_cp;
      } else if (move.status().code() != absl::StatusCode::kFailedPrecondition) {
        std::lock_guard<std::mutex> lock(mu);
        if (failure.ok())
          failure = absl::Status(move.status().code(),
                                 absl::StrCat("teacher ", options.engine.path, " at ", fens[i],
                                              ": ", move.status().message()));
        failed = true;
        return;
      }
      const size_t n = done.fetch_add(1) + 1;
      if (options.progress && (n % 500 == 0 || n == todo.size())) {
        std::lock_guard<std::mutex> lock(mu);
        options.progress(n, todo.size());
      }
    }
  };
  std::vector<std::thread> threads;
  if (!todo.empty())
    for (int p = 0; p < processes; ++p) threads.emplace_back(label);
  for (std::thread& t : threads) t.join();
  if (!failure.ok()) return failure;
  if (cache && !todo.empty()) {
    for (size_t i : todo) cache->Add(fens[i], scores[i]);
    if (absl::Status s = cache->Save(); !s.ok()) return s;
  }
  for (size_t i = 0; i < fens.size(); ++i)
    if (scores[i])
      labels[i] = options.weight * ExpectedScore(*scores[i]) + (1 - options.weight) * labels[i];
  return fens.size() - todo.size();
}

}  // namespace tumen::coordinator
