// The report of a balance study: one self-contained HTML page (inline CSS and SVG, no
// JavaScript, no external URLs) and the same tables in Markdown, from the arms' statistics.
#ifndef TUMEN_COORDINATOR_REPORTS_BALANCE_REPORT_H_
#define TUMEN_COORDINATOR_REPORTS_BALANCE_REPORT_H_

#include <string>
#include <vector>

#include "coordinator/stats/balance_stats.h"

namespace tumen::coordinator {

// A plain-language paragraph with the answer, e.g. "White scores 54.1% [52.3, 55.9] in
// shatar at 1000 nodes (+28.7 Elo [...], 1200 games): a significant first-move advantage. ..."
std::string BalanceReading(const std::vector<ArmStats>& arms);

// Sections: the reading, a summary table per arm (games, W/D/B % with intervals, White's
// score and Elo with intervals, mean length), the chart "White's score vs node budget per
// rule set" (one line per variant + rules, log-scale node budget, 95% error bars), game-length
// statistics and histograms, terminations, special rules, the tuukhei distribution, and piece
// values (tables and interval plots). Element ids: summary, score-chart, lengths,
// terminations, special-rules, tuukhei, piece-values.
std::string RenderBalanceHtml(const std::string& title, const std::vector<ArmStats>& arms);

// The same tables in GitHub Markdown with the reading paragraph (no charts).
std::string RenderBalanceMarkdown(const std::string& title, const std::vector<ArmStats>& arms);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_BALANCE_REPORT_H_
