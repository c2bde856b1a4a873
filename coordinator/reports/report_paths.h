// Where `tumen report JOB` writes its two files, the HTML report and the Markdown summary.
// Both go where --out says (issue 20: the HTML used to land at PATH without an extension and
// the Markdown in the current folder).
#ifndef TUMEN_COORDINATOR_REPORTS_REPORT_PATHS_H_
#define TUMEN_COORDINATOR_REPORTS_REPORT_PATHS_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"

namespace tumen::coordinator {

struct ReportPaths {
  std::string html;
  std::string markdown;
};

// `out` (--out):
//   empty                        report-JOB.html and report-JOB.md in the current folder;
//   a folder (existing, or ending in '/')   FOLDER/report-JOB.html and FOLDER/report-JOB.md;
//   PATH.html or PATH.md         PATH.html and PATH.md;
//   any other PATH               PATH.html and PATH.md.
// `markdown` (--markdown), when given, names the Markdown file instead. "-" (standard output)
// is refused: the report is two files.
absl::StatusOr<ReportPaths> ChooseReportPaths(const std::string& out, const std::string& markdown,
                                              uint64_t job_id);

}  // namespace tumen::coordinator

#endif  // TUMEN_COORDINATOR_REPORTS_REPORT_PATHS_H_
