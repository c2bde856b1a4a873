// `tumen match --dev REF --base REF`: two commits of the Tumen repository as the players
// (issue 16). The operator's side resolves each ref to its full hash and subject in --source
// and learns its bench signature by building it (worker/build_cache.h), unless the signature
// is declared with --dev-bench / --base-bench; the workers build the commits themselves and
// refuse a build whose signature differs.
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "coordinator/cli/commands.h"
#include "proto/convert.h"
#include "worker/build_cache.h"

ABSL_FLAG(std::string, dev, "",
          "match: player A is a build of this commit of the Tumen repository (a ref of "
          "--source, or a full hash); with --base");
ABSL_FLAG(std::string, base, "", "match: player B is a build of this commit; with --dev");
ABSL_FLAG(uint64_t, dev_bench, 0,
          "match: the bench signature of --dev (0: build it here to learn it)");
ABSL_FLAG(uint64_t, base_bench, 0, "match: the bench signature of --base (0: build it here)");
ABSL_FLAG(std::string, source, ".", "match --dev/--base: the Tumen git repository of the refs");
ABSL_FLAG(std::string, build_cache, "tumen-builds",
          "match --dev/--base: where builds made here are kept (workers on this machine may "
          "share it)");

namespace tumen::cli {
namespace {

absl::StatusOr<v1::EngineBuild> ResolveBuild(const char* role, const std::string& ref,
                                             uint64_t declared,
                                             std::unique_ptr<worker::BuildCache>& cache) {
  v1::EngineBuild build;
  build.set_bench_signature(declared);
  // A full hash with a declared signature needs no repository here.
  if (proto::IsFullCommitHash(ref) && declared > 0 && !cache) {
    build.set_commit(ref);
    return build;
  }
  if (!cache) {
    worker::BuildCacheOptions options;
    options.source = absl::GetFlag(FLAGS_source);
    options.cache_dir = absl::GetFlag(FLAGS_build_cache);
    options.log = [](const std::string& line) {
      std::fprintf(stderr, "tumen: %s\n", line.c_str());
    };
    absl::StatusOr<std::unique_ptr<worker::BuildCache>> opened = worker::BuildCache::Open(options);
    if (!opened.ok())
      return absl::Status(opened.status().code(),
                          absl::StrCat("--", role, " ", ref, ": ", opened.status().message(),
                                       " (give --source, or a full hash with --", role, "-bench)"));
    cache = *std::move(opened);
  }
  absl::StatusOr<std::string> commit = cache->ResolveCommit(ref);
  if (!commit.ok()) return commit.status();
  build.set_commit(*commit);
  absl::StatusOr<std::string> subject = cache->Subject(*commit);
  if (subject.ok()) build.set_subject(subject->substr(0, 200));
  std::string how = "declared";
  if (declared == 0) {
    absl::StatusOr<worker::EngineBuildInfo> info = cache->Get(*commit);
    if (!info.ok())
      return absl::Status(info.status().code(),
                          absl::StrCat("--", role, " ", ref, ": ", info.status().message()));
    build.set_bench_signature(info->bench_signature);
    how = info->built_now ? "built here" : "cached here";
  }
  std::fprintf(stderr, "tumen: %-4s %s %s  bench %llu (%s)\n", role,
               build.commit().substr(0, 10).c_str(), build.subject().c_str(),
               static_cast<unsigned long long>(build.bench_signature()), how.c_str());
  return build;
}

}  // namespace

absl::Status SetBuildPlayers(v1::MatchSpec& match) {
  const std::string dev = absl::GetFlag(FLAGS_dev), base = absl::GetFlag(FLAGS_base);
  if (dev.empty() && base.empty()) return absl::OkStatus();
  if (dev.empty() || base.empty())
    return absl::InvalidArgumentError("--dev and --base go together: the two commits to compare");
  if (!match.engine_a().name().empty() || !match.engine_b().name().empty())
    return absl::InvalidArgumentError("--dev/--base are the players; drop --engine-a/--engine-b");
  std::unique_ptr<worker::BuildCache> cache;
  for (const auto& [role, ref, declared, target] :
       {std::tuple{"dev", dev, absl::GetFlag(FLAGS_dev_bench), match.mutable_engine_a()},
        std::tuple{"base", base, absl::GetFlag(FLAGS_base_bench), match.mutable_engine_b()}}) {
    absl::StatusOr<v1::EngineBuild> build = ResolveBuild(role, ref, declared, cache);
    if (!build.ok()) return build.status();
    *target->mutable_build() = *std::move(build);
  }
  return absl::OkStatus();
}

}  // namespace tumen::cli
