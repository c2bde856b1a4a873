// Rules-core speed of Xiangqi: perft from the start position to depth 5 (133,312,995
// bulk-counted leaves), a middlegame perft, move generation alone and make/unmake.
// items_per_second is nodes (or moves) per second.
#include <cstdlib>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/core/prng.h"
#include "engine/games/xiangqi/perft.h"

namespace tumen::xiangqi {
namespace {

class Fixture {
 public:
  explicit Fixture(const std::string& fen) : rules_(*RulesForVariant("xiangqi")) {
    if (!pos_.Set(rules_, fen.empty() ? rules_.start_fen : fen, &root_).ok()) std::abort();
  }
  Position& pos() { return pos_; }

 private:
  const XiangqiRules rules_;
  Position pos_;
  StateInfo root_;
};

void BM_XiangqiPerft(benchmark::State& state) {
  Fixture f("");
  const int depth = int(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(f.pos(), depth);
  state.SetItemsProcessed(int64_t(nodes));
  state.counters["depth"] = depth;
}
BENCHMARK(BM_XiangqiPerft)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_XiangqiPerftMiddlegame(benchmark::State& state) {
  Fixture f("r2akabn1/9/b4n2r/p1p5p/4p1C2/5c3/c1PR4P/1RC5N/9/1NBAKAB2 w - - 2 19");
  uint64_t nodes = 0;
  for (auto _ : state) nodes += Perft(f.pos(), 4);
  state.SetItemsProcessed(int64_t(nodes));
}
BENCHMARK(BM_XiangqiPerftMiddlegame)->Unit(benchmark::kMillisecond);

// Positions of seeded random playouts, for the generation and make/unmake loops.
std::vector<std::string> SamplePositions() {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  std::vector<std::string> fens;
  Prng prng(12345);
  for (int game = 0; game < 20; ++game) {
    std::vector<StateInfo> states(121);
    Position pos;
    if (!pos.Set(rules, rules.start_fen, &states[0]).ok()) std::abort();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves;
      GenerateLegalMoves(pos, moves);
      if (moves.empty()) break;
      pos.DoMove(moves[int(prng.Below(moves.size()))], states[ply + 1]);
      if (ply % 10 == 9) fens.push_back(pos.Fen());
    }
  }
  return fens;
}

void BM_XiangqiMoveGen(benchmark::State& state) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  std::vector<Position> positions;
  std::vector<StateInfo> roots(1000);
  for (const std::string& fen : SamplePositions()) {
    positions.emplace_back();
    if (!positions.back().Set(rules, fen, &roots[positions.size() - 1]).ok()) std::abort();
  }
  uint64_t moves_generated = 0;
  MoveList moves;
  for (auto _ : state) {
    for (const Position& pos : positions) {
      GenerateLegalMoves(pos, moves);
      moves_generated += moves.size();
      benchmark::DoNotOptimize(moves);
    }
  }
  state.SetItemsProcessed(int64_t(moves_generated));
}
BENCHMARK(BM_XiangqiMoveGen);

void BM_XiangqiMakeUnmake(benchmark::State& state) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  std::vector<Position> positions;
  std::vector<StateInfo> roots(1000);
  std::vector<MoveList> lists;
  for (const std::string& fen : SamplePositions()) {
    positions.emplace_back();
    if (!positions.back().Set(rules, fen, &roots[positions.size() - 1]).ok()) std::abort();
    lists.emplace_back();
    GenerateLegalMoves(positions.back(), lists.back());
  }
  uint64_t made = 0;
  StateInfo st;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      for (Move m : lists[i]) {
        positions[i].DoMove(m, st);
        positions[i].UndoMove(m);
      }
      made += lists[i].size();
    }
  }
  state.SetItemsProcessed(int64_t(made));
}
BENCHMARK(BM_XiangqiMakeUnmake);

}  // namespace
}  // namespace tumen::xiangqi
