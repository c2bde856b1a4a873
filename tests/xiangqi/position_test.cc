// Make/unmake, incremental keys and FEN round trips on seeded random playouts, and the move
// generator against an independent slow make-and-test reference written here on a plain
// 10x9 array (no bitboards, no tables shared with the engine).
#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <vector>

#include "engine/core/prng.h"
#include "engine/games/xiangqi/game.h"
#include "gtest/gtest.h"
#include "tests/support/perft_data.h"

namespace tumen::xiangqi {
namespace {

// ---------- The slow reference: RULES.md §5 read literally ----------

struct Grid {
  char cell[10][9];  // [rank][file]; '.' empty; upper case red
  bool red_to_move;
};

Grid FromPosition(const Position& pos) {
  Grid g;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const Piece p = pos.piece_on(MakeSquare(f, r));
      g.cell[r][f] = p == kNoPiece ? '.' : PieceLetter(p);
    }
  g.red_to_move = pos.side_to_move() == kRed;
  return g;
}

bool IsRed(char c) { return c >= 'A' && c <= 'Z'; }
bool Inside(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 10; }
bool InPalace(bool red, int f, int r) { return f >= 3 && f <= 5 && (red ? r <= 2 : r >= 7); }
bool OwnHalf(bool red, int r) { return red ? r <= 4 : r >= 5; }

struct RefMove {
  int ff, fr, tf, tr;
};

// Pseudo-legal moves of side `red` (captures of own pieces excluded).
std::vector<RefMove> PseudoMoves(const Grid& g, bool red) {
  std::vector<RefMove> out;
  const auto add = [&](int ff, int fr, int tf, int tr) {
    if (!Inside(tf, tr)) return;
    const char t = g.cell[tr][tf];
    if (t != '.' && IsRed(t) == red) return;
    out.push_back({ff, fr, tf, tr});
  };
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      const char c = g.cell[r][f];
      if (c == '.' || IsRed(c) != red) continue;
      const char type = char(c | 0x20);
      const int orth[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
      switch (type) {
        case 'k':
          for (auto& d : orth)
            if (InPalace(red, f + d[0], r + d[1])) add(f, r, f + d[0], r + d[1]);
          break;
        case 'a':
          for (auto& d : diag)
            if (InPalace(red, f + d[0], r + d[1])) add(f, r, f + d[0], r + d[1]);
          break;
        case 'b':
          for (auto& d : diag) {
            const int tf = f + 2 * d[0], tr = r + 2 * d[1];
            if (Inside(tf, tr) && OwnHalf(red, tr) && g.cell[r + d[1]][f + d[0]] == '.')
              add(f, r, tf, tr);
          }
          break;
        case 'n':
          for (auto& d : orth) {
            const int lf = f + d[0], lr = r + d[1];
            if (!Inside(lf, lr) || g.cell[lr][lf] != '.') continue;
            for (int side : {-1, 1}) {
              const int tf = lf + d[0] + (d[0] ? 0 : side), tr = lr + d[1] + (d[1] ? 0 : side);
              add(f, r, tf, tr);
            }
          }
          break;
        case 'r':
        case 'c':
          for (auto& d : orth) {
            bool jumped = false;
            for (int tf = f + d[0], tr = r + d[1]; Inside(tf, tr); tf += d[0], tr += d[1]) {
              const char t = g.cell[tr][tf];
              if (type == 'r') {
                add(f, r, tf, tr);
                if (t != '.') break;
              } else if (!jumped) {
                if (t == '.')
                  add(f, r, tf, tr);
                else
                  jumped = true;
              } else if (t != '.') {
                add(f, r, tf, tr);
                break;
              }
            }
          }
          break;
        case 'p': {
          const int fwd = red ? 1 : -1;
          add(f, r, f, r + fwd);
          if (!OwnHalf(red, r)) {
            add(f, r, f - 1, r);
            add(f, r, f + 1, r);
          }
          break;
        }
      }
    }
  return out;
}

// The king of `red` is attacked: some enemy pseudo-move lands on it, or the kings face.
bool KingAttacked(const Grid& g, bool red) {
  int kf = -1, kr = -1, ef = -1, er = -1;
  for (int r = 0; r < 10; ++r)
    for (int f = 0; f < 9; ++f) {
      if (g.cell[r][f] == (red ? 'K' : 'k')) kf = f, kr = r;
      if (g.cell[r][f] == (red ? 'k' : 'K')) ef = f, er = r;
    }
  for (const RefMove& m : PseudoMoves(g, !red))
    if (m.tf == kf && m.tr == kr) return true;
  if (kf == ef) {
    bool open = true;
    for (int r = std::min(kr, er) + 1; r < std::max(kr, er); ++r) open &= g.cell[r][kf] == '.';
    if (open) return true;
  }
  return false;
}

std::set<std::string> ReferenceLegalMoves(const Grid& g) {
  std::set<std::string> out;
  for (const RefMove& m : PseudoMoves(g, g.red_to_move)) {
    Grid after = g;
    after.cell[m.tr][m.tf] = after.cell[m.fr][m.ff];
    after.cell[m.fr][m.ff] = '.';
    if (KingAttacked(after, g.red_to_move)) continue;
    out.insert(SquareToString(MakeSquare(m.ff, m.fr)) + SquareToString(MakeSquare(m.tf, m.tr)));
  }
  return out;
}

// ---------- Tests ----------

std::vector<std::string> StartFens() {
  std::vector<std::string> fens = {RulesForVariant("xiangqi")->start_fen};
  for (const testing::PerftCase& c : testing::LoadPerftCases("xiangqi"))
    if (std::find(fens.begin(), fens.end(), c.fen) == fens.end()) fens.push_back(c.fen);
  return fens;
}

// Plays seeded random games from every reference position; after each move the incremental
// key equals the key computed from scratch, the FEN reads back to the same position and key,
// the move counter agrees with the generated list, and the captures are the tactical moves.
// Unwinding the whole game restores the start exactly.
TEST(XiangqiPosition, RandomPlayoutsKeepKeysFensAndUndoConsistent) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Prng prng(0xC0FFEE'1234ULL);
  int plies_played = 0;
  for (const std::string& start : StartFens()) {
    for (int game = 0; game < 6; ++game) {
      std::vector<StateInfo> states(401);
      Position pos;
      ASSERT_TRUE(pos.Set(rules, start, &states[0]).ok()) << start;
      const std::string start_fen = pos.Fen();
      const Key start_key = pos.key();
      std::vector<Move> played;
      for (int ply = 0; ply < 400; ++ply) {
        MoveList moves, tactical;
        GenerateLegalMoves(pos, moves);
        GenerateLegalTacticalMoves(pos, tactical);
        ASSERT_EQ(CountLegalMoves(pos), uint64_t(moves.size())) << pos.Fen();
        int captures = 0;
        for (Move m : moves) captures += pos.IsCapture(m);
        ASSERT_EQ(captures, tactical.size()) << pos.Fen();
        for (Move m : tactical) ASSERT_TRUE(moves.contains(m));
        if (moves.empty()) break;
        const Move m = moves[int(prng.Below(moves.size()))];
        pos.DoMove(m, states[ply + 1]);
        played.push_back(m);
        ++plies_played;
        ASSERT_EQ(pos.key(), pos.ComputeKey()) << pos.Fen();
        Position copy;
        StateInfo st;
        ASSERT_TRUE(copy.Set(rules, pos.Fen(), &st).ok()) << pos.Fen();
        ASSERT_EQ(copy.Fen(), pos.Fen());
        ASSERT_EQ(copy.key(), pos.key());
        ASSERT_EQ(copy.in_check(), pos.in_check());
      }
      for (auto it = played.rbegin(); it != played.rend(); ++it) pos.UndoMove(*it);
      EXPECT_EQ(pos.Fen(), start_fen);
      EXPECT_EQ(pos.key(), start_key);
    }
  }
  EXPECT_GT(plies_played, 10000);
}

// The bitboard generator against the slow reference, move set by move set, on positions of
// seeded random playouts.
TEST(XiangqiMoveGen, AgreesWithSlowReferenceOnRandomPositions) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Prng prng(0xBADC0DE5ULL);
  int positions = 0, checks = 0;
  for (const std::string& start : StartFens()) {
    for (int game = 0; game < 4; ++game) {
      std::vector<StateInfo> states(301);
      Position pos;
      ASSERT_TRUE(pos.Set(rules, start, &states[0]).ok());
      for (int ply = 0; ply < 300; ++ply) {
        MoveList moves;
        GenerateLegalMoves(pos, moves);
        std::set<std::string> ours;
        for (Move m : moves) ours.insert(MoveToUci(m));
        ASSERT_EQ(ours, ReferenceLegalMoves(FromPosition(pos))) << pos.Fen();
        ASSERT_EQ(pos.in_check(), KingAttacked(FromPosition(pos), pos.side_to_move() == kRed))
            << pos.Fen();
        ++positions;
        checks += pos.in_check();
        if (moves.empty()) break;
        pos.DoMove(moves[int(prng.Below(moves.size()))], states[ply + 1]);
      }
    }
  }
  EXPECT_GT(positions, 5000);
  EXPECT_GT(checks, 100);
}

// The table lookups for rook and cannon against a walk along the four lines, on random
// occupancies (dense and sparse).
TEST(XiangqiAttacks, RookAndCannonTablesMatchALineWalk) {
  Prng prng(77);
  for (int trial = 0; trial < 2000; ++trial) {
    Bitboard occupied = (Bitboard(prng.Next()) << 64 | prng.Next()) & kAllSquares;
    if (trial % 2) occupied &= (Bitboard(prng.Next()) << 64 | prng.Next());
    for (Square s = 0; s < kSquares; ++s) {
      Bitboard rook = 0, cannon = 0;
      const int df[4] = {1, -1, 0, 0}, dr[4] = {0, 0, 1, -1};
      for (int d = 0; d < 4; ++d) {
        bool screen = false;
        for (int f = FileOf(s) + df[d], r = RankOf(s) + dr[d]; Inside(f, r);
             f += df[d], r += dr[d]) {
          const Bitboard b = SquareBB(MakeSquare(f, r));
          if (!screen) {
            rook |= b;
            screen = (occupied & b) != 0;
          } else if (occupied & b) {
            cannon |= b;
            break;
          }
        }
      }
      ASSERT_TRUE(RookAttacks(s, occupied) == rook) << "square " << s;
      ASSERT_TRUE(CannonCaptures(s, occupied) == cannon) << "square " << s;
    }
  }
}

// Null moves flip the side and the key and are undone exactly.
TEST(XiangqiPosition, NullMoveRoundTrip) {
  const XiangqiRules rules = *RulesForVariant("xiangqi");
  Position pos;
  StateInfo st, null_st;
  ASSERT_TRUE(pos.Set(rules, rules.start_fen, &st).ok());
  const Key key = pos.key();
  pos.DoNullMove(null_st);
  EXPECT_NE(pos.key(), key);
  EXPECT_EQ(pos.key(), pos.ComputeKey());
  EXPECT_EQ(pos.side_to_move(), kBlack);
  pos.UndoNullMove();
  EXPECT_EQ(pos.key(), key);
  EXPECT_EQ(pos.Fen(), rules.start_fen);
}

}  // namespace
}  // namespace tumen::xiangqi
