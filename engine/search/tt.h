// Transposition table shared by every search thread, without locks.
//
// Why lock-free: Lazy SMP threads probe and store millions of times a second; a lock per
// access would serialise them. Each entry is two std::atomic<uint64_t> words, `check` and
// `data`, with check = key ^ data (Hyatt's lockless hashing). A reader loads both words
// (relaxed ordering: the XOR, not the memory order, is what detects a torn entry) and accepts
// the entry only if check ^ data equals its key; a write racing with the read yields a
// mismatch and reads as a miss. Data races in the C++ sense cannot occur: every shared
// access is atomic, so ThreadSanitizer stays clean. A probe returns a copy; the caller
// re-checks a stored move for legality before using it.
#ifndef TUMEN_ENGINE_SEARCH_TT_H_
#define TUMEN_ENGINE_SEARCH_TT_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>

namespace tumen::search {

enum class Bound : uint8_t { kNone = 0, kUpper = 1, kLower = 2, kExact = 3 };

struct TTData {
  uint16_t move = 0;  // the game's raw move encoding
  int16_t value = 0;  // search value, mate scores relative to this node
  int16_t eval = 0;   // static evaluation
  int8_t depth = 0;
  Bound bound = Bound::kNone;
  uint8_t generation = 0;
};

class TranspositionTable {
 public:
  // Empty until Resize: sessions that only check rules or replay games never pay for it.
  TranspositionTable() = default;

  // Sets the size in MiB (rounded down to a power of two number of buckets) and clears it.
  // Not thread-safe against concurrent probes: call between searches.
  void Resize(size_t mib);
  void Clear();
  // A new search: entries of older generations are replaced first.
  void NewSearch() { generation_ = uint8_t(generation_ + 1); }

  std::optional<TTData> Probe(uint64_t key) const;
  // Starts loading the bucket of `key` into the cache, so that a probe a little later (after
  // a move is made and before the child node probes) does not wait for memory. Like Probe,
  // only on a table that Resize has sized.
  void Prefetch(uint64_t key) const { __builtin_prefetch(BucketFor(key)); }
  void Store(uint64_t key, const TTData& data);

  // Permille of sampled entries written in the current search (UCI hashfull).
  int Hashfull() const;
  size_t entry_count() const { return entry_count_; }
  bool empty() const { return entry_count_ == 0; }

 private:
  struct Entry {
    std::atomic<uint64_t> check{0};
    std::atomic<uint64_t> data{0};
  };
  static constexpr int kBucketSize = 4;  // entries probed per key
  // A bucket fills one cache line exactly and is aligned to it, so a probe touches one line.
  struct alignas(64) Bucket {
    Entry entries[kBucketSize];
  };
  static_assert(sizeof(Bucket) == 64);

  static uint64_t Pack(const TTData& d);
  static TTData Unpack(uint64_t word);
  // High bits pick the bucket; the full key is verified through the XOR check.
  Entry* BucketFor(uint64_t key) const { return buckets_[(key >> 32) & bucket_mask_].entries; }

  // The table's memory: aligned to 2 MiB and, on Linux, marked for transparent huge pages,
  // since a probe lands on a random line of a table far larger than the TLB covers in 4 KiB
  // pages: with 2 MiB pages the address translation stops costing a page walk per probe.
  struct FreeDeleter {
    void operator()(Bucket* p) const { std::free(p); }
  };
  std::unique_ptr<Bucket[], FreeDeleter> buckets_;
  size_t entry_count_ = 0;
  uint64_t bucket_mask_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace tumen::search

#endif  // TUMEN_ENGINE_SEARCH_TT_H_
