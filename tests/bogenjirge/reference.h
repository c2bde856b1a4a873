// An independent, slow bogenjirge move generator for the tests (RULES.md §6), sharing no
// code with engine/games/bogenjirge: its geometry comes from the line list of RULES.md
// written out here (not from the board file), positions are arrays of characters,
// moves are made by copying, and the win rules are written again from the rules text.
#ifndef TUMEN_TESTS_BOGENJIRGE_REFERENCE_H_
#define TUMEN_TESTS_BOGENJIRGE_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace tumen::bogenjirge::reference {

// RULES.md §6, the default board's lines, verbatim.
inline const char* const kDefaultLines[] = {
    "c1 d1 e1 f1 g1",
    "c2 d2 e2 f2 g2",
    "c4 d4 e4 f4 g4",
    "c5 d5 e5 f5 g5",
    "a3 b3 c3 d3 e3 f3 g3 h3 i3",
    "c1 c2 c3 c4 c5",
    "d1 d2 d3 d4 d5",
    "e1 e2 e3 e4 e5",
    "f1 f2 f3 f4 f5",
    "g1 g2 g3 g4 g5",
    "b2 b3 b4",
    "h2 h3 h4",
    "i1 i3 i5",
    "c1 d2 e3 f4 g5",
    "c5 d4 e3 f2 g1",
    "b4 c3 d2 e1",
    "b2 c3 d4 e5",
    "e1 f2 g3 h4 i5",
    "e5 f4 g3 h2 i1",
    "a3 b4",
    "a3 b2",
};

struct Geometry {
  std::vector<std::string> names;
  std::map<std::string, int> index;
  std::vector<std::set<int>> adjacent;
  std::vector<std::vector<std::pair<int, int>>> jumps;  // (over, to)
  std::vector<bool> inside;                             // the big square c1-g5
};

inline Geometry DefaultGeometry() {
  Geometry g;
  std::vector<std::vector<int>> lines;
  for (const char* text : kDefaultLines) {
    std::istringstream in(text);
    std::string name;
    std::vector<int> line;
    while (in >> name) {
      if (!g.index.count(name)) {
        g.index[name] = int(g.names.size());
        g.names.push_back(name);
      }
      line.push_back(g.index[name]);
    }
    lines.push_back(line);
  }
  const int n = int(g.names.size());
  g.adjacent.resize(n);
  g.jumps.resize(n);
  for (int p = 0; p < n; ++p) g.inside.push_back(g.names[p][0] >= 'c' && g.names[p][0] <= 'g');
  for (const auto& line : lines) {
    for (size_t i = 0; i + 1 < line.size(); ++i) {
      g.adjacent[line[i]].insert(line[i + 1]);
      g.adjacent[line[i + 1]].insert(line[i]);
    }
    for (size_t i = 0; i + 2 < line.size(); ++i) {
      g.jumps[line[i]].push_back({line[i + 1], line[i + 2]});
      g.jumps[line[i + 2]].push_back({line[i + 1], line[i]});
    }
  }
  return g;
}

struct State {
  std::vector<char> cell;  // 'D' deer, 'd' dog, '.' empty, by Geometry index
  bool deer_to_move = true;
  int hand = 0;
};

inline State Start(const Geometry& g) {
  State s;
  s.cell.assign(g.names.size(), '.');
  for (const char* p : {"c3", "g3"}) s.cell[g.index.at(p)] = 'D';
  for (const char* p : {"d2", "e2", "f2", "d3", "f3", "d4", "e4", "f4"})
    s.cell[g.index.at(p)] = 'd';
  s.hand = 16;
  return s;
}

// Every successor, by copying.
inline std::vector<State> Successors(const Geometry& g, const State& s) {
  std::vector<State> out;
  const int n = int(g.names.size());
  for (int p = 0; p < n; ++p) {
    if (s.deer_to_move && s.cell[p] == 'D') {
      for (int q : g.adjacent[p])
        if (s.cell[q] == '.') {
          State t = s;
          t.cell[p] = '.', t.cell[q] = 'D', t.deer_to_move = false;
          out.push_back(t);
        }
      for (auto [over, to] : g.jumps[p])
        if (s.cell[over] == 'd' && s.cell[to] == '.') {
          State t = s;
          t.cell[p] = '.', t.cell[over] = '.', t.cell[to] = 'D', t.deer_to_move = false;
          out.push_back(t);
        }
    }
    if (!s.deer_to_move && s.cell[p] == 'd') {
      for (int q : g.adjacent[p])
        if (s.cell[q] == '.' && g.inside[q]) {
          State t = s;
          t.cell[p] = '.', t.cell[q] = 'd', t.deer_to_move = true;
          out.push_back(t);
        }
    }
  }
  if (!s.deer_to_move && s.hand > 0)
    for (int q = 0; q < n; ++q)
      if (s.cell[q] == '.' && g.inside[q]) {
        State t = s;
        t.cell[q] = 'd', t.hand -= 1, t.deer_to_move = true;
        out.push_back(t);
      }
  return out;
}

// The sealed rule: every deer outside the big square and none can step or jump into it.
inline bool DeerSealedOutside(const Geometry& g, const State& s) {
  for (size_t p = 0; p < s.cell.size(); ++p) {
    if (s.cell[p] != 'D') continue;
    if (g.inside[p]) return false;
    for (int q : g.adjacent[p])
      if (g.inside[q] && s.cell[q] == '.') return false;
    for (auto [over, to] : g.jumps[p])
      if (g.inside[to] && s.cell[over] == 'd' && s.cell[to] == '.') return false;
  }
  return true;
}

// Leaves at `depth`; with `sealed_rule` a sealed position has no moves (the game is over).
inline uint64_t Perft(const Geometry& g, const State& s, int depth, bool sealed_rule) {
  if (depth == 0) return 1;
  if (sealed_rule && DeerSealedOutside(g, s)) return 0;
  const std::vector<State> next = Successors(g, s);
  if (depth == 1) return next.size();
  uint64_t total = 0;
  for (const State& t : next) total += Perft(g, t, depth - 1, sealed_rule);
  return total;
}

}  // namespace tumen::bogenjirge::reference

#endif  // TUMEN_TESTS_BOGENJIRGE_REFERENCE_H_
