#include "engine/search/tt.h"

#include <bit>
#include <cstring>
#include <memory>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace tumen::search {

namespace {
constexpr size_t kHugePage = size_t(2) << 20;
}  // namespace

void TranspositionTable::Resize(size_t mib) {
  const size_t bytes = std::max<size_t>(mib, 1) << 20;
  size_t buckets = std::bit_floor(bytes / (sizeof(Entry) * kBucketSize));
  entry_count_ = buckets * kBucketSize;
  bucket_mask_ = buckets - 1;
  buckets_.reset();  // the old table goes before the new one is taken
  const size_t size = buckets * sizeof(Bucket);
  const size_t alignment = size >= kHugePage ? kHugePage : alignof(Bucket);
  buckets_.reset(static_cast<Bucket*>(std::aligned_alloc(alignment, size)));
  if (!buckets_) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  if (alignment == kHugePage) madvise(buckets_.get(), size, MADV_HUGEPAGE);
#endif
  std::uninitialized_default_construct_n(buckets_.get(), buckets);
  generation_ = 0;
}

void TranspositionTable::Clear() {
  for (size_t b = 0; b < entry_count_ / kBucketSize; ++b) {
    for (Entry& e : buckets_[b].entries) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  }
  generation_ = 0;
}

uint64_t TranspositionTable::Pack(const TTData& d) {
  return uint64_t(d.move) | uint64_t(uint16_t(d.value)) << 16 | uint64_t(uint16_t(d.eval)) << 32 |
         uint64_t(uint8_t(d.depth)) << 48 | uint64_t(d.bound) << 56 |
         uint64_t(d.generation & 63) << 58;
}

TTData TranspositionTable::Unpack(uint64_t w) {
  TTData d;
  d.move = uint16_t(w);
  d.value = int16_t(uint16_t(w >> 16));
  d.eval = int16_t(uint16_t(w >> 32));
  d.depth = int8_t(uint8_t(w >> 48));
  d.bound = Bound((w >> 56) & 3);
  d.generation = uint8_t((w >> 58) & 63);
  return d;
}

std::optional<TTData> TranspositionTable::Probe(uint64_t key) const {
  Entry* bucket = BucketFor(key);
  for (int i = 0; i < kBucketSize; ++i) {
    const uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    const uint64_t check = bucket[i].check.load(std::memory_order_relaxed);
    if ((check ^ data) == key && data != 0) return Unpack(data);
  }
  return std::nullopt;
}

void TranspositionTable::Store(uint64_t key, const TTData& in) {
  TTData d = in;
  d.generation = generation_ & 63;
  Entry* bucket = BucketFor(key);
  Entry* victim = &bucket[0];
  int victim_score = 1 << 30;
  for (int i = 0; i < kBucketSize; ++i) {
    const uint64_t data = bucket[i].data.load(std::memory_order_relaxed);
    const uint64_t check = bucket[i].check.load(std::memory_order_relaxed);
    if ((check ^ data) == key || data == 0) {
      // Same position: keep an existing move when the new result has none, and do not let
      // a shallow non-exact result overwrite a deeper one of this search.
      if ((check ^ data) == key && data != 0) {
        const TTData old = Unpack(data);
        if (!d.move) d.move = old.move;
        if (d.bound != Bound::kExact && old.generation == d.generation && old.depth > d.depth + 2)
          return;
      }
      victim = &bucket[i];
      break;
    }
    // Replace the shallowest entry, preferring entries of older searches.
    const TTData old = Unpack(data);
    const int age = (d.generation - old.generation) & 63;
    const int score = old.depth - 8 * age;
    if (score < victim_score) {
      victim_score = score;
      victim = &bucket[i];
    }
  }
  const uint64_t data = Pack(d);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::Hashfull() const {
  if (entry_count_ == 0) return 0;
  int used = 0;
  const size_t sample = std::min<size_t>(1000, entry_count_);
  for (size_t i = 0; i < sample; ++i) {
    const uint64_t data =
        buckets_[i / kBucketSize].entries[i % kBucketSize].data.load(std::memory_order_relaxed);
    if (data != 0 && Unpack(data).generation == (generation_ & 63)) ++used;
  }
  return int(used * 1000 / sample);
}

}  // namespace tumen::search
