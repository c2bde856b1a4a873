#include "engine/api/game_session.h"

#include <deque>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/core/status_macros.h"
#include "engine/games/shatar/movegen.h"
#include "engine/games/shatar/notation.h"
#include "engine/games/shatar/perft.h"
#include "engine/games/shatar/search_game.h"
#include "engine/games/shatar/status.h"
#include "engine/search/search.h"

namespace tumen {
namespace {

// A game of the 8x8 family: position plus the state records of every move played, which
// repetition and the Shatar mate rules read.
class ShatarSession final : public GameSession {
 public:
  explicit ShatarSession(shatar::ShatarRules rules) : rules_(std::move(rules)) {
    params_.Add(&search_params_);
    params_.Add(&eval_params_);
    history_.emplace_back();
    const absl::Status s = position_.Set(rules_, rules_.start_fen, &history_.back());
    (void)s;  // the presets' start FENs are valid: tests check every one
  }

  const std::string& variant() const override { return rules_.name; }
  std::string StartFen() const override { return rules_.start_fen; }

  absl::Status SetPosition(absl::string_view fen, const std::vector<std::string>& moves) override {
    shatar::Position pos;
    std::deque<shatar::StateInfo> history(1);
    TUMEN_RETURN_IF_ERROR(pos.Set(rules_, fen.empty() ? rules_.start_fen : fen, &history[0]));
    for (const std::string& text : moves) {
      TUMEN_ASSIGN_OR_RETURN(const shatar::Move m, shatar::ParseUciMove(pos, text));
      history.emplace_back();
      pos.DoMove(m, history.back());
    }
    // std::deque keeps element addresses on move, so the state chain stays valid.
    history_ = std::move(history);
    position_ = pos;
    return absl::OkStatus();
  }

  absl::Status PlayMove(absl::string_view uci_move) override {
    TUMEN_ASSIGN_OR_RETURN(const shatar::Move m, shatar::ParseUciMove(position_, uci_move));
    history_.emplace_back();
    position_.DoMove(m, history_.back());
    return absl::OkStatus();
  }
  int SideToMove() const override { return position_.side_to_move() == shatar::kWhite ? 0 : 1; }

  std::string Fen() const override { return position_.Fen(); }
  std::string Diagram() const override { return shatar::BoardDiagram(position_); }
  uint64_t Key() const override { return position_.key(); }

  std::vector<std::string> LegalMoves() const override {
    shatar::MoveList moves;
    shatar::GenerateLegalMoves(position_, moves);
    std::vector<std::string> out;
    for (shatar::Move m : moves) out.push_back(shatar::MoveToUci(m));
    return out;
  }

  std::string ToSan(absl::string_view uci_move) const override {
    const absl::StatusOr<shatar::Move> m = shatar::ParseUciMove(position_, uci_move);
    return m.ok() ? shatar::MoveToSan(position_, *m) : std::string();
  }

  GameStatus Status() const override { return shatar::EvaluateStatus(position_); }

  PerftDivide Perft(int depth) override {
    PerftDivide result;
    if (depth <= 0) return result;
    shatar::MoveList moves;
    shatar::GenerateLegalMoves(position_, moves);
    shatar::StateInfo st;
    for (shatar::Move m : moves) {
      position_.DoMove(m, st);
      const uint64_t n = shatar::Perft(position_, depth - 1);
      position_.UndoMove(m);
      result.moves.emplace_back(shatar::MoveToUci(m), n);
      result.total += n;
    }
    return result;
  }

  search::SearchResult Go(const search::Limits& limits, const InfoCallback& on_info) override {
    if (tt_.empty()) tt_.Resize(hash_mb_);  // allocated on the first search only
    return search_.Run(position_, limits, on_info);
  }
  void Stop() override { search_.Stop(); }
  void PonderHit() override { search_.PonderHit(); }
  void SetThreads(int threads) override { search_.set_threads(threads); }
  void SetHashMb(size_t mib) override {
    hash_mb_ = mib;
    if (!tt_.empty()) tt_.Resize(mib);
  }
  void NewGame() override {
    if (!tt_.empty()) tt_.Clear();
    (void)SetPosition("", {});
  }
  ParamSet& params() override { return params_; }

 private:
  const shatar::ShatarRules rules_;
  shatar::Position position_;
  std::deque<shatar::StateInfo> history_;
  search::TranspositionTable tt_;
  size_t hash_mb_ = 16;
  ParamValues search_params_{&search::SearchSpecs()};
  ParamValues eval_params_{&shatar::ShatarEvalSpecs()};
  ParamSet params_;
  search::Search<shatar::ShatarGame> search_{&tt_, &search_params_, &eval_params_};
};

}  // namespace

const std::vector<std::string>& AllVariants() { return shatar::ShatarFamilyVariants(); }

absl::StatusOr<std::unique_ptr<GameSession>> CreateGameSession(absl::string_view variant) {
  absl::StatusOr<shatar::ShatarRules> rules = shatar::RulesForVariant(variant);
  if (rules.ok()) return std::make_unique<ShatarSession>(*std::move(rules));
  return absl::InvalidArgumentError(
      absl::StrCat("unknown variant '", variant, "'; known: ", absl::StrJoin(AllVariants(), ", ")));
}

}  // namespace tumen
