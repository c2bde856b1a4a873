// An independent, slow reference for the 10x10 rules (RULES.md §4), written for the tests on
// a different code path from the engine: its own board (FEN letters in a 10x10 char array),
// and a predicate "can the piece on `from` go to `to`" that checks the geometry and the
// zone and envoy rules square by square, for every (from, to) pair on the board. Legality is
// make-and-test on a copy of the board: the mover's king may not be reachable by a capture.
// It shares no code with engine/games/hiashatar beyond reading the start board from a
// Position.
#ifndef TUMEN_TESTS_HIASHATAR_REFERENCE_H_
#define TUMEN_TESTS_HIASHATAR_REFERENCE_H_

#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "engine/games/hiashatar/position.h"

namespace tumen::hiashatar::reference {

struct Board {
  char sq[10][10] = {};  // [file][rank]; '.' empty, FEN letters otherwise
  bool white_to_move = true;
  bool envoy_rules = false;

  static Board From(const Position& pos) {
    Board b;
    for (int f = 0; f < 10; ++f)
      for (int r = 0; r < 10; ++r) {
        const Piece p = pos.piece_on(MakeSquare(f, r));
        b.sq[f][r] = p == kNoPiece ? '.' : PieceLetter(p);
      }
    b.white_to_move = pos.side_to_move() == kWhite;
    b.envoy_rules = pos.rules().envoys();
    return b;
  }
};

struct RefMove {
  int ff, fr, tf, tr;
  bool promotion;
  // The engine's UCI spelling, to compare move sets.
  std::string Uci() const {
    std::string s;
    s += char('a' + ff);
    s += std::to_string(fr + 1);
    s += char('a' + tf);
    s += std::to_string(tr + 1);
    if (promotion) s += 'q';
    return s;
  }
};

inline bool IsWhite(char c) { return c >= 'A' && c <= 'Z'; }
inline char Lower(char c) { return IsWhite(c) ? char(c - 'A' + 'a') : c; }
inline bool Inside(int f, int r) { return f >= 0 && f < 10 && r >= 0 && r < 10; }

// Some piece of letter `lower` (either colour if any_colour, else of colour `white`) stands
// within one king step of (f, r), (f, r) itself excluded.
inline bool NextTo(const Board& b, int f, int r, char lower, bool any_colour, bool white) {
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if ((!df && !dr) || !Inside(f + df, r + dr)) continue;
      const char c = b.sq[f + df][r + dr];
      if (c != '.' && Lower(c) == lower && (any_colour || IsWhite(c) == white)) return true;
    }
  return false;
}

// The zone that restricts a mover of colour `white`: next to an enemy bodyguard.
inline bool InEnemyZone(const Board& b, int f, int r, bool white) {
  return NextTo(b, f, r, 'h', false, !white);
}
// Next to any envoy (envoy rules only).
inline bool Neutral(const Board& b, int f, int r) {
  return b.envoy_rules && NextTo(b, f, r, 'e', true, true);
}

// Can the piece on (ff, fr) move to (tf, tr) (a capture when an enemy stands there)?
inline bool CanReach(const Board& b, int ff, int fr, int tf, int tr) {
  const char mover = b.sq[ff][fr];
  if (mover == '.' || (ff == tf && fr == tr)) return false;
  const bool white = IsWhite(mover);
  const char target = b.sq[tf][tr];
  if (target != '.' && IsWhite(target) == white) return false;  // own piece
  if (target != '.' && Lower(target) == 'e') return false;      // envoys are never captured
  const bool capture = target != '.';
  const int df = tf - ff, dr = tr - fr;
  const int adf = std::abs(df), adr = std::abs(dr);
  const int dist = adf > adr ? adf : adr;
  const bool straight = df == 0 || dr == 0;
  const bool diagonal = adf == adr;
  // The squares strictly between from and to, for line moves.
  std::vector<std::pair<int, int>> between;
  if (straight || diagonal) {
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int k = 1; k < dist; ++k) between.push_back({ff + k * sf, fr + k * sr});
  }
  const auto path_empty = [&] {
    for (auto [f, r] : between)
      if (b.sq[f][r] != '.') return false;
    return true;
  };
  // RULES.md §4 zone: a line move of two or more squares may not start in an enemy zone,
  // nor cross a zone square before its last square.
  const auto zone_allows_line = [&] {
    if (dist < 2) return true;
    if (InEnemyZone(b, ff, fr, white)) return false;
    for (auto [f, r] : between)
      if (InEnemyZone(b, f, r, white)) return false;
    return true;
  };
  // RULES.md §4 envoy: no capture from, to or across a square next to an envoy (a knight
  // jumps and crosses nothing).
  if (capture && b.envoy_rules) {
    if (Neutral(b, ff, fr) || Neutral(b, tf, tr)) return false;
    if (Lower(mover) != 'n')
      for (auto [f, r] : between)
        if (Neutral(b, f, r)) return false;
  }
  switch (Lower(mover)) {
    case 'n':
      return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case 'k':
      return dist == 1;
    case 'e':
      return dist == 1 && !capture && (white ? tr <= 2 : tr >= 7);
    case 'p': {
      const int up = white ? 1 : -1;
      const int start_rank = white ? 1 : 8;
      if (capture) return adf == 1 && dr == up;
      if (df != 0) return false;
      if (dr == up) return true;
      return dr == 2 * up && fr == start_rank && path_empty() && zone_allows_line();
    }
    case 'h':
      return (straight || diagonal) && dist <= 2 && path_empty() && zone_allows_line();
    case 'r':
      return straight && path_empty() && zone_allows_line();
    case 'b':
      return diagonal && path_empty() && zone_allows_line();
    case 'q':
      return (straight || diagonal) && path_empty() && zone_allows_line();
  }
  return false;
}

inline bool KingAttacked(const Board& b, bool white_king) {
  int kf = -1, kr = -1;
  for (int f = 0; f < 10; ++f)
    for (int r = 0; r < 10; ++r)
      if (b.sq[f][r] == (white_king ? 'K' : 'k')) kf = f, kr = r;
  for (int f = 0; f < 10; ++f)
    for (int r = 0; r < 10; ++r) {
      const char c = b.sq[f][r];
      if (c != '.' && IsWhite(c) != white_king && CanReach(b, f, r, kf, kr)) return true;
    }
  return false;
}

inline Board Apply(const Board& b, const RefMove& m) {
  Board next = b;
  char piece = b.sq[m.ff][m.fr];
  if (m.promotion) piece = b.white_to_move ? 'Q' : 'q';
  next.sq[m.tf][m.tr] = piece;
  next.sq[m.ff][m.fr] = '.';
  next.white_to_move = !b.white_to_move;
  return next;
}

inline std::vector<RefMove> LegalMoves(const Board& b) {
  std::vector<RefMove> out;
  for (int ff = 0; ff < 10; ++ff)
    for (int fr = 0; fr < 10; ++fr) {
      const char c = b.sq[ff][fr];
      if (c == '.' || IsWhite(c) != b.white_to_move) continue;
      for (int tf = 0; tf < 10; ++tf)
        for (int tr = 0; tr < 10; ++tr) {
          if (!CanReach(b, ff, fr, tf, tr)) continue;
          const bool promotion = Lower(c) == 'p' && tr == (b.white_to_move ? 9 : 0);
          const RefMove m{ff, fr, tf, tr, promotion};
          if (!KingAttacked(Apply(b, m), b.white_to_move)) out.push_back(m);
        }
    }
  return out;
}

inline uint64_t Perft(const Board& b, int depth) {
  const std::vector<RefMove> moves = LegalMoves(b);
  if (depth <= 1) return depth == 1 ? moves.size() : 1;
  uint64_t n = 0;
  for (const RefMove& m : moves) n += Perft(Apply(b, m), depth - 1);
  return n;
}

inline std::set<std::string> UciSet(const Board& b) {
  std::set<std::string> out;
  for (const RefMove& m : LegalMoves(b)) out.insert(m.Uci());
  return out;
}

}  // namespace tumen::hiashatar::reference

#endif  // TUMEN_TESTS_HIASHATAR_REFERENCE_H_
