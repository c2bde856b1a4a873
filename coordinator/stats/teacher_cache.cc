#include "coordinator/stats/teacher_cache.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace tumen::coordinator {

absl::StatusOr<TeacherCache> TeacherCache::Open(const std::string& path,
                                                const std::string& settings) {
  TeacherCache cache(path, settings);
  std::ifstream in(path);
  if (!in) return cache;  // no file yet: an empty cache, written by Save
  std::string line;
  if (!std::getline(in, line)) return cache;
  if (line != settings)
    return absl::FailedPreconditionError(
        absl::StrCat("teacher cache ", path, " holds the scores of other settings (", line,
                     "); this fit asks for ", settings, ": give another --teacher-cache file"));
  for (int number = 2; std::getline(in, line); ++number) {
    const size_t tab = line.find('\t');
    int score = 0;
    const std::string field = line.substr(0, tab);
    if (tab == std::string::npos || tab + 1 == line.size() ||
        (field != "none" && !absl::SimpleAtoi(field, &score)))
      return absl::InvalidArgumentError(
          absl::StrCat("teacher cache ", path, " line ", number,
                       ": expected `score<TAB>fen` (score an integer or none): ", line));
    cache.scores_[line.substr(tab + 1)] =
        field == "none" ? std::nullopt : std::optional<int>(score);
  }
  return cache;
}

std::optional<std::optional<int>> TeacherCache::Find(const std::string& fen) const {
  const auto it = scores_.find(fen);
  if (it == scores_.end()) return std::nullopt;
  return it->second;
}

void TeacherCache::Add(const std::string& fen, std::optional<int> score_cp) {
  scores_[fen] = score_cp;
}

absl::Status TeacherCache::Save() const {
  std::ostringstream text;
  text << settings_ << '\n';
  for (const auto& [fen, score] : scores_)
    text << (score ? std::to_string(*score) : "none") << '\t' << fen << '\n';
  const std::string temporary = path_ + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << text.str();
    out.flush();
    if (!out) return absl::UnavailableError(absl::StrCat("cannot write ", temporary));
  }
  if (std::rename(temporary.c_str(), path_.c_str()) != 0)
    return absl::UnavailableError(absl::StrCat("cannot rename ", temporary, " to ", path_));
  return absl::OkStatus();
}

}  // namespace tumen::coordinator
