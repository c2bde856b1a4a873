#include "coordinator/reports/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace tumen::coordinator {
namespace {

constexpr int kMarginLeft = 64, kMarginRight = 20, kMarginTop = 36, kMarginBottom = 52;
constexpr char kFont[] = "font-family=\"sans-serif\"";

// A coordinate with one decimal.
std::string C(double v) { return absl::StrFormat("%.1f", v); }

// A tick label: up to 4 significant digits, no trailing zeros.
std::string TickLabel(double v) {
  if (std::abs(v) < 1e-12) return "0";
  if (std::abs(v) >= 1e4 && std::abs(v - std::round(v)) < 1e-9) {
    // 1000 -> 1000, 10000 -> 10k, 1e6 -> 1M: budgets read better short.
    if (std::fmod(v, 1e6) == 0) return absl::StrCat(int64_t(v / 1e6), "M");
    if (std::fmod(v, 1e3) == 0) return absl::StrCat(int64_t(v / 1e3), "k");
  }
  return absl::StrFormat("%.4g", v);
}

// Ticks 1, 2, 5 x 10^k covering [lo, hi], about `target` of them.
std::vector<double> LinearTicks(double lo, double hi, int target = 6) {
  std::vector<double> ticks;
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / target;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) {
      step = m * mag;
      break;
    }
  for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step)
    ticks.push_back(std::abs(t) < step * 1e-9 ? 0 : t);
  return ticks;
}

std::vector<double> LogTicks(double lo, double hi) {
  std::vector<double> ticks;
  const int first = int(std::floor(std::log10(lo) + 1e-9)),
            last = int(std::ceil(std::log10(hi) - 1e-9));
  const bool dense = last - first <= 2;
  for (int e = first; e <= last; ++e)
    for (double m : {1.0, 2.0, 5.0}) {
      if (!dense && m != 1.0) continue;
      const double t = m * std::pow(10.0, e);
      if (t >= lo * (1 - 1e-9) && t <= hi * (1 + 1e-9)) ticks.push_back(t);
    }
  return ticks;
}

std::string OpenSvg(int width, int height, const std::string& title, const std::string& cls) {
  std::string s = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" width=\"%d\" height=\"%d\" "
      "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n",
      cls, width, height, width, height, XmlEscape(title));
  absl::StrAppend(&s, "<title>", XmlEscape(title), "</title>\n");
  absl::StrAppend(&s, "<rect x=\"0\" y=\"0\" width=\"", width, "\" height=\"", height,
                  "\" fill=\"#ffffff\"/>\n");
  absl::StrAppend(&s, "<text x=\"", C(width / 2.0), "\" y=\"20\" text-anchor=\"middle\" ", kFont,
                  " font-size=\"14\" font-weight=\"bold\">", XmlEscape(title), "</text>\n");
  return s;
}

std::string Text(double x, double y, const std::string& text, const char* anchor, int size = 11,
                 const std::string& extra = "") {
  return absl::StrCat("<text x=\"", C(x), "\" y=\"", C(y), "\" text-anchor=\"", anchor, "\" ",
                      kFont, " font-size=\"", size, "\"", extra, ">", XmlEscape(text), "</text>\n");
}

std::string Line(double x1, double y1, double x2, double y2, const std::string& stroke,
                 double width = 1, const std::string& extra = "") {
  return absl::StrCat("<line x1=\"", C(x1), "\" y1=\"", C(y1), "\" x2=\"", C(x2), "\" y2=\"", C(y2),
                      "\" stroke=\"", stroke, "\" stroke-width=\"", C(width), "\"", extra, "/>\n");
}

}  // namespace

std::string XmlEscape(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

const char* ChartColour(size_t i) {
  static const char* const kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
                                         "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
  return kPalette[i % (sizeof(kPalette) / sizeof(kPalette[0]))];
}

std::string RenderLineChart(const LineChart& chart) {
  const int legend_rows = int(chart.series.size());
  const int height = chart.height + 16 * legend_rows;
  const double plot_w = chart.width - kMarginLeft - kMarginRight;
  const double plot_h = chart.height - kMarginTop - kMarginBottom;
  std::string s = OpenSvg(chart.width, height, chart.title, "chart line-chart");

  // Data ranges.
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo;
  double y_lo = x_lo, y_hi = -x_lo;
  const auto usable = [&](const ChartPoint& p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && (!chart.log_x || p.x > 0);
  };
  for (const ChartSeries& series : chart.series)
    for (const ChartPoint& p : series.points) {
      if (!usable(p)) continue;
      x_lo = std::min(x_lo, p.x);
      x_hi = std::max(x_hi, p.x);
      y_lo = std::min(y_lo, p.has_error ? std::min(p.y, p.y_lower) : p.y);
      y_hi = std::max(y_hi, p.has_error ? std::max(p.y, p.y_upper) : p.y);
    }
  if (!std::isfinite(x_lo)) {  // no data
    x_lo = chart.log_x ? 1 : 0;
    x_hi = chart.log_x ? 10 : 1;
    y_lo = 0;
    y_hi = 1;
  }
  if (chart.y_reference) {
    y_lo = std::min(y_lo, *chart.y_reference);
    y_hi = std::max(y_hi, *chart.y_reference);
  }
  if (chart.y_min) y_lo = *chart.y_min;
  if (chart.y_max) y_hi = *chart.y_max;
  if (!(y_hi > y_lo)) {
    y_lo -= 0.5;
    y_hi += 0.5;
  } else if (!chart.y_min && !chart.y_max) {
    const double pad = (y_hi - y_lo) * 0.08;
    y_lo -= pad;
    y_hi += pad;
  }
  if (chart.log_x) {
    if (x_hi <= x_lo) {
      x_lo /= 2;
      x_hi *= 2;
    } else {
      x_lo /= 1.25;
      x_hi *= 1.25;
    }
  } else if (!(x_hi > x_lo)) {
    x_lo -= 1;
    x_hi += 1;
  } else {
    const double pad = (x_hi - x_lo) * 0.05;
    x_lo -= pad;
    x_hi += pad;
  }
  const auto px = [&](double x) {
    const double f =
        chart.log_x ? (std::log10(x) - std::log10(x_lo)) / (std::log10(x_hi) - std::log10(x_lo))
                    : (x - x_lo) / (x_hi - x_lo);
    return kMarginLeft + f * plot_w;
  };
  const auto py = [&](double y) { return kMarginTop + (1 - (y - y_lo) / (y_hi - y_lo)) * plot_h; };

  // Axes, grid and ticks.
  for (double t : LinearTicks(y_lo, y_hi)) {
    s += Line(kMarginLeft, py(t), kMarginLeft + plot_w, py(t), "#e0e0e0");
    s += Text(kMarginLeft - 6, py(t) + 4, TickLabel(t), "end");
  }
  for (double t : chart.log_x ? LogTicks(x_lo, x_hi) : LinearTicks(x_lo, x_hi)) {
    s += Line(px(t), kMarginTop, px(t), kMarginTop + plot_h, "#e0e0e0");
    s += Text(px(t), kMarginTop + plot_h + 16, TickLabel(t), "middle");
  }
  s += absl::StrCat("<rect x=\"", kMarginLeft, "\" y=\"", kMarginTop, "\" width=\"", C(plot_w),
                    "\" height=\"", C(plot_h), "\" fill=\"none\" stroke=\"#333333\"/>\n");
  s += Text(kMarginLeft + plot_w / 2, kMarginTop + plot_h + 36,
            chart.x_label + (chart.log_x ? " (log scale)" : ""), "middle", 12);
  s += Text(16, kMarginTop + plot_h / 2, chart.y_label, "middle", 12,
            absl::StrCat(" transform=\"rotate(-90 16 ", C(kMarginTop + plot_h / 2), ")\""));
  if (chart.y_reference)
    s += Line(kMarginLeft, py(*chart.y_reference), kMarginLeft + plot_w, py(*chart.y_reference),
              "#555555", 1, " stroke-dasharray=\"5,4\"");

  // Series: lines, error bars, markers, legend.
  for (size_t i = 0; i < chart.series.size(); ++i) {
    const ChartSeries& series = chart.series[i];
    const std::string colour = ChartColour(i);
    std::vector<ChartPoint> pts;
    for (const ChartPoint& p : series.points)
      if (usable(p)) pts.push_back(p);
    std::sort(pts.begin(), pts.end(),
              [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
    absl::StrAppend(&s, "<g class=\"series\" data-series=\"", XmlEscape(series.name), "\">\n");
    if (pts.size() > 1) {
      std::string points;
      for (const ChartPoint& p : pts)
        absl::StrAppend(&points, points.empty() ? "" : " ", C(px(p.x)), ",", C(py(p.y)));
      absl::StrAppend(&s, "<polyline points=\"", points, "\" fill=\"none\" stroke=\"", colour,
                      "\" stroke-width=\"2\"/>\n");
    }
    for (const ChartPoint& p : pts) {
      if (p.has_error) {
        const double x = px(p.x);
        s += Line(x, py(p.y_lower), x, py(p.y_upper), colour, 1.5);
        s += Line(x - 4, py(p.y_lower), x + 4, py(p.y_lower), colour, 1.5);
        s += Line(x - 4, py(p.y_upper), x + 4, py(p.y_upper), colour, 1.5);
      }
      absl::StrAppend(&s, "<circle cx=\"", C(px(p.x)), "\" cy=\"", C(py(p.y)),
                      "\" r=\"3.5\" fill=\"", colour, "\"><title>", XmlEscape(series.name),
                      ": x=", TickLabel(p.x), " y=", absl::StrFormat("%.4g", p.y),
                      "</title></circle>\n");
    }
    s += "</g>\n";
    const double ly = chart.height + 16.0 * double(i) - 4;
    s += Line(kMarginLeft, ly - 4, kMarginLeft + 24, ly - 4, colour, 3);
    s += Text(kMarginLeft + 30, ly, series.name, "start");
  }
  s += "</svg>\n";
  return s;
}

std::string RenderBarChart(const BarChart& chart) {
  const double plot_w = chart.width - kMarginLeft - kMarginRight;
  const double plot_h = chart.height - kMarginTop - kMarginBottom;
  std::string s = OpenSvg(chart.width, chart.height, chart.title, "chart bar-chart");
  double hi = 0;
  for (double v : chart.values)
    if (std::isfinite(v)) hi = std::max(hi, v);
  if (hi <= 0) hi = 1;
  const std::vector<double> ticks = LinearTicks(0, hi, 4);
  hi = std::max(hi, ticks.back());
  const auto py = [&](double y) { return kMarginTop + (1 - y / hi) * plot_h; };
  for (double t : ticks) {
    s += Line(kMarginLeft, py(t), kMarginLeft + plot_w, py(t), "#e0e0e0");
    s += Text(kMarginLeft - 6, py(t) + 4, TickLabel(t), "end");
  }
  const size_t n = chart.labels.size();
  const double slot = n > 0 ? plot_w / double(n) : plot_w;
  const std::string colour = chart.colour.empty() ? ChartColour(0) : chart.colour;
  // Label every k-th bar so that labels do not collide (about 7 px per character).
  size_t longest = 1;
  for (const std::string& l : chart.labels) longest = std::max(longest, l.size());
  const size_t every =
      std::max<size_t>(1, size_t(std::ceil(double(longest) * 7.0 / std::max(slot, 1.0))));
  for (size_t i = 0; i < n; ++i) {
    const double v = i < chart.values.size() && std::isfinite(chart.values[i])
                         ? std::max(0.0, chart.values[i])
                         : 0;
    const double x = kMarginLeft + slot * double(i);
    absl::StrAppend(&s, "<rect class=\"bar\" x=\"", C(x + slot * 0.1), "\" y=\"", C(py(v)),
                    "\" width=\"", C(slot * 0.8), "\" height=\"", C(kMarginTop + plot_h - py(v)),
                    "\" fill=\"", colour, "\"><title>", XmlEscape(chart.labels[i]), ": ",
                    absl::StrFormat("%.4g", v), "</title></rect>\n");
    if (i % every == 0)
      s += Text(x + slot / 2, kMarginTop + plot_h + 15, chart.labels[i], "middle", 10);
  }
  s += Line(kMarginLeft, kMarginTop + plot_h, kMarginLeft + plot_w, kMarginTop + plot_h, "#333333");
  s += Line(kMarginLeft, kMarginTop, kMarginLeft, kMarginTop + plot_h, "#333333");
  s += Text(kMarginLeft + plot_w / 2, kMarginTop + plot_h + 36, chart.x_label, "middle", 12);
  s += Text(16, kMarginTop + plot_h / 2, chart.y_label, "middle", 12,
            absl::StrCat(" transform=\"rotate(-90 16 ", C(kMarginTop + plot_h / 2), ")\""));
  s += "</svg>\n";
  return s;
}

std::string RenderIntervalPlot(const IntervalPlot& plot) {
  constexpr int kRow = 24, kLabelWidth = 150;
  const int height = kMarginTop + kMarginBottom + kRow * int(std::max<size_t>(1, plot.rows.size()));
  const double left = kLabelWidth, plot_w = plot.width - left - kMarginRight;
  const double plot_h = kRow * double(std::max<size_t>(1, plot.rows.size()));
  std::string s = OpenSvg(plot.width, height, plot.title, "chart interval-plot");
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const IntervalRow& r : plot.rows)
    for (double v : {r.value, r.lower, r.upper})
      if (std::isfinite(v)) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
  if (plot.reference) {
    lo = std::min(lo, *plot.reference);
    hi = std::max(hi, *plot.reference);
  }
  if (!std::isfinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
  }
  const double pad = (hi - lo) * 0.06;
  lo -= pad;
  hi += pad;
  const auto px = [&](double x) { return left + (x - lo) / (hi - lo) * plot_w; };
  for (double t : LinearTicks(lo, hi)) {
    s += Line(px(t), kMarginTop, px(t), kMarginTop + plot_h, "#e0e0e0");
    s += Text(px(t), kMarginTop + plot_h + 16, TickLabel(t), "middle");
  }
  if (plot.reference)
    s += Line(px(*plot.reference), kMarginTop, px(*plot.reference), kMarginTop + plot_h, "#555555",
              1, " stroke-dasharray=\"5,4\"");
  for (size_t i = 0; i < plot.rows.size(); ++i) {
    const IntervalRow& r = plot.rows[i];
    const double y = kMarginTop + kRow * (double(i) + 0.5);
    const std::string colour = ChartColour(i);
    s += Text(left - 8, y + 4, r.label, "end");
    if (std::isfinite(r.lower) && std::isfinite(r.upper)) {
      s += Line(px(r.lower), y, px(r.upper), y, colour, 2);
      s += Line(px(r.lower), y - 5, px(r.lower), y + 5, colour, 2);
      s += Line(px(r.upper), y - 5, px(r.upper), y + 5, colour, 2);
    }
    if (std::isfinite(r.value))
      absl::StrAppend(
          &s, "<rect x=\"", C(px(r.value) - 4), "\" y=\"", C(y - 4),
          "\" width=\"8\" height=\"8\" fill=\"", colour, "\"><title>", XmlEscape(r.label), ": ",
          absl::StrFormat("%.3g [%.3g, %.3g]", r.value, r.lower, r.upper), "</title></rect>\n");
  }
  s += absl::StrCat("<rect x=\"", C(left), "\" y=\"", kMarginTop, "\" width=\"", C(plot_w),
                    "\" height=\"", C(plot_h), "\" fill=\"none\" stroke=\"#333333\"/>\n");
  s += Text(left + plot_w / 2, kMarginTop + plot_h + 36, plot.x_label, "middle", 12);
  s += "</svg>\n";
  return s;
}

}  // namespace tumen::coordinator
