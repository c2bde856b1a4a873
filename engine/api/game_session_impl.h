// GameSession for any game adapter G (see engine/games/shatar/game.h for the members a game
// provides). One instantiation per game family, created by CreateGameSession.
#ifndef TUMEN_ENGINE_API_GAME_SESSION_IMPL_H_
#define TUMEN_ENGINE_API_GAME_SESSION_IMPL_H_

#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/api/game_session.h"
#include "engine/core/status_macros.h"
#include "engine/search/search.h"

namespace tumen {

// A game: the position plus the state records of every move played since the FEN, which
// repetition and history-dependent rules (the Shatar shak series) read.
template <class G>
class BasicGameSession final : public GameSession {
 public:
  using Position = typename G::Position;
  using StateInfo = typename G::StateInfo;
  using Move = typename G::Move;

  explicit BasicGameSession(typename G::Rules rules) : preset_(rules), rules_(std::move(rules)) {
    params_.Add(&search_params_);
    params_.Add(&eval_params_);
    if constexpr (requires { G::TunedDefaults(rules_); }) {
      const absl::Status tuned = params_.ParseText(G::TunedDefaults(rules_));
      (void)tuned;  // preset data; tests load every preset
    }
    history_.emplace_back();
    const absl::Status s = G::SetFen(position_, rules_, G::StartFen(rules_), &history_.back());
    (void)s;  // the presets' start FENs are valid: tests check every one
    start_fen_ = G::StartFen(rules_);
  }

  const std::string& variant() const override { return G::VariantName(rules_); }
  std::string StartFen() const override { return G::StartFen(rules_); }

  // Optional adapter members: ApplyRuleOptions(preset, options) -> StatusOr<Rules>,
  // CanonicalRuleOptions(rules) -> std::string, GradeWin(rules, fen, moves) -> optional.
  absl::Status SetRuleOptions(absl::string_view options) override {
    if constexpr (requires { G::ApplyRuleOptions(preset_, options); }) {
      TUMEN_ASSIGN_OR_RETURN(typename G::Rules rules, G::ApplyRuleOptions(preset_, options));
      // The start position must be valid under the new rules before anything changes.
      Position pos;
      StateInfo st;
      TUMEN_RETURN_IF_ERROR(G::SetFen(pos, rules, G::StartFen(rules), &st));
      // Positions point at rules_, which keeps its address: assigning in place and resetting
      // the position at once keeps every pointer valid.
      rules_ = std::move(rules);
      return SetPosition("", {});
    } else {
      if (!options.empty())
        return absl::InvalidArgumentError(absl::StrCat(
            "variant ", G::VariantName(rules_), " has no rule options; use an empty string"));
      return SetPosition("", {});
    }
  }

  std::string RuleSet() const override {
    if constexpr (requires { G::CanonicalRuleOptions(rules_); })
      return G::CanonicalRuleOptions(rules_);
    else
      return std::string();
  }

  std::optional<WinGrade> GradeWin() const override {
    if constexpr (requires { G::GradeWin(rules_, start_fen_, moves_); })
      return G::GradeWin(rules_, start_fen_, moves_);
    else
      return std::nullopt;
  }

  absl::Status SetPosition(absl::string_view fen, const std::vector<std::string>& moves) override {
    Position pos;
    std::deque<StateInfo> history(1);
    const std::string start(fen.empty() ? absl::string_view(G::StartFen(rules_)) : fen);
    TUMEN_RETURN_IF_ERROR(G::SetFen(pos, rules_, start, &history[0]));
    std::vector<Move> played;
    for (const std::string& text : moves) {
      TUMEN_ASSIGN_OR_RETURN(const Move m, G::ParseMove(pos, text));
      history.emplace_back();
      G::DoMove(pos, m, history.back());
      played.push_back(m);
    }
    // std::deque keeps element addresses on move, so the state chain stays valid.
    history_ = std::move(history);
    position_ = pos;
    start_fen_ = start;
    moves_ = std::move(played);
    return absl::OkStatus();
  }

  absl::Status PlayMove(absl::string_view uci_move) override {
    TUMEN_ASSIGN_OR_RETURN(const Move m, G::ParseMove(position_, uci_move));
    history_.emplace_back();
    G::DoMove(position_, m, history_.back());
    moves_.push_back(m);
    return absl::OkStatus();
  }
  int SideToMove() const override { return G::SideToMove(position_); }

  std::string Fen() const override { return G::Fen(position_); }
  std::string Diagram() const override { return G::Diagram(position_); }
  std::optional<BoardGeometry> Geometry() const override {
    if constexpr (requires { G::Geometry(rules_); })
      return G::Geometry(rules_);
    else
      return std::nullopt;
  }
  uint64_t Key() const override { return G::Key(position_); }

  std::vector<std::string> LegalMoves() const override {
    typename G::MoveList moves;
    G::GenerateMoves(position_, moves);
    std::vector<std::string> out;
    for (Move m : moves) out.push_back(G::ToString(m));
    return out;
  }

  std::string ToSan(absl::string_view uci_move) const override {
    const absl::StatusOr<Move> m = G::ParseMove(position_, uci_move);
    return m.ok() ? G::ToSan(position_, *m) : std::string();
  }

  GameStatus Status() const override { return G::Status(position_); }

  PerftDivide Perft(int depth) override {
    PerftDivide result;
    if (depth <= 0) return result;
    typename G::MoveList moves;
    G::GenerateMoves(position_, moves);
    StateInfo st;
    for (Move m : moves) {
      G::DoMove(position_, m, st);
      const uint64_t n = G::PerftCount(position_, depth - 1);
      G::UndoMove(position_, m);
      result.moves.emplace_back(G::ToString(m), n);
      result.total += n;
    }
    return result;
  }

  search::SearchResult Go(const search::Limits& limits, const InfoCallback& on_info) override {
    PrepareSearch();
    return search_.Run(position_, limits, on_info);
  }
  void Stop() override { search_.Stop(); }
  void PonderHit() override { search_.PonderHit(); }
  void SetThreads(int threads) override { search_.set_threads(threads); }
  void SetHashMb(size_t mib) override {
    hash_mb_ = mib;
    if (!tt_.empty()) tt_.Resize(mib);
  }
  void PrepareSearch() override {
    if (tt_.empty()) tt_.Resize(hash_mb_);
  }
  bool SearchPrepared() const override { return !tt_.empty(); }
  void NewGame() override {
    if (!tt_.empty()) tt_.Clear();
    search_.ClearHistory();
    (void)SetPosition("", {});
  }
  ParamSet& params() override { return params_; }

 private:
  const typename G::Rules preset_;  // the variant's rules without options
  typename G::Rules rules_;         // preset_ with the rule options; positions point here
  const std::vector<ParamSpec>& EvalSpecs() const override { return G::EvalSpecs(); }

  absl::StatusOr<std::unique_ptr<EvalPositions>> ParsePositions(
      const std::vector<std::string>& fens) override {
    auto set = std::make_unique<ParsedPositions>(&eval_params_);
    for (size_t i = 0; i < fens.size(); ++i) {
      typename ParsedPositions::Entry& e = set->entries.emplace_back();
      if (absl::Status s = G::SetFen(e.position, rules_, fens[i], &e.state); !s.ok())
        return absl::InvalidArgumentError(
            absl::StrCat("position ", i + 1, " (", fens[i], "): ", s.message()));
    }
    return set;
  }

  // Each position with its own root state, at a fixed address (a deque never moves them).
  struct ParsedPositions final : EvalPositions {
    explicit ParsedPositions(const ParamValues* p) : params(p) {}
    size_t size() const override { return entries.size(); }
    void Evaluate(size_t begin, size_t end, int* out) const override {
      for (size_t i = begin; i < end; ++i) out[i] = G::Evaluate(entries[i].position, *params);
    }
    struct Entry {
      Position position;
      StateInfo state;
    };
    std::deque<Entry> entries;
    const ParamValues* params;
  };

  Position position_;
  std::deque<StateInfo> history_;
  std::string start_fen_;    // the FEN the current game started from
  std::vector<Move> moves_;  // the moves played since start_fen_
  search::TranspositionTable tt_;
  size_t hash_mb_ = 16;
  ParamValues search_params_{&search::SearchSpecs()};
  ParamValues eval_params_{&G::EvalSpecs()};
  ParamSet params_;
  search::Search<G> search_{&tt_, &search_params_, &eval_params_};
};

}  // namespace tumen

#endif  // TUMEN_ENGINE_API_GAME_SESSION_IMPL_H_
