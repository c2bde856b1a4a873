#include "engine/games/xiangqi/evaluate.h"

#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/games/xiangqi/attacks.h"

namespace tumen::xiangqi {

const std::vector<ParamSpec>& XiangqiEvalSpecs() {
  // Order must follow EvalParam. Steps are fishtest-style c_end suggestions (~1/20 of range).
  static const std::vector<ParamSpec> specs = {
      {"SoldierMg", 60, 20, 150, 5},          {"XqSoldierEg", 90, 40, 200, 5},
      {"AdvisorMg", 180, 80, 300, 8},         {"XqAdvisorEg", 160, 80, 300, 8},
      {"ElephantMg", 180, 80, 300, 8},        {"XqElephantEg", 170, 80, 300, 8},
      {"HorseMg", 400, 250, 600, 12},         {"XqHorseEg", 450, 300, 650, 12},
      {"CannonMg", 450, 300, 650, 12},        {"XqCannonEg", 420, 250, 600, 12},
      {"RookMg", 900, 650, 1200, 20},         {"XqRookEg", 950, 700, 1250, 20},
      {"HorseMobilityMg", 8, 0, 25, 1},       {"XqHorseMobilityEg", 8, 0, 25, 1},
      {"CannonMobilityMg", 3, 0, 15, 1},      {"XqCannonMobilityEg", 2, 0, 15, 1},
      {"RookMobilityMg", 5, 0, 20, 1},        {"XqRookMobilityEg", 6, 0, 20, 1},
      {"SoldierCrossedMg", 60, 0, 150, 5},    {"XqSoldierCrossedEg", 80, 0, 200, 5},
      {"SoldierAdvanceMg", 10, 0, 40, 2},     {"XqSoldierAdvanceEg", 12, 0, 40, 2},
      {"SoldierCentreMg", 20, 0, 60, 3},      {"XqSoldierLastRankEg", 60, 0, 150, 5},
      {"MissingAdvisorMg", 25, 0, 80, 4},     {"XqMissingElephantMg", 15, 0, 60, 3},
      {"PalaceAttackWeight", 20, 0, 60, 3},   {"XqKingOffFileMg", 20, 0, 60, 3},
      {"CentralCannonMg", 40, 0, 100, 5},     {"XqTempo", 15, 0, 40, 2},
      {"XqThreatBySoldierMg", 40, 0, 150, 5}, {"XqThreatBySoldierEg", 40, 0, 150, 5},
      {"XqThreatOnRookMg", 50, 0, 150, 5},    {"XqThreatOnRookEg", 40, 0, 150, 5},
      {"XqHangingMg", 30, 0, 120, 4},         {"XqHangingEg", 20, 0, 120, 4},
  };
  static const std::vector<ParamSpec> with_pst = [] {
    // Names such as XqPstHorseMgFileCG and XqPstKingEgRank1, kept alive for the specs'
    // pointers.
    static std::vector<std::string> names;
    const char* kinds[kPstKinds] = {"Soldier", "Advisor", "Elephant", "Horse",
                                    "Cannon",  "Rook",    "King"};
    const char* files[kPstFiles] = {"AI", "BH", "CG", "DF", "E"};
    for (const char* kind : kinds)
      for (const char* phase : {"Mg", "Eg"}) {
        for (const char* file : files)
          names.push_back(absl::StrCat("XqPst", kind, phase, "File", file));
        for (int rank = 1; rank <= 10; ++rank)
          names.push_back(absl::StrCat("XqPst", kind, phase, "Rank", rank));
      }
    std::vector<ParamSpec> all = specs;
    for (const std::string& name : names) all.push_back({name.c_str(), 0, -200, 200, 4});
    return all;
  }();
  return with_pst;
}

namespace {

struct Score {
  int mg = 0, eg = 0;
  void Add(int m, int e) { mg += m, eg += e; }
  void Add(const Score& o) { mg += o.mg, eg += o.eg; }
};

// The piece-square terms of every piece type on every square, for each side: one load per
// piece where the weights themselves would take four. Each search thread builds its own copy
// when the weights change (ParamValues::version), so no thread waits.
struct PstTable {
  uint64_t version = 0;  // the version of the weights it was built from; 0: never built
  Score by[kPieceTypeCount][2][kSquares];
};

const PstTable& PstTableOf(const ParamValues& p) {
  thread_local PstTable table;
  if (table.version == p.version()) return table;
  for (int type = kSoldier; type <= kKing; ++type)
    for (Color c : {kRed, kBlack})
      for (Square sq = 0; sq < kSquares; ++sq) {
        const PieceType pt = PieceType(type);
        const int file = std::min<int>(FileOf(sq), kFiles - 1 - FileOf(sq));
        const int rank = kPstFiles + RelativeRank(c, sq);
        table.by[type][c][sq] = {p[PstIndex(pt, false, file)] + p[PstIndex(pt, false, rank)],
                                 p[PstIndex(pt, true, file)] + p[PstIndex(pt, true, rank)]};
      }
  table.version = p.version();
  return table;
}

// Game phase from the attacking pieces left (rook 4, horse and cannon 2 each).
constexpr int kPhaseWeight[kPieceTypeCount] = {0, 0, 0, 0, 2, 2, 4, 0};
constexpr int kMaxPhase = 32;

// The squares a side attacks (captures it could make, whatever stands there), gathered while
// its pieces are scored.
struct Attacks {
  Bitboard by_soldiers = 0;
  Bitboard by_minors = 0;  // horses and cannons
  Bitboard all = 0;
};

// Our threats on their pieces: those our soldiers attack, rooks our horses and cannons
// attack, and every piece we attack that they do not defend.
Score Threats(const Position& pos, Color us, const Attacks& ours, const Attacks& theirs,
              const ParamValues& p) {
  const Color them = ~us;
  const Bitboard majors =
      pos.pieces(them, kHorse) | pos.pieces(them, kCannon) | pos.pieces(them, kRook);
  const int by_soldiers = PopCount(majors & ours.by_soldiers);
  const int on_rooks = PopCount(pos.pieces(them, kRook) & ours.by_minors);
  const int hanging =
      PopCount(pos.pieces(them) & ~pos.pieces(them, kKing) & ours.all & ~theirs.all);
  return {
      p[kThreatBySoldierMg] * by_soldiers + p[kThreatOnRookMg] * on_rooks + p[kHangingMg] * hanging,
      p[kThreatBySoldierEg] * by_soldiers + p[kThreatOnRookEg] * on_rooks +
          p[kHangingEg] * hanging};
}

// The enemy palace and the ranks just in front of it.
Bitboard PalaceZone(Color c) {
  const Bitboard palace = PalaceBB(c);
  return palace | (c == kRed ? palace << kFiles : palace >> kFiles);
}

Score EvaluateSide(const Position& pos, Color us, const ParamValues& p, const PstTable& pst,
                   int& phase, Attacks& attacks) {
  const Color them = ~us;
  Score s;
  for (Bitboard b = pos.pieces(us); b;) {
    const Square sq = PopLowestBit(b);
    s.Add(pst.by[TypeOf(pos.piece_on(sq))][us][sq]);
  }
  const Bitboard occupied = pos.pieces();
  const Bitboard not_ours = kAllSquares & ~pos.pieces(us);
  const Bitboard enemy_zone = PalaceZone(them);
  int palace_attackers = 0;

  struct PieceTerms {
    PieceType type;
    int value_mg, value_eg, mob_mg, mob_eg;
  };
  const PieceTerms pieces[] = {
      {kHorse, kHorseMg, kHorseEg, kHorseMobilityMg, kHorseMobilityEg},
      {kCannon, kCannonMg, kCannonEg, kCannonMobilityMg, kCannonMobilityEg},
      {kRook, kRookMg, kRookEg, kRookMobilityMg, kRookMobilityEg},
  };
  const Square their_king = pos.king_square(them);
  for (const PieceTerms& t : pieces) {
    for (Bitboard b = pos.pieces(us, t.type); b;) {
      const Square sq = PopLowestBit(b);
      phase += kPhaseWeight[t.type];
      s.Add(p[t.value_mg], p[t.value_eg]);
      const Bitboard targets = AttacksOf(us, t.type, sq, occupied);
      attacks.all |= targets;
      if (t.type != kRook) attacks.by_minors |= targets;
      const Bitboard moves = t.type == kCannon
                                 ? CannonQuiets(sq, occupied) | (targets & pos.pieces(them))
                                 : targets & not_ours;
      const int mobility = PopCount(moves);
      s.Add(p[t.mob_mg] * mobility, p[t.mob_eg] * mobility);
      if ((moves | SquareBB(sq)) & enemy_zone) ++palace_attackers;
      if (t.type == kCannon && FileOf(sq) == FileOf(their_king)) s.Add(p[kCentralCannonMg], 0);
    }
  }
  s.Add(p[kAdvisorMg] * PopCount(pos.pieces(us, kAdvisor)),
        p[kAdvisorEg] * PopCount(pos.pieces(us, kAdvisor)));
  s.Add(p[kElephantMg] * PopCount(pos.pieces(us, kElephant)),
        p[kElephantEg] * PopCount(pos.pieces(us, kElephant)));

  // Soldiers: worth more once across the river, and the further the better, but a soldier on
  // the last rank can only shuffle sideways.
  for (Bitboard b = pos.pieces(us, kSoldier); b;) {
    const Square sq = PopLowestBit(b);
    const Bitboard steps = AttacksOf(us, kSoldier, sq, occupied);
    attacks.by_soldiers |= steps;
    attacks.all |= steps;
    s.Add(p[kSoldierMg], p[kSoldierEg]);
    const int rank = RelativeRank(us, sq);
    if (rank >= 5) {
      const int advance = std::min(rank, 8) - 4;
      s.Add(p[kSoldierCrossedMg] + p[kSoldierAdvanceMg] * advance,
            p[kSoldierCrossedEg] + p[kSoldierAdvanceEg] * advance);
      if (FileOf(sq) >= 3 && FileOf(sq) <= 5) s.Add(p[kSoldierCentreMg], 0);
      if (rank == 9) s.Add(0, -p[kSoldierLastRankEg]);
      if (SquareBB(sq) & enemy_zone) ++palace_attackers;
    }
  }

  // The defenders' attacks, which the threats need too.
  for (Bitboard b = pos.pieces(us, kAdvisor) | pos.pieces(us, kElephant) | pos.pieces(us, kKing);
       b;) {
    const Square sq = PopLowestBit(b);
    attacks.all |= AttacksOf(us, TypeOf(pos.piece_on(sq)), sq, occupied);
  }

  // King safety of the opponent, seen from our attackers: missing defenders hurt more the
  // more attackers reach the palace.
  const int missing_advisors = 2 - PopCount(pos.pieces(them, kAdvisor));
  const int missing_elephants = 2 - PopCount(pos.pieces(them, kElephant));
  s.Add(palace_attackers * (p[kPalaceAttackWeight] + p[kMissingAdvisorMg] * missing_advisors +
                            p[kMissingElephantMg] * missing_elephants),
        0);
  if (FileOf(pos.king_square(us)) != 4) s.Add(-p[kKingOffFileMg], 0);
  return s;
}

}  // namespace

int Evaluate(const Position& pos, const ParamValues& params) {
  int phase = 0;
  const PstTable& pst = PstTableOf(params);
  Attacks red_attacks, black_attacks;
  const Score red = EvaluateSide(pos, kRed, params, pst, phase, red_attacks);
  const Score black = EvaluateSide(pos, kBlack, params, pst, phase, black_attacks);
  const Score red_threats = Threats(pos, kRed, red_attacks, black_attacks, params);
  const Score black_threats = Threats(pos, kBlack, black_attacks, red_attacks, params);
  phase = std::min(phase, kMaxPhase);
  const int mg = red.mg - black.mg + red_threats.mg - black_threats.mg;
  const int eg = red.eg - black.eg + red_threats.eg - black_threats.eg;
  const int score = (mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
  return (pos.side_to_move() == kRed ? score : -score) + params[kTempo];
}

}  // namespace tumen::xiangqi
