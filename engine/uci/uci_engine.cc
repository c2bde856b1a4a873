#include "engine/uci/uci_engine.h"

#include <chrono>
#include <istream>
#include <ostream>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/core/status_macros.h"

namespace tumen {
namespace {

constexpr absl::string_view kEngineName = "Tumen 0.1";
constexpr int kMaxPerftDepth = 20;

// Splits "first rest..." at the first run of white space.
std::pair<absl::string_view, absl::string_view> SplitWord(absl::string_view s) {
  s = absl::StripLeadingAsciiWhitespace(s);
  const size_t end = s.find_first_of(" \t");
  if (end == absl::string_view::npos) return {s, {}};
  return {s.substr(0, end), absl::StripLeadingAsciiWhitespace(s.substr(end))};
}

}  // namespace

UciEngine::UciEngine(std::ostream& out) : out_(out) {
  session_ = *CreateGameSession(AllVariants().front());
}

void UciEngine::Run(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!HandleLine(line)) break;
  }
}

void UciEngine::PrintOptions() {
  out_ << "option name UCI_Variant type combo default " << AllVariants().front();
  for (const std::string& v : AllVariants()) out_ << " var " << v;
  out_ << "\n";
}

bool UciEngine::HandleLine(absl::string_view line) {
  const auto [command, args] = SplitWord(absl::StripTrailingAsciiWhitespace(line));
  absl::Status status;
  if (command.empty()) {
    return true;
  } else if (command == "quit") {
    return false;
  } else if (command == "uci") {
    out_ << "id name " << kEngineName << "\nid author the Tumen developers\n";
    PrintOptions();
    out_ << "uciok\n";
  } else if (command == "isready") {
    out_ << "readyok\n";
  } else if (command == "ucinewgame") {
    status = session_->SetPosition("", {});
  } else if (command == "setoption") {
    status = SetOption(args);
  } else if (command == "position") {
    status = SetPosition(args);
  } else if (command == "d") {
    out_ << "\n"
         << session_->Diagram() << "\nFen: " << session_->Fen()
         << absl::StrFormat("\nKey: %016X\n", session_->Key());
  } else if (command == "go") {
    status = Go(args);
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command '", command, "'"));
  }
  if (!status.ok()) out_ << "info string error: " << status.message() << "\n";
  out_.flush();
  return true;
}

absl::Status UciEngine::SetOption(absl::string_view args) {
  // setoption name <name words> [value <value words>]
  auto [keyword, rest] = SplitWord(args);
  if (keyword != "name")
    return absl::InvalidArgumentError("expected 'setoption name <id> [value <x>]'");
  absl::string_view name = rest, value;
  if (const size_t at = rest.find(" value "); at != absl::string_view::npos) {
    name = rest.substr(0, at);
    value = absl::StripAsciiWhitespace(rest.substr(at + 7));
  }
  name = absl::StripAsciiWhitespace(name);
  if (absl::EqualsIgnoreCase(name, "UCI_Variant")) {
    TUMEN_ASSIGN_OR_RETURN(std::unique_ptr<GameSession> session, CreateGameSession(value));
    session_ = std::move(session);
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown option '", name, "'"));
}

absl::Status UciEngine::SetPosition(absl::string_view args) {
  // position startpos|fen <fen> [moves m1 m2 ...]
  absl::string_view spec = args, moves_text;
  if (const size_t at = args.find("moves"); at != absl::string_view::npos) {
    spec = args.substr(0, at);
    moves_text = args.substr(at + 5);
  }
  auto [kind, fen] = SplitWord(spec);
  fen = absl::StripAsciiWhitespace(fen);
  if (kind == "startpos") {
    if (!fen.empty()) return absl::InvalidArgumentError("unexpected text after 'startpos'");
  } else if (kind == "fen") {
    if (fen.empty()) return absl::InvalidArgumentError("'position fen' needs a FEN");
  } else {
    return absl::InvalidArgumentError("expected 'position startpos|fen <fen> [moves ...]'");
  }
  const std::vector<std::string> moves =
      absl::StrSplit(moves_text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  return session_->SetPosition(kind == "fen" ? fen : absl::string_view(), moves);
}

absl::Status UciEngine::Go(absl::string_view args) {
  auto [mode, rest] = SplitWord(args);
  if (mode == "perft") {
    int depth = 0;
    if (!absl::SimpleAtoi(SplitWord(rest).first, &depth) || depth < 1 || depth > kMaxPerftDepth)
      return absl::InvalidArgumentError(
          absl::StrCat("'go perft N' needs a depth from 1 to ", kMaxPerftDepth));
    const auto start = std::chrono::steady_clock::now();
    const PerftDivide result = session_->Perft(depth);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& [move, count] : result.moves) out_ << move << ": " << count << "\n";
    // Timing first, so that "Nodes searched" ends the answer as it does in Fairy-Stockfish.
    out_ << absl::StrFormat("\ninfo string perft time %.3f s, %.0f nodes/s\n", seconds,
                            seconds > 0 ? result.total / seconds : 0.0);
    out_ << "Nodes searched: " << result.total << "\n\n";
    return absl::OkStatus();
  }
  return absl::UnimplementedError("only 'go perft N' is supported so far");
}

}  // namespace tumen
