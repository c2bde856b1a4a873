#include "coordinator/reports/report_paths.h"

#include <cstring>
#include <filesystem>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace tumen::coordinator {

absl::StatusOr<ReportPaths> ChooseReportPaths(const std::string& out, const std::string& markdown,
                                              uint64_t job_id) {
  if (out == "-" || markdown == "-")
    return absl::InvalidArgumentError(
        "report: --out - would mix two files on standard output; give a path or a folder");
  const std::string name = absl::StrCat("report-", job_id);
  std::string stem = out;
  std::error_code ec;
  if (out.empty()) {
    stem = name;
  } else if (out.back() == '/' || std::filesystem::is_directory(out, ec)) {
    stem = (std::filesystem::path(out) / name).string();
  } else {
    for (const char* ext : {".html", ".md"})
      if (absl::EndsWith(out, ext) && out.size() > strlen(ext))
        stem.resize(out.size() - strlen(ext));
  }
  return ReportPaths{stem + ".html", markdown.empty() ? stem + ".md" : markdown};
}

}  // namespace tumen::coordinator
