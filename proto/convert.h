// Converters between the engine's plain records (engine/selfplay) and tumen.v1 protobuf.
#ifndef TUMEN_PROTO_CONVERT_H_
#define TUMEN_PROTO_CONVERT_H_

#include <cstdint>
#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/selfplay/analyse.h"
#include "engine/selfplay/game_record.h"
#include "tumen/v1/coordinator.pb.h"

namespace tumen::proto {

// Packs a UCI move of any board up to 16 files and 16 ranks: from | to << 8 | promotion
// letter << 16, squares as file + 16 * rank. Drops (`P@e3`) put 0xFF in the from byte and
// the piece letter in the promotion byte.
absl::StatusOr<uint32_t> EncodeMove(absl::string_view uci);
std::string DecodeMove(uint32_t packed);

v1::GameResult ToProto(GameResult r);
GameResult FromProto(v1::GameResult r);
v1::Termination ToProto(Termination t);
Termination FromProto(v1::Termination t);

// Fails on a move that cannot be encoded.
absl::StatusOr<v1::Game> ToProto(const selfplay::GameRecord& record);
// Fails on a move that cannot be decoded (the farm validates games with this first).
absl::StatusOr<selfplay::GameRecord> FromProto(const v1::Game& game);

selfplay::TimeControl FromProto(const v1::TimeControl& tc);
selfplay::Adjudication FromProto(const v1::Adjudication& a);

// The game of a shard's pair `pair_index` (index into shard.pairs) with player A as White
// (colour 0) or Black (colour 1): what a worker plays for it. External engines are looked up
// by name in `engine_paths` (the worker's allow-list); an unknown name is an error.
absl::StatusOr<selfplay::GameSpec> GameSpecFor(
    const v1::Shard& shard, int pair_index, int colour,
    const std::map<std::string, std::string>& engine_paths = {});
// The stable id of that game.
v1::GameId GameIdFor(const v1::Shard& shard, int pair_index, int colour);

// What a worker analyses for one task of an analysis shard, and its answer.
selfplay::AnalysisRequest AnalysisRequestFor(const v1::AnalysisSpec& spec,
                                             const v1::AnalysisPosition& position);
v1::AnalysisResult ToProto(const selfplay::AnalysisOutcome& outcome);

// Facts of a job spec that the coordinator, the workers and the CLI must agree on.
// An engine build's commit: 40 lowercase hex digits, the only form a job may carry.
bool IsFullCommitHash(absl::string_view text);
// A scale_tc match's clock factor for a worker of `bench_nps` nodes/s: reference / its speed,
// clamped to 0.1-10; 0 (not scaled) when the match does not scale, has no clock, or the
// worker's speed is unknown.
double ClockFactor(const v1::MatchSpec& match, double bench_nps);
// "running", "finished", "cancelled", "failed" ("unknown" otherwise).
std::string JobStateName(v1::JobState state);

}  // namespace tumen::proto

#endif  // TUMEN_PROTO_CONVERT_H_
