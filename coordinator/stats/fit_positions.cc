#include "coordinator/stats/fit_positions.h"

#include <cstdlib>

#include "absl/hash/hash.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/core/prng.h"
#include "engine/core/score.h"
#include "proto/convert.h"

namespace tumen::coordinator {

FitPositionSampler::FitPositionSampler(size_t max_positions, uint64_t seed)
    : max_positions_(max_positions), rng_(MixSeed(seed, 0x66697421)) {}

void FitPositionSampler::Offer(std::string fen, double label) {
  if (keep_ && !keep_(fen)) return;
  ++seen_;
  if (fens_.size() < max_positions_) {
    fens_.push_back(std::move(fen));
    labels_.push_back(label);
    return;
  }
  rng_ = MixSeed(rng_, seen_);
  const uint64_t slot = rng_ % seen_;
  if (slot < max_positions_) {
    fens_[slot] = std::move(fen);
    labels_[slot] = label;
  }
}

absl::Status FitPositionSampler::Add(const v1::Game& game) {
  absl::StatusOr<selfplay::GameRecord> record = proto::FromProto(game);
  if (!record.ok()) return record.status();
  if (!session_) {
    absl::StatusOr<std::unique_ptr<GameSession>> s =
        CreateGameSession(record->variant, record->rules);
    if (!s.ok()) return s.status();
    session_ = *std::move(s);
    variant_ = record->variant;
    rules_ = record->rules;
  }
  if (record->variant != variant_ || record->rules != rules_)
    return absl::InvalidArgumentError(
        absl::StrCat("game ", game.id().job_id(), "/", game.id().pair(), "/", game.id().colour(),
                     " is ", record->variant, " (", record->rules, "), not ", variant_, " (",
                     rules_, "): fit the games of one variant and rule set"));
  if (record->result == GameResult::kOngoing) return absl::OkStatus();
  const std::string start = record->start_fen.empty() ? session_->StartFen() : record->start_fen;
  size_t game_hash = absl::HashOf(start);
  for (const selfplay::MoveRecord& m : record->moves) game_hash = absl::HashOf(game_hash, m.uci);
  if (!game_hashes_.insert(game_hash).second) {
    ++repeated_games_;
    return absl::OkStatus();
  }
  ++games_;
  if (absl::Status s = session_->SetPosition(start, {}); !s.ok()) return s;
  bool in_check = false;
  for (size_t ply = 0; ply < record->moves.size(); ++ply) {
    const selfplay::MoveRecord& m = record->moves[ply];
    const std::string san = session_->ToSan(m.uci);
    const bool tactical = absl::StrContains(san, "x") || absl::StrContains(san, "=");
    if (ply >= kSkippedPlies && !in_check && !tactical && std::abs(m.score_cp) < kMateBound) {
      const int mover = session_->SideToMove();
      const double label = record->result == GameResult::kDraw                                ? 0.5
                           : (record->result == GameResult::kFirstPlayerWins) == (mover == 0) ? 1.0
                                                                                              : 0.0;
      Offer(session_->Fen(), label);
    }
    if (absl::Status s = session_->PlayMove(m.uci); !s.ok()) return s;
    in_check = absl::EndsWith(san, "+") || absl::EndsWith(san, "#");
  }
  return absl::OkStatus();
}

}  // namespace tumen::coordinator
