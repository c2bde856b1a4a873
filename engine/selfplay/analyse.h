// Analysis of one position: what the farm's analysis shards (and a book's drop-out
// expansion) ask of a worker. Plain records, no protobuf, like the rest of selfplay/.
#ifndef TUMEN_ENGINE_SELFPLAY_ANALYSE_H_
#define TUMEN_ENGINE_SELFPLAY_ANALYSE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/selfplay/game_record.h"

namespace tumen::selfplay {

struct AnalysisRequest {
  std::string variant, rules, params_text;
  std::string fen;  // empty: the start position
  std::vector<std::string> moves;
  std::vector<std::string> excluded_moves;
  TimeControl tc;  // nodes, depth or movetime
  int hash_mb = 16;
};

struct AnalysisOutcome {
  std::string fen;        // the analysed position
  bool terminal = false;  // the game is over there; score_cp is exact
  std::string best_move;  // empty when terminal or when every legal move was excluded
  int score_cp = 0;       // side to move's view; mates as +/-(32000 - plies)
  int depth = 0;
  uint64_t nodes = 0;
  std::vector<std::string> pv;
};

// One search thread; deterministic for node or depth limits.
absl::StatusOr<AnalysisOutcome> AnalysePosition(const AnalysisRequest& request);

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_ANALYSE_H_
