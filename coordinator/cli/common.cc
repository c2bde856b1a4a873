#include "coordinator/cli/common.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace tumen::cli {

int Fail(const std::string& message) {
  std::fprintf(stderr, "tumen: %s\n", message.c_str());
  return 1;
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("cannot read ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

absl::Status WriteFile(const std::string& path, absl::string_view content) {
  if (path.empty() || path == "-") {
    std::fwrite(content.data(), 1, content.size(), stdout);
    return absl::OkStatus();
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(content.data(), std::streamsize(content.size()));
  if (!out.flush()) return absl::InvalidArgumentError(absl::StrCat("cannot write ", path));
  return absl::OkStatus();
}

absl::Status ParseTimeControl(const std::string& text, v1::TimeControl& tc) {
  const std::vector<std::string> kv = absl::StrSplit(text, '=');
  uint64_t n = 0;
  if (kv.size() == 2 && absl::SimpleAtoi(kv[1], &n) && n > 0) {
    if (kv[0] == "nodes") return tc.set_nodes(n), absl::OkStatus();
    if (kv[0] == "depth") return tc.set_depth(uint32_t(n)), absl::OkStatus();
    if (kv[0] == "movetime") return tc.set_movetime_ms(uint32_t(n)), absl::OkStatus();
  }
  const std::vector<std::string> clock = absl::StrSplit(text, '+');
  double base = 0, inc = 0;
  if (clock.size() == 2 && absl::SimpleAtod(clock[0], &base) && absl::SimpleAtod(clock[1], &inc) &&
      base > 0 && inc >= 0) {
    tc.set_base_ms(uint32_t(base * 1000));
    tc.set_increment_ms(uint32_t(inc * 1000));
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      absl::StrCat("--tc '", text, "': use nodes=N, depth=N, movetime=MS or BASE+INC"));
}

absl::Status ParseKeyValues(const std::string& text,
                            const std::function<bool(absl::string_view, absl::string_view)>& set) {
  if (text.empty()) return absl::OkStatus();
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    const std::vector<absl::string_view> kv = absl::StrSplit(item, absl::MaxSplits('=', 1));
    if (kv.size() != 2 || !set(kv[0], kv[1]))
      return absl::InvalidArgumentError(absl::StrCat("cannot use '", item, "'"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<FilePosition>> ReadPositions(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  std::vector<FilePosition> out;
  for (absl::string_view line : absl::StrSplit(*text, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    FilePosition p;
    const size_t semicolon = line.find(';');
    absl::string_view board = line.substr(0, semicolon);
    std::vector<absl::string_view> f = absl::StrSplit(board, ' ', absl::SkipEmpty());
    // EPD: four fields then operations ("bm e4;", "id \"x\";"); FEN: up to six fields.
    size_t fields = 0;
    int number = 0;
    while (fields < f.size() && fields < 6 && (fields < 4 || absl::SimpleAtoi(f[fields], &number)))
      ++fields;
    if (fields < 2) continue;
    p.fen = absl::StrJoin(f.begin(), f.begin() + long(fields), " ");
    // The id operation may follow the fields or any earlier operation.
    const size_t id = line.find(" id \"");
    if (id != absl::string_view::npos) {
      const size_t start = id + 5, end = line.find('"', start);
      if (end != absl::string_view::npos) p.id = std::string(line.substr(start, end - start));
    }
    out.push_back(std::move(p));
  }
  if (out.empty()) return absl::InvalidArgumentError(absl::StrCat(path, " holds no positions"));
  return out;
}

absl::StatusOr<v1::JobInfo> WaitForJob(worker::CoordinatorClient& client, uint64_t job_id) {
  auto last_print = std::chrono::steady_clock::now() - std::chrono::seconds(60);
  while (true) {
    v1::GetJobRequest request;
    request.set_job_id(job_id);
    absl::StatusOr<v1::GetJobResponse> r = client.GetJob(request);
    if (!r.ok()) return r.status();
    if (r->jobs_size() != 1) return absl::NotFoundError(absl::StrCat("no job ", job_id));
    const v1::JobInfo& j = r->jobs(0);
    const auto now = std::chrono::steady_clock::now();
    if (j.state() != v1::JOB_STATE_RUNNING || now - last_print >= std::chrono::seconds(5)) {
      std::fprintf(stderr, "tumen: job %llu: %llu/%llu done%s\n",
                   static_cast<unsigned long long>(job_id),
                   static_cast<unsigned long long>(j.games_stored()),
                   static_cast<unsigned long long>(j.games_total()),
                   j.state() == v1::JOB_STATE_RUNNING ? "" : " (ended)");
      last_print = now;
    }
    if (j.state() != v1::JOB_STATE_RUNNING) return j;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

}  // namespace tumen::cli
