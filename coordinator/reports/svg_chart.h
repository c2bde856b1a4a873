// Small SVG chart builders for self-contained HTML reports: a line chart with error bars (linear
// or logarithmic x axis), a bar chart (histograms) and an interval ("forest") plot. Each
// returns one <svg> element with inline styles and no scripts; all text is XML-escaped.
#ifndef TUMEN_COORDINATOR_REPORTS_SVG_CHART_H_
#define TUMEN_COORDINATOR_REPORTS_SVG_CHART_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace tumen::coordinator {

// Escapes & < > " ' for XML/HTML text and attribute values.
std::string XmlEscape(absl::string_view text);

// The i-th colour of the charts' palette (cycles).
const char* ChartColour(size_t i);

struct ChartPoint {
  double x = 0, y = 0;
  // Error bar from y_lower to y_upper, drawn when has_error.
  bool has_error = false;
  double y_lower = 0, y_upper = 0;
};

struct ChartSeries {
  std::string name;
  std::vector<ChartPoint> points;  // drawn in x order
};

struct LineChart {
  std::string title, x_label, y_label;
  bool log_x = false;                  // points with x <= 0 are left out on a log axis
  std::optional<double> y_min, y_max;  // fixed y range; otherwise from the data
  std::optional<double> y_reference;   // a dashed horizontal line (e.g. score 0.5)
  int width = 680, height = 380;
  std::vector<ChartSeries> series;
};
std::string RenderLineChart(const LineChart& chart);

struct BarChart {
  std::string title, x_label, y_label;
  std::vector<std::string> labels;  // one per bar
  std::vector<double> values;       // one per bar, >= 0
  int width = 680, height = 300;
  std::string colour;  // empty: the first palette colour
};
std::string RenderBarChart(const BarChart& chart);

struct IntervalRow {
  std::string label;
  double value = 0, lower = 0, upper = 0;
};
struct IntervalPlot {
  std::string title, x_label;
  std::vector<IntervalRow> rows;    // one line each, top to bottom
  std::optional<double> reference;  // a dashed vertical line
  int width = 680;                  // height follows from the rows
};
std::string RenderIntervalPlot(const IntervalPlot& plot);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_SVG_CHART_H_
