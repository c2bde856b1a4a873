// Engine builds of commits of the Tumen repository (issue 16: a commit is the unit of
// testing). A worker started with --source REPO builds the tumen-engine target of a commit a
// job names, from that repository only, and plays it as a UCI engine; `tumen match --dev
// --base` uses the same cache on the operator's side to learn both bench signatures.
//
// A build lives in CACHE/<commit>-<key>/ (the engine, its bench signature, the build log),
// where <key> hashes the compiler, the CPU and the CMake flags, so a changed toolchain never
// reuses an old binary. A build runs in CACHE/<commit>-<key>.partial/ and is renamed into
// place only when it built and benched; one that fails leaves its log in
// CACHE/<commit>-<key>.failed/. One build at a time in a cache folder, across processes
// too (an flock on CACHE/.lock): workers and the CLI on one machine may share a cache, and
// the second to ask for a commit finds it built. At most max_builds builds are kept; the
// least recently used ones are removed.
//
// Thread-safe.
#ifndef TUMEN_WORKER_BUILD_CACHE_H_
#define TUMEN_WORKER_BUILD_CACHE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace tumen::worker {

struct BuildCacheOptions {
  std::string source;     // a git repository (a clone with a work tree, or bare)
  std::string cache_dir;  // created when missing
  int max_builds = 8;
  int jobs = 0;  // parallel compile jobs; 0: the machine's cores
  absl::Duration build_timeout = absl::Minutes(30);
  std::function<void(const std::string&)> log;  // progress, one line each; empty: silent
};

struct EngineBuildInfo {
  std::string commit;
  std::string engine_path;  // absolute
  uint64_t bench_signature = 0;
  bool built_now = false;  // false: found in the cache
};

class BuildCache {
 public:
  // Checks that `source` is a git repository and makes the cache folder.
  static absl::StatusOr<std::unique_ptr<BuildCache>> Open(BuildCacheOptions options);

  // The full hash of a ref of the source repository (branch, tag, abbreviated hash, HEAD~1).
  absl::StatusOr<std::string> ResolveCommit(const std::string& ref) const;
  // The commit's subject line.
  absl::StatusOr<std::string> Subject(const std::string& commit) const;

  // The engine of `commit`, built now or found in the cache. When the source repository
  // lacks the commit it runs `git fetch` (from the remote the repository is configured with)
  // once before giving up with NotFound. A commit that does not build fails with
  // FailedPrecondition and is not tried again by this object.
  absl::StatusOr<EngineBuildInfo> Get(const std::string& commit);

  const std::string& key() const { return key_; }
  const std::string& cache_dir() const { return options_.cache_dir; }

 private:
  BuildCache(BuildCacheOptions options, std::string key)
      : options_(std::move(options)), key_(std::move(key)) {}
  absl::StatusOr<EngineBuildInfo> Build(const std::string& commit, const std::string& dir);
  absl::Status EnsureCommit(const std::string& commit);
  void Evict(const std::string& keep);
  void Log(const std::string& line) const;

  const BuildCacheOptions options_;
  const std::string key_;
  absl::Mutex mutex_;  // one build at a time in this process (the flock covers the others)
  std::map<std::string, std::string> failed_ ABSL_GUARDED_BY(mutex_);  // commit -> why
};

}  // namespace tumen::worker

#endif  // TUMEN_WORKER_BUILD_CACHE_H_
