// Polyglot opening books for the 8x8 family: the standard Polyglot Zobrist key and 16-bit
// move of the Polyglot book format specification ("PolyGlot opening book format", H.G. Muller's
// page hgm.nubati.net/book_format.html, shipped by Debian's `polyglot` package as
// /usr/share/doc/polyglot/book_format.html), book files of 16-byte big-endian records, and a
// documented extension for what Polyglot has no keys or codes for (the bers, Shatar state).
//
// Keys. For chess positions PolyglotKey is exactly the specification's key:
//   key = piece ^ castle ^ enpassant ^ turn
// with Random64[64 * kind + 8 * row + file] per piece (kind: bp 0, wp 1, bn 2, wn 3, bb 4,
// wb 5, br 6, wr 7, bq 8, wq 9, bk 10, wk 11), Random64[768..771] for the castling rights
// white short, white long, black short, black long, Random64[772 + file] for the en passant
// file only when a pawn of the side to move stands beside the pawn that just made a double
// step (pseudo-legal, as the specification says), and Random64[780] when White is to move.
// Shatar positions have no castling and no en passant, and a Shatar position without a bers
// hashes exactly as the same chess position would, so one book file can hold both (keys of
// different variants are not told apart; keep one book per variant).
//
// Extension keys (the "documented key table for the bers and other pieces where Polyglot has
// none"). Polyglot has no key for the bers (letter J: a rook plus one diagonal step). Such a
// piece XORs PolyglotExtensionKey(PolyglotExtensionPieceIndex(kind, colour, square)) into
// the key in place of a Random64 entry. The table is generated, not random-looking data typed
// in: entry i is the SplitMix64 finaliser of (seed + 0x9E3779B97F4A7C15 * (i + 1)) with the
// fixed seed kPolyglotExtensionSeed (the bytes of "TUMENPGX"), i.e. tumen::MixSeed(seed, i)
// of engine/core/prng.h, which reproduces SplitMix64's i-th output for that seed. Layout:
//   [0, 128)      the bers: colour * 64 + square (colour 0 black, 1 white, as Polyglot orders
//                 colours), square a1 = 0 .. h8 = 63 (= 8 * row + file);
//   [128, 256)    kind 1, folk promotion (RULES.md §3): a waiting pawn that has made its one
//                 backward step (Position::folk_stepped) XORs this key for (its colour, its
//                 square) on top of its ordinary pawn key, so stepped and unstepped pawns
//                 differ;
//   [256, 512)    kinds 2 and 3, reserved for future Shatar pieces, same layout (kind k at
//                 128 * k);
//   [512, 528)    16 keys reserved for other Shatar-only position state that is not on the
//                 board. None is used yet.
// Reserved entries must keep their index once used; never reorder the table. The tests check
// that the generated keys differ from each other and from every Random64 entry.
//
// Moves. The 16-bit Polyglot move: to file bits 0-2, to row 3-5, from file 6-8, from row
// 9-11, promotion 12-14 (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is written as
// the king taking its own rook (e1h1, e1a1, e8h8, e8a8) as the specification requires.
// Extension promotion codes: 5 = bers; 6 and 7 are reserved for other promotion kinds and are
// never produced today (no preset promotes to anything else).
//
// Weights are the caller's: a Polyglot weight is 16 bits, so the caller scales its own
// numbers (counts, scores, probabilities) with ScaleWeights, per position, before making
// entries. ScaleWeights never yields 0, so every move written stays playable.
#ifndef TUMEN_ENGINE_BOOK_POLYGLOT_H_
#define TUMEN_ENGINE_BOOK_POLYGLOT_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/games/shatar/position.h"

namespace tumen::book {

// --- Keys ---

inline constexpr int kPolyglotRandomCount = 781;
inline constexpr int kPolyglotCastleOffset = 768;
inline constexpr int kPolyglotEnPassantOffset = 772;
inline constexpr int kPolyglotTurnOffset = 780;

// The specification's Random64 array.
const std::array<uint64_t, kPolyglotRandomCount>& PolyglotRandom64();

// Extension table (see the file comment).
inline constexpr uint64_t kPolyglotExtensionSeed = 0x54554D454E504758ULL;  // "TUMENPGX"
inline constexpr int kPolyglotExtensionPieceKinds = 4;  // 0 = bers, 1..3 reserved
inline constexpr int kPolyglotExtensionStateOffset = 128 * kPolyglotExtensionPieceKinds;
inline constexpr int kPolyglotExtensionStateCount = 16;  // all reserved today
inline constexpr int kPolyglotExtensionCount =
    kPolyglotExtensionStateOffset + kPolyglotExtensionStateCount;
inline constexpr int kPolyglotExtensionBers = 0;         // extra piece kind of the bers
inline constexpr int kPolyglotExtensionFolkStepped = 1;  // a waiting pawn that has stepped back

uint64_t PolyglotExtensionKey(int index);  // 0 <= index < kPolyglotExtensionCount
constexpr int PolyglotExtensionPieceIndex(int extra_kind, shatar::Color c, shatar::Square s) {
  return 128 * extra_kind + 64 * (c == shatar::kWhite ? 1 : 0) + s;
}

// The Polyglot key of `pos` (the extension keys for a bers).
uint64_t PolyglotKey(const shatar::Position& pos);

// --- Moves ---

inline constexpr uint16_t kPolyglotPromotionBers = 5;

// The Polyglot move of a move of the 8x8 family (castling as king takes own rook).
uint16_t EncodePolyglotMove(shatar::Move m);
// The legal move of `pos` that `move` encodes; an error when none does.
absl::StatusOr<shatar::Move> DecodePolyglotMove(const shatar::Position& pos, uint16_t move);
// The same in UCI notation (castling as e1g1, a bers promotion as e7e8j).
absl::StatusOr<std::string> PolyglotMoveToUci(const shatar::Position& pos, uint16_t move);

// --- Entries and files ---

struct PolyglotEntry {
  uint64_t key = 0;
  uint16_t move = 0;
  uint16_t weight = 0;
  uint32_t learn = 0;
  bool operator==(const PolyglotEntry&) const = default;
};

// An entry for the legal move `uci_move` of `pos` (learn = 0).
absl::StatusOr<PolyglotEntry> MakePolyglotEntry(const shatar::Position& pos,
                                                absl::string_view uci_move, uint16_t weight);

// Maps the non-negative weights of one position's moves to 1..65535 in proportion: the
// largest becomes 65535, the others round to nearest but never below 1. All zero: all 1.
// Negative, NaN or infinite weights are errors.
absl::StatusOr<std::vector<uint16_t>> ScaleWeights(const std::vector<double>& weights);

// Writes a book: entries sorted by key, then by descending weight (then by move, so the file
// is deterministic), as 16-byte big-endian records (key 8, move 2, weight 2, learn 4).
absl::Status WritePolyglot(std::vector<PolyglotEntry> entries, const std::string& path);

// Reads a book; errors for a missing file, a size that is not a multiple of 16 (a truncated
// file) and keys out of ascending order.
absl::StatusOr<std::vector<PolyglotEntry>> ReadPolyglot(const std::string& path);

// The entries with `key` of a book sorted by key (as ReadPolyglot returns it), in file order.
std::vector<PolyglotEntry> ProbePolyglot(const std::vector<PolyglotEntry>& sorted, uint64_t key);

}  // namespace tumen::book

#endif  // TUMEN_ENGINE_BOOK_POLYGLOT_H_
