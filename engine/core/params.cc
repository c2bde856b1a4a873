#include "engine/core/params.h"

#include <atomic>
#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace tumen {

uint64_t ParamValues::NextVersion() {
  static std::atomic<uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

ParamValues::ParamValues(const std::vector<ParamSpec>* specs) : specs_(specs) {
  for (const ParamSpec& s : *specs) values_.push_back(s.default_value);
}

std::vector<ParamSet::Entry> ParamSet::All() const {
  std::vector<Entry> out;
  for (const ParamValues* part : parts_)
    for (int i = 0; i < part->size(); ++i) out.push_back({&part->specs()[i], (*part)[i]});
  return out;
}

bool ParamSet::Has(absl::string_view name) const {
  for (const ParamValues* part : parts_)
    for (const ParamSpec& s : part->specs())
      if (name == s.name) return true;
  return false;
}

absl::Status ParamSet::Set(absl::string_view name, int value) {
  for (ParamValues* part : parts_) {
    for (int i = 0; i < part->size(); ++i) {
      const ParamSpec& s = part->specs()[i];
      if (name != s.name) continue;
      if (value < s.min || value > s.max)
        return absl::OutOfRangeError(absl::StrCat("parameter ", name, " = ", value, " is outside [",
                                                  s.min, ", ", s.max, "]"));
      (*part)[i] = value;
      return absl::OkStatus();
    }
  }
  return absl::NotFoundError(absl::StrCat("unknown parameter '", name, "'"));
}

absl::StatusOr<std::vector<std::pair<std::string, int>>> ParamSet::ParseAssignments(
    absl::string_view text) {
  std::vector<std::pair<std::string, int>> assignments;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (const size_t hash = line.find('#'); hash != absl::string_view::npos)
      line = line.substr(0, hash);
    const std::vector<absl::string_view> words =
        absl::StrSplit(line, absl::ByAnyChar(" \t\r="), absl::SkipEmpty());
    if (words.empty()) continue;
    int value;
    if (words.size() != 2 || !absl::SimpleAtoi(words[1], &value))
      return absl::InvalidArgumentError(absl::StrCat("parameter line ", line_number,
                                                     ": expected 'name value', got '", line, "'"));
    assignments.emplace_back(std::string(words[0]), value);
  }
  return assignments;
}

absl::Status ParamSet::ParseText(absl::string_view text) {
  absl::StatusOr<std::vector<std::pair<std::string, int>>> parsed = ParseAssignments(text);
  if (!parsed.ok()) return parsed.status();
  const std::vector<std::pair<std::string, int>>& assignments = *parsed;
  for (const auto& [name, value] : assignments)
    if (!Has(name))
      return absl::InvalidArgumentError(absl::StrCat("unknown parameter '", name, "'"));
  // Validate everything before applying anything.
  std::vector<Entry> before = All();
  for (const auto& [name, value] : assignments) {
    if (absl::Status s = Set(name, value); !s.ok()) {
      for (const Entry& e : before) (void)Set(e.spec->name, e.value);
      return s;
    }
  }
  return absl::OkStatus();
}

std::string ParamSet::ToText() const {
  std::string out;
  for (const Entry& e : All()) absl::StrAppend(&out, e.spec->name, " ", e.value, "\n");
  return out;
}

absl::Status ParamSet::LoadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read parameter file ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  absl::Status s = ParseText(ss.str());
  if (!s.ok()) return absl::Status(s.code(), absl::StrCat(path, ": ", s.message()));
  return absl::OkStatus();
}

absl::Status ParamSet::SaveFile(const std::string& path) const {
  std::ofstream out(path);
  out << ToText();
  if (!out) return absl::InternalError(absl::StrCat("cannot write parameter file ", path));
  return absl::OkStatus();
}

}  // namespace tumen
