// Checks shared by the jobs that analyse positions (analysis and book jobs): the game and
// time control of a spec, and a position with the result a worker submits for it, replayed
// with the rules core.
#ifndef TUMEN_COORDINATOR_JOBS_ANALYSIS_CHECKS_H_
#define TUMEN_COORDINATOR_JOBS_ANALYSIS_CHECKS_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/api/game_session.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::coordinator {

// "analysis spec: <what>", an invalid argument.
absl::Status InvalidAnalysis(absl::string_view what);
// One search limit per position: nodes, depth or movetime (no clock).
absl::Status CheckTimeControl(const v1::TimeControl& tc);
// A session of the variant and rules, or an "analysis spec" error.
absl::StatusOr<std::unique_ptr<GameSession>> SessionFor(const std::string& variant,
                                                        const std::string& rules);
// Checks a position (and the result for it, when given) with the rules core; leaves the
// session in the position.
absl::Status CheckPosition(GameSession& session, const v1::AnalysisPosition& p,
                           const v1::AnalysisResult* result);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_JOBS_ANALYSIS_CHECKS_H_
