// The game-independent face of the engine: one session plays one variant. The UCI front end,
// and later the self-play and analysis code, talk to a session; a concrete game (and its
// monomorphic hot path) is picked once, when the session is created from a variant name.
#ifndef TUMEN_ENGINE_API_GAME_SESSION_H_
#define TUMEN_ENGINE_API_GAME_SESSION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/core/board_geometry.h"
#include "engine/core/outcome.h"
#include "engine/core/params.h"
#include "engine/search/limits.h"

namespace tumen {

struct PerftDivide {
  std::vector<std::pair<std::string, uint64_t>> moves;  // UCI move, leaf count below it
  uint64_t total = 0;
};

// Positions held for repeated static evaluation (GameSession::ParsePositions).
class EvalPositions {
 public:
  virtual ~EvalPositions() = default;
  virtual size_t size() const = 0;
  // The static evaluations of positions [begin, end), in centipawns from the side to move's
  // view, into out[begin..end). Concurrent calls on disjoint ranges are safe.
  virtual void Evaluate(size_t begin, size_t end, int* out) const = 0;
};

class GameSession {
 public:
  virtual ~GameSession() = default;

  virtual const std::string& variant() const = 0;
  virtual std::string StartFen() const = 0;

  // Rule options over the variant's preset (Shatar: RULES.md §3, "key=value,..."; see
  // engine/games/shatar/rule_options.h). Empty: the plain preset. Resets to the start
  // position. Families without rule options accept only the empty string. On error the
  // rules and the position are kept.
  virtual absl::Status SetRuleOptions(absl::string_view options) = 0;
  // The full rule set as a canonical options string (every key, fixed order), so that stored
  // games record it; empty for games without rule options.
  virtual std::string RuleSet() const = 0;
  // The grade of the game played in this session (from the position set by SetPosition and
  // the moves since): the tuukhei when it is a decisive mate, nullopt otherwise or where the
  // family has no such grade.
  virtual std::optional<WinGrade> GradeWin() const = 0;

  // Sets the position to `fen` (empty: the start position) followed by `moves` in UCI
  // notation. On error the previous position is kept and the status says what is wrong.
  virtual absl::Status SetPosition(absl::string_view fen,
                                   const std::vector<std::string>& moves) = 0;

  // Plays one legal move (UCI notation) on the current position; errors leave it unchanged.
  virtual absl::Status PlayMove(absl::string_view uci_move) = 0;
  // 0 when the first player (White, Red) is to move, 1 otherwise.
  virtual int SideToMove() const = 0;

  virtual std::string Fen() const = 0;
  virtual std::string Diagram() const = 0;
  // The board as points and lines, for games whose board is data (deer chess); none for
  // square grids.
  virtual std::optional<BoardGeometry> Geometry() const { return std::nullopt; }
  virtual uint64_t Key() const = 0;
  virtual std::vector<std::string> LegalMoves() const = 0;
  virtual std::string ToSan(absl::string_view uci_move) const = 0;
  virtual GameStatus Status() const = 0;
  virtual PerftDivide Perft(int depth) = 0;

  // Search. Go() blocks until the search ends; Stop() and PonderHit() may be called from
  // another thread meanwhile. Settings change only between searches.
  using InfoCallback = std::function<void(const search::SearchInfo&)>;
  virtual search::SearchResult Go(const search::Limits& limits, const InfoCallback& on_info) = 0;
  virtual void Stop() = 0;
  virtual void PonderHit() = 0;
  virtual void SetThreads(int threads) = 0;
  virtual void SetHashMb(size_t mib) = 0;
  // Allocates the hash table now if no search has yet. A session allocates it on its first
  // search, where a clock pays for it (about 100 ms for 16 MiB on a busy machine, seconds
  // for hundreds): a UCI engine calls this at `ucinewgame` and `isready`, before any clock.
  virtual void PrepareSearch() = 0;
  virtual bool SearchPrepared() const = 0;  // whether the hash table is allocated
  virtual void NewGame() = 0;  // clears the hash table and the search's move statistics
                               // and returns to the start position
  // Search and evaluation parameters, by name.
  virtual ParamSet& params() = 0;

  // Fitting the evaluation to game results (tumen fit): the evaluation's parameters, and
  // positions parsed once under this session's rules, evaluated with its current parameters
  // (set through params()). The positions refer to the session, which must outlive them.
  virtual const std::vector<ParamSpec>& EvalSpecs() const = 0;
  virtual absl::StatusOr<std::unique_ptr<EvalPositions>> ParsePositions(
      const std::vector<std::string>& fens) = 0;
};

// Every variant name the engine plays, in the order UCI lists them.
const std::vector<std::string>& AllVariants();

absl::StatusOr<std::unique_ptr<GameSession>> CreateGameSession(absl::string_view variant);
// The same under rule options over the variant's preset (empty: the preset itself); the
// error says what is wrong with the options. The hash table is allocated by the first search
// only, so sessions that never search (referees, replays) cost no table.
absl::StatusOr<std::unique_ptr<GameSession>> CreateGameSession(absl::string_view variant,
                                                               absl::string_view rules);

}  // namespace tumen

#endif  // TUMEN_ENGINE_API_GAME_SESSION_H_
