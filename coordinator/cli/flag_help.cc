#include "coordinator/cli/flag_help.h"

#include <algorithm>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

namespace tumen::cli {
namespace {

std::string Dashed(absl::string_view name) { return absl::StrReplaceAll(name, {{"_", "-"}}); }
std::string Underscored(absl::string_view name) { return absl::StrReplaceAll(name, {{"-", "_"}}); }

// Levenshtein distance, for "did you mean".
size_t Distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string FlagsHelp(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(Underscored(name));
    if (flag == nullptr) continue;
    const std::string value = flag->DefaultValue();
    absl::StrAppend(&out, "  --", Dashed(flag->Name()),
                    value.empty() ? "" : absl::StrCat("=", value), "\n      ", flag->Help(), "\n");
  }
  return out;
}

std::vector<std::string> FlagsDefinedIn(const std::string& path_part) {
  std::vector<std::string> names;
  for (const auto& [name, flag] : absl::GetAllFlags())
    if (flag->Filename().find(path_part) != std::string::npos) names.emplace_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

absl::Status CheckFlags(const std::vector<std::string>& args, const std::vector<std::string>& known,
                        const std::string& where) {
  std::vector<std::string> names;
  for (const std::string& k : known) names.push_back(Underscored(k));
  // Abseil's own flags work everywhere.
  for (const char* name : {"flagfile", "fromenv", "tryfromenv", "undefok", "helpfull", "helpshort",
                           "helppackage", "helpon", "helpmatch", "version", "only_check_args"})
    names.push_back(name);
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-' || arg == "-") continue;
    std::string name = Underscored(arg.substr(arg[1] == '-' ? 2 : 1));
    name = name.substr(0, name.find('='));
    const auto is_known = [&](const std::string& n) {
      return std::find(names.begin(), names.end(), n) != names.end();
    };
    if (is_known(name)) continue;
    if (name.rfind("no", 0) == 0 && is_known(name.substr(2))) {
      const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name.substr(2));
      if (flag != nullptr && flag->IsOfType<bool>()) continue;
    }
    std::string closest;
    size_t best = 3;  // a likely typo: at most two edits away
    for (const std::string& n : names)
      if (const size_t d = Distance(name, n); d < best) best = d, closest = n;
    std::vector<std::string> dashed;
    for (const std::string& n : known) dashed.push_back("--" + Dashed(n));
    return absl::InvalidArgumentError(absl::StrCat(
        "unknown flag --", Dashed(name), " for ", where,
        closest.empty() ? "." : absl::StrCat("; did you mean --", Dashed(closest), "?"),
        " Its flags: ", absl::StrJoin(dashed, " ")));
  }
  return absl::OkStatus();
}

bool AsksForHelp(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") return false;
    if (arg == "--help" || arg == "-h" || arg == "-help" || arg == "--helpshort") return true;
  }
  return false;
}

}  // namespace tumen::cli
