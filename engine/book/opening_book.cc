#include "engine/book/opening_book.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "absl/strings/str_cat.h"
#include "engine/core/prng.h"

namespace tumen::book {
namespace {

constexpr char kMagic[8] = {'T', 'U', 'M', 'E', 'N', 'B', 'K', 1};
constexpr uint32_t kVersion = 1;
constexpr size_t kEntryBytes = 40;
constexpr size_t kMoveBytes = 8;

void PutU16(std::string& out, uint16_t v) {
  for (int i = 0; i < 2; ++i) out.push_back(char(v >> (8 * i)));
}
void PutU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(char(v >> (8 * i)));
}
void PutU64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(char(v >> (8 * i)));
}

// Bounds-checked little-endian reader over the file's bytes.
class Reader {
 public:
  explicit Reader(absl::string_view data) : data_(data) {}
  bool Has(size_t n) const { return data_.size() - pos_ >= n; }
  uint64_t Get(int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(data_[pos_ + i])) << (8 * i);
    pos_ += bytes;
    return v;
  }
  std::string Bytes(size_t n) {
    std::string s(data_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  size_t remaining() const { return data_.size() - pos_; }

 private:
  absl::string_view data_;
  size_t pos_ = 0;
};

bool EntryOrder(const BookEntry& a, const BookEntry& b) {
  if (a.key != b.key) return a.key < b.key;
  if (a.weight != b.weight) return a.weight > b.weight;
  return a.move < b.move;
}

}  // namespace

double BookEntry::MoverScore(int mover) const {
  if (games == 0) return 0.5;
  const uint32_t wins = mover == 0 ? first_wins : second_wins;
  return (wins + 0.5 * draws) / games;
}

std::string OpeningBook::FenOf(uint64_t key) const {
  auto it = fens_.find(key);
  return it == fens_.end() ? std::string() : it->second;
}

void OpeningBook::Add(const BookEntry& entry, absl::string_view fen) {
  entries_.push_back(entry);
  if (!fen.empty()) fens_.emplace(entry.key, std::string(fen));
  finished_ = false;
}

void OpeningBook::Finish() {
  std::sort(entries_.begin(), entries_.end(), [](const BookEntry& a, const BookEntry& b) {
    return a.key != b.key ? a.key < b.key : a.move < b.move;
  });
  std::vector<BookEntry> merged;
  for (const BookEntry& e : entries_) {
    if (!merged.empty() && merged.back().key == e.key && merged.back().move == e.move) {
      BookEntry& m = merged.back();
      const uint64_t games = uint64_t(m.games) + e.games;
      if (games > 0)
        m.mean_score_cp =
            int32_t((int64_t(m.mean_score_cp) * m.games + int64_t(e.mean_score_cp) * e.games) /
                    int64_t(games));
      m.weight += e.weight;
      m.games += e.games;
      m.first_wins += e.first_wins;
      m.draws += e.draws;
      m.second_wins += e.second_wins;
    } else {
      merged.push_back(e);
    }
  }
  std::sort(merged.begin(), merged.end(), EntryOrder);
  entries_ = std::move(merged);
  finished_ = true;
}

std::vector<BookEntry> OpeningBook::Probe(uint64_t key) const {
  auto first = std::lower_bound(entries_.begin(), entries_.end(), key,
                                [](const BookEntry& e, uint64_t k) { return e.key < k; });
  std::vector<BookEntry> out;
  for (auto it = first; it != entries_.end() && it->key == key; ++it) out.push_back(*it);
  return out;
}

std::string OpeningBook::Choose(uint64_t key, uint64_t seed) const {
  const std::vector<BookEntry> moves = Probe(key);
  uint64_t total = 0;
  for (const BookEntry& e : moves) total += e.weight;
  if (total == 0) return {};
  Prng prng(MixSeed(seed, key));
  uint64_t pick = prng.Next() % total;
  for (const BookEntry& e : moves) {
    if (pick < e.weight) return e.move;
    pick -= e.weight;
  }
  return moves.front().move;  // unreachable: the weights sum to total
}

absl::Status OpeningBook::Save(const std::string& path) const {
  if (!finished_) return absl::FailedPreconditionError("book: Finish() before Save()");
  std::string out(kMagic, sizeof(kMagic));
  PutU32(out, kVersion);
  PutU32(out, 0);
  PutU64(out, entries_.size());
  PutU64(out, fens_.size());
  PutU32(out, uint32_t(variant_.size()));
  PutU32(out, uint32_t(rules_.size()));
  out += variant_;
  out += rules_;
  for (const BookEntry& e : entries_) {
    if (e.move.empty() || e.move.size() > kMoveBytes)
      return absl::InvalidArgumentError(
          absl::StrCat("book: move '", e.move, "' does not fit the 8-byte move field"));
    PutU64(out, e.key);
    std::string move = e.move;
    move.resize(kMoveBytes, '\0');
    out += move;
    for (uint32_t v : {e.weight, e.games, e.first_wins, e.draws, e.second_wins}) PutU32(out, v);
    PutU32(out, uint32_t(e.mean_score_cp));
  }
  for (const auto& [key, fen] : fens_) {
    PutU64(out, key);
    PutU16(out, uint16_t(fen.size()));
    out += fen;
  }
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    if (!f) return absl::InvalidArgumentError(absl::StrCat("book: cannot write ", tmp));
    f.write(out.data(), std::streamsize(out.size()));
    if (!f.flush()) return absl::DataLossError(absl::StrCat("book: write to ", tmp, " failed"));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return absl::InvalidArgumentError(absl::StrCat("book: cannot rename ", tmp, " to ", path));
  return absl::OkStatus();
}

absl::StatusOr<OpeningBook> OpeningBook::Load(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return absl::NotFoundError(absl::StrCat("book: cannot open ", path));
  const std::string data((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const auto corrupt = [&](absl::string_view what) {
    return absl::DataLossError(
        absl::StrCat("book ", path, " is not a valid Tumen book (.tbk v1): ", what));
  };
  Reader r(data);
  if (!r.Has(40) || std::memcmp(data.data(), kMagic, sizeof(kMagic)) != 0)
    return corrupt("bad magic");
  r.Get(8);
  if (r.Get(4) != kVersion) return corrupt("unknown version");
  r.Get(4);
  const uint64_t entries = r.Get(8), positions = r.Get(8);
  const uint32_t variant_len = uint32_t(r.Get(4)), rules_len = uint32_t(r.Get(4));
  if (variant_len > 64 || rules_len > 1024 || !r.Has(variant_len + rules_len))
    return corrupt("bad header lengths");
  OpeningBook book;
  book.variant_ = r.Bytes(variant_len);
  book.rules_ = r.Bytes(rules_len);
  if (entries > r.remaining() / kEntryBytes) return corrupt("truncated entries");
  book.entries_.reserve(entries);
  for (uint64_t i = 0; i < entries; ++i) {
    BookEntry e;
    e.key = r.Get(8);
    e.move = r.Bytes(kMoveBytes);
    e.move.resize(std::strlen(e.move.c_str()));
    e.weight = uint32_t(r.Get(4));
    e.games = uint32_t(r.Get(4));
    e.first_wins = uint32_t(r.Get(4));
    e.draws = uint32_t(r.Get(4));
    e.second_wins = uint32_t(r.Get(4));
    e.mean_score_cp = int32_t(uint32_t(r.Get(4)));
    if (e.move.empty()) return corrupt(absl::StrCat("entry ", i, " has no move"));
    if (!book.entries_.empty() && EntryOrder(e, book.entries_.back()))
      return corrupt(absl::StrCat("entry ", i, " is out of order"));
    book.entries_.push_back(std::move(e));
  }
  for (uint64_t i = 0; i < positions; ++i) {
    if (!r.Has(10)) return corrupt("truncated FEN table");
    const uint64_t key = r.Get(8);
    const size_t len = r.Get(2);
    if (!r.Has(len)) return corrupt("truncated FEN table");
    book.fens_[key] = r.Bytes(len);
  }
  if (r.remaining() != 0) return corrupt("trailing bytes");
  return book;
}

BookBuilder::BookBuilder(GameSession* session, BookBuildOptions options)
    : session_(session), options_(options) {}

absl::Status BookBuilder::AddGame(absl::string_view start_fen,
                                  const std::vector<std::string>& moves, GameResult result,
                                  const std::vector<int>& scores) {
  if (absl::Status s = session_->SetPosition(start_fen, {}); !s.ok())
    return absl::InvalidArgumentError(absl::StrCat("book: start position: ", s.message()));
  // Replay first: a game that does not replay adds nothing.
  std::vector<std::tuple<uint64_t, std::string, int>> seen;  // key, FEN, mover
  const size_t plies = std::min(moves.size(), size_t(options_.max_plies));
  for (size_t ply = 0; ply < plies; ++ply) {
    seen.emplace_back(session_->Key(), session_->Fen(), session_->SideToMove());
    if (absl::Status s = session_->PlayMove(moves[ply]); !s.ok())
      return absl::InvalidArgumentError(
          absl::StrCat("book: ply ", ply + 1, " (", moves[ply], "): ", s.message()));
  }
  for (size_t ply = 0; ply < seen.size(); ++ply) {
    const auto& [key, fen, mover] = seen[ply];
    Stats& s = stats_[{key, moves[ply]}];
    ++s.games;
    (result == GameResult::kFirstPlayerWins    ? s.first_wins
     : result == GameResult::kSecondPlayerWins ? s.second_wins
                                               : s.draws)++;
    if (ply < scores.size()) {
      s.score_sum += scores[ply];
      ++s.scored;
    }
    positions_.emplace(key, std::make_pair(fen, mover));
  }
  ++games_;
  return absl::OkStatus();
}

OpeningBook BookBuilder::Build() const {
  OpeningBook book(session_->variant(), session_->RuleSet());
  for (const auto& [key_move, s] : stats_) {
    if (s.games < options_.min_games) continue;
    const auto& [fen, mover] = positions_.at(key_move.first);
    BookEntry e;
    e.key = key_move.first;
    e.move = key_move.second;
    e.games = s.games;
    e.first_wins = s.first_wins;
    e.draws = s.draws;
    e.second_wins = s.second_wins;
    e.weight = 2 * (mover == 0 ? s.first_wins : s.second_wins) + s.draws;
    e.mean_score_cp = s.scored ? int32_t(s.score_sum / int64_t(s.scored)) : 0;
    book.Add(e, fen);
  }
  book.Finish();
  return book;
}

}  // namespace tumen::book
