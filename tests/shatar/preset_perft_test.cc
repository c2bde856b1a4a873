// Perft of every Shatar preset and of rule-option combinations, computed two ways: by the
// engine's generator (pin/check masks, bulk counting) and by a slow reference written here
// from the piece rules alone (mailbox board, pseudo-legal moves, make, drop those that leave
// the own king attacked). The two share only the FEN reader and the rules' option fields.
#include <string>
#include <vector>

#include "engine/games/shatar/perft.h"
#include "engine/games/shatar/rule_options.h"
#include "gtest/gtest.h"

namespace tumen::shatar {
namespace {

// ---- The reference generator ----

struct RefBoard {
  Piece sq[64] = {};
  bool stepped[64] = {};  // folk: waiting pawn after its one backward step
  Color side = kWhite;
  int fullmove = 1;
};

struct RefMove {
  int from, to;
  PieceType promotion = kNoPieceType;
};

bool OnBoard(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
int Sq(int f, int r) { return r * 8 + f; }

constexpr int kKnightSteps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                  {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int kOrthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kDiagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Squares the piece on `from` attacks (for pawns: the diagonal capture squares).
std::vector<int> RefAttacks(const RefBoard& b, int from) {
  std::vector<int> out;
  const Piece p = b.sq[from];
  const int f = from % 8, r = from / 8;
  const auto step = [&](const int(&d)[2]) {
    if (OnBoard(f + d[0], r + d[1])) out.push_back(Sq(f + d[0], r + d[1]));
  };
  const auto ray = [&](const int(&d)[2]) {
    for (int ff = f + d[0], rr = r + d[1]; OnBoard(ff, rr); ff += d[0], rr += d[1]) {
      out.push_back(Sq(ff, rr));
      if (b.sq[Sq(ff, rr)] != kNoPiece) break;
    }
  };
  switch (TypeOf(p)) {
    case kPawn: {
      // A waiting pawn (on its last rank, or stepped) attacks nothing.
      const int up = ColorOf(p) == kWhite ? 1 : -1;
      if (b.stepped[from]) break;
      for (int df : {-1, 1})
        if (OnBoard(f + df, r + up)) out.push_back(Sq(f + df, r + up));
      break;
    }
    case kKnight:
      for (const auto& d : kKnightSteps) step(d);
      break;
    case kKing:
      for (const auto& d : kKingSteps) step(d);
      break;
    case kRook:
      for (const auto& d : kOrthogonal) ray(d);
      break;
    case kBishop:
      for (const auto& d : kDiagonal) ray(d);
      break;
    case kQueen:
      for (const auto& d : kOrthogonal) ray(d);
      for (const auto& d : kDiagonal) ray(d);
      break;
    case kBers:  // rook, or one step diagonally
      for (const auto& d : kOrthogonal) ray(d);
      for (const auto& d : kDiagonal) step(d);
      break;
    default:
      break;
  }
  return out;
}

bool RefAttacked(const RefBoard& b, int s, Color by) {
  for (int from = 0; from < 64; ++from) {
    if (b.sq[from] == kNoPiece || ColorOf(b.sq[from]) != by) continue;
    for (int t : RefAttacks(b, from))
      if (t == s) return true;
  }
  return false;
}

bool RefBare(const RefBoard& b, Color c) {
  for (int s = 0; s < 64; ++s)
    if (b.sq[s] != kNoPiece && ColorOf(b.sq[s]) == c && TypeOf(b.sq[s]) != kKing) return false;
  return true;
}

RefBoard RefMake(const RefBoard& b, const RefMove& m, const ShatarRules& rules) {
  RefBoard n = b;
  const Piece p = b.sq[m.from];
  const bool waiting_plain = rules.promotion == Promotion::kFolk && TypeOf(p) == kPawn &&
                             (m.from / 8 == 0 || m.from / 8 == 7) && m.promotion == kNoPieceType;
  n.sq[m.to] = m.promotion != kNoPieceType ? MakePiece(ColorOf(p), m.promotion) : p;
  n.sq[m.from] = kNoPiece;
  n.stepped[m.to] = waiting_plain;
  n.stepped[m.from] = false;
  n.side = ~b.side;
  if (b.side == kBlack) ++n.fullmove;
  return n;
}

// The 2017 first round, written from RULES.md §1.
bool RefFirstRound(const RefBoard& b, const ShatarRules& rules, std::vector<RefMove>& out) {
  if (rules.first_round != FirstRound::kChoiceMirrored) return false;
  RefBoard start;
  for (int s = 0; s < 64; ++s) start.sq[s] = rules.start_array[s];
  const auto same = [&](const RefBoard& x) {
    for (int s = 0; s < 64; ++s)
      if (x.sq[s] != b.sq[s]) return false;
    return true;
  };
  const int d2 = Sq(3, 1), d4 = Sq(3, 3), e2 = Sq(4, 1), e4 = Sq(4, 3);
  if (b.side == kWhite) {
    if (!same(start)) return false;
    out = {{d2, d4}, {e2, e4}};
    return true;
  }
  if (b.fullmove != 1) return false;
  for (int f : {3, 4}) {
    RefBoard after = start;
    after.sq[Sq(f, 3)] = after.sq[Sq(f, 1)];
    after.sq[Sq(f, 1)] = kNoPiece;
    if (same(after)) {
      out = {{Sq(f, 6), Sq(f, 4)}};
      return true;
    }
  }
  return false;
}

std::vector<RefMove> RefLegalMoves(const RefBoard& b, const ShatarRules& rules) {
  std::vector<RefMove> pseudo, legal;
  if (rules.bare_king_draw && (RefBare(b, kWhite) || RefBare(b, kBlack))) return legal;
  if (RefFirstRound(b, rules, pseudo)) return pseudo;
  const Color us = b.side;
  std::vector<PieceType> promotions;
  if (rules.promotion == Promotion::kAny) promotions = {rules.queen_piece, kRook, kBishop, kKnight};
  if (rules.promotion == Promotion::kQueenPiece) promotions = {rules.queen_piece};
  for (int from = 0; from < 64; ++from) {
    const Piece p = b.sq[from];
    if (p == kNoPiece || ColorOf(p) != us) continue;
    const int f = from % 8, r = from / 8;
    if (TypeOf(p) != kPawn) {
      for (int t : RefAttacks(b, from))
        if (b.sq[t] == kNoPiece || ColorOf(b.sq[t]) != us) pseudo.push_back({from, t});
      continue;
    }
    const int up = us == kWhite ? 1 : -1;
    const int last = us == kWhite ? 7 : 0;
    if (rules.promotion == Promotion::kFolk && (r == last || b.stepped[from])) {
      // Waiting pawn: one step diagonally backward onto an empty square.
      for (int df : {-1, 1}) {
        if (!OnBoard(f + df, r - up) || b.sq[Sq(f + df, r - up)] != kNoPiece) continue;
        const int t = Sq(f + df, r - up);
        if (b.stepped[from]) {
          pseudo.push_back({from, t, kQueen});
          pseudo.push_back({from, t, kBers});
        } else {
          pseudo.push_back({from, t});
          pseudo.push_back({from, t, kBers});
        }
      }
      continue;
    }
    std::vector<int> targets;
    if (OnBoard(f, r + up) && b.sq[Sq(f, r + up)] == kNoPiece) targets.push_back(Sq(f, r + up));
    for (int df : {-1, 1}) {
      if (!OnBoard(f + df, r + up)) continue;
      const Piece victim = b.sq[Sq(f + df, r + up)];
      if (victim != kNoPiece && ColorOf(victim) != us) targets.push_back(Sq(f + df, r + up));
    }
    for (int t : targets) {
      if (t / 8 == last && rules.promotion != Promotion::kFolk) {
        for (PieceType pt : promotions) pseudo.push_back({from, t, pt});
      } else {
        pseudo.push_back({from, t});
      }
    }
  }
  for (const RefMove& m : pseudo) {
    const RefBoard n = RefMake(b, m, rules);
    int king = -1;
    for (int s = 0; s < 64; ++s)
      if (n.sq[s] == MakePiece(us, kKing)) king = s;
    if (!RefAttacked(n, king, ~us)) legal.push_back(m);
  }
  return legal;
}

uint64_t RefPerft(const RefBoard& b, const ShatarRules& rules, int depth) {
  const std::vector<RefMove> moves = RefLegalMoves(b, rules);
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const RefMove& m : moves) n += RefPerft(RefMake(b, m, rules), rules, depth - 1);
  return n;
}

// ---- The comparison ----

ShatarRules Rules(const std::string& variant, const std::string& options = "") {
  const absl::StatusOr<ShatarRules> preset = RulesForVariant(variant);
  EXPECT_TRUE(preset.ok()) << preset.status();
  const absl::StatusOr<ShatarRules> rules = ApplyRuleOptions(*preset, options);
  EXPECT_TRUE(rules.ok()) << rules.status();
  return *rules;
}

void ExpectPerftAgrees(const ShatarRules& rules, const std::string& fen, int max_depth) {
  Position pos;
  StateInfo st;
  const absl::Status s = pos.Set(rules, fen, &st);
  ASSERT_TRUE(s.ok()) << s;
  RefBoard b;
  for (int sq = 0; sq < 64; ++sq) {
    b.sq[sq] = pos.piece_on(sq);
    b.stepped[sq] = pos.folk_stepped() & SquareBB(sq);
  }
  b.side = pos.side_to_move();
  b.fullmove = pos.fullmove_number();
  for (int depth = 1; depth <= max_depth; ++depth) {
    const uint64_t engine = Perft(pos, depth);
    const uint64_t reference = RefPerft(b, rules, depth);
    EXPECT_EQ(engine, reference) << CanonicalRuleOptions(rules) << " " << fen << " depth " << depth;
    if (depth == 1) {
      EXPECT_GT(engine, 0u) << fen;
      EXPECT_EQ(CountLegalMoves(pos), reference);
    }
  }
}

void ExpectStartPerftAgrees(const std::string& variant, const std::string& options, int depth) {
  const ShatarRules rules = Rules(variant, options);
  ExpectPerftAgrees(rules, rules.start_fen, depth);
}

TEST(PresetPerft, Shatar2017Start) { ExpectStartPerftAgrees("shatar", "", 5); }
TEST(PresetPerft, Shatar1997Start) { ExpectStartPerftAgrees("shatar-1997", "", 5); }
TEST(PresetPerft, ShatarFolkStart) { ExpectStartPerftAgrees("shatar-folk", "", 5); }
TEST(PresetPerft, ShatarTraditionalStart) { ExpectStartPerftAgrees("shatar-traditional", "", 4); }
TEST(PresetPerft, RotationalArrayStart) { ExpectStartPerftAgrees("shatar", "array=rotational", 5); }
TEST(PresetPerft, BersOver2017Start) { ExpectStartPerftAgrees("shatar", "queen=bers", 5); }
TEST(PresetPerft, QueenPawnFirstRoundStart) {
  ExpectStartPerftAgrees("shatar", "first_round=queen_pawn", 4);
}
TEST(PresetPerft, RotationalQueenPawnStart) {
  ExpectStartPerftAgrees("shatar-traditional", "array=rotational,first_round=queen_pawn", 4);
}
TEST(PresetPerft, QueenPromotionOver2017Start) {
  ExpectStartPerftAgrees("shatar", "promotion=queen,first_round=d4d5", 4);
}
TEST(PresetPerft, FolkOverTraditionalStart) {
  ExpectStartPerftAgrees("shatar-traditional", "promotion=folk", 4);
}

// Promotions (with captures onto the last rank) under each promotion rule.
constexpr char kPromotionFen[] = "r3k3/1P5P/8/8/8/8/1p4p1/R3K2N w - - 0 1";
TEST(PresetPerft, PromotionPositionAnyPiece) {
  ExpectPerftAgrees(Rules("shatar"), kPromotionFen, 4);
}
TEST(PresetPerft, PromotionPositionQueenOnly) {
  ExpectPerftAgrees(Rules("shatar-1997"), kPromotionFen, 4);
}
TEST(PresetPerft, PromotionPositionBersOnly) {
  ExpectPerftAgrees(Rules("shatar-traditional"), "r3k3/1P5P/8/8/8/8/1p4p1/R3K2N w - - 0 1", 4);
}
TEST(PresetPerft, PromotionPositionFolk) {
  ExpectPerftAgrees(Rules("shatar-folk"), kPromotionFen, 4);
  ExpectPerftAgrees(Rules("shatar", "promotion=folk"), kPromotionFen, 4);
}

// Folk waiting pawns with no step (a8, h1) and with one step (g7, b2), pieces around them.
TEST(PresetPerft, FolkWaitingPawns) {
  for (const char* fen :
       {"P3k2r/6P~1/8/3n4/8/2B5/1p~6/R3K2p w - - 0 1",
        "P3k2r/6P~1/8/3n4/8/2B5/1p~6/R3K2p b - - 0 1", "4k3/1P~6/8/8/8/8/6p~1/4K3 w - - 0 1",
        "2P1k3/8/8/8/8/8/8/r3K2p w - - 0 1"}) {
    ExpectPerftAgrees(Rules("shatar-folk"), fen, 4);
    ExpectPerftAgrees(Rules("shatar", "promotion=folk"), fen, 4);
  }
}

// A waiting pawn pinned, and a waiting pawn's step that blocks a check.
TEST(PresetPerft, FolkWaitingPawnPinnedOrBlocking) {
  for (const char* fen : {"2P5/r6K/8/4k3/8/8/8/8 w - - 0 1",       // c8 steps to b7/d7 to block
                          "3b3k/2P~5/8/K7/8/8/8/8 w - - 0 1",      // c7 pinned: only b6
                          "K7/8/8/8/8/8/8/R2p3k b - - 0 1",        // d1 pinned on the rank
                          "7k/8/8/8/8/8/5p~2/4K1N1 w - - 0 1"}) {  // f2 gives no check
    ExpectPerftAgrees(Rules("shatar-folk"), fen, 4);
  }
}

// Middle-game positions with the bers, under several mate and draw options (which must not
// change the move counts, except the bare-king rule which ends the game).
TEST(PresetPerft, BersMiddlegames) {
  for (const char* fen :
       {"r1bjk2r/ppp2ppp/2n2n2/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BJKB1R w - - 0 1",
        "4k3/8/3j4/8/8/2J5/8/4K3 w - - 0 1", "8/8/4k3/3p4/2J5/8/4K3/8 b - - 0 1"}) {
    ExpectPerftAgrees(Rules("shatar-traditional"), fen, 3);
    ExpectPerftAgrees(Rules("shatar-traditional", "bare_king=play,shak=off"), fen, 3);
  }
}

TEST(PresetPerft, BareKingDrawHasNoMoves) {
  const ShatarRules rules = Rules("shatar-folk");
  Position pos;
  StateInfo st;
  ASSERT_TRUE(pos.Set(rules, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &st).ok());
  EXPECT_EQ(Perft(pos, 1), 0u);
  const ShatarRules play = Rules("shatar-folk", "bare_king=play");
  ASSERT_TRUE(pos.Set(play, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &st).ok());
  EXPECT_GT(Perft(pos, 1), 0u);
}

}  // namespace
}  // namespace tumen::shatar
