// Tuukhei: the grade of a Shatar win by mate (RULES.md §3). It never changes the result.
//
// Interpretations of RULES.md §3, as implemented:
//  - Only a game that ends in checkmate (Termination::kCheckmate, after every mate rule of the
//    rule set) is graded; knight-mate-loses, bare king and every draw give nullopt, and so does
//    a position that is mate before any move was played (no mating move to name).
//  - The run: walking back from the mating move over the winner's earlier moves, each one
//    that gave check; the walk stops at the first that did not (or at the start of the game).
//  - No repeated position: the positions of the series are those after each ply from its
//    first check to the mate, both sides' plies. Walking back, a check is added only while the
//    positions after it and after the loser's reply are new to the series; at the first
//    repetition the series is cut, keeping the part nearest the mate.
//  - The series must start with a rook or queen-piece check (the queen piece is the queen or
//    the bers, both where folk promotion makes queens in a bers game): earlier checks by other
//    pieces are dropped until it does; if none is left it is an ordinary mate.
//  - Count = checks in the series before the mate; an ordinary mate counts 1.
//  - Which piece gave a check: the moved piece (after a promotion, the promoted piece) when it
//    gives check, otherwise the discovering piece (the checker; the lowest square if two).
//  - Name: the piece of the second check of the series, or the first when there was one check
//    or the second was a pawn check, then "-count": "queen", "bers", "rook", "camel" (bishop),
//    "knight", "pawn". An ordinary mate is named by the mating piece, e.g. "rook-1".
//  - Talbod: when the series with its mating move has checks by a queen piece, a bishop, a
//    knight, a rook and a pawn (every checker of a double check counts), the name is "talbod"
//    and the count stays as above.
#ifndef TUMEN_ENGINE_GAMES_SHATAR_TUUKHEI_H_
#define TUMEN_ENGINE_GAMES_SHATAR_TUUKHEI_H_

#include <optional>
#include <vector>

#include "absl/strings/string_view.h"
#include "engine/core/outcome.h"
#include "engine/games/shatar/rules.h"
#include "engine/games/shatar/types.h"

namespace tumen::shatar {

// Replays the legal `moves` from `fen` under `rules` and grades the final position.
std::optional<WinGrade> GradeWin(const ShatarRules& rules, absl::string_view fen,
                                 const std::vector<Move>& moves);

// The tuukhei name of a piece type: "queen", "bers", "rook", "camel", "knight", "pawn".
absl::string_view TuukheiPieceName(PieceType pt);

}  // namespace tumen::shatar

#endif  // TUMEN_ENGINE_GAMES_SHATAR_TUUKHEI_H_
