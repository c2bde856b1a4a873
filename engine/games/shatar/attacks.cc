#include "engine/games/shatar/attacks.h"

#include <cstdlib>
#include <vector>

#include "engine/core/prng.h"

namespace tumen::shatar {
namespace tables {
SliderEntry rook[64];
SliderEntry bishop[64];
Bitboard knight[64];
Bitboard king[64];
Bitboard ferz[64];
Bitboard pawn[2][64];
Bitboard between[64][64];
Bitboard line[64][64];
}  // namespace tables

namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool OnBoard(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

Bitboard StepSet(Square s, const int (*deltas)[2], int count) {
  Bitboard b = 0;
  for (int i = 0; i < count; ++i) {
    const int f = FileOf(s) + deltas[i][0], r = RankOf(s) + deltas[i][1];
    if (OnBoard(f, r)) b |= SquareBB(MakeSquare(f, r));
  }
  return b;
}

// Relevant occupancy: the rays without their last square (an edge blocker changes nothing).
Bitboard RelevantMask(Square s, bool diagonal) {
  const auto& dirs = diagonal ? kBishopDirs : kRookDirs;
  Bitboard mask = 0;
  for (const auto& d : dirs) {
    int f = FileOf(s) + d[0], r = RankOf(s) + d[1];
    while (OnBoard(f + d[0], r + d[1])) {
      mask |= SquareBB(MakeSquare(f, r));
      f += d[0];
      r += d[1];
    }
  }
  return mask;
}

// Enumerates the subsets of `mask` (Carry-Rippler) in PEXT index order.
std::vector<Bitboard> Subsets(Bitboard mask) {
  std::vector<Bitboard> result;
  Bitboard b = 0;
  do {
    result.push_back(b);
    b = (b - mask) & mask;
  } while (b);
  return result;
}

// Finds a magic for one square: a multiplier that maps every relevant occupancy to an
// index without destructive collisions. Seeded, so the tables are the same on every run.
Bitboard FindMagic(Bitboard mask, const std::vector<Bitboard>& occupancies,
                   const std::vector<Bitboard>& attacks, Prng& prng) {
  const int bits = PopCount(mask);
  const int size = 1 << bits;
  std::vector<Bitboard> used(size);
  std::vector<int> epoch(size, 0);
  for (int attempt = 1;; ++attempt) {
    const Bitboard magic = prng.Sparse();
    if (PopCount((mask * magic) >> 56) < 6) continue;
    bool ok = true;
    for (size_t i = 0; ok && i < occupancies.size(); ++i) {
      const unsigned idx = unsigned((occupancies[i] * magic) >> (64 - bits));
      if (epoch[idx] != attempt) {
        epoch[idx] = attempt;
        used[idx] = attacks[i];
      } else if (used[idx] != attacks[i]) {
        ok = false;
      }
    }
    if (ok) return magic;
  }
}

// Fills `entries` and `storage` for one slider kind, indexed as SliderEntry::Index will be.
void BuildSliderTable(bool diagonal, bool use_pext, SliderEntry* entries,
                      std::vector<Bitboard>& storage, uint64_t seed) {
  Prng prng(seed);
  std::vector<size_t> offsets(64);
  size_t total = 0;
  for (Square s = 0; s < 64; ++s) {
    offsets[s] = total;
    total += size_t{1} << PopCount(RelevantMask(s, diagonal));
  }
  storage.assign(total, 0);
  for (Square s = 0; s < 64; ++s) {
    SliderEntry& e = entries[s];
    e.mask = RelevantMask(s, diagonal);
    e.shift = 64 - PopCount(e.mask);
    const std::vector<Bitboard> occ = Subsets(e.mask);
    std::vector<Bitboard> att(occ.size());
    for (size_t i = 0; i < occ.size(); ++i) att[i] = SlowSliderAttacks(s, occ[i], diagonal);
    e.magic = use_pext ? 0 : FindMagic(e.mask, occ, att, prng);
    Bitboard* table = storage.data() + offsets[s];
    for (size_t i = 0; i < occ.size(); ++i) {
      const unsigned idx = use_pext ? unsigned(ParallelExtract(occ[i], e.mask))
                                    : unsigned(((occ[i] & e.mask) * e.magic) >> e.shift);
      table[idx] = att[i];
    }
    e.attacks = table;
  }
}

std::vector<Bitboard> rook_storage;
std::vector<Bitboard> bishop_storage;

#if defined(__BMI2__)
constexpr bool kUsePext = true;
#else
constexpr bool kUsePext = false;
#endif

struct TableInitializer {
  TableInitializer() {
    static constexpr int kKnightDeltas[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                                {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int kKingDeltas[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                              {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static constexpr int kWhitePawn[2][2] = {{-1, 1}, {1, 1}};
    static constexpr int kBlackPawn[2][2] = {{-1, -1}, {1, -1}};
    for (Square s = 0; s < 64; ++s) {
      tables::knight[s] = StepSet(s, kKnightDeltas, 8);
      tables::king[s] = StepSet(s, kKingDeltas, 8);
      tables::ferz[s] = StepSet(s, kBishopDirs, 4);
      tables::pawn[kWhite][s] = StepSet(s, kWhitePawn, 2);
      tables::pawn[kBlack][s] = StepSet(s, kBlackPawn, 2);
    }
    BuildSliderTable(false, kUsePext, tables::rook, rook_storage, 0x5A7A12017ULL);
    BuildSliderTable(true, kUsePext, tables::bishop, bishop_storage, 0xB15407ULL);
    for (Square a = 0; a < 64; ++a) {
      for (Square b = 0; b < 64; ++b) {
        tables::between[a][b] = tables::line[a][b] = 0;
        if (a == b) continue;
        for (bool diagonal : {false, true}) {
          if (!(SlowSliderAttacks(a, 0, diagonal) & SquareBB(b))) continue;
          tables::between[a][b] = SlowSliderAttacks(a, SquareBB(b), diagonal) &
                                  SlowSliderAttacks(b, SquareBB(a), diagonal);
          tables::line[a][b] =
              (SlowSliderAttacks(a, 0, diagonal) & SlowSliderAttacks(b, 0, diagonal)) |
              SquareBB(a) | SquareBB(b);
        }
      }
    }
  }
};
const TableInitializer initializer;

}  // namespace

Bitboard SlowSliderAttacks(Square s, Bitboard occupied, bool diagonal) {
  const auto& dirs = diagonal ? kBishopDirs : kRookDirs;
  Bitboard result = 0;
  for (const auto& d : dirs) {
    int f = FileOf(s) + d[0], r = RankOf(s) + d[1];
    while (OnBoard(f, r)) {
      const Bitboard b = SquareBB(MakeSquare(f, r));
      result |= b;
      if (occupied & b) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

bool VerifyMagicFallback(int samples, uint64_t seed) {
  SliderEntry rook[64], bishop[64];
  std::vector<Bitboard> rook_store, bishop_store;
  BuildSliderTable(false, false, rook, rook_store, seed);
  BuildSliderTable(true, false, bishop, bishop_store, seed + 1);
  Prng prng(seed);
  for (Square s = 0; s < 64; ++s) {
    for (int i = 0; i < samples; ++i) {
      const Bitboard occ = prng.Next() & prng.Next();
      const auto magic_lookup = [&](const SliderEntry& e) {
        return e.attacks[((occ & e.mask) * e.magic) >> e.shift];
      };
      if (magic_lookup(rook[s]) != SlowSliderAttacks(s, occ, false)) return false;
      if (magic_lookup(bishop[s]) != SlowSliderAttacks(s, occ, true)) return false;
    }
  }
  return true;
}

}  // namespace tumen::shatar
