#include "engine/games/shatar/evaluate.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/core/prng.h"

namespace tumen::shatar {

const std::vector<ParamSpec>& ShatarEvalSpecs() {
  // Order must follow EvalParam. Steps are fishtest-style c_end suggestions (~1/20 of range).
  static const std::vector<ParamSpec> specs = {
      {"PawnMg", 90, 50, 150, 5},
      {"PawnEg", 120, 70, 200, 5},
      {"KnightMg", 320, 200, 600, 10},
      {"KnightEg", 300, 200, 600, 10},
      {"BishopMg", 330, 200, 600, 10},
      {"BishopEg", 320, 200, 600, 10},
      {"RookMg", 480, 350, 900, 12},
      {"RookEg", 540, 400, 900, 12},
      {"QueenMg", 950, 700, 1200, 20},
      {"QueenEg", 1000, 750, 1250, 20},
      {"BersMg", 700, 500, 1300, 15},
      {"BersEg", 760, 550, 1300, 15},
      {"KnightMobilityMg", 4, 0, 15, 1},
      {"KnightMobilityEg", 4, 0, 15, 1},
      {"BishopMobilityMg", 5, 0, 15, 1},
      {"BishopMobilityEg", 5, 0, 15, 1},
      {"RookMobilityMg", 2, 0, 15, 1},
      {"RookMobilityEg", 5, 0, 15, 1},
      {"QueenMobilityMg", 1, 0, 10, 1},
      {"QueenMobilityEg", 3, 0, 10, 1},
      {"BersMobilityMg", 2, 0, 10, 1},
      {"BersMobilityEg", 4, 0, 10, 1},
      {"KnightCentreMg", 8, 0, 30, 2},
      {"BishopCentreMg", 4, 0, 30, 2},
      {"KingCentreEg", 10, 0, 30, 2},
      {"PawnAdvanceMg", 3, 0, 20, 1},
      {"PawnAdvanceEg", 6, 0, 20, 1},
      {"DoubledPawnMg", 10, 0, 40, 2},
      {"DoubledPawnEg", 20, 0, 60, 3},
      {"IsolatedPawnMg", 10, 0, 40, 2},
      {"IsolatedPawnEg", 12, 0, 40, 2},
      {"PassedPawnMg", 10, 0, 40, 2},
      {"PassedPawnEg", 25, 0, 80, 4},
      {"KingAttackWeight", 12, 0, 40, 2},
      {"KingShelterMg", 12, 0, 40, 2},
      {"RookOpenFileMg", 20, 0, 60, 3},
      {"RookSeventhEg", 15, 0, 50, 3},
      {"BishopPairMg", 25, 0, 80, 4},
      {"BishopPairEg", 45, 0, 100, 5},
      {"Tempo", 12, 0, 40, 2},
      {"ThreatByPawnMg", 55, 0, 150, 6},
      {"ThreatByPawnEg", 45, 0, 150, 6},
      {"ThreatByMinorMg", 35, 0, 120, 5},
      {"ThreatByMinorEg", 30, 0, 120, 5},
      {"ThreatByRookMg", 35, 0, 120, 5},
      {"ThreatByRookEg", 25, 0, 120, 5},
      {"HangingMg", 30, 0, 120, 5},
      {"HangingEg", 20, 0, 120, 5},
      {"PassedKingEg", 4, 0, 16, 1},
      {"PassedFreeMg", 4, 0, 30, 2},
      {"PassedFreeEg", 10, 0, 40, 2},
      {"ConnectedPawnMg", 5, 0, 20, 1},
      {"ConnectedPawnEg", 4, 0, 20, 1},
      {"RookSemiOpenFileMg", 12, 0, 50, 3},
      {"RookSemiOpenFileEg", 6, 0, 40, 2},
      {"SafeCheckMg", 30, 0, 100, 5},
      {"SafeCheckEg", 10, 0, 60, 3},
      {"ThreatByPawnPushMg", 15, 0, 60, 3},
      {"ThreatByPawnPushEg", 12, 0, 60, 3},
      {"SpaceMg", 11, 0, 40, 2},
      {"KnightOnQueenMg", 11, 0, 40, 2},
      {"KnightOnQueenEg", 7, 0, 40, 2},
      {"SliderOnQueenMg", 42, 0, 120, 5},
      {"SliderOnQueenEg", 11, 0, 60, 3},
      {"LoneMajorScale", 4, 0, 64, 3},
      {"LoneMinorScale", 16, 0, 64, 3},
      {"LonePawnScale", 40, 0, 64, 3},
      {"LonePawnRank5Scale", 32, 0, 64, 3},
      {"LonePawnRank6Scale", 16, 0, 64, 3},
      {"LonePawnRank7Scale", 6, 0, 64, 3},
      {"RookAgainstPawnScale", 4, 0, 64, 3},
      {"TwoUnitsScale", 40, 0, 64, 3},
      {"TwoPawnsScale", 48, 0, 64, 3},
      {"PawnsAheadScaleBase", 8, 0, 64, 3},
      {"PawnsAheadScalePerPawn", 20, 0, 64, 3},
      {"KnightOutpostMg", 0, 0, 100, 4},
      {"KnightOutpostEg", 0, 0, 100, 4},
      {"BishopOutpostMg", 0, 0, 100, 4},
      {"BishopOutpostEg", 0, 0, 100, 4},
      {"ReachableOutpostMg", 0, 0, 60, 3},
      {"ReachableOutpostEg", 0, 0, 60, 3},
      {"BackwardPawnMg", 0, 0, 40, 2},
      {"BackwardPawnEg", 0, 0, 40, 2},
      {"KingProtectorMg", 0, 0, 20, 1},
      {"KingProtectorEg", 0, 0, 20, 1},
      {"ThreatMinorOnMinorMg", 0, 0, 100, 4},
      {"ThreatMinorOnMinorEg", 0, 0, 100, 4},
      {"ThreatMinorOnPawnMg", 0, 0, 60, 3},
      {"ThreatMinorOnPawnEg", 0, 0, 60, 3},
      {"ThreatRookOnMinorMg", 0, 0, 100, 4},
      {"ThreatRookOnMinorEg", 0, 0, 100, 4},
      {"ThreatRookOnPawnMg", 0, 0, 60, 3},
      {"ThreatRookOnPawnEg", 0, 0, 60, 3},
      {"ThreatByKingMg", 0, 0, 100, 4},
      {"ThreatByKingEg", 0, 0, 100, 4},
      {"MinorBehindPawnMg", 0, 0, 40, 2},
      {"MinorBehindPawnEg", 0, 0, 40, 2},
      {"BishopLongDiagonalMg", 0, 0, 60, 3},
      {"BishopLongDiagonalEg", 0, 0, 60, 3},
      {"RookOnQueenFileMg", 0, 0, 40, 2},
      {"RookOnQueenFileEg", 0, 0, 40, 2},
      {"BishopPawnsMg", 0, 0, 20, 1},
      {"BishopPawnsEg", 0, 0, 20, 1},
      {"WeakUnopposedPawnMg", 0, 0, 40, 2},
      {"WeakUnopposedPawnEg", 0, 0, 40, 2},
      {"BlockedPawnMg", 0, 0, 40, 2},
      {"BlockedPawnEg", 0, 0, 40, 2},
      {"KingPawnDistanceEg", 0, 0, 30, 2},
      {"KnightLowMobilityMg", 0, 0, 60, 3},
      {"KnightLowMobilityEg", 0, 0, 60, 3},
      {"BishopLowMobilityMg", 0, 0, 60, 3},
      {"BishopLowMobilityEg", 0, 0, 60, 3},
      {"RookLowMobilityMg", 0, 0, 60, 3},
      {"RookLowMobilityEg", 0, 0, 60, 3},
      {"QueenPieceLowMobilityMg", 0, 0, 60, 3},
      {"QueenPieceLowMobilityEg", 0, 0, 60, 3},
      {"TrappedRookMg", 0, 0, 100, 4},
      {"TrappedRookEg", 0, 0, 100, 4},
      {"RookOnClosedFileMg", 0, 0, 40, 2},
      {"RookOnClosedFileEg", 0, 0, 40, 2},
      {"RestrictedMg", 0, 0, 20, 1},
      {"RestrictedEg", 0, 0, 20, 1},
      {"WeakQueenProtectionMg", 0, 0, 60, 3},
      {"WeakQueenProtectionEg", 0, 0, 60, 3},
      {"WeakLeverMg", 0, 0, 80, 4},
      {"WeakLeverEg", 0, 0, 80, 4},
      {"DoubledIsolatedMg", 0, 0, 80, 4},
      {"DoubledIsolatedEg", 0, 0, 80, 4},
      {"ConnectedOpposedMg", 0, 0, 20, 1},
      {"ConnectedOpposedEg", 0, 0, 20, 1},
      {"PawnSupportMg", 0, 0, 40, 2},
      {"PawnSupportEg", 0, 0, 40, 2},
      {"PawnlessFlankMg", 0, 0, 100, 4},
      {"PawnlessFlankEg", 0, 0, 100, 4},
      {"PassedFileMg", 0, 0, 30, 2},
      {"PassedFileEg", 0, 0, 30, 2},
      {"PassedPathSafeMg", 0, 0, 60, 3},
      {"PassedPathSafeEg", 0, 0, 60, 3},
      {"PassedPathPawnGuardedMg", 0, 0, 60, 3},
      {"PassedPathPawnGuardedEg", 0, 0, 60, 3},
      {"PassedPathFileSafeMg", 0, 0, 60, 3},
      {"PassedPathFileSafeEg", 0, 0, 60, 3},
      {"PassedPathStepSafeMg", 0, 0, 60, 3},
      {"PassedPathStepSafeEg", 0, 0, 60, 3},
      {"PassedPathSupportedMg", 0, 0, 60, 3},
      {"PassedPathSupportedEg", 0, 0, 60, 3},
      {"ShelterNoneMg", 0, -60, 100, 4},
      {"ShelterRank2Mg", 0, -60, 100, 4},
      {"ShelterRank3Mg", 0, -60, 100, 4},
      {"StormRank3Mg", 0, -60, 100, 4},
      {"StormRank4Mg", 0, -60, 100, 4},
      {"StormRank5Mg", 0, -60, 100, 4},
      {"BlockedStormMg", 0, -60, 100, 4},
      {"BlockedStormEg", 0, -60, 100, 4},
      {"WinnablePassed", 0, -40, 60, 2},
      {"WinnablePawns", 0, -40, 60, 2},
      {"WinnableOutflanking", 0, -40, 60, 2},
      {"WinnableBothFlanks", 0, -60, 100, 4},
      {"WinnableInfiltration", 0, -60, 100, 4},
      {"WinnablePawnEnding", 0, -60, 100, 4},
      {"WinnableAlmostUnwinnable", 0, -60, 100, 4},
      {"WinnableBase", 0, -300, 100, 6},
      {"WinnableMgOffset", 50, -100, 100, 4},
      {"KnightPawnsMg", 0, -20, 20, 1},
      {"KnightPawnsEg", 0, -20, 20, 1},
      {"RookPawnsMg", 0, -20, 20, 1},
      {"RookPawnsEg", 0, -20, 20, 1},
      {"RookPairMg", 0, -60, 60, 3},
      {"RookPairEg", 0, -60, 60, 3},
      {"PassedRank2Mg", 0, -60, 60, 3},
      {"PassedRank2Eg", 0, -60, 60, 3},
      {"PassedRank3Mg", 0, -60, 60, 3},
      {"PassedRank3Eg", 0, -60, 60, 3},
      {"PassedRank4Mg", 0, -60, 60, 3},
      {"PassedRank4Eg", 0, -60, 60, 3},
      {"PassedRank5Mg", 0, -80, 80, 4},
      {"PassedRank5Eg", 0, -80, 80, 4},
      {"PassedRank6Mg", 0, -100, 100, 5},
      {"PassedRank6Eg", 0, -100, 100, 5},
      {"PassedRank7Mg", 0, -100, 100, 5},
      {"PassedRank7Eg", 0, -100, 100, 5},
      {"WeakQueenPieceMg", 0, 0, 100, 4},
      {"WeakQueenPieceEg", 0, 0, 100, 4},
      {"BishopXRayPawnsMg", 0, 0, 20, 1},
      {"BishopXRayPawnsEg", 0, 0, 20, 1},
      {"RookOnKingRingMg", 0, 0, 60, 3},
      {"BishopOnKingRingMg", 0, 0, 60, 3},
      {"QueenInfiltrationMg", 0, -40, 40, 2},
      {"QueenInfiltrationEg", 0, -40, 40, 2},
  };
  static const std::vector<ParamSpec> with_pst = [] {
    // Names such as PstKnightMgFileAH and PstKingEgRank1, kept alive for the specs' pointers.
    static std::vector<std::string> names;
    const char* kinds[kPstKinds] = {"Pawn", "Knight", "Bishop", "Rook", "QueenPiece", "King"};
    const char* files[kPstFiles] = {"AH", "BG", "CF", "DE"};
    for (const char* kind : kinds)
      for (const char* phase : {"Mg", "Eg"}) {
        for (const char* file : files)
          names.push_back(absl::StrCat("Pst", kind, phase, "File", file));
        for (int rank = 1; rank <= 8; ++rank)
          names.push_back(absl::StrCat("Pst", kind, phase, "Rank", rank));
      }
    std::vector<ParamSpec> all = specs;
    for (const std::string& name : names) all.push_back({name.c_str(), 0, -200, 200, 4});
    return all;
  }();
  return with_pst;
}

namespace {

// Masks the pawn terms need, computed once.
struct PawnMasks {
  Bitboard forward_file[2][64];  // squares in front of s on its file, from colour c's side
  Bitboard passed_span[2][64];   // forward_file on the file and both neighbours
  Bitboard adjacent_files[8];
  Bitboard king_flank[8];  // a king's flank by its file: files a-d, c-f or e-h
  int centrality[64];      // 0 on the rim .. 3 in the four centre squares

  PawnMasks() {
    for (int f = 0; f < 8; ++f)
      adjacent_files[f] = (f > 0 ? kFileA << (f - 1) : 0) | (f < 7 ? kFileA << (f + 1) : 0);
    for (int f = 0; f < 8; ++f) {
      const int first = f < 3 ? 0 : f < 5 ? 2 : 4;
      king_flank[f] = 0;
      for (int g = first; g < first + 4; ++g) king_flank[f] |= kFileA << g;
    }
    for (Square s = 0; s < 64; ++s) {
      const int f = FileOf(s), r = RankOf(s);
      centrality[s] = std::min(std::min(f, 7 - f), std::min(r, 7 - r));
      const Bitboard file = kFileA << f;
      forward_file[kWhite][s] = file & ~((SquareBB(s) << 1) - 1);
      forward_file[kBlack][s] = file & (SquareBB(s) - 1);
    }
    for (Color c : {kWhite, kBlack})
      for (Square s = 0; s < 64; ++s) {
        passed_span[c][s] = forward_file[c][s];
        if (FileOf(s) > 0) passed_span[c][s] |= forward_file[c][s - 1];
        if (FileOf(s) < 7) passed_span[c][s] |= forward_file[c][s + 1];
      }
  }
};
const PawnMasks masks;

int Centrality(Square s) { return masks.centrality[s]; }
// King steps between two squares (Chebyshev distance).
int Distance(Square a, Square b) {
  return std::max(std::abs(FileOf(a) - FileOf(b)), std::abs(RankOf(a) - RankOf(b)));
}
Bitboard FileMask(int file) { return kFileA << file; }
// The square in front of `sq` from `us`'s side; `sq` must not stand on `us`'s last rank.
Square Forward(Color us, Square sq) { return us == kWhite ? sq + 8 : sq - 8; }
constexpr Bitboard kCentre = (kFileA << 3 | kFileA << 4) & (kRank4 | kRank5);
constexpr Bitboard kCentreFiles = kFileA << 2 | kFileA << 3 | kFileA << 4 | kFileA << 5;

Bitboard PawnAttackSpan(Color c, Bitboard pawns) {
  return c == kWhite ? ((pawns & ~kFileA) << 7) | ((pawns & ~kFileH) << 9)
                     : ((pawns & ~kFileA) >> 9) | ((pawns & ~kFileH) >> 7);
}

// The squares the pawns of `c` attack now or can attack after advancing: every square they
// step through, then its diagonal neighbours ahead.
Bitboard PawnAttackSpanEver(const Position& pos, Color c) {
  Bitboard path = pos.attacking_pawns(c);
  for (int i = 0; i < 6; ++i) path |= c == kWhite ? path << 8 : path >> 8;
  return PawnAttackSpan(c, path);
}

// The outposts of `us`: squares on its fourth to sixth ranks that one of its pawns guards and
// that no enemy pawn can attack, now or after advancing (outside `their_pawn_span`, the enemy's
// PawnAttackSpanEver).
Bitboard Outposts(const Position& pos, Color us, Bitboard their_pawn_span) {
  const Bitboard ranks = us == kWhite ? kRank4 | kRank5 | kRank6 : kRank3 | kRank4 | kRank5;
  return ranks & PawnAttackSpan(us, pos.attacking_pawns(us)) & ~their_pawn_span;
}

// The pieces other than pawns and kings, with their value and mobility weights.
struct PieceTerms {
  PieceType type;
  EvalParam value_mg, value_eg, mob_mg, mob_eg, low_mob_mg, low_mob_eg;
};
constexpr PieceTerms kPieceTerms[] = {
    {kKnight, kKnightMg, kKnightEg, kKnightMobilityMg, kKnightMobilityEg, kKnightLowMobilityMg,
     kKnightLowMobilityEg},
    {kBishop, kBishopMg, kBishopEg, kBishopMobilityMg, kBishopMobilityEg, kBishopLowMobilityMg,
     kBishopLowMobilityEg},
    {kRook, kRookMg, kRookEg, kRookMobilityMg, kRookMobilityEg, kRookLowMobilityMg,
     kRookLowMobilityEg},
    {kQueen, kQueenMg, kQueenEg, kQueenMobilityMg, kQueenMobilityEg, kQueenPieceLowMobilityMg,
     kQueenPieceLowMobilityEg},
    {kBers, kBersMg, kBersEg, kBersMobilityMg, kBersMobilityEg, kQueenPieceLowMobilityMg,
     kQueenPieceLowMobilityEg},
};
// Below this many moves a piece pays its LowMobility weight for each one it lacks.
constexpr int kLowMobilityMoves = 3;

struct Score {
  int mg = 0, eg = 0;
  void Add(int m, int e) { mg += m, eg += e; }
  void Add(const Score& o) { mg += o.mg, eg += o.eg; }
};

// Whether any weight from `first` to `last` is not 0: terms a variant leaves at 0 are not worked
// out, so that they cost it no speed.
bool AnyWeight(const ParamValues& p, EvalParam first, EvalParam last) {
  for (int i = first; i <= last; ++i)
    if (p[i] != 0) return true;
  return false;
}

// The king shelter and pawn storm of `us` (kShelterNoneMg to kBlockedStormEg).
Score ShelterAndStorm(const Position& pos, Color us, Bitboard their_pawn_attacks,
                      const ParamValues& p) {
  const Square king = pos.king_square(us);
  // The king's rank and those ahead of it, from our side.
  const Bitboard ahead =
      us == kWhite ? ~0ull << (8 * RankOf(king)) : ~0ull >> (8 * (7 - RankOf(king)));
  const Bitboard ours = pos.pieces(us, kPawn) & ahead & ~their_pawn_attacks;
  const Bitboard theirs = pos.pieces(~us, kPawn) & ahead;
  // The relative rank of the pawn of `pawns` nearest our side; 0 (no pawn stands on our first
  // rank) where there is none.
  const auto nearest_rank = [us](Bitboard pawns) {
    if (!pawns) return 0;
    return RelativeRank(us, Square(us == kWhite ? LowestBit(pawns) : 63 - std::countl_zero(pawns)));
  };
  const int middle = std::clamp(FileOf(king), 1, 6);
  Score s;
  for (int file = middle - 1; file <= middle + 1; ++file) {
    const int our_rank = nearest_rank(ours & FileMask(file));
    const int their_rank = nearest_rank(theirs & FileMask(file));
    if (our_rank == 0)
      s.Add(-p[kShelterNoneMg], 0);
    else if (our_rank == 1)
      s.Add(p[kShelterRank2Mg], 0);
    else if (our_rank == 2)
      s.Add(p[kShelterRank3Mg], 0);
    if (our_rank != 0 && our_rank == their_rank - 1) {
      if (their_rank == 2) s.Add(-p[kBlockedStormMg], -p[kBlockedStormEg]);
    } else if (their_rank >= 2 && their_rank <= 4) {
      s.Add(-p[kStormRank3Mg + their_rank - 2], 0);
    }
  }
  return s;
}

// Stockfish's winnable adjustment (kWinnablePassed to kWinnableMgOffset) of the scores from
// White's view.
void AdjustWinnable(const Position& pos, Bitboard passed_pawns, const ParamValues& p, int& mg,
                    int& eg) {
  const Square white_king = pos.king_square(kWhite), black_king = pos.king_square(kBlack);
  const int outflanking = std::abs(FileOf(white_king) - FileOf(black_king)) -
                          std::abs(RankOf(white_king) - RankOf(black_king));
  const Bitboard pawns = pos.pieces(kPawn);
  constexpr Bitboard kQueenSide = kFileA | kFileA << 1 | kFileA << 2 | kFileA << 3;
  const bool both_flanks = (pawns & kQueenSide) && (pawns & ~kQueenSide);
  const bool almost_unwinnable = outflanking < 0 && !both_flanks;
  const bool infiltration = RankOf(white_king) > 3 || RankOf(black_king) < 4;
  const bool pawn_ending = pos.pieces() == (pawns | pos.pieces(kKing));
  const int complexity =
      p[kWinnablePassed] * PopCount(passed_pawns) + p[kWinnablePawns] * PopCount(pawns) +
      p[kWinnableOutflanking] * outflanking + p[kWinnableBothFlanks] * both_flanks +
      p[kWinnableInfiltration] * infiltration + p[kWinnablePawnEnding] * pawn_ending -
      p[kWinnableAlmostUnwinnable] * almost_unwinnable + p[kWinnableBase];
  const auto sign = [](int v) { return (v > 0) - (v < 0); };
  mg += sign(mg) * std::clamp(complexity + p[kWinnableMgOffset], -std::abs(mg), 0);
  eg += sign(eg) * std::max(complexity, -std::abs(eg));
}

constexpr PstKind kPstKindOf[kPieceTypeCount] = {
    kPstPawn, kPstPawn, kPstKnight, kPstBishop, kPstRook, kPstQueenPiece, kPstQueenPiece, kPstKing};

// The piece-square terms of every piece type on every square, for each side: one load per
// piece in the evaluation where the weights themselves would take four. Each search thread
// builds its own copy when the weights change (ParamValues::version), so no thread waits.
struct PstTable {
  uint64_t version = 0;  // the version of the weights it was built from; 0: never built
  Score by[kPieceTypeCount][2][64];
};

const PstTable& PstTableOf(const ParamValues& p) {
  thread_local PstTable table;
  if (table.version == p.version()) return table;
  for (int type = kPawn; type <= kKing; ++type)
    for (Color c : {kWhite, kBlack})
      for (Square sq = 0; sq < 64; ++sq) {
        const int file = std::min<int>(FileOf(sq), 7 - FileOf(sq));
        const int rank = kPstFiles + RelativeRank(c, sq);
        const PstKind kind = kPstKindOf[type];
        table.by[type][c][sq] = {p[PstIndex(kind, false, file)] + p[PstIndex(kind, false, rank)],
                                 p[PstIndex(kind, true, file)] + p[PstIndex(kind, true, rank)]};
      }
  table.version = p.version();
  return table;
}

constexpr int kPhaseWeight[kPieceTypeCount] = {0, 0, 1, 1, 2, 4, 3, 0};
constexpr int kMaxPhase = 24;
// King-attack units per attacking piece type.
constexpr int kAttackUnits[kPieceTypeCount] = {0, 0, 2, 2, 3, 5, 4, 0};
// King-attack units per safe check.
constexpr int kCheckUnits = 2;

// The squares each side attacks, gathered while its pieces are scored, for the threats.
struct Attacks {
  Bitboard by_pawns = 0;
  Bitboard by_type[kPieceTypeCount] = {};  // knights, bishops, rooks, queen pieces and the king
  Bitboard all = 0;                        // every piece, the king included
  Bitboard twice = 0;                      // by two pieces or more
  Bitboard passed_pawns = 0;               // the side's passed pawns, for PassedPaths
  // Pieces bearing on the enemy king's zone, and their weight (kAttackUnits per zone square).
  int king_attackers = 0, king_attack_units = 0;
};

// What the pawns of one side score by themselves: the terms that depend on the two pawn sets
// alone (and on which waiting pawns have stepped back), cached per pawn structure
// (PawnStructureOf).
struct PawnSide {
  Score score;
  Bitboard passed = 0;     // the side's passed pawns
  Bitboard span_ever = 0;  // PawnAttackSpanEver of the side
  Bitboard outposts = 0;   // Outposts of the side
};

// Fills `out` for `us`; `their_span_ever` is the enemy's PawnAttackSpanEver.
void EvaluatePawns(const Position& pos, Color us, const ParamValues& p, const PstTable& pst,
                   Bitboard their_span_ever, PawnSide& out) {
  const Color them = ~us;
  Score s;
  const Bitboard our_pawns = pos.pieces(us, kPawn), their_pawns = pos.pieces(them, kPawn);
  const Bitboard their_pawn_attacks = PawnAttackSpan(them, their_pawns);
  out.passed = 0;
  out.outposts = Outposts(pos, us, their_span_ever);
  // Under folk promotion a waiting pawn (on its last rank, or stepped back once; see
  // position.h) is scored as a passed pawn on its rank: well above a pawn, below the bers it
  // will become, which is about right for a piece two or three moves from promoting.
  for (Bitboard b = our_pawns; b;) {
    const Square sq = PopLowestBit(b);
    const int rank = RelativeRank(us, sq);
    s.Add(p[kPawnMg] + p[kPawnAdvanceMg] * (rank - 1), p[kPawnEg] + p[kPawnAdvanceEg] * (rank - 1));
    s.Add(pst.by[kPawn][us][sq]);
    // Connected: defended by a pawn, or beside one (a phalanx, worth half as much again).
    const Bitboard rank_mask = 0xFFull << (8 * RankOf(sq));
    const bool phalanx = masks.adjacent_files[FileOf(sq)] & rank_mask & our_pawns;
    const bool opposed = masks.forward_file[us][sq] & their_pawns;
    // Our pawns that defend this one, and the enemy pawns that attack it.
    const Bitboard support = PawnAttacks(them, sq) & pos.attacking_pawns(us);
    const Bitboard levers = PawnAttacks(us, sq) & pos.attacking_pawns(them);
    if (phalanx || support) {
      const int weight = rank * (phalanx ? 3 : 2);  // rank 1 .. 6 (waiting pawns: 7)
      s.Add(p[kConnectedPawnMg] * weight / 2, p[kConnectedPawnEg] * weight / 2);
      if (opposed) s.Add(-p[kConnectedOpposedMg] * rank, -p[kConnectedOpposedEg] * rank);
      const int supporters = PopCount(support);
      s.Add(p[kPawnSupportMg] * supporters, p[kPawnSupportEg] * supporters);
    } else if (MoreThanOne(levers)) {
      s.Add(-p[kWeakLeverMg], -p[kWeakLeverEg]);
    }
    if (masks.forward_file[us][sq] & our_pawns) s.Add(-p[kDoubledPawnMg], -p[kDoubledPawnEg]);
    bool weak = false;  // isolated or backward
    if (!(masks.adjacent_files[FileOf(sq)] & our_pawns)) {
      s.Add(-p[kIsolatedPawnMg], -p[kIsolatedPawnEg]);
      // Doubled behind, and no enemy pawn beside to trade it off against.
      if (opposed && (masks.forward_file[them][sq] & our_pawns) &&
          !(masks.adjacent_files[FileOf(sq)] & their_pawns))
        s.Add(-p[kDoubledIsolatedMg], -p[kDoubledIsolatedEg]);
      weak = true;
    } else if (rank <= 6 &&
               !(masks.adjacent_files[FileOf(sq)] & our_pawns & ~masks.passed_span[us][sq]) &&
               (their_pawn_attacks & SquareBB(Forward(us, sq)))) {
      // Backward: every neighbour has gone ahead, and stepping up would lose the pawn.
      s.Add(-p[kBackwardPawnMg], -p[kBackwardPawnEg]);
      weak = true;
    }
    // Unopposed, a weak pawn is open to the enemy's rooks along its file.
    if (weak && !opposed) s.Add(-p[kWeakUnopposedPawnMg], -p[kWeakUnopposedPawnEg]);
    if ((rank == 4 || rank == 5) && (their_pawns & SquareBB(Forward(us, sq))))
      s.Add(-p[kBlockedPawnMg], -p[kBlockedPawnEg]);
    const Bitboard front_span = masks.passed_span[us][sq];
    if (!(front_span & their_pawns)) {
      const int r = rank - 1;  // 0..5
      out.passed |= SquareBB(sq);
      s.Add(p[kPassedPawnMg] * r * r / 4, p[kPassedPawnEg] * r * r / 4);
      if (rank <= 6) s.Add(p[kPassedRank2Mg + 2 * r], p[kPassedRank2Eg + 2 * r]);
      const int from_edge = std::min(FileOf(sq), 7 - FileOf(sq));
      s.Add(-p[kPassedFileMg] * from_edge, -p[kPassedFileEg] * from_edge);
    }
  }
  out.score = s;
}

// The pawn structure's terms for both sides, from a small table per search thread: an entry
// keeps the pawn sets and the version of the weights it was computed from, so a hit is exact.
// Search revisits few pawn structures, so nearly every evaluation hits.
struct PawnStructure {
  Bitboard pawns[2] = {0, 0};
  Bitboard stepped = 0;
  uint64_t version = 0;  // of the weights; 0: never computed
  PawnSide side[2];
};
constexpr size_t kPawnStructureEntries = 1 << 13;

const PawnStructure& PawnStructureOf(const Position& pos, const ParamValues& p,
                                     const PstTable& pst) {
  thread_local std::vector<PawnStructure> table(kPawnStructureEntries);
  const Bitboard white = pos.pieces(kWhite, kPawn), black = pos.pieces(kBlack, kPawn);
  const Bitboard stepped = pos.folk_stepped();
  PawnStructure& e = table[MixSeed(white, black ^ stepped) & (kPawnStructureEntries - 1)];
  if (e.version == p.version() && e.pawns[kWhite] == white && e.pawns[kBlack] == black &&
      e.stepped == stepped)
    return e;
  e.pawns[kWhite] = white, e.pawns[kBlack] = black, e.stepped = stepped;
  for (Color c : {kWhite, kBlack}) e.side[c].span_ever = PawnAttackSpanEver(pos, c);
  for (Color c : {kWhite, kBlack}) EvaluatePawns(pos, c, p, pst, e.side[~c].span_ever, e.side[c]);
  e.version = p.version();
  return e;
}

Score EvaluateSide(const Position& pos, Color us, const ParamValues& p, const PstTable& pst,
                   const PawnStructure& structure, int& phase, Attacks& attacks_out) {
  const Color them = ~us;
  Score s;
  const Bitboard occupied = pos.pieces();
  const Bitboard ours = pos.pieces(us);
  const Bitboard their_pawn_attacks = PawnAttackSpan(them, pos.pieces(them, kPawn));
  const Bitboard mobility_area = ~ours & ~their_pawn_attacks;
  const Square their_king = pos.king_square(them);
  const Bitboard king_zone = KingAttacks(their_king) | SquareBB(their_king);
  const Square our_king = pos.king_square(us);
  const Bitboard their_pawn_span = structure.side[them].span_ever;
  const Bitboard outposts = structure.side[us].outposts;
  const Bitboard our_pawns = pos.pieces(us, kPawn), their_pawns = pos.pieces(them, kPawn);
  const Bitboard defended_by_pawns = PawnAttackSpan(us, pos.attacking_pawns(us));
  // Our pawns that cannot step: the square in front is taken.
  const Bitboard blocked_pawns = our_pawns & (us == kWhite ? occupied >> 8 : occupied << 8);

  for (const PieceTerms& t : kPieceTerms) {
    for (Bitboard b = pos.pieces(us, t.type); b;) {
      const Square sq = PopLowestBit(b);
      phase += kPhaseWeight[t.type];
      s.Add(p[t.value_mg], p[t.value_eg]);
      s.Add(pst.by[t.type][us][sq]);
      const Bitboard attacks = AttacksOf(t.type, sq, occupied);
      attacks_out.twice |= attacks_out.all & attacks;
      attacks_out.all |= attacks;
      attacks_out.by_type[t.type] |= attacks;
      const int mobility = PopCount(attacks & mobility_area);
      s.Add(p[t.mob_mg] * mobility, p[t.mob_eg] * mobility);
      const int lacking = std::max(0, kLowMobilityMoves - mobility);
      s.Add(-p[t.low_mob_mg] * lacking, -p[t.low_mob_eg] * lacking);
      if (attacks & king_zone) {
        ++attacks_out.king_attackers;
        attacks_out.king_attack_units += kAttackUnits[t.type] * PopCount(attacks & king_zone);
      }
      if (t.type == kKnight) {
        s.Add(p[kKnightCentreMg] * Centrality(sq), 0);
        if (outposts & SquareBB(sq))
          s.Add(p[kKnightOutpostMg], p[kKnightOutpostEg]);
        else if (attacks & outposts & ~ours)
          s.Add(p[kReachableOutpostMg], p[kReachableOutpostEg]);
      }
      if (t.type == kBishop) {
        s.Add(p[kBishopCentreMg] * Centrality(sq), 0);
        const int xray_pawns = PopCount(AttacksOf(kBishop, sq, 0) & their_pawns);
        s.Add(-p[kBishopXRayPawnsMg] * xray_pawns, -p[kBishopXRayPawnsEg] * xray_pawns);
        if (!(attacks & king_zone) && (AttacksOf(kBishop, sq, pos.pieces(kPawn)) & king_zone))
          s.Add(p[kBishopOnKingRingMg], 0);
        if (outposts & SquareBB(sq)) s.Add(p[kBishopOutpostMg], p[kBishopOutpostEg]);
        if (MoreThanOne(AttacksOf(kBishop, sq, pos.pieces(kPawn)) & kCentre))
          s.Add(p[kBishopLongDiagonalMg], p[kBishopLongDiagonalEg]);
        // Our pawns on the bishop's colour block it, the more so where our central pawns are
        // stuck and the bishop stands outside its pawn chain.
        const Bitboard colour = (kDarkSquares & SquareBB(sq)) ? kDarkSquares : ~kDarkSquares;
        const int stuck =
            (defended_by_pawns & SquareBB(sq) ? 0 : 1) + PopCount(blocked_pawns & kCentreFiles);
        const int weight = PopCount(our_pawns & colour) * stuck;
        s.Add(-p[kBishopPawnsMg] * weight, -p[kBishopPawnsEg] * weight);
      }
      if (t.type == kKnight || t.type == kBishop) {
        const int distance = Distance(sq, our_king);
        s.Add(-p[kKingProtectorMg] * distance, -p[kKingProtectorEg] * distance);
        if (RelativeRank(us, sq) < 7 && (pos.pieces(kPawn) & SquareBB(Forward(us, sq))))
          s.Add(p[kMinorBehindPawnMg], p[kMinorBehindPawnEg]);
      }
      if (t.type == kRook) {
        // Semi-open (no pawn of ours on the file), and open (no pawn at all) on top.
        if (!(FileMask(FileOf(sq)) & pos.pieces(us, kPawn))) {
          s.Add(p[kRookSemiOpenFileMg], p[kRookSemiOpenFileEg]);
          if (!(FileMask(FileOf(sq)) & pos.pieces(kPawn))) s.Add(p[kRookOpenFileMg], 0);
        } else if (FileMask(FileOf(sq)) & blocked_pawns) {
          s.Add(-p[kRookOnClosedFileMg], -p[kRookOnClosedFileEg]);
        }
        // Few moves, and the king stands between the rook and the centre: it cannot get out.
        const int king_file = FileOf(our_king);
        if (mobility <= kLowMobilityMoves && (king_file < 4) == (FileOf(sq) < king_file))
          s.Add(-p[kTrappedRookMg], -p[kTrappedRookEg]);
        if (RelativeRank(us, sq) == 6) s.Add(0, p[kRookSeventhEg]);
        if (!(attacks & king_zone) && (FileMask(FileOf(sq)) & king_zone))
          s.Add(p[kRookOnKingRingMg], 0);
        if (FileMask(FileOf(sq)) & (pos.pieces(them, kQueen) | pos.pieces(them, kBers)))
          s.Add(p[kRookOnQueenFileMg], p[kRookOnQueenFileEg]);
      }
      if (t.type == kQueen || t.type == kBers) {
        // An enemy slider behind a single unit of either side: the queen piece is pinned, or a
        // discovered attack on it waits.
        const auto xrayed_by = [&](PieceType slider) {
          const Bitboard lines = AttacksOf(slider, sq, occupied);
          const Bitboard behind = AttacksOf(slider, sq, occupied & ~lines) & ~lines;
          return (behind & pos.pieces(them, slider)) != 0;
        };
        if (AnyWeight(p, kWeakQueenPieceMg, kWeakQueenPieceEg) &&
            (xrayed_by(kRook) || xrayed_by(kBishop)))
          s.Add(-p[kWeakQueenPieceMg], -p[kWeakQueenPieceEg]);
        if (RelativeRank(us, sq) >= 4 && !(their_pawn_span & SquareBB(sq)))
          s.Add(p[kQueenInfiltrationMg], p[kQueenInfiltrationEg]);
      }
    }
  }
  if (MoreThanOne(pos.pieces(us, kBishop))) s.Add(p[kBishopPairMg], p[kBishopPairEg]);
  {
    const int pawns = PopCount(our_pawns);
    const int knights = PopCount(pos.pieces(us, kKnight));
    const int rooks = PopCount(pos.pieces(us, kRook));
    s.Add(p[kKnightPawnsMg] * knights * (pawns - 5), p[kKnightPawnsEg] * knights * (pawns - 5));
    s.Add(p[kRookPawnsMg] * rooks * (5 - pawns), p[kRookPawnsEg] * rooks * (5 - pawns));
    if (rooks >= 2) s.Add(-p[kRookPairMg], -p[kRookPairEg]);
  }

  // Pawns: the terms of the pawn structure alone come from the cache (EvaluatePawns); those
  // that depend on the kings and the other pieces are worked out here.
  const PawnSide& our_structure = structure.side[us];
  s.Add(our_structure.score);
  attacks_out.passed_pawns = our_structure.passed;
  int nearest_pawn = 0;  // king steps from our king to our nearest pawn; 0 without pawns
  for (Bitboard b = our_pawns; b;) {
    const int distance = Distance(PopLowestBit(b), our_king);
    if (nearest_pawn == 0 || distance < nearest_pawn) nearest_pawn = distance;
  }
  for (Bitboard b = our_structure.passed; b;) {
    const Square sq = PopLowestBit(b);
    const int rank = RelativeRank(us, sq);
    // From the fourth rank on: the square in front decides how soon it can run. In the
    // endgame the enemy king near that square stops the pawn and ours escorts it.
    if (rank >= 3 && rank <= 6) {
      const int w = rank - 2;  // 1 .. 4
      const Square front = Forward(us, sq);
      s.Add(0, w * p[kPassedKingEg] *
                   (5 * Distance(front, pos.king_square(them)) - 2 * Distance(front, our_king)) /
                   4);
      if (!(occupied & SquareBB(front))) s.Add(w * p[kPassedFreeMg], w * p[kPassedFreeEg]);
    }
  }
  // Space: the squares of the four central files on our second to fourth ranks that no pawn of
  // ours stands on and no enemy pawn attacks, counted twice where they lie behind our pawns.
  // Room to manoeuvre matters while many pieces need it, so the weight grows with them.
  {
    const Bitboard our_ranks = us == kWhite ? kRank2 | kRank3 | kRank4 : kRank5 | kRank6 | kRank7;
    const Bitboard safe = kCentreFiles & our_ranks & ~our_pawns & ~their_pawn_attacks;
    Bitboard behind = our_pawns;
    behind |= us == kWhite ? behind >> 8 : behind << 8;
    behind |= us == kWhite ? behind >> 16 : behind << 16;
    const int bonus = PopCount(safe) + PopCount(safe & behind);
    const int weight = std::max(0, PopCount(ours) - 3);
    s.Add(p[kSpaceMg] * bonus * weight * weight / 256, 0);
  }
  // King: shelter in the middlegame, centralisation in the endgame.
  const Bitboard around = KingAttacks(our_king) | SquareBB(our_king);
  const Bitboard shelter = (us == kWhite ? around << 8 : around >> 8) | around;
  s.Add(p[kKingShelterMg] * PopCount(shelter & our_pawns), 0);
  if (AnyWeight(p, kShelterNoneMg, kBlockedStormEg))
    s.Add(ShelterAndStorm(pos, us, their_pawn_attacks, p));
  s.Add(0, p[kKingCentreEg] * Centrality(our_king));
  s.Add(0, -p[kKingPawnDistanceEg] * nearest_pawn);
  if (!(masks.king_flank[FileOf(our_king)] & pos.pieces(kPawn)))
    s.Add(-p[kPawnlessFlankMg], -p[kPawnlessFlankEg]);
  s.Add(pst.by[kKing][us][our_king]);
  attacks_out.by_pawns = defended_by_pawns;
  attacks_out.twice |= attacks_out.all & defended_by_pawns;
  attacks_out.all |= defended_by_pawns;
  attacks_out.by_type[kKing] = KingAttacks(our_king);
  attacks_out.twice |= attacks_out.all & KingAttacks(our_king);
  attacks_out.all |= KingAttacks(our_king);
  return s;
}

// Threats of `us` against the enemy pieces: attacked by a lesser piece, or attacked and not
// defended. They matter most where the search is shallow: a piece that must move costs the
// opponent a tempo, and a hanging one often falls.
Score Threats(const Position& pos, Color us, const Attacks& ours, const Attacks& theirs,
              const ParamValues& p) {
  const Color them = ~us;
  const Bitboard pieces = pos.pieces(them) & ~pos.pieces(them, kPawn) & ~pos.pieces(them, kKing);
  const Bitboard queen_pieces = pos.pieces(them, kQueen) | pos.pieces(them, kBers);
  const Bitboard majors = pos.pieces(them, kRook) | queen_pieces;
  Score s;
  const int by_pawn = PopCount(ours.by_pawns & pieces);
  const int by_minor = PopCount((ours.by_type[kKnight] | ours.by_type[kBishop]) & majors);
  const int by_rook = PopCount(ours.by_type[kRook] & queen_pieces);
  const int hanging = PopCount(ours.all & ~theirs.all & (pieces | pos.pieces(them, kPawn)));
  // Weak units: attacked, and protected by no pawn and by fewer pieces than attack them.
  const Bitboard strongly_protected = theirs.by_pawns | (theirs.twice & ~ours.twice);
  const Bitboard weak = pos.pieces(them) & ~strongly_protected & ours.all;
  const Bitboard minors = pos.pieces(them, kKnight) | pos.pieces(them, kBishop);
  const Bitboard their_pawns = pos.pieces(them, kPawn);
  const Bitboard by_our_minors = ours.by_type[kKnight] | ours.by_type[kBishop];
  const int minor_on_minor = PopCount(by_our_minors & minors);
  const int minor_on_pawn = PopCount(by_our_minors & weak & their_pawns);
  const int rook_on_minor = PopCount(ours.by_type[kRook] & weak & minors);
  const int rook_on_pawn = PopCount(ours.by_type[kRook] & weak & their_pawns);
  const int by_king = PopCount(ours.by_type[kKing] & weak & ~pos.pieces(them, kKing));
  // Squares where the enemy's pieces could go but we contest; weak units that only the enemy
  // queen piece defends tie it down.
  const int restricted = PopCount(theirs.all & ~strongly_protected & ours.all);
  const int queen_protects = PopCount(weak & (theirs.by_type[kQueen] | theirs.by_type[kBers]));
  // A pawn step to a square where the pawn is safe (not attacked, or defended) that would attack
  // an enemy piece: a threat one move away, often a fork.
  const Bitboard pawns = pos.attacking_pawns(us);
  const Bitboard pushed = (us == kWhite ? pawns << 8 : pawns >> 8) & ~pos.pieces();
  const Bitboard safe_pushes = pushed & (~theirs.all | ours.all);
  const int by_push = PopCount(PawnAttackSpan(us, safe_pushes) & pieces);
  // The lone enemy queen piece: safe squares from which a knight, or a bishop or rook backed
  // by a second piece, would attack it next move.
  if (queen_pieces && !MoreThanOne(queen_pieces)) {
    const Square queen = Square(LowestBit(queen_pieces));
    const Bitboard safe = ~pos.pieces(us) & ~theirs.by_pawns & ~strongly_protected;
    const int knight = PopCount(ours.by_type[kKnight] & KnightAttacks(queen) & safe);
    const Bitboard sliders = (ours.by_type[kBishop] & AttacksOf(kBishop, queen, pos.pieces())) |
                             (ours.by_type[kRook] & AttacksOf(kRook, queen, pos.pieces()));
    const int slider = PopCount(sliders & safe & ours.twice);
    s.Add(p[kKnightOnQueenMg] * knight + p[kSliderOnQueenMg] * slider,
          p[kKnightOnQueenEg] * knight + p[kSliderOnQueenEg] * slider);
  }
  s.Add(p[kThreatMinorOnMinorMg] * minor_on_minor + p[kThreatMinorOnPawnMg] * minor_on_pawn +
            p[kThreatRookOnMinorMg] * rook_on_minor + p[kThreatRookOnPawnMg] * rook_on_pawn +
            p[kThreatByKingMg] * by_king + p[kRestrictedMg] * restricted +
            p[kWeakQueenProtectionMg] * queen_protects,
        p[kThreatMinorOnMinorEg] * minor_on_minor + p[kThreatMinorOnPawnEg] * minor_on_pawn +
            p[kThreatRookOnMinorEg] * rook_on_minor + p[kThreatRookOnPawnEg] * rook_on_pawn +
            p[kThreatByKingEg] * by_king + p[kRestrictedEg] * restricted +
            p[kWeakQueenProtectionEg] * queen_protects);
  s.Add(
      p[kThreatByPawnMg] * by_pawn + p[kThreatByMinorMg] * by_minor + p[kThreatByRookMg] * by_rook +
          p[kHangingMg] * hanging + p[kThreatByPawnPushMg] * by_push,
      p[kThreatByPawnEg] * by_pawn + p[kThreatByMinorEg] * by_minor + p[kThreatByRookEg] * by_rook +
          p[kHangingEg] * hanging + p[kThreatByPawnPushEg] * by_push);
  return s;
}

// How freely the passed pawns of `us` can run (kPassedPathSafeMg and the weights after it).
Score PassedPaths(const Position& pos, Color us, const Attacks& ours, const Attacks& theirs,
                  const ParamValues& p) {
  const Color them = ~us;
  const Bitboard heavy = pos.pieces(kRook) | pos.pieces(kQueen) | pos.pieces(kBers);
  Score s;
  for (Bitboard b = ours.passed_pawns; b;) {
    const Square sq = PopLowestBit(b);
    const int rank = RelativeRank(us, sq);
    if (rank < 3 || rank > 6) continue;
    const Square front = Forward(us, sq);
    if (pos.pieces() & SquareBB(front)) continue;
    const int w = rank - 2;  // 1 .. 4
    const Bitboard behind = masks.forward_file[them][sq] & heavy;
    Bitboard unsafe = masks.passed_span[us][sq];
    if (!(behind & pos.pieces(them))) unsafe &= theirs.all | pos.pieces(them);
    int level = -1;  // the middlegame weight of the level that holds; its endgame one follows
    if (!unsafe)
      level = kPassedPathSafeMg;
    else if (!(unsafe & ~ours.by_pawns))
      level = kPassedPathPawnGuardedMg;
    else if (!(unsafe & masks.forward_file[us][sq]))
      level = kPassedPathFileSafeMg;
    else if (!(unsafe & SquareBB(front)))
      level = kPassedPathStepSafeMg;
    if (level >= 0) s.Add(w * p[level], w * p[level + 1]);
    if ((behind & pos.pieces(us)) || (ours.all & SquareBB(front)))
      s.Add(w * p[kPassedPathSupportedMg], w * p[kPassedPathSupportedEg]);
  }
  return s;
}

// King danger of `us` against the enemy king. Safe checks: squares from which one of our
// pieces can check the enemy king, that no enemy piece guards and none of ours stands on. They
// measure king danger better than attacks on the zone alone: a check the defender cannot
// answer by capture costs him tempo and often material. Each counts once on its own and, as
// kCheckUnits attack units, in the danger of the pieces bearing on the king's zone, which is
// quadratic: attackers and checks together are worth more than apart.
Score KingDanger(const Position& pos, Color us, const Attacks& ours, const Attacks& theirs,
                 const ParamValues& p) {
  const Square king = pos.king_square(~us);
  const Bitboard occupied = pos.pieces();
  const Bitboard safe = ~theirs.all & ~pos.pieces(us);
  int checks = 0;
  for (PieceType type : {kKnight, kBishop, kRook, kQueen, kBers})
    checks += PopCount(AttacksOf(type, king, occupied) & ours.by_type[type] & safe);
  Score s;
  s.Add(p[kSafeCheckMg] * checks, p[kSafeCheckEg] * checks);
  if (ours.king_attackers >= 2) {
    const int units = ours.king_attack_units + kCheckUnits * checks;
    s.Add(p[kKingAttackWeight] * units * units / 16, 0);
  }
  return s;
}

}  // namespace

int EndgameScale(const Position& pos, Color strong, const ParamValues& p) {
  if (pos.pieces(strong, kPawn)) return 64;
  const auto material = [&](Color c) {
    int sum = 0;
    for (const PieceTerms& t : kPieceTerms) sum += p[t.value_mg] * PopCount(pos.pieces(c, t.type));
    return sum;
  };
  const int ours = material(strong), theirs = material(~strong);
  if (ours - theirs > p[kBishopMg]) return 64;
  if (ours < p[kRookMg]) return 0;
  return theirs <= p[kBishopMg] ? 4 : 14;
}

namespace {

// The side ahead against a lone pawn: the further the pawn stands, the more often it is drawn
// (it promotes, or ties the king to its blockade), and a lone rook nearly never wins.
int LonePawnScale(const Position& pos, Color strong, const ParamValues& p) {
  const Color weak = ~strong;
  const Bitboard rooks = pos.pieces(strong, kRook);
  if (pos.pieces(strong) == (rooks | pos.pieces(strong, kKing)) && !MoreThanOne(rooks))
    return p[kRookAgainstPawnScale];
  switch (RelativeRank(weak, Square(LowestBit(pos.pieces(weak, kPawn))))) {
    case 4:
      return p[kLonePawnRank5Scale];
    case 5:
      return p[kLonePawnRank6Scale];
    case 6:
      return p[kLonePawnRank7Scale];
    default:
      return p[kLonePawnScale];
  }
}

}  // namespace

int BareKingScale(const Position& pos, Color strong, const ParamValues& p) {
  if (!pos.rules().bare_king_draw) return 64;
  const Color weak = ~strong;
  const Bitboard units = pos.pieces(weak) & ~pos.pieces(weak, kKing);
  const Bitboard pawns = pos.pieces(weak, kPawn);
  switch (PopCount(units)) {
    case 1:
      if (pawns) return LonePawnScale(pos, strong, p);
      if (units & (pos.pieces(weak, kKnight) | pos.pieces(weak, kBishop)))
        return p[kLoneMinorScale];
      return p[kLoneMajorScale];
    case 2:
      return units == pawns ? p[kTwoPawnsScale] : p[kTwoUnitsScale];
    default:
      return 64;
  }
}

int PawnsAheadScale(const Position& pos, Color strong, const ParamValues& p) {
  if (!pos.rules().bare_king_draw) return 64;
  const Color weak = ~strong;
  if (PopCount(pos.pieces(weak) & ~pos.pieces(weak, kKing)) <= 2) return 64;  // BareKingScale's
  const int pawns = PopCount(pos.pieces(strong, kPawn));
  return std::min(64, p[kPawnsAheadScaleBase] + p[kPawnsAheadScalePerPawn] * pawns);
}

int Evaluate(const Position& pos, const ParamValues& params) {
  int phase = 0;
  Attacks attacks[2];
  const PstTable& pst = PstTableOf(params);
  const PawnStructure& structure = PawnStructureOf(pos, params, pst);
  const Score white = EvaluateSide(pos, kWhite, params, pst, structure, phase, attacks[kWhite]);
  const Score black = EvaluateSide(pos, kBlack, params, pst, structure, phase, attacks[kBlack]);
  const Score white_threats = Threats(pos, kWhite, attacks[kWhite], attacks[kBlack], params);
  const Score black_threats = Threats(pos, kBlack, attacks[kBlack], attacks[kWhite], params);
  const Score white_king = KingDanger(pos, kWhite, attacks[kWhite], attacks[kBlack], params);
  const Score black_king = KingDanger(pos, kBlack, attacks[kBlack], attacks[kWhite], params);
  const Score white_passed = PassedPaths(pos, kWhite, attacks[kWhite], attacks[kBlack], params);
  const Score black_passed = PassedPaths(pos, kBlack, attacks[kBlack], attacks[kWhite], params);
  phase = std::min(phase, kMaxPhase);
  int mg = white.mg - black.mg + white_threats.mg - black_threats.mg + white_king.mg -
           black_king.mg + white_passed.mg - black_passed.mg;
  int eg = white.eg - black.eg + white_threats.eg - black_threats.eg + white_king.eg -
           black_king.eg + white_passed.eg - black_passed.eg;
  if (AnyWeight(params, kWinnablePassed, kWinnableBase) || params[kWinnableMgOffset] < 0)
    AdjustWinnable(pos, attacks[kWhite].passed_pawns | attacks[kBlack].passed_pawns, params, mg,
                   eg);
  if (eg != 0) {
    const Color strong = eg > 0 ? kWhite : kBlack;
    eg =
        eg * std::min(EndgameScale(pos, strong, params), PawnsAheadScale(pos, strong, params)) / 64;
  }
  int score = (mg * phase + eg * (kMaxPhase - phase)) / kMaxPhase;
  if (score != 0) score = score * BareKingScale(pos, score > 0 ? kWhite : kBlack, params) / 64;
  return (pos.side_to_move() == kWhite ? score : -score) + params[kTempo];
}

}  // namespace tumen::shatar
