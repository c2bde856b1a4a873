// Rules-core speed of bogenjirge (RULES.md §6): perft from the start (bulk-counted leaves,
// items/s = nodes/s), move generation alone and make/unmake over random-playout positions.
#include <deque>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/games/bogenjirge/perft.h"

namespace tumen::bogenjirge {
namespace {

struct BenchPosition {
  const char* variant;
  int depth;  // chosen for ~0.1-0.5 s per iteration
};
const BenchPosition kPerftStart[] = {
    {"bogenjirge", 6},
    {"bogenjirge-7", 10},
    {"bogenjirge-20", 7},
};

void BM_BogenjirgePerftStart(benchmark::State& state, BenchPosition b) {
  const BogenjirgeRules rules = *RulesForVariant(b.variant);
  Position pos;
  StateInfo root;
  if (!pos.Set(rules, rules.start_fen, &root).ok()) std::abort();
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(pos, b.depth);
  state.SetItemsProcessed(int64_t(nodes));
  state.counters["depth"] = b.depth;
}

// Positions of a random playout of the default game.
std::vector<std::string> SamplePositions(const BogenjirgeRules& rules) {
  std::vector<std::string> fens;
  Position pos;
  std::deque<StateInfo> states(1);
  if (!pos.Set(rules, rules.start_fen, &states[0]).ok()) std::abort();
  uint64_t x = 12345;
  for (int ply = 0; ply < 120 && !EvaluateStatus(pos).over(); ++ply) {
    MoveList moves;
    GenerateMoves(pos, moves);
    if (moves.empty()) break;
    fens.push_back(pos.Fen());
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    states.emplace_back();
    pos.DoMove(moves[int((x >> 33) % moves.size())], states.back());
  }
  return fens;
}

template <class Body>
void OverSamples(benchmark::State& state, Body body) {
  const BogenjirgeRules rules = *RulesForVariant("bogenjirge");
  const std::vector<std::string> fens = SamplePositions(rules);
  std::vector<Position> positions(fens.size());
  std::vector<StateInfo> roots(fens.size());
  for (size_t i = 0; i < fens.size(); ++i)
    if (!positions[i].Set(rules, fens[i], &roots[i]).ok()) std::abort();
  int64_t items = 0;
  for (auto _ : state)
    for (Position& p : positions) items += body(p);
  state.SetItemsProcessed(items);
}

void BM_BogenjirgeMoveGeneration(benchmark::State& state) {
  OverSamples(state, [](Position& p) {
    MoveList moves;
    GenerateMoves(p, moves);
    benchmark::DoNotOptimize(moves.begin());
    return moves.size();
  });
}
BENCHMARK(BM_BogenjirgeMoveGeneration);

void BM_BogenjirgeMakeUnmake(benchmark::State& state) {
  OverSamples(state, [](Position& p) {
    MoveList moves;
    GenerateMoves(p, moves);
    StateInfo st;
    for (Move m : moves) {
      p.DoMove(m, st);
      p.UndoMove(m);
    }
    return moves.size();
  });
}
BENCHMARK(BM_BogenjirgeMakeUnmake);

const bool registered = [] {
  for (const BenchPosition& b : kPerftStart)
    benchmark::RegisterBenchmark((std::string("BM_BogenjirgePerftStart/") + b.variant).c_str(),
                                 BM_BogenjirgePerftStart, b)
        ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
}  // namespace tumen::bogenjirge
