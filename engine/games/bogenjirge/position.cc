#include "engine/games/bogenjirge/position.h"

#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/prng.h"
#include "engine/core/repetition.h"

namespace tumen::bogenjirge {

namespace zobrist {
Key deer[kMaxPoints];
Key dog[kMaxPoints];
Key hand[kMaxHand + 1];
Key dogs_to_move;

namespace {
// Drawn once from a fixed seed, so keys are the same on every machine and run.
struct Initializer {
  Initializer() {
    Prng prng(0x424F47454E4A4952ULL);  // "BOGENJIR"
    for (Key& k : deer) k = prng.Next();
    for (Key& k : dog) k = prng.Next();
    for (Key& k : hand) k = prng.Next();
    dogs_to_move = prng.Next();
  }
};
const Initializer initializer;
}  // namespace
}  // namespace zobrist

namespace {

absl::Status FenError(absl::string_view fen, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("bogenjirge fen '", fen, "': ", what));
}

}  // namespace

absl::Status Position::Set(const BogenjirgeRules& rules, absl::string_view fen, StateInfo* root) {
  *this = Position();
  *root = StateInfo();
  rules_ = &rules;
  board_ = rules.board.get();
  st_ = root;
  const Board& b = *board_;

  const std::vector<absl::string_view> fields =
      absl::StrSplit(fen, absl::ByAnyChar(" \t"), absl::SkipEmpty());
  if (fields.size() < 3 || fields.size() > 4)
    return FenError(fen, "expected 3 or 4 fields: rows, side (d or g), dogs in hand, [ply]");

  // Field 1: the rows, top first.
  const std::vector<absl::string_view> rows = absl::StrSplit(fields[0], '/');
  if (rows.size() != b.rows().size())
    return FenError(fen, absl::StrCat("the board has ", rows.size(), " rows; ", rules.name,
                                      " needs ", b.rows().size()));
  for (size_t r = 0; r < rows.size(); ++r) {
    const std::vector<Point>& row = b.rows()[r];
    size_t i = 0;  // next point of the row
    const absl::string_view text = rows[r];
    for (size_t k = 0; k < text.size(); ++k) {
      const char ch = text[k];
      if (ch >= '0' && ch <= '9') {
        size_t end = k;
        int n = 0;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9' && n <= kMaxPoints)
          n = n * 10 + (text[end++] - '0');
        if (n == 0) return FenError(fen, absl::StrCat("row ", r + 1, " has an empty run of 0"));
        i += size_t(n);
        k = end - 1;
      } else if (ch == '.') {
        ++i;
      } else if (ch == 'D' || ch == 'd') {
        if (i < row.size()) (ch == 'D' ? deer_ : dogs_) |= PointMask(row[i]);
        ++i;
      } else {
        return FenError(fen, absl::StrCat("'", std::string(1, ch),
                                          "' is not D (deer), d (dog), '.' or a number"));
      }
      if (i > row.size()) break;
    }
    if (i != row.size())
      return FenError(fen, absl::StrCat("row ", r + 1, " (from the top) does not describe exactly ",
                                        row.size(), " points"));
  }
  if (!deer_) return FenError(fen, "there is no deer");
  if (dogs_ & ~b.square())
    return FenError(fen, "a dog stands outside the big square, where dogs may not stand");

  // Field 2: side to move.
  if (fields[1] != "d" && fields[1] != "g")
    return FenError(fen,
                    absl::StrCat("side to move is '", fields[1], "'; use d (deer) or g (dogs)"));
  side_ = fields[1] == "d" ? kDeer : kDogs;

  // Field 3: dogs in hand.
  if (!absl::SimpleAtoi(fields[2], &hand_) || hand_ < 0 || hand_ > kMaxHand)
    return FenError(fen,
                    absl::StrCat("dogs in hand '", fields[2], "' is not a number 0..", kMaxHand));

  // Field 4: plies played.
  if (fields.size() > 3 &&
      (!absl::SimpleAtoi(fields[3], &game_ply_) || game_ply_ < 0 || game_ply_ > 100000))
    return FenError(fen, absl::StrCat("ply '", fields[3], "' is not a number 0..100000"));

  st_->key = ComputeKey();
  return absl::OkStatus();
}

std::string Position::Fen() const {
  std::string fen;
  for (size_t r = 0; r < board_->rows().size(); ++r) {
    if (r) fen += '/';
    int empty = 0;
    for (Point p : board_->rows()[r]) {
      const Mask bit = PointMask(p);
      if (!((deer_ | dogs_) & bit)) {
        ++empty;
        continue;
      }
      if (empty) absl::StrAppend(&fen, empty);
      empty = 0;
      fen += (deer_ & bit) ? 'D' : 'd';
    }
    if (empty) absl::StrAppend(&fen, empty);
  }
  absl::StrAppend(&fen, side_ == kDeer ? " d " : " g ", hand_, " ", game_ply_);
  return fen;
}

Key Position::ComputeKey() const {
  Key k = zobrist::hand[hand_];
  for (Mask m = deer_; m;) k ^= zobrist::deer[PopLowestBit(m)];
  for (Mask m = dogs_; m;) k ^= zobrist::dog[PopLowestBit(m)];
  if (side_ == kDogs) k ^= zobrist::dogs_to_move;
  return k;
}

void Position::DoMove(Move m, StateInfo& ns) {
  ns.key = st_->key ^ zobrist::dogs_to_move;
  ns.reversible_plies = st_->reversible_plies + 1;
  ns.plies_from_null = st_->plies_from_null + 1;
  ns.captured = false;
  ns.previous = st_;
  st_ = &ns;
  ++game_ply_;

  const Point from = m.from(), to = m.to();
  if (side_ == kDeer) {
    deer_ ^= PointMask(from) | PointMask(to);
    ns.key ^= zobrist::deer[from] ^ zobrist::deer[to];
    if (m.is_jump()) {
      const Point over = board_->over(from, to);
      dogs_ ^= PointMask(over);
      ns.key ^= zobrist::dog[over];
      ns.captured = true;
      ns.reversible_plies = 0;
    }
  } else if (m.is_drop()) {
    dogs_ |= PointMask(to);
    ns.key ^= zobrist::dog[to] ^ zobrist::hand[hand_] ^ zobrist::hand[hand_ - 1];
    --hand_;
    ns.reversible_plies = 0;
  } else {
    dogs_ ^= PointMask(from) | PointMask(to);
    ns.key ^= zobrist::dog[from] ^ zobrist::dog[to];
  }
  side_ = ~side_;
}

void Position::UndoMove(Move m) {
  side_ = ~side_;
  const Point from = m.from(), to = m.to();
  if (side_ == kDeer) {
    deer_ ^= PointMask(from) | PointMask(to);
    if (m.is_jump()) dogs_ |= PointMask(board_->over(from, to));
  } else if (m.is_drop()) {
    dogs_ ^= PointMask(to);
    ++hand_;
  } else {
    dogs_ ^= PointMask(from) | PointMask(to);
  }
  st_ = st_->previous;
  --game_ply_;
}

void Position::DoNullMove(StateInfo& ns) {
  ns = *st_;
  ns.previous = st_;
  ns.key ^= zobrist::dogs_to_move;
  ns.reversible_plies = st_->reversible_plies + 1;
  ns.plies_from_null = 0;
  ns.captured = false;
  st_ = &ns;
  ++game_ply_;
  side_ = ~side_;
}

void Position::UndoNullMove() {
  st_ = st_->previous;
  --game_ply_;
  side_ = ~side_;
}

int Position::RepetitionCount() const {
  return EarlierOccurrences(st_, std::min(st_->reversible_plies, st_->plies_from_null));
}

bool Position::IsRepetitionForSearch(int plies_from_root) const {
  return IsRepetitionInSearch(st_, std::min(st_->reversible_plies, st_->plies_from_null),
                              plies_from_root);
}

}  // namespace tumen::bogenjirge
