// Static evaluation of the 8x8 family: material, centralisation, mobility, space, king safety,
// pawn structure and threats, tapered between middlegame and endgame, the endgame part scaled
// down where the side ahead cannot mate, and the whole score where a bare king draws and the
// side behind has one or two units left. Every weight is a named parameter (ShatarEvalSpecs()),
// so SPSA jobs on the farm can tune it.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_EVALUATE_H_
#define TUMEN_ENGINE_GAMES_SHATAR_EVALUATE_H_

#include <vector>

#include "engine/core/params.h"
#include "engine/games/shatar/position.h"

namespace tumen::shatar {

// Indexes into ShatarEvalSpecs(); Mg/Eg pairs are middlegame and endgame weights.
enum EvalParam : int {
  kPawnMg,
  kPawnEg,
  kKnightMg,
  kKnightEg,
  kBishopMg,
  kBishopEg,
  kRookMg,
  kRookEg,
  kQueenMg,
  kQueenEg,
  kBersMg,
  kBersEg,
  kKnightMobilityMg,
  kKnightMobilityEg,
  kBishopMobilityMg,
  kBishopMobilityEg,
  kRookMobilityMg,
  kRookMobilityEg,
  kQueenMobilityMg,
  kQueenMobilityEg,
  kBersMobilityMg,
  kBersMobilityEg,
  kKnightCentreMg,
  kBishopCentreMg,
  kKingCentreEg,
  kPawnAdvanceMg,
  kPawnAdvanceEg,
  kDoubledPawnMg,
  kDoubledPawnEg,
  kIsolatedPawnMg,
  kIsolatedPawnEg,
  kPassedPawnMg,
  kPassedPawnEg,
  kKingAttackWeight,
  kKingShelterMg,
  kRookOpenFileMg,
  kRookSeventhEg,
  kBishopPairMg,
  kBishopPairEg,
  kTempo,
  kThreatByPawnMg,  // an enemy piece (not a pawn) attacked by a pawn
  kThreatByPawnEg,
  kThreatByMinorMg,  // an enemy rook or queen piece attacked by a knight or bishop
  kThreatByMinorEg,
  kThreatByRookMg,  // an enemy queen piece attacked by a rook
  kThreatByRookEg,
  kHangingMg,  // an enemy piece attacked and not defended
  kHangingEg,
  kPassedKingEg,  // a passed pawn's path: the enemy king far from it, ours near
  kPassedFreeMg,  // a passed pawn whose next square is empty
  kPassedFreeEg,
  kConnectedPawnMg,  // a pawn defended by a pawn or beside one, more the further it stands
  kConnectedPawnEg,
  kRookSemiOpenFileMg,  // a rook on a file without pawns of its own side
  kRookSemiOpenFileEg,
  kSafeCheckMg,  // a square our piece can check the enemy king from, unguarded and free
  kSafeCheckEg,
  kThreatByPawnPushMg,  // an enemy piece a safe pawn step away from being attacked by the pawn
  kThreatByPawnPushEg,
  kSpaceMg,          // safe central squares behind our pawn front, weighted by the pieces left
  kKnightOnQueenMg,  // a safe square from which our knight would attack the lone queen piece
  kKnightOnQueenEg,
  kSliderOnQueenMg,  // the same for a bishop or rook that a second piece backs
  kSliderOnQueenEg,
  // Bare king draws (shatar-traditional): the share, of 64, of the score left to the side ahead
  // when the other side has only these units besides its king.
  kLoneMajorScale,      // a rook or queen piece
  kLoneMinorScale,      // a knight or bishop
  kLonePawnScale,       // a pawn on its second to fourth rank
  kLonePawnRank5Scale,  // a pawn further up draws more often: it promotes unless blocked
  kLonePawnRank6Scale,
  kLonePawnRank7Scale,
  kRookAgainstPawnScale,  // a lone pawn against a lone rook (no pawn) draws nearly always
  kTwoUnitsScale,         // two, one of them a piece
  kTwoPawnsScale,
  // Against three units or more, the endgame share of the side ahead: base + per pawn it has.
  kPawnsAheadScaleBase,
  kPawnsAheadScalePerPawn,
  // Outposts: squares on our fourth to sixth ranks that a pawn of ours guards and no enemy pawn
  // can ever attack (none stands ahead on a neighbouring file). A piece there cannot be driven
  // off by pawns.
  kKnightOutpostMg,  // a knight on an outpost
  kKnightOutpostEg,
  kBishopOutpostMg,  // a bishop on one
  kBishopOutpostEg,
  kReachableOutpostMg,  // a knight one jump from a free outpost
  kReachableOutpostEg,
  kBackwardPawnMg,  // a pawn behind its neighbours whose next square an enemy pawn guards
  kBackwardPawnEg,
  kKingProtectorMg,  // per king step between a knight or bishop and its own king
  kKingProtectorEg,
  // Threats on weak enemy units (attacked by us and not strongly protected: by no pawn, and by
  // fewer pieces than attack them) by the attacker's kind, and on defended minor pieces by our
  // minor pieces; Stockfish's ThreatByMinor and ThreatByRook for the victims the terms above
  // leave out, and its ThreatByKing.
  kThreatMinorOnMinorMg,
  kThreatMinorOnMinorEg,
  kThreatMinorOnPawnMg,
  kThreatMinorOnPawnEg,
  kThreatRookOnMinorMg,
  kThreatRookOnMinorEg,
  kThreatRookOnPawnMg,
  kThreatRookOnPawnEg,
  kThreatByKingMg,
  kThreatByKingEg,
  // More of Stockfish's piece and pawn terms.
  kMinorBehindPawnMg,  // a knight or bishop with a pawn (either side's) right in front of it
  kMinorBehindPawnEg,
  kBishopLongDiagonalMg,  // a bishop that sees both centre squares of its colour past the pawns
  kBishopLongDiagonalEg,
  kRookOnQueenFileMg,  // a rook on the file of an enemy queen piece
  kRookOnQueenFileEg,
  kBishopPawnsMg,  // per pawn of ours on the bishop's colour, times how stuck the pawns are
  kBishopPawnsEg,
  kWeakUnopposedPawnMg,  // an isolated or backward pawn no enemy pawn stands in front of
  kWeakUnopposedPawnEg,
  kBlockedPawnMg,  // a pawn on its fifth or sixth rank stopped by an enemy pawn
  kBlockedPawnEg,
  kKingPawnDistanceEg,  // per king step to the nearest pawn of its own side
  // Stockfish's mobility tables rise steeply over a piece's first few moves: on top of the
  // linear weights above, a penalty per move a piece has fewer than kLowMobilityMoves.
  kKnightLowMobilityMg,
  kKnightLowMobilityEg,
  kBishopLowMobilityMg,
  kBishopLowMobilityEg,
  kRookLowMobilityMg,
  kRookLowMobilityEg,
  kQueenPieceLowMobilityMg,
  kQueenPieceLowMobilityEg,
  kTrappedRookMg,  // a rook of little mobility shut in by its own king, on the edge side of it
  kTrappedRookEg,
  kRookOnClosedFileMg,  // a rook on a file where a pawn of ours stands blocked
  kRookOnClosedFileEg,
  kRestrictedMg,  // squares the enemy attacks that we attack too, not strongly protected
  kRestrictedEg,
  kWeakQueenProtectionMg,  // weak enemy units only the enemy queen piece defends
  kWeakQueenProtectionEg,
  // More of Stockfish's pawn terms.
  kWeakLeverMg,  // a pawn no pawn of ours defends, attacked by two enemy pawns
  kWeakLeverEg,
  kDoubledIsolatedMg,  // an isolated pawn, opposed, with one of ours behind it
  kDoubledIsolatedEg,
  kConnectedOpposedMg,  // a connected pawn with an enemy pawn in front, per rank
  kConnectedOpposedEg,
  kPawnSupportMg,  // per pawn of ours that defends a pawn
  kPawnSupportEg,
  kPawnlessFlankMg,  // a king on a flank with no pawn of either side
  kPawnlessFlankEg,
  kPassedFileMg,  // a passed pawn, per file away from the edge
  kPassedFileEg,
  // Stockfish's passed-pawn path, for a passed pawn on its fourth to seventh rank with its next
  // square empty, times 1 .. 4 by its rank: the best of these that holds, where unsafe squares
  // are those ahead of it on its file and both neighbours that the enemy occupies or attacks
  // (all of them where an enemy rook or queen piece stands behind it on its file).
  kPassedPathSafeMg,  // no unsafe square
  kPassedPathSafeEg,
  kPassedPathPawnGuardedMg,  // our pawns guard every unsafe square
  kPassedPathPawnGuardedEg,
  kPassedPathFileSafeMg,  // none on its own file
  kPassedPathFileSafeEg,
  kPassedPathStepSafeMg,  // its next square is safe
  kPassedPathStepSafeEg,
  kPassedPathSupportedMg,  // on top: we guard its next square, or our rook or queen piece backs it
  kPassedPathSupportedEg,
  // Stockfish's king shelter and pawn storm, on the king's file and both neighbours (the b to g
  // files as the middle one). On each: our least advanced pawn level with the king or ahead of
  // it that no enemy pawn attacks shelters the king by its relative rank (none: a penalty), and
  // the enemy pawn nearest our side there storms it by its relative rank, unless our pawn
  // stands right in front of it (blocked: its own weight, on our third rank only).
  kShelterNoneMg,   // a file without such a pawn of ours
  kShelterRank2Mg,  // our pawn on its second rank
  kShelterRank3Mg,  // on its third
  kStormRank3Mg,    // an unblocked enemy pawn on our third rank
  kStormRank4Mg,
  kStormRank5Mg,
  kBlockedStormMg,  // an enemy pawn on our third rank that our pawn blocks
  kBlockedStormEg,
  // Stockfish's "winnable" (its initiative): a complexity, the weighted sum of the passed pawns,
  // the pawns, the kings' outflanking (their file distance less their rank distance), pawns on
  // both flanks, a king past the middle, a pawn ending, an almost unwinnable position (kings
  // not outflanking, pawns on one flank) and a base, shifts the endgame score by up to its own
  // size towards the side ahead (positive) or towards a draw (negative, at most to 0), and the
  // middlegame score towards a draw by what the complexity plus an offset (Stockfish's 50 by
  // default) falls below 0.
  kWinnablePassed,
  kWinnablePawns,
  kWinnableOutflanking,
  kWinnableBothFlanks,
  kWinnableInfiltration,
  kWinnablePawnEnding,
  kWinnableAlmostUnwinnable,
  kWinnableBase,
  kWinnableMgOffset,
  // Material imbalance (Kaufman's, which Stockfish's quadratic tables follow): a knight gains
  // and a rook loses with each pawn of its own side, and a second rook adds less than the first.
  kKnightPawnsMg,  // per knight, per pawn of ours more than five
  kKnightPawnsEg,
  kRookPawnsMg,  // per rook, per pawn of ours fewer than five
  kRookPawnsEg,
  kRookPairMg,  // two rooks or more, once
  kRookPairEg,
  // A passed pawn by its relative rank (second to seventh), on top of PassedPawn's square of
  // the rank: Stockfish's PassedRank table.
  kPassedRank2Mg,
  kPassedRank2Eg,
  kPassedRank3Mg,
  kPassedRank3Eg,
  kPassedRank4Mg,
  kPassedRank4Eg,
  kPassedRank5Mg,
  kPassedRank5Eg,
  kPassedRank6Mg,
  kPassedRank6Eg,
  kPassedRank7Mg,
  kPassedRank7Eg,
  // More of Stockfish's piece terms.
  kWeakQueenPieceMg,  // our queen piece in line with an enemy rook or bishop, one unit between
  kWeakQueenPieceEg,
  kBishopXRayPawnsMg,  // per enemy pawn on the bishop's diagonals, whatever stands between
  kBishopXRayPawnsEg,
  kRookOnKingRingMg,     // a rook that would attack the enemy king's zone were only pawns there
  kBishopOnKingRingMg,   // the same for a bishop that does not attack the zone already
  kQueenInfiltrationMg,  // our queen piece in the enemy half, where no enemy pawn can attack it
  kQueenInfiltrationEg,
  // Piece-square terms (PstIndex below): the rest of the enum.
  kPstFirst,
};

// Piece-square terms, one table per piece kind and phase, each the sum of a value for the
// file's distance from the edge (a and h, b and g, c and f, d and e) and one for the rank
// counted from the piece's own side: 12 weights where a full table has 64, which games of
// a few thousand positions can fit. The queen and the bers share a table (a variant has one
// or the other).
enum PstKind : int { kPstPawn, kPstKnight, kPstBishop, kPstRook, kPstQueenPiece, kPstKing };
constexpr int kPstKinds = 6;
constexpr int kPstFiles = 4;
constexpr int kPstWeightsPerTable = kPstFiles + 8;
constexpr int kEvalParamCount = kPstFirst + kPstKinds * 2 * kPstWeightsPerTable;

// The index of a piece-square weight: `file_or_rank` is 0..3 (a/h .. d/e) for a file
// weight, 4 + the relative rank (0..7) for a rank weight; `endgame` picks the phase.
constexpr int PstIndex(PstKind kind, bool endgame, int file_or_rank) {
  return kPstFirst + (int(kind) * 2 + (endgame ? 1 : 0)) * kPstWeightsPerTable + file_or_rank;
}

const std::vector<ParamSpec>& ShatarEvalSpecs();

// The share of the endgame score, out of 64, that `strong` (the side ahead) can turn into a win.
// Without pawns, a lead of at most a minor piece rarely mates: 0 when its pieces come to less
// than a rook, 4 against a lone minor, 14 otherwise (Stockfish's scale factors for pawnless
// endgames); 64 in every other case.
int EndgameScale(const Position& pos, Color strong, const ParamValues& params);

// The share of the score, out of 64, that `strong` (the side ahead) can turn into a win where
// the rules draw as soon as a side has only its king (shatar-traditional): the side behind with
// one or two units left can often force their capture (a lone queen piece checking next to the
// king leaves it no other move), and the side ahead may capture none of them before it mates.
// In Tumen's self-play at 20,000 nodes, against a lead of three pawns' worth or more, 99% of
// the games with a lone rook were drawn, 94% with a lone bers, 70 to 80% with a lone minor and
// 56% with a lone pawn: 30 to 38% with the pawn on its second to fourth rank, 43% on its fifth,
// 72% on its sixth, 88% on its seventh, and 97% where the side ahead has a lone rook. 64 where
// the rule is off or the side behind has more.
int BareKingScale(const Position& pos, Color strong, const ParamValues& params);

// The share of the endgame score, out of 64, that `strong` (the side ahead) can turn into a win
// where the rules draw as soon as a side has only its king and the side behind has three units
// or more: PawnsAheadScaleBase + PawnsAheadScalePerPawn for each pawn of the side ahead, at most
// 64. Its pawns promote to bers, the piece that wins; without them it must mate while the other
// side keeps a unit. In Tumen's self-play at 20,000 nodes, in endings with 16 pawns' worth of
// pieces or less and a lead of three pawns' worth or more, the side ahead drew 94% of the games
// with no pawn, 72% with one, 47% with two and 34% with three or more. 64 where the rule is off.
int PawnsAheadScale(const Position& pos, Color strong, const ParamValues& params);

// Score in centipawns for the side to move.
int Evaluate(const Position& pos, const ParamValues& params);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_EVALUATE_H_
