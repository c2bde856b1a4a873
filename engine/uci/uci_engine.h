// The UCI front end of tumen-engine. Reads commands line by line; every error in a command is
// answered with `info string error: <what is wrong>` and leaves the engine as it was.
#ifndef TUMEN_ENGINE_UCI_UCI_ENGINE_H_
#define TUMEN_ENGINE_UCI_UCI_ENGINE_H_

#include <iosfwd>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/api/game_session.h"

namespace tumen {

class UciEngine {
 public:
  explicit UciEngine(std::ostream& out);

  // Runs until `quit` or end of input.
  void Run(std::istream& in);
  // Handles one command line; returns false on `quit`.
  bool HandleLine(absl::string_view line);

 private:
  absl::Status SetOption(absl::string_view args);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);
  void PrintOptions();

  std::ostream& out_;
  std::unique_ptr<GameSession> session_;
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_UCI_UCI_ENGINE_H_
