// An external engine speaking UCI, as a player of farm games (issue 6: matches and tuning
// against other engines). The worker decides which executables may run (an allow-list of
// names); this class only runs what it is given. Every wait has a deadline: a hung engine is
// killed and reported as DeadlineExceeded, a crashed one as Unavailable, so the game can be
// scored as lost by that engine and the engine restarted.
#ifndef TUMEN_ENGINE_SELFPLAY_UCI_ENGINE_PLAYER_H_
#define TUMEN_ENGINE_SELFPLAY_UCI_ENGINE_PLAYER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "engine/selfplay/game_record.h"
#include "engine/selfplay/subprocess.h"

namespace tumen::selfplay {

struct UciEngineConfig {
  std::string path;
  std::vector<std::string> args;
  std::string variant;  // the engine's own UCI_Variant name; empty: do not set it
  std::vector<std::pair<std::string, std::string>> options;
  absl::Duration startup_timeout = absl::Seconds(10);
};

struct EngineMove {
  std::string move;
  int score_cp = 0;  // from the mover's point of view; mates as +-(32000 - plies)
  int depth = 0;
  uint64_t nodes = 0;
};

class UciEnginePlayer {
 public:
  // Starts the engine and completes the uci / setoption / isready handshake.
  static absl::StatusOr<std::unique_ptr<UciEnginePlayer>> Start(const UciEngineConfig& config);

  const std::string& name() const { return name_; }

  absl::Status NewGame();
  // Asks for a move in start_fen + moves under the time control; `clock_ms` are both sides'
  // remaining clocks for clock time controls. `timeout` bounds the wait for `bestmove`.
  absl::StatusOr<EngineMove> Think(const std::string& start_fen,
                                   const std::vector<std::string>& moves, const TimeControl& tc,
                                   const int64_t clock_ms[2], absl::Duration timeout);

 private:
  explicit UciEnginePlayer(std::unique_ptr<Subprocess> process) : process_(std::move(process)) {}
  // Reads lines until one starts with `prefix`; calls `seen` for every line before it.
  absl::StatusOr<std::string> ReadUntil(absl::string_view prefix, absl::Duration timeout,
                                        const std::function<void(const std::string&)>& seen = {});
  // isready, then waits for readyok; `seen` gets each line before it.
  absl::Status Sync(absl::Duration timeout,
                    const std::function<void(const std::string&)>& seen = {});

  std::unique_ptr<Subprocess> process_;
  std::string name_;
};

}  // namespace tumen::selfplay

#endif  // TUMEN_ENGINE_SELFPLAY_UCI_ENGINE_PLAYER_H_
