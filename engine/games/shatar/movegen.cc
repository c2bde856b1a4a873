#include "engine/games/shatar/movegen.h"

#include <algorithm>
#include <array>

namespace tumen::shatar {
namespace {

// Promotion choices in the order a search wants to try them.
constexpr PieceType kPromotionOrder[] = {kQueen, kBers, kRook, kBishop, kKnight};

struct ListSink {
  MoveList& list;
  uint8_t promotion_types;

  void Add(Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, PopLowestBit(targets)));
  }
  void AddPromotions(Square from, Bitboard targets) {
    while (targets) {
      const Square to = PopLowestBit(targets);
      for (PieceType pt : kPromotionOrder)
        if (promotion_types & (1u << pt)) list.push_back(Move::Promotion(from, to, pt));
    }
  }
  // Pawn moves in bulk: every target came from `to - offset`.
  void AddPawnMoves(Bitboard targets, int offset) {
    while (targets) {
      const Square to = PopLowestBit(targets);
      list.push_back(Move(to - offset, to));
    }
  }
  void AddPawnPromotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = PopLowestBit(targets);
      AddPromotions(to - offset, SquareBB(to));
    }
  }
  void AddMove(Move m) { list.push_back(m); }
};

struct CountSink {
  uint64_t count = 0;
  int promotion_choices;

  void Add(Square, Bitboard targets) { count += PopCount(targets); }
  void AddPromotions(Square, Bitboard targets) {
    count += uint64_t(PopCount(targets)) * promotion_choices;
  }
  void AddPawnMoves(Bitboard targets, int) { count += PopCount(targets); }
  void AddPawnPromotions(Bitboard targets, int) {
    count += uint64_t(PopCount(targets)) * promotion_choices;
  }
  void AddMove(Move) { ++count; }
};

// Folk: the rules have delayed folk promotion, whose stepped waiting pawns attack nothing.
// A template parameter, so that the other rule sets pay nothing for it.
template <Color Them, bool Folk>
bool IsAttackedBy(const Position& pos, Square s, Bitboard occupied) {
  const Bitboard theirs = pos.pieces(Them);
  const Bitboard pawns = Folk ? pos.attacking_pawns(Them) : pos.pieces(Them, kPawn);
  return (PawnAttacks(~Them, s) & pawns) || (KnightAttacks(s) & pos.pieces(Them, kKnight)) ||
         (KingAttacks(s) & pos.pieces(Them, kKing)) ||
         (tables::ferz[s] & pos.pieces(Them, kBers)) ||
         (RookAttacks(s, occupied) & theirs & pos.rook_sliders()) ||
         (BishopAttacks(s, occupied) & theirs & pos.bishop_sliders());
}

bool BoardIs(const Position& pos, const Piece (&board)[64]) {
  for (Square s = 0; s < 64; ++s)
    if (pos.piece_on(s) != board[s]) return false;
  return true;
}

// RULES.md §1, the 2017 first round as a function of the position: the start array with
// White to move gives d2d4 and e2e4; the start array after White's d4 or e4, Black to move
// in move 1, gives the mirror. Returns true (and emits those moves) when it applies.
template <Color Us, class Sink>
bool EmitFirstRound(const Position& pos, Sink& sink) {
  const ShatarRules& rules = pos.rules();
  constexpr Bitboard kStartPawns = kRank2 | kRank7;
  const Bitboard pawns = pos.pieces(kPawn);
  constexpr Square d2 = 11, e2 = 12, d4 = 27, e4 = 28, d7 = 51, e7 = 52, d5 = 35, e5 = 36;
  if constexpr (Us == kWhite) {
    if (pawns != kStartPawns || !BoardIs(pos, rules.start_array)) return false;
    sink.AddMove(Move(d2, d4));
    sink.AddMove(Move(e2, e4));
    return true;
  } else {
    if (pos.fullmove_number() != 1) return false;
    for (const auto [from, to, reply_from, reply_to] :
         {std::array{d2, d4, d7, d5}, std::array{e2, e4, e7, e5}}) {
      if (pawns != (kStartPawns ^ SquareBB(from) ^ SquareBB(to))) continue;
      Piece expected[64];
      std::copy(std::begin(rules.start_array), std::end(rules.start_array), expected);
      expected[to] = expected[from];
      expected[from] = kNoPiece;
      if (!BoardIs(pos, expected)) continue;
      sink.AddMove(Move(reply_from, reply_to));
      return true;
    }
    return false;
  }
}

// kAll: every legal move. kTactical: the legal captures and promotions only (quiescence).
enum class GenType { kAll, kTactical };

template <Color Us, GenType Type, bool Folk, class Sink>
void Generate(const Position& pos, Sink& sink) {
  constexpr bool kTacticalOnly = Type == GenType::kTactical;
  constexpr Color Them = ~Us;
  const ShatarRules& rules = pos.rules();
  // RULES.md §2: a bare king ends the game at once, so there are no moves to count.
  if (rules.bare_king_draw && (pos.IsBare(kWhite) || pos.IsBare(kBlack))) return;
  if (!kTacticalOnly && rules.first_round == FirstRound::kChoiceMirrored &&
      EmitFirstRound<Us>(pos, sink))
    return;

  const Bitboard occupied = pos.pieces();
  const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(Them);
  const Square ksq = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();

  // King: each target is tested with the king lifted off the board, so it cannot hide
  // behind itself from a slider.
  {
    const Bitboard without_king = occupied ^ SquareBB(ksq);
    Bitboard safe = 0;
    for (Bitboard b = KingAttacks(ksq) & (kTacticalOnly ? theirs : ~ours); b;) {
      const Square s = PopLowestBit(b);
      if (!IsAttackedBy<Them, Folk>(pos, s, without_king)) safe |= SquareBB(s);
    }
    sink.Add(ksq, safe);
  }
  if (MoreThanOne(checkers)) return;  // double check: only the king moves

  // Check mask: with one checker, other pieces must capture it or block its line.
  const Bitboard check_mask =
      checkers ? (Between(ksq, LowestBit(checkers)) | checkers) : ~Bitboard{0};
  const Bitboard targets = (kTacticalOnly ? theirs : ~ours) & check_mask;

  // Pinned pieces move only along the line through the king and the pinner.
  Bitboard pinned = 0;
  for (Bitboard snipers = (RookAttacks(ksq, 0) & theirs & pos.rook_sliders()) |
                          (BishopAttacks(ksq, 0) & theirs & pos.bishop_sliders());
       snipers;) {
    const Bitboard blockers = Between(ksq, PopLowestBit(snipers)) & occupied;
    if (blockers && !MoreThanOne(blockers) && (blockers & ours)) pinned |= blockers;
  }

  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b;) {
    const Square s = PopLowestBit(b);
    sink.Add(s, KnightAttacks(s) & targets);
  }
  const auto add_slider = [&](Square s, Bitboard attacks) {
    if (pinned & SquareBB(s)) attacks &= LineThrough(ksq, s);
    sink.Add(s, attacks & targets);
  };
  for (Bitboard b = pos.pieces(Us, kBishop); b;) {
    const Square s = PopLowestBit(b);
    add_slider(s, BishopAttacks(s, occupied));
  }
  for (Bitboard b = pos.pieces(Us, kRook); b;) {
    const Square s = PopLowestBit(b);
    add_slider(s, RookAttacks(s, occupied));
  }
  for (Bitboard b = pos.pieces(Us, kQueen); b;) {
    const Square s = PopLowestBit(b);
    add_slider(s, QueenAttacks(s, occupied));
  }
  for (Bitboard b = pos.pieces(Us, kBers); b;) {
    const Square s = PopLowestBit(b);
    add_slider(s, BersAttacks(s, occupied));
  }

  // Pawns. Unpinned ones in bulk by shifting; pinned ones one by one along their pin line.
  // Under folk promotion a pawn reaching the last rank does not promote (promotion_rank is
  // empty), and the waiting pawns move only by the code further below: those on the last
  // rank have no forward squares, the stepped ones are masked out here.
  constexpr int kUp = Us == kWhite ? 8 : -8;
  constexpr Bitboard kLastRank = Us == kWhite ? kRank8 : kRank1;
  constexpr Bitboard kThirdRank = Us == kWhite ? kRank3 : kRank6;
  constexpr Bitboard promotion_rank = Folk ? 0 : kLastRank;
  const Bitboard empty = ~occupied;
  const Bitboard pawns = Folk ? pos.attacking_pawns(Us) : pos.pieces(Us, kPawn);
  {
    const Bitboard free_pawns = pawns & ~pinned;
    const Bitboard one =
        PawnPush<Us>(free_pawns) & empty & (kTacticalOnly ? promotion_rank : ~Bitboard{0});
    if (!kTacticalOnly && rules.double_step) {
      sink.AddPawnMoves(PawnPush<Us>(one & kThirdRank) & empty & check_mask, 2 * kUp);
    }
    const Bitboard pushes = one & check_mask;
    sink.AddPawnMoves(pushes & ~promotion_rank, kUp);
    sink.AddPawnPromotions(pushes & promotion_rank, kUp);
    // Captures toward the a-file and toward the h-file.
    constexpr int kWest = Us == kWhite ? 7 : -9;
    constexpr int kEast = Us == kWhite ? 9 : -7;
    const Bitboard capture_targets = theirs & check_mask;
    const Bitboard west =
        (Us == kWhite ? (free_pawns & ~kFileA) << 7 : (free_pawns & ~kFileA) >> 9) &
        capture_targets;
    const Bitboard east =
        (Us == kWhite ? (free_pawns & ~kFileH) << 9 : (free_pawns & ~kFileH) >> 7) &
        capture_targets;
    sink.AddPawnMoves(west & ~promotion_rank, kWest);
    sink.AddPawnPromotions(west & promotion_rank, kWest);
    sink.AddPawnMoves(east & ~promotion_rank, kEast);
    sink.AddPawnPromotions(east & promotion_rank, kEast);
  }
  for (Bitboard b = pawns & pinned; b;) {
    const Square s = PopLowestBit(b);
    const Bitboard one = PawnPush<Us>(SquareBB(s)) & empty;
    Bitboard moves = one | (PawnAttacks(Us, s) & theirs);
    if (rules.double_step) moves |= PawnPush<Us>(one & kThirdRank) & empty;
    moves &= check_mask & LineThrough(ksq, s);
    if (kTacticalOnly) moves &= theirs | promotion_rank;
    sink.Add(s, moves & ~promotion_rank);
    sink.AddPromotions(s, moves & promotion_rank);
  }

  // Delayed folk promotion (RULES.md §3; the states are described in position.h). A waiting
  // pawn steps one square diagonally backward onto an empty square, never capturing:
  //   - from the last rank (no step yet): a plain step (it keeps waiting, now stepped once)
  //     or the step with promotion to the bers (`j`): "after one backward step it may become
  //     a bers";
  //   - after one step: the second step must promote, to a full queen (`q`, the orthodox
  //     queen) or to the bers (`j`): "after two a full queen". The queen is a choice, not a
  //     duty, and a pawn never waits a third turn, so the bers stays available too.
  // Promoting steps count as promotions (tactical); the plain step does not.
  if constexpr (Folk) {
    const Bitboard stepped = pos.folk_stepped() & ours;
    for (Bitboard b = (pos.pieces(Us, kPawn) & kLastRank) | stepped; b;) {
      const Square s = PopLowestBit(b);
      Bitboard to = PawnAttacks(Them, s) & empty & check_mask;
      if (pinned & SquareBB(s)) to &= LineThrough(ksq, s);
      const bool second_step = stepped & SquareBB(s);
      while (to) {
        const Square t = PopLowestBit(to);
        if (second_step) sink.AddMove(Move::Promotion(s, t, kQueen));
        if (!second_step && !kTacticalOnly) sink.AddMove(Move(s, t));
        sink.AddMove(Move::Promotion(s, t, kBers));
      }
    }
  }

  // En passant: the one move that removes a piece from a square it does not land on, so its
  // legality is tested on the resulting occupancy.
  const Square ep = pos.en_passant();
  if (ep != kNoSquare) {
    const Square victim = ep - kUp;
    if (!checkers || (checkers & SquareBB(victim)) || (check_mask & SquareBB(ep))) {
      for (Bitboard b = PawnAttacks(Them, ep) & pawns; b;) {
        const Square from = PopLowestBit(b);
        const Bitboard after = (occupied ^ SquareBB(from) ^ SquareBB(victim)) | SquareBB(ep);
        if (!(RookAttacks(ksq, after) & theirs & pos.rook_sliders()) &&
            !(BishopAttacks(ksq, after) & theirs & pos.bishop_sliders()))
          sink.AddMove(Move(from, ep, Move::kEnPassant));
      }
    }
  }

  // Castling (chess): king on its start square, path empty, no square it crosses attacked.
  if (!kTacticalOnly && !checkers && pos.castling_rights()) {
    constexpr uint8_t kKingside = Us == kWhite ? kWhiteKingside : kBlackKingside;
    constexpr uint8_t kQueenside = Us == kWhite ? kWhiteQueenside : kBlackQueenside;
    constexpr Square kKingFrom = Us == kWhite ? 4 : 60;
    if (pos.castling_rights() & kKingside) {
      if (!(occupied & (SquareBB(kKingFrom + 1) | SquareBB(kKingFrom + 2))) &&
          !IsAttackedBy<Them, Folk>(pos, kKingFrom + 1, occupied) &&
          !IsAttackedBy<Them, Folk>(pos, kKingFrom + 2, occupied))
        sink.AddMove(Move(kKingFrom, kKingFrom + 2, Move::kCastling));
    }
    if (pos.castling_rights() & kQueenside) {
      if (!(occupied &
            (SquareBB(kKingFrom - 1) | SquareBB(kKingFrom - 2) | SquareBB(kKingFrom - 3))) &&
          !IsAttackedBy<Them, Folk>(pos, kKingFrom - 1, occupied) &&
          !IsAttackedBy<Them, Folk>(pos, kKingFrom - 2, occupied))
        sink.AddMove(Move(kKingFrom, kKingFrom - 2, Move::kCastling));
    }
  }
}

// Picks the instantiation for the side to move and the promotion rule.
template <GenType Type, class Sink>
void Dispatch(const Position& pos, Sink& sink) {
  const bool folk = pos.rules().folk_promotion();
  if (pos.side_to_move() == kWhite) {
    if (folk)
      Generate<kWhite, Type, true>(pos, sink);
    else
      Generate<kWhite, Type, false>(pos, sink);
  } else {
    if (folk)
      Generate<kBlack, Type, true>(pos, sink);
    else
      Generate<kBlack, Type, false>(pos, sink);
  }
}

}  // namespace

void GenerateLegalMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  ListSink sink{moves, pos.rules().promotion_types};
  Dispatch<GenType::kAll>(pos, sink);
}

void GenerateLegalTacticalMoves(const Position& pos, MoveList& moves) {
  moves.clear();
  ListSink sink{moves, pos.rules().promotion_types};
  Dispatch<GenType::kTactical>(pos, sink);
}

uint64_t CountLegalMoves(const Position& pos) {
  CountSink sink{0, PopCount(pos.rules().promotion_types)};
  Dispatch<GenType::kAll>(pos, sink);
  return sink.count;
}

bool InFirstRound(const Position& pos) {
  if (pos.rules().first_round != FirstRound::kChoiceMirrored) return false;
  CountSink sink{0, 0};
  return pos.side_to_move() == kWhite ? EmitFirstRound<kWhite>(pos, sink)
                                      : EmitFirstRound<kBlack>(pos, sink);
}

}  // namespace tumen::shatar
