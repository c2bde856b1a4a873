// Bit operations on 64-bit words, shared by every game's bitboards.
#ifndef TUMEN_ENGINE_CORE_BITS_H_
#define TUMEN_ENGINE_CORE_BITS_H_

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace tumen {

inline int PopCount(uint64_t b) { return std::popcount(b); }

// Index of the lowest set bit; b must not be zero.
inline int LowestBit(uint64_t b) { return std::countr_zero(b); }

// Returns the index of the lowest set bit and clears it; b must not be zero.
inline int PopLowestBit(uint64_t& b) {
  const int s = std::countr_zero(b);
  b &= b - 1;
  return s;
}

inline bool MoreThanOne(uint64_t b) { return (b & (b - 1)) != 0; }

// Parallel bit extract. Hardware PEXT where the compiler targets BMI2; a portable loop
// otherwise (used only by tests and table construction on such machines).
inline uint64_t ParallelExtract(uint64_t value, uint64_t mask) {
#if defined(__BMI2__)
  return _pext_u64(value, mask);
#else
  uint64_t result = 0;
  for (uint64_t bit = 1; mask != 0; bit <<= 1) {
    if (value & mask & -mask) result |= bit;
    mask &= mask - 1;
  }
  return result;
#endif
}

}  // namespace tumen

#endif  // TUMEN_ENGINE_CORE_BITS_H_
