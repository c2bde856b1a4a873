#!/usr/bin/python3
"""How often a material lead in the endgame turns into a win, by what is left on the board.

    scripts/endings.py [--job N] [--lead PAWNS] STORE.db [STORE.db ...]

(Debian's /usr/bin/python3 with python3-protobuf, which scripts/setup.sh installs, and protoc.)

Reads the games of farm stores (the coordinator's SQLite file, FARM_DATA/tumen.db) of the 8x8
Shatar family, replays each game's moves from its start position and counts it once in each
category below, at the first position where the category holds, with its result from the side
ahead's point of view. A side is ahead when its material (pawn 1, knight and bishop 3, rook 5,
bers 8, queen 9) exceeds the other's by --lead (3) or more.

- The side behind has one or two units besides its king: what they are, the pawn's rank counted
  from its own side (a lone pawn; the most advanced pawn of two units, up to the fifth rank or
  on the sixth or seventh), and a lone pawn against a lone rook. Under shatar-traditional's
  bare-king rule these decide most games (evaluate.h, BareKingScale).
- The side behind has three units or more, the pieces of both sides come to 16 or less: the
  number of pawns of the side ahead (evaluate.h, PawnsAheadScale).

These are properties of the engines that played the games at their budget, not of the rules
alone: docs/strength.md quotes them with the stores they came from.
"""
import argparse
import collections
import os

from farm_store import game_message_class, read_games

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "j": 8, "q": 9}
RESULT_WHITE_WINS, RESULT_BLACK_WINS, RESULT_DRAW = 1, 2, 3
ENDGAME_PIECES = 16  # the most non-pawn material, both sides together, of the second table


def board_from_fen(fen):
    """{(file, rank): letter} of a FEN's placement; None where the board is not 8x8."""
    rows = fen.split()[0].split("/")
    if len(rows) != 8:
        return None
    board = {}
    for row_index, row in enumerate(rows):
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                board[(file, 7 - row_index)] = c
                file += 1
        if file != 8:
            return None
    return board


def play(board, packed):
    """Plays a move packed as from | to << 8 | promotion letter << 16 (squares file + 16 rank)."""
    origin, target, promotion = packed & 255, (packed >> 8) & 255, (packed >> 16) & 255
    origin, target = (origin % 16, origin // 16), (target % 16, target // 16)
    piece = board.pop(origin)
    if piece in "pP" and origin[0] != target[0] and target not in board:
        board.pop((target[0], origin[1]), None)  # en passant (chess)
    if piece in "kK" and abs(origin[0] - target[0]) == 2:  # castling (chess): the rook follows
        rook_from = (7 if target[0] > origin[0] else 0, origin[1])
        board[((origin[0] + target[0]) // 2, origin[1])] = board.pop(rook_from)
    board.pop(target, None)
    if promotion:
        piece = chr(promotion).upper() if piece.isupper() else chr(promotion).lower()
    board[target] = piece


def units(board, white):
    """(square, lower-case letter) of one side's pieces and pawns, its king left out."""
    return [(sq, c.lower()) for sq, c in board.items() if c.isupper() == white and c not in "kK"]


def relative_rank(square, white):
    return square[1] + 1 if white else 8 - square[1]


def categories(board, lead_needed):
    """(category, the side ahead is White) pairs that hold in this position."""
    found = []
    for ahead_white in (True, False):
        ahead, behind = units(board, ahead_white), units(board, not ahead_white)
        lead = sum(VALUES[c] for _, c in ahead) - sum(VALUES[c] for _, c in behind)
        if lead < lead_needed:
            continue
        pawns = [sq for sq, c in behind if c == "p"]
        top = max((relative_rank(sq, not ahead_white) for sq in pawns), default=0)
        if len(behind) == 1:
            kind = behind[0][1]
            if kind == "p":
                found.append((f"a lone pawn on its rank {top}", ahead_white))
                if sorted(c for _, c in ahead) == ["r"]:
                    found.append(("a lone pawn against a lone rook", ahead_white))
            else:
                name = {"r": "rook", "j": "bers", "q": "queen", "n": "knight", "b": "bishop"}[kind]
                found.append((f"a lone {name}", ahead_white))
        elif len(behind) == 2:
            kinds = {2: "two pawns", 1: "a piece and a pawn", 0: "two pieces"}[len(pawns)]
            if pawns:
                kinds += ", a pawn on its rank 6 or 7" if top >= 6 else ", pawns up to rank 5"
            found.append((kinds, ahead_white))
        else:
            pieces = sum(VALUES[c] for _, c in ahead + behind if c != "p")
            if pieces <= ENDGAME_PIECES:
                count = min(3, sum(c == "p" for _, c in ahead))
                found.append((f"the side ahead has {count}{'+' if count == 3 else ''} pawns "
                              "(three units or more behind)", ahead_white))
    return found


def tally(store, job, lead, game_class, table):
    """Adds the store's games to `table` (category -> Counter of won/drawn/lost); returns
    (games read, games skipped as not 8x8)."""
    games = read_games(store, job, game_class, "endings")
    skipped = 0
    for game in games:
        result = game.result
        board = board_from_fen(game.start_fen)
        if board is None:
            skipped += 1
            continue
        seen = set()
        for ply in range(len(game.moves) + 1):
            if ply:
                play(board, game.moves[ply - 1])
            for category, ahead_white in categories(board, lead):
                if category in seen:
                    continue
                seen.add(category)
                if result == RESULT_DRAW:
                    outcome = "drawn"
                else:
                    outcome = "won" if (result == RESULT_WHITE_WINS) == ahead_white else "lost"
                table[category][outcome] += 1
    return len(games), skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stores", nargs="+", help="farm stores (FARM_DATA/tumen.db)")
    parser.add_argument("--job", type=int, help="only this job's games")
    parser.add_argument("--lead", type=int, default=3, help="the least lead, in pawns (3)")
    args = parser.parse_args()
    game_class = game_message_class(os.path.join(os.path.dirname(__file__), ".."))
    table = collections.defaultdict(collections.Counter)
    read = skipped = 0
    for store in args.stores:
        n, s = tally(store, args.job, args.lead, game_class, table)
        read, skipped = read + n, skipped + s
    print(f"{read} games read, {skipped} not of the 8x8 family skipped; lead {args.lead} pawns or more")
    print("| category | games | the side ahead won | drawn | the side behind won |")
    print("|---|---|---|---|---|")
    for category in sorted(table):
        c = table[category]
        n = sum(c.values())
        print(f"| {category} | {n} | {c['won'] / n:.0%} | {c['drawn'] / n:.0%} | "
              f"{c['lost'] / n:.0%} |")


if __name__ == "__main__":
    main()
