// Rules-core speed of the 8x8 family: perft (bulk-counted leaves), move generation alone,
// and make/unmake. items_per_second is nodes (or moves) per second.
#include <deque>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/games/shatar/perft.h"

namespace tumen::shatar {
namespace {

struct BenchPosition {
  const char* variant;
  const char* fen;  // empty: the variant's start position
  int depth;
};

// A start position and a middlegame per variant; depths chosen for ~0.1-0.5 s per iteration.
const BenchPosition kPerftStart[] = {
    {"shatar", "", 7},
    {"shatar-traditional", "", 6},
    {"chess", "", 6},
};
const BenchPosition kPerftMiddlegame[] = {
    {"shatar", "r2q1rk1/pp2bppp/2n1bn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 9", 5},
    {"shatar-traditional", "r2j1rk1/pp2bppp/2n1bn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BJ1RK1 w - - 0 9", 5},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
};

class Fixture {
 public:
  Fixture(const BenchPosition& b) : rules_(*RulesForVariant(b.variant)) {
    const absl::Status s = pos_.Set(rules_, *b.fen ? b.fen : rules_.start_fen, &root_);
    if (!s.ok()) std::abort();
  }
  Position& pos() { return pos_; }

 private:
  const ShatarRules rules_;
  Position pos_;
  StateInfo root_;
};

void BM_Perft(benchmark::State& state, BenchPosition b) {
  Fixture f(b);
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(f.pos(), b.depth);
  state.SetItemsProcessed(int64_t(nodes));
  state.counters["depth"] = b.depth;
}

// Positions of random playouts, for the generation and make/unmake loops.
std::vector<std::string> SamplePositions(const char* variant) {
  const ShatarRules rules = *RulesForVariant(variant);
  std::vector<std::string> fens;
  Position pos;
  std::deque<StateInfo> states(1);
  if (!pos.Set(rules, rules.start_fen, &states[0]).ok()) std::abort();
  uint64_t x = 12345;
  for (int ply = 0; ply < 80; ++ply) {
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

template <class Body>
void OverSamples(benchmark::State& state, const char* variant, Body body) {
  const ShatarRules rules = *RulesForVariant(variant);
  const std::vector<std::string> fens = SamplePositions(variant);
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

void BM_CountLegalMoves(benchmark::State& state, const char* variant) {
  OverSamples(state, variant, [](Position& p) {
    const uint64_t n = CountLegalMoves(p);
    benchmark::DoNotOptimize(n);
    return int64_t(n);
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
  for (const BenchPosition& b : kPerftStart)
    benchmark::RegisterBenchmark((std::string("BM_PerftStart/") + b.variant).c_str(), BM_Perft, b)
        ->Unit(benchmark::kMillisecond);
  for (const BenchPosition& b : kPerftMiddlegame)
    benchmark::RegisterBenchmark((std::string("BM_PerftMiddlegame/") + b.variant).c_str(), BM_Perft,
                                 b)
        ->Unit(benchmark::kMillisecond);
  for (const char* v : {"shatar", "shatar-traditional", "chess"}) {
    benchmark::RegisterBenchmark((std::string("BM_MoveGeneration/") + v).c_str(), BM_MoveGeneration,
                                 v);
    benchmark::RegisterBenchmark((std::string("BM_CountLegalMoves/") + v).c_str(),
                                 BM_CountLegalMoves, v);
    benchmark::RegisterBenchmark((std::string("BM_MakeUnmake/") + v).c_str(), BM_MakeUnmake, v);
  }
  return true;
}();

}  // namespace
}  // namespace tumen::shatar
