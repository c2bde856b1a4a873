#include "engine/api/bench.h"

#include <chrono>

#include "absl/strings/str_format.h"
#include "engine/api/game_session.h"

namespace tumen {

const std::vector<BenchPosition>& BenchPositions() {
  static const std::vector<BenchPosition> positions = {
      {"shatar", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"},
      {"shatar", "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w - - 4 4"},
      {"shatar", "r2q1rk1/pp2bppp/2n1bn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 9"},
      {"shatar", "8/5pk1/6p1/3R4/8/6P1/5PK1/3r4 w - - 0 40"},
      {"shatar-traditional", "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"},
      {"shatar-traditional", "r1bjkb1r/ppp1pppp/2n2n2/3p4/3P4/2N2N2/PPP1PPPP/R1BJKB1R w - - 4 3"},
      {"shatar-traditional", "r2j1rk1/pp2bppp/2n1bn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BJ1RK1 w - - 0 9"},
      {"shatar-traditional", "8/5pk1/6p1/3R4/8/6P1/5PK1/3r4 w - - 0 40"},
      {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
      {"chess", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"},
      {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
      {"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
      {"xiangqi", "r2akab2/4n3r/nc2b4/p1p1p1p1p/9/2P1P3P/P5P2/3c1CN2/2N1A3C/R1B1KAB1R w - - 28 15"},
      {"hiashatar", ""},
      {"hiashatar-envoy", ""},
      {"bogenjirge", ""},
  };
  return positions;
}

BenchResult RunBench(int depth, const std::function<void(const std::string&)>& log) {
  BenchResult result;
  const auto start = std::chrono::steady_clock::now();
  for (const BenchPosition& p : BenchPositions()) {
    auto session = CreateGameSession(p.variant);  // an empty FEN is the start position
    if (!session.ok() || !(*session)->SetPosition(p.fen, {}).ok()) {
      log(absl::StrFormat("bench: cannot set up %s %s", p.variant, p.fen));
      continue;
    }
    // A new session has an empty hash table, so every position starts from the same state.
    search::Limits limits;
    limits.depth = depth;
    const search::SearchResult r = (*session)->Go(limits, nullptr);
    result.nodes += r.nodes;
    log(absl::StrFormat("%-18s %-70s bestmove %-6s nodes %d", p.variant, p.fen, r.best_move,
                        r.nodes));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tumen
