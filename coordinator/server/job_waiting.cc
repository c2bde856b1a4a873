#include "coordinator/server/job_waiting.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace tumen::coordinator {
namespace {

bool Offers(const WorkerOffer& w, const std::string& engine) {
  return std::find(w.engines.begin(), w.engines.end(), engine) != w.engines.end();
}

// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
std::string Quoted(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    absl::StrAppend(&out, i == 0 ? "" : i + 1 == names.size() ? " and " : ", ", "'", names[i], "'");
  return out;
}

// " with --engine a=PATH --engine b=PATH": one worker must run all of a job's engines.
std::string WithEngines(const std::vector<std::string>& engines) {
  std::string out = engines.empty() ? "" : " with";
  for (const std::string& e : engines) absl::StrAppend(&out, " --engine ", e, "=PATH");
  return out;
}

}  // namespace

std::optional<v1::JobWaiting> WhyNoWorkerCanTake(const std::vector<std::string>& job_engines,
                                                 const std::vector<WorkerOffer>& live,
                                                 bool needs_builds) {
  std::vector<std::string> engines = job_engines;  // A and B may be the same engine
  std::sort(engines.begin(), engines.end());
  engines.erase(std::unique(engines.begin(), engines.end()), engines.end());
  for (const WorkerOffer& w : live)
    if (!w.engines_known ||
        (std::all_of(engines.begin(), engines.end(), [&](const auto& e) { return Offers(w, e); }) &&
         (!needs_builds || w.can_build)))
      return std::nullopt;

  v1::JobWaiting waiting;
  waiting.set_live_workers(uint32_t(live.size()));
  const std::string count =
      absl::StrCat(" (", live.size(), " live worker", live.size() == 1 ? "" : "s", ")");
  if (live.empty()) {
    for (const std::string& e : engines) waiting.add_missing_engines(e);
    waiting.set_reason(absl::StrCat("no live worker", count, "; start a tumen-worker",
                                    needs_builds ? " with --source REPO" : "",
                                    WithEngines(engines)));
    return waiting;
  }
  if (needs_builds) {
    const bool any_builder =
        std::any_of(live.begin(), live.end(), [](const WorkerOffer& w) { return w.builds; });
    waiting.set_reason(
        any_builder
            ? absl::StrCat("every live worker that builds engines reported a problem with the "
                           "job's builds",
                           count, "; see the build problems below")
            : absl::StrCat("no live worker builds engines", count,
                           "; start one with --source REPO (a clone of the Tumen repository)",
                           WithEngines(engines)));
    return waiting;
  }
  std::vector<std::string> missing;
  for (const std::string& e : engines)
    if (std::none_of(live.begin(), live.end(), [&](const WorkerOffer& w) { return Offers(w, e); }))
      missing.push_back(e);
  for (const std::string& e : missing) waiting.add_missing_engines(e);
  if (!missing.empty()) {
    waiting.set_reason(absl::StrCat("no live worker offers engine",
                                    missing.size() == 1 ? " " : "s ", Quoted(missing), count,
                                    "; start one", WithEngines(engines)));
  } else {  // each engine is offered, but no one worker runs them all
    waiting.set_reason(absl::StrCat("no one live worker offers engines ", Quoted(engines),
                                    " together", count, "; start one", WithEngines(engines)));
  }
  return waiting;
}

}  // namespace tumen::coordinator
