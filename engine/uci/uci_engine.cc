#include "engine/uci/uci_engine.h"

#include <algorithm>
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
#include "engine/api/bench.h"
#include "engine/core/status_macros.h"

namespace tumen {
namespace {

constexpr absl::string_view kEngineName = "Tumen 0.2";
constexpr int kMaxPerftDepth = 20;
constexpr int kMaxHashMb = 65536;
constexpr int kMaxThreads = 512;
constexpr int kMaxMultiPv = 256;

// Splits "first rest..." at the first run of white space.
std::pair<absl::string_view, absl::string_view> SplitWord(absl::string_view s) {
  s = absl::StripLeadingAsciiWhitespace(s);
  const size_t end = s.find_first_of(" \t");
  if (end == absl::string_view::npos) return {s, {}};
  return {s.substr(0, end), absl::StripLeadingAsciiWhitespace(s.substr(end))};
}

absl::StatusOr<int64_t> ParseNumber(absl::string_view name, absl::string_view text, int64_t min,
                                    int64_t max) {
  int64_t v;
  if (!absl::SimpleAtoi(text, &v) || v < min || v > max)
    return absl::InvalidArgumentError(
        absl::StrCat("'", name, "' needs a number from ", min, " to ", max, ", got '", text, "'"));
  return v;
}

std::string FormatInfo(const search::SearchInfo& i) {
  std::string line = absl::StrFormat("info depth %d seldepth %d multipv %d score ", i.depth,
                                     i.seldepth, i.multipv);
  absl::StrAppend(&line,
                  i.is_mate ? absl::StrCat("mate ", i.mate_in) : absl::StrCat("cp ", i.score));
  absl::StrAppendFormat(&line, " nodes %d nps %d hashfull %d time %d pv %s", i.nodes, i.nps,
                        i.hashfull, i.time_ms, absl::StrJoin(i.pv, " "));
  return line;
}

}  // namespace

UciEngine::UciEngine(std::ostream& out) : out_(out) {
  (void)UseSession(*CreateGameSession(AllVariants().front()));
}

UciEngine::~UciEngine() { StopSearch(); }

void UciEngine::Run(std::istream& in) {
  // Reading must not flush the output behind Emit's mutex. std::cin is tied to std::cout, so
  // every getline would flush std::cout from this thread while the search thread writes to it:
  // a data race on the stream buffer that, under load, printed one bestmove twice, and the
  // next `go` of a match runner then read the stale answer as its move. Emit flushes itself.
  std::ostream* const tied = in.tie(nullptr);
  std::string line;
  while (std::getline(in, line)) {
    if (!HandleLine(line)) break;
  }
  WaitForSearch();
  in.tie(tied);
}

void UciEngine::Emit(const std::string& text) {
  absl::MutexLock lock(&out_mutex_);
  out_ << text << "\n";
  out_.flush();
}

void UciEngine::WaitForSearch() {
  if (search_thread_.joinable()) search_thread_.join();
}

void UciEngine::StopSearch() {
  if (!search_thread_.joinable()) return;
  // Repeat the request until the search has ended: a `stop` that arrives before the search
  // thread has started its search must not be lost.
  while (!search_done_.load()) {
    session_->Stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  search_thread_.join();
}

absl::Status UciEngine::UseSession(std::unique_ptr<GameSession> session) {
  session->SetThreads(threads_);
  session->SetHashMb(size_t(hash_mb_));
  // Parameters the user set carry over to the new variant where the names exist there;
  // everything else starts from the new game's own defaults.
  for (const auto& [name, value] : param_overrides_)
    if (session->params().Has(name)) (void)session->params().Set(name, value);
  session_ = std::move(session);
  return absl::OkStatus();
}

void UciEngine::PrintOptions() {
  std::string text =
      absl::StrFormat("option name UCI_Variant type combo default %s", AllVariants().front());
  for (const std::string& v : AllVariants()) absl::StrAppend(&text, " var ", v);
  absl::StrAppendFormat(&text, "\noption name Hash type spin default 16 min 1 max %d", kMaxHashMb);
  absl::StrAppendFormat(&text, "\noption name Threads type spin default 1 min 1 max %d",
                        kMaxThreads);
  absl::StrAppendFormat(&text, "\noption name MultiPV type spin default 1 min 1 max %d",
                        kMaxMultiPv);
  absl::StrAppend(&text, "\noption name Ponder type check default false");
  absl::StrAppend(&text, "\noption name Clear Hash type button");
  absl::StrAppend(&text, "\noption name ParamsFile type string default <empty>");
  absl::StrAppend(&text, "\noption name ShatarRules type string default <empty>");
  absl::StrAppend(&text, "\noption name BookFile type string default <empty>");
  absl::StrAppend(&text, "\noption name BookSeed type spin default 0 min 0 max 2147483647");
  // Defaults are this variant's own (a fresh session's values, tuned presets included).
  const std::unique_ptr<GameSession> fresh = *CreateGameSession(session_->variant());
  for (const ParamSet::Entry& e : fresh->params().All())
    absl::StrAppendFormat(&text, "\noption name %s type spin default %d min %d max %d",
                          e.spec->name, e.value, e.spec->min, e.spec->max);
  Emit(text);
}

bool UciEngine::HandleLine(absl::string_view line) {
  const auto [command, args] = SplitWord(absl::StripTrailingAsciiWhitespace(line));
  absl::Status status;
  // Commands answered while a search runs.
  if (command.empty()) return true;
  if (command == "isready") {
    // A controller starts the clock after readyok: the table's allocation is paid here.
    // During a search (search_done_ false) the table is in use, and allocated already.
    if (search_done_.load()) {
      StopSearch();
      session_->PrepareSearch();
    }
    Emit("readyok");
    return true;
  }
  if (command == "stop") {
    StopSearch();
    return true;
  }
  if (command == "ponderhit") {
    session_->PonderHit();
    return true;
  }
  if (command == "quit") {
    StopSearch();
    return false;
  }
  StopSearch();  // everything else changes state: no search may run meanwhile
  if (command == "uci") {
    Emit(absl::StrCat("id name ", kEngineName, "\nid author the Tumen developers"));
    PrintOptions();
    Emit("uciok");
  } else if (command == "ucinewgame") {
    session_->NewGame();
    session_->PrepareSearch();
  } else if (command == "setoption") {
    status = SetOption(args);
  } else if (command == "position") {
    status = SetPosition(args);
  } else if (command == "d") {
    Emit(absl::StrFormat("\n%s\nFen: %s\nKey: %016X\nHash: %d MiB, %s", session_->Diagram(),
                         session_->Fen(), session_->Key(), hash_mb_,
                         session_->SearchPrepared() ? "allocated" : "not yet allocated"));
  } else if (command == "go") {
    status = Go(args);
  } else if (command == "result") {
    // Tumen extension for match runners: the rules' verdict on the current position.
    const GameStatus st = session_->Status();
    const char* result = st.result == GameResult::kFirstPlayerWins    ? "1-0"
                         : st.result == GameResult::kSecondPlayerWins ? "0-1"
                         : st.result == GameResult::kDraw             ? "1/2-1/2"
                                                                      : "*";
    Emit(absl::StrCat("result ", result, " ", TerminationName(st.termination)));
  } else if (command == "bench") {
    status = Bench(args);
  } else if (command == "eval") {
    status = StaticEval();
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command '", command, "'"));
  }
  if (!status.ok()) Emit(absl::StrCat("info string error: ", status.message()));
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
    // The rule options stay where they are valid for the new variant; otherwise the new
    // variant starts with its plain preset and the options are dropped (with a note).
    if (!rule_options_.empty()) {
      if (const absl::Status s = session->SetRuleOptions(rule_options_); !s.ok()) {
        Emit(absl::StrCat("info string ShatarRules '", rule_options_, "' cleared: ", s.message()));
        rule_options_.clear();
      }
    }
    return UseSession(std::move(session));
  }
  if (absl::EqualsIgnoreCase(name, "ShatarRules")) {
    // Rule options of RULES.md §3 over the current variant's preset (engine/games/shatar/
    // rule_options.h); errors leave the previous rules and position.
    const absl::string_view options = value == "<empty>" ? absl::string_view() : value;
    TUMEN_RETURN_IF_ERROR(session_->SetRuleOptions(options));
    rule_options_ = std::string(options);
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "BookFile")) {
    // A Tumen book (.tbk, engine/book/opening_book.h): positions in it are answered from it.
    if (value.empty() || value == "<empty>") {
      book_.reset();
      return absl::OkStatus();
    }
    TUMEN_ASSIGN_OR_RETURN(book::OpeningBook loaded, book::OpeningBook::Load(std::string(value)));
    book_ = std::move(loaded);
    Emit(absl::StrCat("info string book ", value, ": ", book_->size(), " moves of ",
                      book_->variant(), book_->rules().empty() ? "" : " [" + book_->rules() + "]"));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "BookSeed")) {
    TUMEN_ASSIGN_OR_RETURN(book_seed_, ParseNumber("BookSeed", value, 0, 2147483647));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "Hash")) {
    TUMEN_ASSIGN_OR_RETURN(hash_mb_, ParseNumber("Hash", value, 1, kMaxHashMb));
    session_->SetHashMb(size_t(hash_mb_));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "Threads")) {
    TUMEN_ASSIGN_OR_RETURN(threads_, ParseNumber("Threads", value, 1, kMaxThreads));
    session_->SetThreads(threads_);
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "MultiPV")) {
    TUMEN_ASSIGN_OR_RETURN(multipv_, ParseNumber("MultiPV", value, 1, kMaxMultiPv));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "Ponder")) return absl::OkStatus();  // the GUI decides
  if (absl::EqualsIgnoreCase(name, "Clear Hash")) {
    session_->SetHashMb(size_t(hash_mb_));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "ParamsFile")) {
    if (value.empty() || value == "<empty>") return absl::OkStatus();
    TUMEN_RETURN_IF_ERROR(session_->params().LoadFile(std::string(value)));
    for (const ParamSet::Entry& e : session_->params().All())
      if (e.value != e.spec->default_value) param_overrides_[e.spec->name] = e.value;
    return absl::OkStatus();
  }
  if (session_->params().Has(name)) {
    int v;
    if (!absl::SimpleAtoi(value, &v))
      return absl::InvalidArgumentError(absl::StrCat("option ", name, " needs an integer value"));
    TUMEN_RETURN_IF_ERROR(session_->params().Set(name, v));
    param_overrides_[std::string(name)] = v;
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
  std::vector<absl::string_view> words =
      absl::StrSplit(args, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (!words.empty() && words[0] == "perft") {
    if (words.size() < 2) return absl::InvalidArgumentError("'go perft N' needs a depth");
    TUMEN_ASSIGN_OR_RETURN(const int64_t depth,
                           ParseNumber("go perft N", words[1], 1, kMaxPerftDepth));
    const auto start = std::chrono::steady_clock::now();
    const PerftDivide result = session_->Perft(int(depth));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string text;
    for (const auto& [move, count] : result.moves) absl::StrAppend(&text, move, ": ", count, "\n");
    // Timing first, so that "Nodes searched" ends the answer as it does in Fairy-Stockfish.
    absl::StrAppendFormat(&text,
                          "\ninfo string perft time %.3f s, %.0f nodes/s\nNodes searched: %d\n",
                          seconds, seconds > 0 ? result.total / seconds : 0.0, result.total);
    Emit(text);
    return absl::OkStatus();
  }
  search::Limits limits;
  limits.multipv = multipv_;
  for (size_t i = 0; i < words.size(); ++i) {
    const absl::string_view w = words[i];
    const auto next = [&](int64_t min, int64_t max) -> absl::StatusOr<int64_t> {
      if (i + 1 >= words.size())
        return absl::InvalidArgumentError(absl::StrCat("'", w, "' needs a value"));
      return ParseNumber(w, words[++i], min, max);
    };
    constexpr int64_t kMaxMs = int64_t(1) << 40;
    if (w == "infinite") {
      limits.infinite = true;
    } else if (w == "ponder") {
      limits.ponder = true;
    } else if (w == "depth") {
      TUMEN_ASSIGN_OR_RETURN(limits.depth, next(1, 120));
    } else if (w == "nodes") {
      TUMEN_ASSIGN_OR_RETURN(limits.nodes, next(1, int64_t(1) << 50));
    } else if (w == "movetime") {
      TUMEN_ASSIGN_OR_RETURN(limits.movetime_ms, next(1, kMaxMs));
    } else if (w == "wtime") {
      TUMEN_ASSIGN_OR_RETURN(limits.time_ms[0], next(-kMaxMs, kMaxMs));
      limits.time_ms[0] = std::max<int64_t>(limits.time_ms[0], 1);
    } else if (w == "btime") {
      TUMEN_ASSIGN_OR_RETURN(limits.time_ms[1], next(-kMaxMs, kMaxMs));
      limits.time_ms[1] = std::max<int64_t>(limits.time_ms[1], 1);
    } else if (w == "winc") {
      TUMEN_ASSIGN_OR_RETURN(limits.inc_ms[0], next(0, kMaxMs));
    } else if (w == "binc") {
      TUMEN_ASSIGN_OR_RETURN(limits.inc_ms[1], next(0, kMaxMs));
    } else if (w == "movestogo") {
      TUMEN_ASSIGN_OR_RETURN(limits.movestogo, next(1, 10000));
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown 'go' argument '", w, "'"));
    }
  }
  if (const std::string move = BookMove(); !move.empty() && !limits.infinite && !limits.ponder) {
    Emit(absl::StrCat("info string book move ", move));
    Emit(absl::StrCat("bestmove ", move));
    return absl::OkStatus();
  }
  search_done_.store(false);
  search_thread_ = std::thread([this, limits] {
    const search::SearchResult r =
        session_->Go(limits, [this](const search::SearchInfo& info) { Emit(FormatInfo(info)); });
    if (r.best_move.empty()) {
      Emit("bestmove (none)");
    } else {
      Emit(absl::StrCat("bestmove ", r.best_move,
                        r.ponder_move.empty() ? "" : absl::StrCat(" ponder ", r.ponder_move)));
    }
    search_done_.store(true);
  });
  return absl::OkStatus();
}

std::string UciEngine::BookMove() const {
  // Only a book of this very rule set knows these positions (keys are per game).
  if (!book_ || book_->variant() != session_->variant() || book_->rules() != session_->RuleSet())
    return {};
  const std::string move = book_->Choose(session_->Key(), uint64_t(book_seed_));
  const std::vector<std::string> legal = session_->LegalMoves();
  return std::find(legal.begin(), legal.end(), move) != legal.end() ? move : std::string();
}

// Tumen extension for analysis (Stockfish's `eval`): the static evaluation of the current
// position, no search, under the current parameters; from the side to move's view, as the
// search sees it, and from the first player's, as a GUI shows scores.
absl::Status UciEngine::StaticEval() {
  absl::StatusOr<std::unique_ptr<EvalPositions>> positions =
      session_->ParsePositions({session_->Fen()});
  if (!positions.ok()) return positions.status();
  int side_to_move = 0;
  (*positions)->Evaluate(0, 1, &side_to_move);
  const int first_player = session_->SideToMove() == 0 ? side_to_move : -side_to_move;
  Emit(absl::StrFormat("Static evaluation: %+d cp (side to move), %+d cp (first player)",
                       side_to_move, first_player));
  return absl::OkStatus();
}

absl::Status UciEngine::Bench(absl::string_view args) {
  int64_t depth = kDefaultBenchDepth;
  if (!args.empty()) {
    TUMEN_ASSIGN_OR_RETURN(depth, ParseNumber("bench depth", args, 1, 30));
  }
  const BenchResult r = RunBench(int(depth), [this](const std::string& line) { Emit(line); });
  Emit(absl::StrFormat("\nNodes searched: %d\nNodes/second: %d\nTime: %.3f s", r.nodes,
                       r.seconds > 0 ? uint64_t(r.nodes / r.seconds) : 0, r.seconds));
  return absl::OkStatus();
}

}  // namespace tumen
