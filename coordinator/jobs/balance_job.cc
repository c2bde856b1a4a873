#include "coordinator/jobs/balance_job.h"

#include "absl/strings/str_cat.h"

namespace tumen::coordinator {

absl::Status BalanceJob::Complete(v1::JobSpec& spec, const JobLimits& limits) {
  v1::BalanceSpec& b = *spec.mutable_balance();
  if (b.arms_size() < 1 || b.arms_size() > 64)
    return absl::InvalidArgumentError("balance spec: give 1 to 64 arms (rule set x budget)");
  uint64_t games = 0;
  for (int i = 0; i < b.arms_size(); ++i) {
    v1::MatchSpec& arm = *b.mutable_arms(i);
    if (arm.has_engine_a() || arm.has_engine_b() || arm.params_a() != arm.params_b() ||
        (arm.has_sprt() && arm.sprt().elo0() != arm.sprt().elo1()))
      return absl::InvalidArgumentError(
          absl::StrCat("balance arm ", i + 1,
                       ": self-play of one engine: no external engines, no SPRT, "
                       "params_a equal to params_b"));
    if (absl::Status s = CompleteMatchSpec(arm, limits); !s.ok())
      return absl::InvalidArgumentError(absl::StrCat("balance arm ", i + 1, ": ", s.message()));
    games += arm.games();
  }
  if (games > limits.max_games_per_job)
    return absl::InvalidArgumentError(absl::StrCat(
        "balance spec: ", games, " games in all; at most ", limits.max_games_per_job, " per job"));
  return absl::OkStatus();
}

void BalanceJob::Describe(v1::JobInfo& info) const {
  GamesJob::Describe(info);
  for (const Arm& arm : arms()) {
    v1::ArmStatus* a = info.add_arms();
    a->set_variant(arm.spec->variant());
    a->set_rules(arm.spec->rules());
    a->set_nodes(arm.spec->tc().nodes());
    a->set_games_total(2 * uint64_t(arm.pairs));
    a->set_white_wins(uint64_t(arm.first_player.wins));
    a->set_draws(uint64_t(arm.first_player.draws));
    a->set_black_wins(uint64_t(arm.first_player.losses));
  }
}

}  // namespace tumen::coordinator
