#include "worker/spool.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"

namespace tumen::worker {

absl::StatusOr<Spool> Spool::Open(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return absl::InvalidArgumentError(
        absl::StrFormat("cannot create spool %s: %s", dir, ec.message()));
  // Remove half-written files of a crashed run; finished ones stay and are uploaded.
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (absl::EndsWith(entry.path().string(), ".tmp")) std::filesystem::remove(entry.path(), ec);
  return Spool(dir);
}

absl::Status Spool::Add(const v1::Game& game) {
  const v1::GameId& id = game.id();
  const std::string name = absl::StrFormat("%s/game-%020d-%010d-%010d-%d.binpb", dir_, id.job_id(),
                                           id.shard_id(), id.pair(), id.colour());
  const std::string tmp = name + ".tmp";
  const std::string bytes = game.SerializeAsString();
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return absl::InternalError(absl::StrFormat("spool: cannot write %s", tmp));
  bool ok = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size());
  ok = ::fsync(fd) == 0 && ok;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), name.c_str()) != 0)
    return absl::InternalError(absl::StrFormat("spool: cannot store %s", name));
  return absl::OkStatus();
}

std::vector<std::pair<std::string, v1::Game>> Spool::Peek(size_t limit) const {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec))
    if (absl::EndsWith(entry.path().string(), ".binpb")) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, v1::Game>> out;
  for (const std::string& f : files) {
    if (out.size() >= limit) break;
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    v1::Game g;
    if (g.ParseFromString(ss.str())) out.emplace_back(f, std::move(g));
  }
  return out;
}

void Spool::Remove(const std::string& file) {
  std::error_code ec;
  std::filesystem::remove(file, ec);
}

size_t Spool::Count() const {
  size_t n = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, ec))
    n += absl::EndsWith(entry.path().string(), ".binpb");
  return n;
}

}  // namespace tumen::worker
