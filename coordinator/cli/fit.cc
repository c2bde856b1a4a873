// tumen fit --jobs 3,4 --out FILE [--max-positions N] [--fit-params A,B] [--passes N]
//           [--teacher PATH [--teacher-variant V] [--teacher-options K=V,..] [--teacher-nodes N]
//            [--teacher-weight W] [--teacher-processes N] [--teacher-cache FILE
//            [--teacher-cached-only]]]:
// fits the evaluation parameters to the results of the stored games of finished (or running)
// jobs (coordinator/stats/eval_fit.h), or to a stronger engine's scores of their positions
// (coordinator/stats/teacher_labels.h), and writes them as a parameter file, which a match
// (--a FILE) or an SPRT of a commit with these values then judges.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "coordinator/cli/commands.h"
#include "coordinator/cli/common.h"
#include "coordinator/stats/eval_fit.h"
#include "coordinator/stats/fit_positions.h"
#include "coordinator/stats/teacher_cache.h"
#include "coordinator/stats/teacher_labels.h"

ABSL_FLAG(std::string, jobs, "", "fit: the jobs whose stored games it learns from, e.g. 3,4");
ABSL_FLAG(uint32_t, max_positions, 200000,
          "fit: at most this many quiet positions, sampled uniformly from the games");
ABSL_FLAG(std::string, fit_params, "",
          "fit: the evaluation parameters to fit, e.g. KnightMg,RookMg (default: all of them)");
ABSL_FLAG(int32_t, passes, 10, "fit: passes over the parameters (fewer when one moves none)");
ABSL_FLAG(std::string, teacher, "",
          "fit: label the positions with this UCI engine's search scores (a path, e.g. "
          "/usr/games/fairy-stockfish) instead of the games' results alone");
ABSL_FLAG(std::string, teacher_variant, "",
          "fit: the teacher's UCI_Variant (default: the games' variant)");
ABSL_FLAG(std::string, teacher_options, "Hash=16,Threads=1",
          "fit: the teacher's UCI options, NAME=VALUE,...");
ABSL_FLAG(uint64_t, teacher_nodes, 5000, "fit: the teacher's nodes per position");
ABSL_FLAG(double, teacher_weight, 1.0,
          "fit: a label is this share of the teacher's expected result, the rest the game's");
ABSL_FLAG(int32_t, teacher_processes, 2, "fit: teacher processes run side by side");
ABSL_FLAG(std::string, teacher_cache, "",
          "fit: a file of the teacher's scores, read before and written after labelling, so a "
          "later fit of the same positions searches only the new ones (made with other teacher "
          "settings, it is refused)");
ABSL_FLAG(bool, teacher_cached_only, false,
          "fit: only the positions whose score --teacher-cache already holds, from every quiet "
          "position of the jobs (--max-positions still caps them): pools the samples of earlier "
          "fits (other seeds, other jobs) without labelling a new position");
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(uint64_t, seed);

namespace tumen::cli {

int FitCommand(worker::CoordinatorClient& client) {
  std::vector<uint64_t> jobs;
  for (absl::string_view word :
       absl::StrSplit(absl::GetFlag(FLAGS_jobs), ',', absl::SkipWhitespace())) {
    uint64_t id = 0;
    if (!absl::SimpleAtoi(word, &id) || id == 0)
      return Fail(absl::StrCat("--jobs: '", word, "' is not a job id"));
    jobs.push_back(id);
  }
  if (jobs.empty()) return Fail("--jobs is required: the jobs whose games to learn from");
  const std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) return Fail("--out FILE is required: where the fitted parameters go");
  if (absl::GetFlag(FLAGS_max_positions) < 100) return Fail("--max-positions must be at least 100");
  if (absl::GetFlag(FLAGS_passes) < 1) return Fail("--passes must be at least 1");
  const std::string teacher = absl::GetFlag(FLAGS_teacher);
  coordinator::TeacherOptions teaching;
  if (!teacher.empty()) {
    teaching.engine.path = teacher;
    if (absl::Status s = ParseKeyValues(absl::GetFlag(FLAGS_teacher_options),
                                        [&](absl::string_view k, absl::string_view v) {
                                          teaching.engine.options.emplace_back(k, v);
                                          return true;
                                        });
        !s.ok())
      return Fail(absl::StrCat("--teacher-options: ", s.message()));
    teaching.nodes = absl::GetFlag(FLAGS_teacher_nodes);
    teaching.weight = absl::GetFlag(FLAGS_teacher_weight);
    teaching.processes = absl::GetFlag(FLAGS_teacher_processes);
    teaching.cache_path = absl::GetFlag(FLAGS_teacher_cache);
    if (teaching.nodes == 0) return Fail("--teacher-nodes must be at least 1");
    if (!(teaching.weight >= 0 && teaching.weight <= 1))
      return Fail("--teacher-weight must be within [0, 1]");
    if (teaching.processes < 1) return Fail("--teacher-processes must be at least 1");
  }
  const bool cached_only = absl::GetFlag(FLAGS_teacher_cached_only);
  if (cached_only && (teacher.empty() || teaching.cache_path.empty()))
    return Fail(
        "--teacher-cached-only needs --teacher and --teacher-cache: the positions kept "
        "are those the cache scores");

  // 1. Quiet positions of the stored games.
  coordinator::FitPositionSampler sampler(absl::GetFlag(FLAGS_max_positions),
                                          absl::GetFlag(FLAGS_seed));
  // The cache is opened at the first quiet position, once the games' variant (the teacher's
  // default one, part of the cache's settings line) is known.
  std::optional<coordinator::TeacherCache> pool;
  absl::Status bad_pool;
  if (cached_only)
    sampler.KeepOnly([&](const std::string& fen) {
      if (!pool && bad_pool.ok()) {
        coordinator::TeacherOptions settings = teaching;
        const std::string variant = absl::GetFlag(FLAGS_teacher_variant);
        settings.engine.variant = variant.empty() ? sampler.variant() : variant;
        absl::StatusOr<coordinator::TeacherCache> opened = coordinator::TeacherCache::Open(
            teaching.cache_path, coordinator::TeacherSettingsLine(settings));
        if (opened.ok())
          pool = *std::move(opened);
        else
          bad_pool = opened.status();
      }
      return pool && pool->Find(fen).has_value();
    });
  absl::Status bad_game;
  for (uint64_t job : jobs) {
    const absl::Status s = client.ExportGames(job, [&](const v1::Game& g) {
      if (!bad_game.ok() || !bad_pool.ok()) return;
      const uint64_t before = sampler.games();
      bad_game = sampler.Add(g);
      if (sampler.games() != before && sampler.games() % 2000 == 0)
        std::fprintf(stderr, "tumen: fit: %llu games read\n",
                     static_cast<unsigned long long>(sampler.games()));
    });
    if (!s.ok()) return Fail(absl::StrCat("job ", job, ": ", s.message()));
    if (!bad_game.ok()) return Fail(bad_game);
    if (!bad_pool.ok()) return Fail(absl::StrCat("--teacher-cached-only: ", bad_pool.message()));
  }
  if (sampler.fens().size() < 100)
    return Fail(absl::StrCat("only ", sampler.fens().size(), " quiet positions",
                             cached_only ? " scored by the teacher cache" : "", " in ",
                             sampler.games(), " finished games; fit needs at least 100"));
  std::fprintf(stderr,
               "tumen: fit: %s, %llu games (%llu more repeated an earlier one move for move and "
               "were skipped), %zu of %llu quiet positions\n",
               sampler.variant().c_str(), static_cast<unsigned long long>(sampler.games()),
               static_cast<unsigned long long>(sampler.repeated_games()), sampler.fens().size(),
               static_cast<unsigned long long>(sampler.quiet_positions_seen()));

  // 2. The teacher's labels, where one is given.
  std::vector<double> labels = sampler.labels();
  if (!teacher.empty()) {
    const std::string variant = absl::GetFlag(FLAGS_teacher_variant);
    teaching.engine.variant = variant.empty() ? sampler.variant() : variant;
    const absl::Time start = absl::Now();
    teaching.progress = [&](size_t done, size_t total) {
      const double s = absl::ToDoubleSeconds(absl::Now() - start);
      std::fprintf(stderr,
                   "tumen: fit: teacher labelled %zu of %zu positions (%.0f s, %.0f s left)\n",
                   done, total, s, s * double(total - done) / double(done));
    };
    absl::StatusOr<size_t> cached =
        coordinator::BlendTeacherLabels(sampler.fens(), teaching, labels);
    if (!cached.ok()) return Fail(cached.status());
    if (!teaching.cache_path.empty())
      std::fprintf(stderr, "tumen: fit: %zu of %zu teacher scores from %s\n", *cached,
                   sampler.fens().size(), teaching.cache_path.c_str());
  }

  // 3. The fit, with the engine's own evaluation.
  absl::StatusOr<std::unique_ptr<GameSession>> session =
      CreateGameSession(sampler.variant(), sampler.rules());
  if (!session.ok()) return Fail(session.status());
  absl::StatusOr<std::unique_ptr<EvalPositions>> positions =
      (*session)->ParsePositions(sampler.fens());
  if (!positions.ok()) return Fail(positions.status());
  coordinator::EvalFitOptions options;
  for (absl::string_view name :
       absl::StrSplit(absl::GetFlag(FLAGS_fit_params), ',', absl::SkipWhitespace()))
    options.params.emplace_back(name);
  options.max_passes = absl::GetFlag(FLAGS_passes);
  const absl::Time start = absl::Now();
  options.progress = [&](const std::string& line) {
    std::fprintf(stderr, "tumen: fit: %s (%.0f s)\n", line.c_str(),
                 absl::ToDoubleSeconds(absl::Now() - start));
  };
  absl::StatusOr<coordinator::EvalFitResult> fit =
      coordinator::FitEvalParams(**session, **positions, labels, options);
  if (!fit.ok()) return Fail(fit.status());

  // 4. The parameter file.
  const std::string labelled_by = teacher.empty()
                                      ? "game results"
                                      : absl::StrFormat("%.2f of teacher %s at %d nodes",
                                                        teaching.weight, teacher, teaching.nodes);
  std::string text = absl::StrFormat(
      "# tumen fit: jobs %s, %s, %d games, %d positions labelled by %s; K %.6f per cp; loss %.6f "
      "-> %.6f\n",
      absl::StrJoin(jobs, ","), sampler.variant(), sampler.games(), sampler.fens().size(),
      labelled_by, fit->k, fit->loss_before, fit->loss_after);
  for (const auto& [name, value] : fit->fitted) absl::StrAppend(&text, name, " ", value, "\n");
  if (absl::Status s = WriteFile(out, text); !s.ok()) return Fail(s);
  std::printf("positions %zu  K %.6f  loss %.6f -> %.6f  passes %d  changed %d of %zu  -> %s\n",
              sampler.fens().size(), fit->k, fit->loss_before, fit->loss_after, fit->passes,
              fit->changed, fit->fitted.size(), out.c_str());
  return 0;
}

}  // namespace tumen::cli
