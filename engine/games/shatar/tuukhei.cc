#include "engine/games/shatar/tuukhei.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "engine/games/shatar/position.h"
#include "engine/games/shatar/status.h"

namespace tumen::shatar {
namespace {

// What one ply did, as far as the grade is concerned.
struct PlyRecord {
  bool check = false;
  PieceType giver = kNoPieceType;  // the piece that gave the check (see tuukhei.h)
  unsigned checker_types = 0;      // bit per PieceType of every checker
  Key key_after = 0;
};

bool IsQueenPiece(PieceType pt) { return pt == kQueen || pt == kBers; }

}  // namespace

absl::string_view TuukheiPieceName(PieceType pt) {
  switch (pt) {
    case kQueen:
      return "queen";
    case kBers:
      return "bers";
    case kRook:
      return "rook";
    case kBishop:
      return "camel";
    case kKnight:
      return "knight";
    case kPawn:
      return "pawn";
    default:
      return "king";  // a king never checks; kept for completeness
  }
}

std::optional<WinGrade> GradeWin(const ShatarRules& rules, absl::string_view fen,
                                 const std::vector<Move>& moves) {
  if (moves.empty()) return std::nullopt;
  std::vector<StateInfo> states(moves.size() + 1);  // never reallocated: the chain stays valid
  Position pos;
  if (!pos.Set(rules, fen, &states[0]).ok()) return std::nullopt;
  std::vector<PlyRecord> plies(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    pos.DoMove(m, states[i + 1]);
    PlyRecord& r = plies[i];
    r.key_after = pos.key();
    const Bitboard checkers = pos.checkers();
    r.check = checkers != 0;
    for (Bitboard b = checkers; b;) r.checker_types |= 1u << TypeOf(pos.piece_on(PopLowestBit(b)));
    if (checkers & SquareBB(m.to()))
      r.giver = TypeOf(pos.piece_on(m.to()));
    else if (checkers)
      r.giver = TypeOf(pos.piece_on(LowestBit(checkers)));
  }
  const GameStatus status = EvaluateStatus(pos);
  if (status.termination != Termination::kCheckmate) return std::nullopt;

  const int mate = int(moves.size()) - 1;
  // Walk back over the winner's checks, cutting at the first non-check or repetition.
  std::vector<Key> seen = {plies[mate].key_after};  // a series is short: a linear search
  const auto contains = [&](Key k) { return std::find(seen.begin(), seen.end(), k) != seen.end(); };
  std::vector<int> series;  // ply indexes, nearest the mate first
  for (int p = mate - 2; p >= 0 && plies[p].check; p -= 2) {
    const Key check_key = plies[p].key_after, reply_key = plies[p + 1].key_after;
    if (check_key == reply_key || contains(check_key) || contains(reply_key)) break;
    seen.push_back(check_key);
    seen.push_back(reply_key);
    series.push_back(p);
  }
  std::reverse(series.begin(), series.end());  // earliest first
  // The series starts with a rook or queen-piece check.
  const auto start = std::find_if(series.begin(), series.end(), [&](int p) {
    return plies[p].giver == kRook || IsQueenPiece(plies[p].giver);
  });
  series.erase(series.begin(), start);

  WinGrade grade;
  if (series.empty()) {
    grade.count = 1;
    grade.name = absl::StrCat(TuukheiPieceName(plies[mate].giver), "-1");
    return grade;
  }
  grade.count = int(series.size());
  unsigned types = plies[mate].checker_types;
  for (int p : series) types |= plies[p].checker_types;
  const bool queen_piece = types & ((1u << kQueen) | (1u << kBers));
  const unsigned others = (1u << kBishop) | (1u << kKnight) | (1u << kRook) | (1u << kPawn);
  if (queen_piece && (types & others) == others) {
    grade.name = "talbod";
    return grade;
  }
  PieceType named = plies[series[0]].giver;
  if (series.size() >= 2 && plies[series[1]].giver != kPawn) named = plies[series[1]].giver;
  grade.name = absl::StrCat(TuukheiPieceName(named), "-", grade.count);
  return grade;
}

}  // namespace tumen::shatar
