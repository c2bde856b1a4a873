// The UCI front end of tumen-engine. Reads commands line by line; every error in a command is
// answered with `info string error: <what is wrong>` and leaves the engine as it was.
//
// Threads: HandleLine() is called by one reader thread. `go` starts the search on a search
// thread that prints `info` lines and finally `bestmove`; `stop`, `ponderhit` and `isready`
// are answered while it runs. Any other command first stops and joins a running search.
// All output goes through Emit(), under a mutex.
#ifndef TUMEN_ENGINE_UCI_UCI_ENGINE_H_
#define TUMEN_ENGINE_UCI_UCI_ENGINE_H_

#include <atomic>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "engine/api/game_session.h"
#include "engine/book/opening_book.h"

namespace tumen {

class UciEngine {
 public:
  explicit UciEngine(std::ostream& out);
  ~UciEngine();

  // Runs until `quit` or end of input (then waits for a running search to end).
  void Run(std::istream& in);
  // Handles one command line; returns false on `quit`.
  bool HandleLine(absl::string_view line);
  // Waits until a running search has printed its bestmove.
  void WaitForSearch();

 private:
  absl::Status SetOption(absl::string_view args);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);
  absl::Status Bench(absl::string_view args);
  absl::Status StaticEval();
  absl::Status UseSession(std::unique_ptr<GameSession> session);
  void PrintOptions();
  void StopSearch();
  void Emit(const std::string& text);

  std::ostream& out_;
  absl::Mutex out_mutex_;
  std::unique_ptr<GameSession> session_;
  std::thread search_thread_;
  std::atomic<bool> search_done_{true};
  int threads_ = 1;
  int hash_mb_ = 16;
  int multipv_ = 1;
  std::map<std::string, int> param_overrides_;  // parameters set by the user, by name
  std::string rule_options_;
  std::optional<book::OpeningBook> book_;  // the BookFile option
  int64_t book_seed_ = 0;
  // A legal move of the current position drawn from the book; empty when none.
  std::string BookMove() const;  // the ShatarRules option (rule options over the variant's preset)
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_UCI_UCI_ENGINE_H_
