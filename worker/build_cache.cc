#include "worker/build_cache.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "proto/convert.h"
#include "worker/run_command.h"

namespace tumen::worker {
namespace fs = std::filesystem;
namespace {

constexpr char kCMakeFlags[] = "-DCMAKE_BUILD_TYPE=Release";
constexpr absl::Duration kGitTimeout = absl::Minutes(5);
constexpr absl::Duration kBenchTimeout = absl::Minutes(10);

uint64_t Fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// The first line of a command's output, or "" when it cannot run.
std::string FirstLine(const std::vector<std::string>& argv) {
  std::string first;
  (void)RunCommand(argv, absl::Seconds(30), [&](const std::string& line) {
    if (first.empty()) first = line;
  });
  return first;
}

std::string CpuModel() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line;
  return "";
}

// Holds an exclusive flock on a file for its lifetime.
class FileLock {
 public:
  explicit FileLock(const std::string& path) : fd_(open(path.c_str(), O_RDWR | O_CREAT, 0644)) {
    if (fd_ >= 0) flock(fd_, LOCK_EX);
  }
  ~FileLock() {
    if (fd_ >= 0) close(fd_);  // closing releases the lock
  }
  bool ok() const { return fd_ >= 0; }

 private:
  int fd_;
};

// The end of a command's output for an error message: from the first line that says
// "error" (compilers and CMake do), else the last few lines.
std::string Tail(const CommandResult& r) {
  auto first = std::find_if(r.last_lines.begin(), r.last_lines.end(), [](const std::string& l) {
    return l.find("rror") != std::string::npos;
  });
  if (first == r.last_lines.end()) first = r.last_lines.begin();
  std::vector<std::string> lines;
  for (auto it = first; it != r.last_lines.end(); ++it)
    if (!absl::StripAsciiWhitespace(*it).empty())
      lines.emplace_back(absl::StripAsciiWhitespace(*it));
  return absl::StrJoin(lines, " | ");
}

}  // namespace

absl::StatusOr<std::unique_ptr<BuildCache>> BuildCache::Open(BuildCacheOptions options) {
  if (options.source.empty()) return absl::InvalidArgumentError("no source repository given");
  std::error_code ec;
  options.source = fs::absolute(options.source, ec).lexically_normal().string();
  absl::StatusOr<CommandResult> git =
      RunCommand({"git", "-C", options.source, "rev-parse", "--git-dir"}, kGitTimeout);
  if (!git.ok()) return git.status();
  if (git->exit_code != 0)
    return absl::InvalidArgumentError(
        absl::StrCat("--source ", options.source, " is not a git repository (", Tail(*git), ")"));
  options.cache_dir = fs::absolute(options.cache_dir, ec).lexically_normal().string();
  fs::create_directories(options.cache_dir, ec);
  if (ec || !fs::is_directory(options.cache_dir))
    return absl::InvalidArgumentError(
        absl::StrCat("cannot make the build cache folder ", options.cache_dir, ": ", ec.message()));
  if (options.max_builds < 1) options.max_builds = 1;
  if (options.jobs <= 0) options.jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  // What makes two builds of one commit differ: the compiler, the CPU (-march=native) and
  // the flags.
  const std::string key = absl::StrFormat(
      "%016x",
      Fnv1a(absl::StrCat(FirstLine({"c++", "--version"}), "|", CpuModel(), "|", kCMakeFlags)));
  return std::unique_ptr<BuildCache>(new BuildCache(std::move(options), key));
}

void BuildCache::Log(const std::string& line) const {
  if (options_.log) options_.log(line);
}

absl::StatusOr<std::string> BuildCache::ResolveCommit(const std::string& ref) const {
  if (ref.empty() || ref[0] == '-' || ref.size() > 256)
    return absl::InvalidArgumentError(absl::StrCat("'", ref, "' is not a git ref"));
  std::string hash;
  absl::StatusOr<CommandResult> r = RunCommand(
      {"git", "-C", options_.source, "rev-parse", "--verify", "--quiet", ref + "^{commit}"},
      kGitTimeout, [&](const std::string& line) {
        if (hash.empty()) hash = line;
      });
  if (!r.ok()) return r.status();
  if (r->exit_code != 0 || !proto::IsFullCommitHash(hash))
    return absl::NotFoundError(
        absl::StrCat("'", ref, "' names no commit in the repository ", options_.source));
  return hash;
}

absl::StatusOr<std::string> BuildCache::Subject(const std::string& commit) const {
  if (!proto::IsFullCommitHash(commit))
    return absl::InvalidArgumentError(absl::StrCat("'", commit, "' is not a full commit hash"));
  std::string subject;
  absl::StatusOr<CommandResult> r =
      RunCommand({"git", "-C", options_.source, "log", "-1", "--format=%s", commit}, kGitTimeout,
                 [&](const std::string& line) {
                   if (subject.empty()) subject = line;
                 });
  if (!r.ok()) return r.status();
  if (r->exit_code != 0)
    return absl::NotFoundError(absl::StrCat("no commit ", commit, " in ", options_.source));
  return subject;
}

absl::Status BuildCache::EnsureCommit(const std::string& commit) {
  const auto has = [&]() -> absl::StatusOr<bool> {
    absl::StatusOr<CommandResult> r = RunCommand(
        {"git", "-C", options_.source, "cat-file", "-e", commit + "^{commit}"}, kGitTimeout);
    if (!r.ok()) return r.status();
    return r->exit_code == 0;
  };
  absl::StatusOr<bool> present = has();
  if (!present.ok()) return present.status();
  if (*present) return absl::OkStatus();
  Log(absl::StrCat("commit ", commit.substr(0, 10), " is not in ", options_.source,
                   "; fetching from its remote"));
  absl::StatusOr<CommandResult> fetch =
      RunCommand({"git", "-C", options_.source, "fetch", "--quiet"}, kGitTimeout);
  if (!fetch.ok()) return fetch.status();
  present = has();
  if (!present.ok()) return present.status();
  if (!*present)
    return absl::NotFoundError(absl::StrCat(
        "the repository ", options_.source, " has no commit ", commit,
        fetch->exit_code == 0 ? " (not even after git fetch)"
                              : absl::StrCat(" and git fetch failed: ", Tail(*fetch))));
  return absl::OkStatus();
}

absl::StatusOr<EngineBuildInfo> BuildCache::Get(const std::string& commit) {
  if (!proto::IsFullCommitHash(commit))
    return absl::InvalidArgumentError(
        absl::StrCat("'", commit, "' is not a full commit hash (40 lowercase hex digits)"));
  absl::MutexLock lock(&mutex_);
  if (auto it = failed_.find(commit); it != failed_.end())
    return absl::FailedPreconditionError(it->second);
  FileLock file_lock(options_.cache_dir + "/.lock");
  if (!file_lock.ok())
    return absl::UnavailableError(absl::StrCat("cannot lock ", options_.cache_dir, "/.lock"));
  const std::string dir = absl::StrCat(options_.cache_dir, "/", commit, "-", key_);
  EngineBuildInfo info;
  info.commit = commit;
  info.engine_path = dir + "/tumen-engine";
  if (std::ifstream(dir + "/signature") >> info.bench_signature && fs::exists(info.engine_path)) {
    std::ofstream(dir + "/last-used") << absl::ToUnixSeconds(absl::Now()) << "\n";
    return info;
  }
  absl::StatusOr<EngineBuildInfo> built = Build(commit, dir);
  if (!built.ok() && built.status().code() == absl::StatusCode::kFailedPrecondition)
    failed_[commit] = std::string(built.status().message());
  if (built.ok()) Evict(dir);
  return built;
}

absl::StatusOr<EngineBuildInfo> BuildCache::Build(const std::string& commit,
                                                  const std::string& dir) {
  if (absl::Status s = EnsureCommit(commit); !s.ok()) return s;
  const std::string short_hash = commit.substr(0, 10);
  const std::string partial = dir + ".partial";
  std::error_code ec;
  fs::remove_all(partial, ec);
  fs::create_directories(partial + "/src", ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot make ", partial, ": ", ec.message()));
  std::ofstream log(partial + "/build.log");
  const auto to_log = [&](const std::string& line) { log << line << "\n"; };
  const absl::Time start = absl::Now();
  // A failed step keeps its log beside the cache for the operator and says where it is.
  const auto fail = [&](const std::string& step, const CommandResult& r) {
    log.close();
    const std::string failed = dir + ".failed";
    std::error_code ignored;
    fs::remove_all(failed, ignored);
    fs::rename(partial, failed, ignored);
    fs::remove_all(failed + "/src", ignored);
    fs::remove_all(failed + "/build", ignored);
    return absl::FailedPreconditionError(absl::StrCat("commit ", short_hash, ": ", step,
                                                      " failed (exit ", r.exit_code, "): ", Tail(r),
                                                      "; the log is ", failed, "/build.log"));
  };
  Log(absl::StrCat("building tumen-engine at ", short_hash, " in ", partial));
  struct Step {
    std::string name;
    std::vector<std::string> argv;
    absl::Duration timeout;
  };
  const std::vector<Step> steps = {
      {"git archive",
       {"git", "-C", options_.source, "archive", "--format=tar", "-o", partial + "/src.tar",
        commit},
       kGitTimeout},
      {"unpacking the source",
       {"tar", "-xf", partial + "/src.tar", "-C", partial + "/src"},
       kGitTimeout},
      {"cmake configure",
       {"cmake", "-S", partial + "/src", "-B", partial + "/build", kCMakeFlags},
       absl::Minutes(10)},
      {"the build",
       {"cmake", "--build", partial + "/build", "--target", "tumen-engine", "-j",
        std::to_string(options_.jobs)},
       options_.build_timeout},
  };
  for (const Step& step : steps) {
    int reported = -1;
    static const std::regex kProgress(R"(^\[ *(\d+)%\])");
    absl::StatusOr<CommandResult> r =
        RunCommand(step.argv, step.timeout, [&](const std::string& line) {
          to_log(line);
          std::smatch m;
          if (!std::regex_search(line, m, kProgress)) return;
          const int percent = std::stoi(m[1]);
          if (percent >= reported + 25 || (percent == 100 && reported != 100)) {
            reported = percent;
            Log(absl::StrCat("building ", short_hash, ": ", percent, "%"));
          }
        });
    if (!r.ok()) return absl::UnavailableError(absl::StrCat(step.name, ": ", r.status().message()));
    if (r->exit_code != 0) return fail(step.name, *r);
  }
  const std::string built = partial + "/build/bin/tumen-engine";
  fs::copy_file(built, partial + "/tumen-engine", fs::copy_options::overwrite_existing, ec);
  if (ec)
    return fail("finding the engine",
                {1, {absl::StrCat("no ", built, " after the build: ", ec.message())}});
  fs::remove_all(partial + "/src", ec);
  fs::remove_all(partial + "/build", ec);
  fs::remove(partial + "/src.tar", ec);

  // The bench's node count is the signature the job declared.
  uint64_t nodes = 0;
  absl::StatusOr<CommandResult> bench =
      RunCommand({partial + "/tumen-engine", "bench"}, kBenchTimeout, [&](const std::string& line) {
        to_log(line);
        absl::string_view rest = line;
        if (absl::ConsumePrefix(&rest, "Nodes searched:"))
          (void)absl::SimpleAtoi(absl::StripAsciiWhitespace(rest), &nodes);
      });
  if (!bench.ok()) return absl::UnavailableError(absl::StrCat("bench: ", bench.status().message()));
  if (bench->exit_code != 0 || nodes == 0)
    return fail("bench", bench->exit_code != 0
                             ? *bench
                             : CommandResult{1, {"no 'Nodes searched: N' line in its output"}});
  std::ofstream(partial + "/signature") << nodes << "\n";
  std::ofstream(partial + "/last-used") << absl::ToUnixSeconds(absl::Now()) << "\n";
  log.close();
  fs::remove_all(dir, ec);
  fs::rename(partial, dir, ec);
  if (ec) return absl::InternalError(absl::StrCat("cannot move ", partial, " to ", dir));
  Log(absl::StrFormat("built %s in %.0f s; bench signature %d", short_hash,
                      absl::ToDoubleSeconds(absl::Now() - start), nodes));
  EngineBuildInfo info;
  info.commit = commit;
  info.engine_path = dir + "/tumen-engine";
  info.bench_signature = nodes;
  info.built_now = true;
  return info;
}

void BuildCache::Evict(const std::string& keep) {
  static const std::regex kBuildDir("^[0-9a-f]{40}-[0-9a-f]{16}$");
  std::vector<std::pair<int64_t, std::string>> builds;  // (last used, folder)
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(options_.cache_dir, ec)) {
    const std::string name = e.path().filename().string();
    if (!e.is_directory() || !std::regex_match(name, kBuildDir) || e.path().string() == keep)
      continue;
    int64_t used = 0;
    std::ifstream(e.path().string() + "/last-used") >> used;
    builds.emplace_back(used, e.path().string());
  }
  if (int(builds.size()) + 1 <= options_.max_builds) return;
  std::sort(builds.begin(), builds.end());
  const size_t remove = builds.size() + 1 - size_t(options_.max_builds);
  for (size_t i = 0; i < remove; ++i) {
    Log(absl::StrCat("removing the least recently used build ", builds[i].second));
    fs::remove_all(builds[i].second, ec);
  }
}

}  // namespace tumen::worker
