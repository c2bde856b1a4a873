// Concurrency: the lock-free transposition table and Lazy SMP. CI also runs these under
// ThreadSanitizer (scripts/test.sh builds them with -fsanitize=thread).
#include <atomic>
#include <thread>
#include <vector>

#include "engine/api/game_session.h"
#include "engine/core/prng.h"
#include "engine/search/tt.h"
#include "gtest/gtest.h"

namespace tumen::search {
namespace {

// Each key's data is a function of the key, so a torn read would show as a mismatch.
TTData DataFor(uint64_t key) {
  TTData d;
  d.move = uint16_t(key);
  d.value = int16_t((key >> 16) & 0x3FFF);
  d.eval = int16_t((key >> 32) & 0x3FFF);
  d.depth = int8_t((key >> 48) & 63);
  d.bound = Bound::kExact;
  return d;
}

TEST(ConcurrentTranspositionTable, ReadersNeverSeeTornEntries) {
  TranspositionTable tt;
  tt.Resize(1);  // small, so threads collide on the same buckets constantly
  constexpr int kThreads = 4;
  std::atomic<int> hits{0}, mismatches{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Prng prng(uint64_t(t) + 1);
      int local_hits = 0, local_bad = 0;
      for (int i = 0; i < 100000; ++i) {
        const uint64_t key = prng.Next() | 1;  // a few bits of the key pick the bucket
        const uint64_t probe = (key & 0xFFFF'FFFF'0000'0000ULL) | (prng.Next() & 0xFF) | 1;
        tt.Store(key, DataFor(key));
        if (auto d = tt.Probe(probe)) {
          ++local_hits;
          const TTData want = DataFor(probe);
          if (d->move != want.move || d->value != want.value || d->eval != want.eval ||
              d->depth != want.depth)
            ++local_bad;
        }
      }
      hits += local_hits;
      mismatches += local_bad;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(mismatches.load(), 0);
  // Stored keys are found again by a single thread afterwards.
  const uint64_t key = 0x123456789ABCDEF1ULL;
  tt.Store(key, DataFor(key));
  ASSERT_TRUE(tt.Probe(key).has_value());
  EXPECT_EQ(tt.Probe(key)->move, DataFor(key).move);
}

TEST(ConcurrentLazySmp, TwoThreadsFindTheMateAndALegalMove) {
  for (const char* variant : {"chess", "shatar-traditional"}) {
    auto session = *CreateGameSession(variant);
    session->SetThreads(2);
    ASSERT_TRUE(session->SetPosition("7k/8/8/8/8/7p/R7/1R2K3 w - - 0 1", {}).ok());
    Limits l;
    l.depth = 7;
    int mate_in = 0;
    const SearchResult r = session->Go(l, [&](const SearchInfo& i) {
      if (i.is_mate) mate_in = i.mate_in;
    });
    EXPECT_EQ(mate_in, 2) << variant;
    const auto legal = session->LegalMoves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), r.best_move), legal.end()) << variant;
  }
}

TEST(ConcurrentLazySmp, StopFromAnotherThreadEndsAnInfiniteSearch) {
  auto session = *CreateGameSession("shatar");
  session->SetThreads(2);
  Limits l;
  l.infinite = true;
  // A Stop() that lands before Go() has started its search is forgotten (each search starts
  // unstopped), and under ThreadSanitizer allocating the table alone outlasts any fixed
  // delay. So the stopper waits for the first completed iteration, then repeats the request
  // until the search has ended, as UciEngine::StopSearch does.
  std::atomic<bool> searching{false}, done{false};
  std::thread stopper([&] {
    while (!searching.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    while (!done.load()) {
      session->Stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  const SearchResult r = session->Go(l, [&](const SearchInfo&) { searching.store(true); });
  done.store(true);
  stopper.join();
  EXPECT_FALSE(r.best_move.empty());
  EXPECT_GT(r.nodes, 0u);
}

}  // namespace
}  // namespace tumen::search
