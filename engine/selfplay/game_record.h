// Self-play as plain records: what to play (GameSpec) and what was played (GameRecord).
// The farm converts these to and from protobuf (proto/convert.h); the engine never sees
// protobuf.
#ifndef TUMEN_ENGINE_SELFPLAY_GAME_RECORD_H_
#define TUMEN_ENGINE_SELFPLAY_GAME_RECORD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/outcome.h"

namespace tumen::selfplay {

struct TimeControl {
  uint64_t nodes = 0;
  int depth = 0;
  int64_t movetime_ms = 0;
  int64_t base_ms = 0;  // clock per game (with increment_ms per move)
  int64_t increment_ms = 0;
};

// Zero fields switch a rule off.
struct Adjudication {
  int resign_score_cp = 0;
  int resign_moves = 0;
  int draw_score_cp = 0;
  int draw_moves = 0;
  int draw_after_move = 0;
  int max_plies = 0;
};

// An external UCI engine (its executable is resolved by the worker's allow-list).
struct ExternalEngine {
  std::string path;
  std::string uci_variant;  // empty: UCI_Variant is not set
  std::vector<std::pair<std::string, std::string>> options;
};

struct PlayerConfig {
  std::string engine = "tumen";  // name recorded in the game
  std::string params_name;
  std::string params_text;  // "name value" lines applied over the defaults (Tumen only)
  std::optional<ExternalEngine> external;  // set: this player is an external engine
};

struct GameSpec {
  std::string variant;
  std::string rules;      // rule options over the variant's preset; empty: the preset
  std::string start_fen;  // empty: the variant's start position
  TimeControl tc;
  Adjudication adjudication;
  PlayerConfig white, black;
  uint64_t seed = 0;
  int hash_mb = 16;
  // The first sample_plies plies are drawn from `seed` among the moves a MultiPV search of
  // our engine scores within sample_margin_cp of its best (external engines play as usual).
  int sample_plies = 0;
  int sample_margin_cp = 0;
};

struct MoveRecord {
  std::string uci;
  int score_cp = 0;  // from the mover's point of view
  int depth = 0;
  uint64_t nodes = 0;
  int time_ms = 0;
};

struct GameRecord {
  std::string variant;
  std::string rules;  // the full rule set (canonical options), empty without options
  std::string start_fen;
  std::vector<MoveRecord> moves;
  GameResult result = GameResult::kOngoing;  // kFirstPlayerWins: White won
  Termination termination = Termination::kNone;
  PlayerConfig white, black;
  uint64_t seed = 0;
  int64_t started_unix_ms = 0;
  int64_t finished_unix_ms = 0;
  std::vector<std::string> events;  // e.g. an external engine that crashed
  std::optional<WinGrade> tuukhei;  // decisive Shatar games won by mate
};

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_GAME_RECORD_H_
