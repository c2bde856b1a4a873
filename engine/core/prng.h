// Seeded pseudo-random generator. Every random choice in Tumen (Zobrist keys, openings,
// magic search, test playouts) takes one of these explicitly, so runs are reproducible.
#ifndef TUMEN_ENGINE_CORE_PRNG_H_
#define TUMEN_ENGINE_CORE_PRNG_H_

#include <cstdint>

namespace tumen {

// xorshift64* (Vigna): tiny state, good equidistribution, fast. Not cryptographic.
class Prng {
 public:
  explicit constexpr Prng(uint64_t seed) : state_(seed ? seed : 0x9E3779B97F4A7C15ULL) {}

  constexpr uint64_t Next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }

  // Uniform in [0, bound); bound > 0. Multiply-shift avoids the modulo bias of `%`.
  uint64_t Below(uint64_t bound) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * bound) >> 64);
  }

  // Numbers with few set bits, as magic-number search wants.
  constexpr uint64_t Sparse() { return Next() & Next() & Next(); }

 private:
  uint64_t state_;
};

// SplitMix64 finaliser: derives independent seeds from (seed, index), e.g. a per-pair
// opening seed from a job seed.
constexpr uint64_t MixSeed(uint64_t seed, uint64_t index) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Folds a 128-bit board (Xiangqi's, the 10x10 family's) into a MixSeed chain, low half first.
constexpr uint64_t MixBoard(uint64_t seed, unsigned __int128 board) {
  return MixSeed(MixSeed(seed, uint64_t(board)), uint64_t(board >> 64));
}

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_PRNG_H_
