#include "coordinator/reports/balance_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "coordinator/reports/svg_chart.h"

namespace tumen::coordinator {
namespace {

// A table built once and rendered as HTML or Markdown.
struct Table {
  std::string id;  // HTML id; empty for none
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

std::string PctInterval(const Proportion& p) {
  return absl::StrFormat("%.1f%% [%.1f, %.1f]", 100 * p.rate, 100 * p.lower, 100 * p.upper);
}
std::string Elo(double e) { return absl::StrFormat("%+.1f", e); }
std::string CountShare(const Proportion& p) {
  return absl::StrFormat("%d (%.1f%%)", p.count, 100 * p.rate);
}
std::string Num(double v, int decimals) { return absl::StrFormat("%.*f", decimals, v); }
std::string PieceName(char letter) { return std::string(1, letter); }

std::string HtmlTable(const Table& t) {
  std::string s =
      t.id.empty() ? "<table>\n" : absl::StrCat("<table id=\"", XmlEscape(t.id), "\">\n");
  s += "<thead><tr>";
  for (const std::string& h : t.header) absl::StrAppend(&s, "<th>", XmlEscape(h), "</th>");
  s += "</tr></thead>\n<tbody>\n";
  for (const auto& row : t.rows) {
    s += "<tr>";
    for (size_t i = 0; i < row.size(); ++i)
      absl::StrAppend(&s, i == 0 ? "<th scope=\"row\">" : "<td>", XmlEscape(row[i]),
                      i == 0 ? "</th>" : "</td>");
    s += "</tr>\n";
  }
  s += "</tbody>\n</table>\n";
  return s;
}

std::string MdCell(const std::string& text) {
  return absl::StrReplaceAll(text, {{"|", "\\|"}, {"\n", " "}});
}

std::string MarkdownTable(const Table& t) {
  std::string s = "|";
  for (const std::string& h : t.header) absl::StrAppend(&s, " ", MdCell(h), " |");
  s += "\n|";
  for (size_t i = 0; i < t.header.size(); ++i) s += i == 0 ? " --- |" : " ---: |";
  s += "\n";
  for (const auto& row : t.rows) {
    s += "|";
    for (const std::string& c : row) absl::StrAppend(&s, " ", MdCell(c), " |");
    s += "\n";
  }
  return s;
}

Table SummaryTable(const std::vector<ArmStats>& arms) {
  Table t{"summary",
          {"Arm", "Games", "White wins", "Draws", "Black wins", "White score", "White Elo",
           "Mean length (plies)"},
          {}};
  for (const ArmStats& a : arms) {
    const ScoreEstimate& w = a.white_score;
    t.rows.push_back(
        {a.label, absl::StrCat(a.games), PctInterval(a.white_win), PctInterval(a.draw),
         PctInterval(a.black_win),
         absl::StrFormat("%.1f%% [%.1f, %.1f]", 100 * w.score, 100 * w.lower, 100 * w.upper),
         absl::StrCat(Elo(w.elo), " [", Elo(w.elo_lower), ", ", Elo(w.elo_upper), "]"),
         Num(a.length.mean, 1)});
  }
  return t;
}

Table LengthTable(const std::vector<ArmStats>& arms) {
  Table t{"lengths", {"Arm", "Games", "Mean", "Q1", "Median", "Q3", "Min", "Max"}, {}};
  for (const ArmStats& a : arms) {
    const LengthStats& l = a.length;
    t.rows.push_back({a.label, absl::StrCat(a.games), Num(l.mean, 1), Num(l.q1, 1),
                      Num(l.median, 1), Num(l.q3, 1), absl::StrCat(l.min), absl::StrCat(l.max)});
  }
  return t;
}

// Rows: every termination seen in any arm; columns: the arms.
Table TerminationTable(const std::vector<ArmStats>& arms) {
  Table t{"terminations", {"Termination"}, {}};
  std::map<int, std::string> names;
  for (const ArmStats& a : arms) {
    t.header.push_back(a.label);
    for (const TerminationCount& tc : a.terminations) names[int(tc.termination)] = tc.name;
  }
  for (const auto& [id, name] : names) {
    std::vector<std::string> row = {name};
    for (const ArmStats& a : arms) {
      std::string cell = "0";
      for (const TerminationCount& tc : a.terminations)
        if (int(tc.termination) == id) cell = CountShare(tc.share);
      row.push_back(cell);
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

// Rows: the special rules that apply to some arm's variant or decided a game somewhere.
Table SpecialRuleTable(const std::vector<ArmStats>& arms) {
  Table t{"special-rules", {"Rule"}, {}};
  for (const ArmStats& a : arms) t.header.push_back(a.label);
  const size_t n = SpecialRules().size();
  for (size_t r = 0; r < n; ++r) {
    bool show = false;
    for (const ArmStats& a : arms)
      if (r < a.special_rules.size() &&
          (a.special_rules[r].applies || a.special_rules[r].share.count > 0))
        show = true;
    if (!show) continue;
    std::vector<std::string> row = {SpecialRules()[r].rule};
    for (const ArmStats& a : arms) {
      if (r >= a.special_rules.size()) {
        row.push_back("");
        continue;
      }
      const SpecialRuleCount& rc = a.special_rules[r];
      row.push_back(rc.applies || rc.share.count > 0
                        ? PctInterval(rc.share) + absl::StrCat(" (", rc.share.count, ")")
                        : "n/a");
    }
    t.rows.push_back(std::move(row));
  }
  return t;
}

std::vector<Table> TuukheiTables(const std::vector<ArmStats>& arms) {
  std::set<std::string> names;
  std::set<uint32_t> counts;
  for (const ArmStats& a : arms) {
    for (const auto& [name, c] : a.tuukhei.by_name) names.insert(name);
    for (const auto& [k, c] : a.tuukhei.by_count) counts.insert(k);
  }
  if (names.empty() && counts.empty()) return {};
  Table by_name{"tuukhei-names", {"Tuukhei"}, {}},
      by_count{"tuukhei-counts", {"Checks in the series"}, {}};
  for (const ArmStats& a : arms) {
    by_name.header.push_back(a.label);
    by_count.header.push_back(a.label);
  }
  const auto cell = [](int64_t count, int64_t total) {
    return total > 0 ? absl::StrFormat("%d (%.1f%%)", count, 100.0 * double(count) / double(total))
                     : std::string("0");
  };
  for (const std::string& name : names) {
    std::vector<std::string> row = {name.empty() ? "(unnamed)" : name};
    for (const ArmStats& a : arms) {
      auto it = a.tuukhei.by_name.find(name);
      row.push_back(cell(it == a.tuukhei.by_name.end() ? 0 : it->second, a.tuukhei.games));
    }
    by_name.rows.push_back(std::move(row));
  }
  for (uint32_t k : counts) {
    std::vector<std::string> row = {absl::StrCat(k)};
    for (const ArmStats& a : arms) {
      auto it = a.tuukhei.by_count.find(k);
      row.push_back(cell(it == a.tuukhei.by_count.end() ? 0 : it->second, a.tuukhei.games));
    }
    by_count.rows.push_back(std::move(row));
  }
  return {by_name, by_count};
}

Table PieceTable(const ArmStats& a) {
  Table t{"", {"Piece", "Coefficient (logit)", "Std. error", "Value (pawns)", "95% interval"}, {}};
  for (const PieceValue& p : a.piece_values.pieces)
    t.rows.push_back({PieceName(p.letter), Num(p.coefficient, 4), Num(p.coefficient_stderr, 4),
                      Num(p.pawns, 2),
                      absl::StrCat("[", Num(p.pawns_lower, 2), ", ", Num(p.pawns_upper, 2), "]")});
  t.rows.push_back({"(intercept)", Num(a.piece_values.intercept, 4),
                    Num(a.piece_values.intercept_stderr, 4), "", ""});
  return t;
}

std::string PieceCaption(const ArmStats& a) {
  const PieceValueStats& pv = a.piece_values;
  if (!pv.computed && pv.note.empty() && pv.positions == 0) return "Not computed.";
  std::string s = absl::StrCat(pv.positions, " positions from ", pv.games_used, " games");
  if (pv.computed)
    absl::StrAppend(&s, pv.converged ? absl::StrCat(", converged in ", pv.iterations, " iterations")
                                     : ", did not converge");
  if (!pv.note.empty()) absl::StrAppend(&s, ". ", pv.note);
  return s;
}

// (variant, rules) groups in order of first appearance, each with its arms by node budget.
std::vector<std::pair<std::string, std::vector<const ArmStats*>>> RuleSets(
    const std::vector<ArmStats>& arms) {
  std::vector<std::pair<std::string, std::vector<const ArmStats*>>> groups;
  for (const ArmStats& a : arms) {
    const std::string key =
        a.rules.empty() ? a.variant : absl::StrCat(a.variant, " [", a.rules, "]");
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) {
      groups.push_back({key, {}});
      it = groups.end() - 1;
    }
    it->second.push_back(&a);
  }
  for (auto& [key, list] : groups)
    std::stable_sort(list.begin(), list.end(),
                     [](const ArmStats* x, const ArmStats* y) { return x->nodes < y->nodes; });
  return groups;
}

std::string Verdict(const ScoreEstimate& w, int64_t games) {
  if (games == 0) return "no games";
  if (w.lower > 0.5) return "a significant advantage for White";
  if (w.upper < 0.5) return "a significant advantage for Black";
  return "no significant advantage for either side";
}

const char kCss[] = R"css(
body { font-family: sans-serif; margin: 2em auto; max-width: 1100px; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
td { white-space: nowrap; }
thead th { background: #f0f0f0; text-align: center; }
tbody th { text-align: left; font-weight: normal; }
.reading { background: #f7f7f0; border-left: 4px solid #b0a060; padding: 0.6em 1em; }
.note { color: #555; font-size: 0.9em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
svg.chart { border: 1px solid #ddd; }
)css";

}  // namespace

std::string BalanceReading(const std::vector<ArmStats>& arms) {
  if (arms.empty()) return "The study has no arms yet.";
  std::vector<std::string> sentences;
  for (const ArmStats& a : arms) {
    if (a.games == 0) {
      sentences.push_back(absl::StrCat("No finished games yet in ", a.label, "."));
      continue;
    }
    const ScoreEstimate& w = a.white_score;
    std::string where = a.variant;
    if (!a.rules.empty()) absl::StrAppend(&where, " [", a.rules, "]");
    sentences.push_back(absl::StrFormat(
        "White scores %.1f%% [%.1f, %.1f] in %s at %d nodes (%s Elo [%s, %s], %d games, %.1f%% "
        "draws): %s.",
        100 * w.score, 100 * w.lower, 100 * w.upper, where, a.nodes, Elo(w.elo), Elo(w.elo_lower),
        Elo(w.elo_upper), a.games, 100 * a.draw.rate, Verdict(w, a.games)));
  }
  for (const auto& [key, list] : RuleSets(arms)) {
    if (list.size() < 2 || list.front()->games == 0 || list.back()->games == 0) continue;
    const ArmStats& lo = *list.front();
    const ArmStats& hi = *list.back();
    if (lo.nodes == hi.nodes) continue;
    const double delta = hi.white_score.score - lo.white_score.score;
    const double se = std::hypot(hi.white_score.stderr_score, lo.white_score.stderr_score);
    const bool significant = se > 0 && std::abs(delta) > kZ95 * se;
    sentences.push_back(absl::StrFormat(
        "In %s, going from %d to %d nodes changes White's score by %+.1f points (%s) and the draw "
        "rate from %.1f%% to %.1f%%.",
        key, lo.nodes, hi.nodes, 100 * delta, significant ? "significant" : "not significant",
        100 * lo.draw.rate, 100 * hi.draw.rate));
  }
  return absl::StrJoin(sentences, " ");
}

std::string RenderBalanceHtml(const std::string& title, const std::vector<ArmStats>& arms) {
  std::string s =
      absl::StrCat("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
                   XmlEscape(title), "</title>\n<style>", kCss, "</style>\n</head>\n<body>\n<h1>",
                   XmlEscape(title), "</h1>\n");
  absl::StrAppend(&s, "<p class=\"reading\" id=\"reading\">", XmlEscape(BalanceReading(arms)),
                  "</p>\n");
  absl::StrAppend(&s,
                  "<p class=\"note\">White is the first player (Red in Xiangqi, the deer in deer "
                  "chess). Intervals are 95%: Wilson intervals for rates, normal intervals for the "
                  "score (per-game variance) and its logistic Elo equivalent.</p>\n");

  absl::StrAppend(&s, "<h2>Summary</h2>\n", HtmlTable(SummaryTable(arms)));

  // Score vs node budget.
  LineChart chart;
  chart.title = "White's score vs node budget per rule set";
  chart.x_label = "node budget per move";
  chart.y_label = "White's score";
  chart.log_x = true;
  chart.y_reference = 0.5;
  bool zero_budget = false;
  for (const auto& [key, list] : RuleSets(arms)) {
    ChartSeries series{key, {}};
    for (const ArmStats* a : list) {
      if (a->games == 0) continue;
      if (a->nodes == 0) zero_budget = true;
      series.points.push_back({double(a->nodes), a->white_score.score, true, a->white_score.lower,
                               a->white_score.upper});
    }
    chart.series.push_back(std::move(series));
  }
  absl::StrAppend(&s, "<h2>White's score vs node budget</h2>\n<div id=\"score-chart\">\n",
                  RenderLineChart(chart), "</div>\n");
  if (zero_budget)
    absl::StrAppend(
        &s,
        "<p class=\"note\">Arms without a node budget (0) are not on the log-scale chart.</p>\n");

  // Lengths.
  absl::StrAppend(&s, "<h2>Game length (plies)</h2>\n", HtmlTable(LengthTable(arms)),
                  "<div class=\"charts\">\n");
  for (const ArmStats& a : arms) {
    BarChart bars;
    bars.title = absl::StrCat("Game length: ", a.label);
    bars.x_label = "plies";
    bars.y_label = "games";
    bars.width = 540;
    bars.height = 260;
    for (const LengthBin& b : a.length.histogram) {
      bars.labels.push_back(b.Label());
      bars.values.push_back(double(b.count));
    }
    s += RenderBarChart(bars);
  }
  s += "</div>\n";

  absl::StrAppend(&s, "<h2>Terminations</h2>\n", HtmlTable(TerminationTable(arms)));
  const Table special = SpecialRuleTable(arms);
  absl::StrAppend(
      &s, "<h2>Special rules</h2>\n",
      "<p class=\"note\">Share of games each rule decided (n/a: not a rule of the arm's "
      "variant).</p>\n",
      special.rows.empty()
          ? "<p id=\"special-rules\">None of the arms' variants has special rules.</p>\n"
          : HtmlTable(special));

  absl::StrAppend(&s, "<h2>Tuukhei</h2>\n<div id=\"tuukhei\">\n");
  const std::vector<Table> tuukhei = TuukheiTables(arms);
  if (tuukhei.empty()) {
    s += "<p>No game carries a tuukhei.</p>\n";
  } else {
    std::vector<std::string> totals;
    for (const ArmStats& a : arms) totals.push_back(absl::StrCat(a.label, ": ", a.tuukhei.games));
    absl::StrAppend(&s, "<p class=\"note\">Games with a tuukhei: ",
                    XmlEscape(absl::StrJoin(totals, "; ")), ".</p>\n");
    for (const Table& t : tuukhei) s += HtmlTable(t);
  }
  s += "</div>\n";

  absl::StrAppend(
      &s, "<h2>Piece values</h2>\n<div id=\"piece-values\">\n",
      "<p class=\"note\">Logistic regression of the game's result for White on the "
      "material difference (White minus Black, per piece) in positions from ply 10 on, "
      "every 2nd ply; standard errors clustered by game; values are coefficients divided "
      "by the pawn's, with delta-method 95% intervals.</p>\n");
  for (const ArmStats& a : arms) {
    absl::StrAppend(&s, "<h3>", XmlEscape(a.label), "</h3>\n<p class=\"note\">",
                    XmlEscape(PieceCaption(a)), "</p>\n");
    if (!a.piece_values.computed) continue;
    s += HtmlTable(PieceTable(a));
    IntervalPlot plot;
    plot.title = absl::StrCat("Piece values in pawns: ", a.label);
    plot.x_label = "pawns";
    for (const PieceValue& p : a.piece_values.pieces)
      plot.rows.push_back({PieceName(p.letter), p.pawns, p.pawns_lower, p.pawns_upper});
    s += RenderIntervalPlot(plot);
  }
  s += "</div>\n</body>\n</html>\n";
  return s;
}

std::string RenderBalanceMarkdown(const std::string& title, const std::vector<ArmStats>& arms) {
  std::string s = absl::StrCat("# ", title, "\n\n", BalanceReading(arms), "\n\n");
  absl::StrAppend(
      &s,
      "White is the first player (Red in Xiangqi, the deer in deer chess); intervals are 95%.\n\n");
  absl::StrAppend(&s, "## Summary\n\n", MarkdownTable(SummaryTable(arms)), "\n");
  absl::StrAppend(&s, "## Game length (plies)\n\n", MarkdownTable(LengthTable(arms)), "\n");
  absl::StrAppend(&s, "## Terminations\n\n", MarkdownTable(TerminationTable(arms)), "\n");
  const Table special = SpecialRuleTable(arms);
  absl::StrAppend(&s, "## Special rules\n\n",
                  special.rows.empty() ? "None of the arms' variants has special rules.\n"
                                       : MarkdownTable(special),
                  "\n");
  absl::StrAppend(&s, "## Tuukhei\n\n");
  const std::vector<Table> tuukhei = TuukheiTables(arms);
  if (tuukhei.empty()) s += "No game carries a tuukhei.\n\n";
  for (const Table& t : tuukhei) absl::StrAppend(&s, MarkdownTable(t), "\n");
  absl::StrAppend(&s, "## Piece values\n\n");
  for (const ArmStats& a : arms) {
    absl::StrAppend(&s, "### ", a.label, "\n\n", PieceCaption(a), "\n\n");
    if (a.piece_values.computed) absl::StrAppend(&s, MarkdownTable(PieceTable(a)), "\n");
  }
  return s;
}

}  // namespace tumen::coordinator
