// `tumen balance` (a balance study job) and `tumen report` (its HTML and Markdown report).
#include <cstdio>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "coordinator/cli/commands.h"
#include "coordinator/cli/common.h"
#include "coordinator/reports/balance_report.h"
#include "coordinator/reports/report_paths.h"
#include "coordinator/stats/balance_stats.h"
#include "engine/api/game_session.h"

ABSL_DECLARE_FLAG(std::string, variant);
ABSL_DECLARE_FLAG(std::string, rules);
ABSL_DECLARE_FLAG(std::string, tc);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(int, games);
ABSL_DECLARE_FLAG(int, hash);
ABSL_DECLARE_FLAG(int, pairs_per_shard);
ABSL_DECLARE_FLAG(uint64_t, seed);

ABSL_FLAG(std::string, rule_sets, "",
          "balance: Shatar rule sets separated by ';', e.g. \"queen=bers;knight_mate=draw\" "
          "(an empty item is the preset itself)");
ABSL_FLAG(std::string, budgets, "", "balance: node budgets per move, e.g. 1000,4000");
ABSL_FLAG(int, sample_plies, 8, "balance: opening plies drawn among near-best moves");
ABSL_FLAG(int, sample_margin, 30, "balance: centipawns from the best a sampled move may lose");
ABSL_FLAG(int, max_game_plies, 800, "balance: longer games are drawn (max-length)");
ABSL_FLAG(std::string, markdown, "",
          "report: the Markdown summary's file (default: beside the HTML, as --out says)");

namespace tumen::cli {

using worker::CoordinatorClient;

int BalanceCommand(CoordinatorClient& client) {
  std::vector<uint64_t> budgets;
  for (absl::string_view b : absl::StrSplit(absl::GetFlag(FLAGS_budgets), ',', absl::SkipEmpty())) {
    uint64_t n = 0;
    if (!absl::SimpleAtoi(b, &n) || n == 0) return Fail(absl::StrCat("--budgets: '", b, "'"));
    budgets.push_back(n);
  }
  v1::TimeControl single;
  if (budgets.empty()) {
    if (absl::Status s = ParseTimeControl(absl::GetFlag(FLAGS_tc), single); !s.ok()) return Fail(s);
    if (single.nodes() == 0)
      return Fail("a balance study counts nodes: use --budgets or --tc nodes=N");
    budgets.push_back(single.nodes());
  }
  // --rule-sets "A;B" compares several rule sets; --rules R names one.
  const std::vector<std::string> rule_sets =
      absl::GetFlag(FLAGS_rule_sets).empty() && !absl::GetFlag(FLAGS_rules).empty()
          ? std::vector<std::string>{absl::GetFlag(FLAGS_rules)}
          : absl::StrSplit(absl::GetFlag(FLAGS_rule_sets), ';');
  v1::CreateJobRequest request;
  v1::BalanceSpec* spec = request.mutable_spec()->mutable_balance();
  for (absl::string_view variant :
       absl::StrSplit(absl::GetFlag(FLAGS_variant), ',', absl::SkipEmpty())) {
    absl::StatusOr<std::unique_ptr<GameSession>> session = CreateGameSession(variant);
    if (!session.ok()) return Fail(session.status());
    // Rule options belong to the Shatar family; other games play their one rule set.
    std::vector<std::string> applicable;
    for (const std::string& rules : rule_sets)
      if (rules.empty() || (*session)->SetRuleOptions(rules).ok()) applicable.push_back(rules);
    if (applicable.empty()) {
      std::fprintf(stderr, "tumen: %s takes none of the rule sets; it plays its own rules\n",
                   std::string(variant).c_str());
      applicable.push_back("");
    }
    for (const std::string& rules : applicable) {
      for (uint64_t nodes : budgets) {
        v1::MatchSpec* arm = spec->add_arms();
        arm->set_variant(std::string(variant));
        arm->set_rules(rules);
        arm->set_games(uint32_t(std::max(0, absl::GetFlag(FLAGS_games))));
        arm->mutable_tc()->set_nodes(nodes);
        arm->set_seed(absl::GetFlag(FLAGS_seed) + uint64_t(spec->arms_size()));
        arm->set_sample_plies(uint32_t(std::max(0, absl::GetFlag(FLAGS_sample_plies))));
        arm->set_sample_margin_cp(absl::GetFlag(FLAGS_sample_margin));
        arm->set_pairs_per_shard(uint32_t(std::max(1, absl::GetFlag(FLAGS_pairs_per_shard))));
        arm->set_hash_mb(uint32_t(std::max(1, absl::GetFlag(FLAGS_hash))));
        arm->mutable_adjudication()->set_max_plies(
            uint32_t(std::max(0, absl::GetFlag(FLAGS_max_game_plies))));
      }
    }
  }
  if (spec->arms_size() == 0) return Fail("--variant V[,V...] is required");
  absl::StatusOr<v1::CreateJobResponse> r = client.CreateJob(request);
  if (!r.ok()) return Fail(r.status());
  std::fprintf(stderr, "tumen: balance study with %d arms\n", spec->arms_size());
  std::printf("%llu\n", static_cast<unsigned long long>(r->job_id()));
  return 0;
}

int ReportCommand(CoordinatorClient& client, uint64_t job_id) {
  // Checked first: a bad --out should not cost the export and the statistics.
  const absl::StatusOr<coordinator::ReportPaths> paths = coordinator::ChooseReportPaths(
      absl::GetFlag(FLAGS_out), absl::GetFlag(FLAGS_markdown), job_id);
  if (!paths.ok()) return Fail(paths.status());
  v1::GetJobRequest request;
  request.set_job_id(job_id);
  absl::StatusOr<v1::GetJobResponse> r = client.GetJob(request);
  if (!r.ok()) return Fail(r.status());
  if (r->jobs_size() != 1) return Fail(absl::StrCat("no job ", job_id));
  absl::StatusOr<std::vector<coordinator::ArmStats>> arm_stats = coordinator::JobArmStats(
      r->jobs(0).spec(),
      [&](const coordinator::GameVisitor& visit) { return client.ExportGames(job_id, visit); },
      [](const std::string& line) { std::fprintf(stderr, "tumen: %s\n", line.c_str()); });
  if (!arm_stats.ok())
    return Fail(absl::StrCat("job ", job_id, ": ", arm_stats.status().message()));
  const std::vector<coordinator::ArmStats>& stats = *arm_stats;
  const std::string title = absl::StrCat("Tumen balance study (job ", job_id, ")");
  std::fputs(coordinator::BalanceReading(stats).c_str(), stdout);
  std::fputs("\n", stdout);
  for (const auto& [path, text] :
       {std::pair{paths->html, coordinator::RenderBalanceHtml(title, stats)},
        std::pair{paths->markdown, coordinator::RenderBalanceMarkdown(title, stats)}}) {
    if (absl::Status w = WriteFile(path, text); !w.ok()) return Fail(w);
    std::printf("wrote %s\n", path.c_str());
  }
  return 0;
}

}  // namespace tumen::cli
