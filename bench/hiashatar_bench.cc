// Rules-core speed of the 10x10 family (Hia Shatar): perft (bulk-counted leaves), legal move
// generation alone, and make/unmake. items_per_second is nodes (or moves) per second.
#include <deque>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/games/hiashatar/perft.h"

namespace tumen::hiashatar {
namespace {

// Positions of a random playout (fixed LCG), from the start up to `plies`.
std::vector<std::string> SamplePositions(const char* variant, int plies) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  std::vector<std::string> fens;
  Position pos;
  std::deque<StateInfo> states(1);
  if (!pos.Set(rules, rules.start_fen, &states[0]).ok()) std::abort();
  uint64_t x = 12345;
  for (int ply = 0; ply < plies; ++ply) {
    MoveList moves;
    GenerateLegalMoves(pos, moves);
    if (moves.empty()) break;
    fens.push_back(pos.Fen());
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    states.emplace_back();
    pos.DoMove(moves[int((x >> 33) % moves.size())], states.back());
  }
  return fens;
}

// Perft from the start (ply 0) or from a middlegame of the playout (ply 30).
void BM_Perft(benchmark::State& state, const char* variant, int ply, int depth) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  const std::string fen = SamplePositions(variant, ply + 1).back();
  Position pos;
  StateInfo root;
  if (!pos.Set(rules, fen, &root).ok()) std::abort();
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(pos, depth);
  state.SetItemsProcessed(int64_t(nodes));
  state.counters["depth"] = depth;
}

template <class Body>
void OverSamples(benchmark::State& state, const char* variant, Body body) {
  const HiaShatarRules rules = *RulesForVariant(variant);
  const std::vector<std::string> fens = SamplePositions(variant, 80);
  std::vector<Position> positions(fens.size());
  std::vector<StateInfo> roots(fens.size());
  for (size_t i = 0; i < fens.size(); ++i)
    if (!positions[i].Set(rules, fens[i], &roots[i]).ok()) std::abort();
  int64_t items = 0;
  for (auto _ : state)
    for (Position& p : positions) items += body(p);
  state.SetItemsProcessed(items);
}

void BM_MoveGeneration(benchmark::State& state, const char* variant) {
  OverSamples(state, variant, [](Position& p) {
    MoveList moves;
    GenerateLegalMoves(p, moves);
    benchmark::DoNotOptimize(moves.begin());
    return moves.size();
  });
}

void BM_MakeUnmake(benchmark::State& state, const char* variant) {
  OverSamples(state, variant, [](Position& p) {
    MoveList moves;
    GenerateLegalMoves(p, moves);
    StateInfo st;
    for (Move m : moves) {
      p.DoMove(m, st);
      p.UndoMove(m);
    }
    return moves.size();
  });
}

const bool registered = [] {
  for (const char* v : {"hiashatar", "hiashatar-envoy"}) {
    const std::string name(v);
    benchmark::RegisterBenchmark(("BM_HiaShatarPerftStart/" + name).c_str(), BM_Perft, v, 0, 4)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_HiaShatarPerftMiddlegame/" + name).c_str(), BM_Perft, v, 30,
                                 3)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_HiaShatarMoveGeneration/" + name).c_str(), BM_MoveGeneration,
                                 v);
    benchmark::RegisterBenchmark(("BM_HiaShatarMakeUnmake/" + name).c_str(), BM_MakeUnmake, v);
  }
  return true;
}();

}  // namespace
}  // namespace tumen::hiashatar
