#!/usr/bin/python3
"""scripts/endings.py on a store of a few games made here, whose categories are known.

    endings_test.py SOURCE_DIR

Writes a store (store_fixture.py) whose games table holds the games below, runs the script on
it and checks its table row by row.
"""
import os
import sqlite3
import subprocess
import sys
import tempfile

SOURCE_DIR = sys.argv[1]
sys.path.insert(0, os.path.join(SOURCE_DIR, "scripts"))
import endings  # noqa: E402
from store_fixture import write_store  # noqa: E402

Game = endings.game_message_class(SOURCE_DIR)
WHITE_WINS, BLACK_WINS, DRAW = 1, 2, 3


def square(name):
    return (ord(name[0]) - ord("a")) + 16 * (int(name[1]) - 1)


def move(uci):
    packed = square(uci[:2]) | square(uci[2:4]) << 8
    return packed | (ord(uci[4]) << 16 if len(uci) > 4 else 0)


def game(fen, moves, result):
    g = Game()
    g.variant = "shatar-traditional"
    g.start_fen = fen
    g.moves.extend(move(m) for m in moves)
    g.result = result
    return g.SerializeToString()


GAMES = [
    # Job 1. A lone black pawn on its seventh rank, drawn.
    (1, game("4k3/8/8/8/8/8/p7/RJ2K3 w - - 0 1", [], DRAW)),
    # A knight and a pawn on its second rank; the bers takes the knight: a lone pawn, then it
    # steps to its third rank. White wins: each category counts once, from White's side.
    (1, game("4k3/p7/8/1n6/8/8/8/RJ2K3 w - - 0 1", ["b1b5", "e8d8", "b5b6", "a7a6"], WHITE_WINS)),
    # Black ahead (rook and bers against a lone white rook), and Black wins.
    (1, game("rj2k3/8/8/8/3R4/8/8/4K3 b - - 0 1", [], BLACK_WINS)),
    # Rook and two pawns against three pawns, an ending: the side ahead has two pawns. The
    # rook takes a pawn (two units left) and White loses.
    (1, game("4k3/ppp5/8/8/8/8/PP6/R3K3 w - - 0 1", ["a1a7"], BLACK_WINS)),
    # A 10x10 game (Hia Shatar) is skipped.
    (1, game("10/10/10/10/10/10/10/10/10/4K5 w - - 0 1", [], DRAW)),
    # Job 2, left out by --job 1: another lone pawn on its seventh rank.
    (2, game("4k3/8/8/8/8/8/p7/RJ2K3 w - - 0 1", [], WHITE_WINS)),
]

EXPECTED = [
    "5 games read, 1 not of the 8x8 family skipped; lead 3 pawns or more",
    "| a lone pawn on its rank 2 | 1 | 100% | 0% | 0% |",
    "| a lone pawn on its rank 3 | 1 | 100% | 0% | 0% |",
    "| a lone pawn on its rank 7 | 1 | 0% | 100% | 0% |",
    "| a lone rook | 1 | 100% | 0% | 0% |",
    "| a piece and a pawn, pawns up to rank 5 | 1 | 100% | 0% | 0% |",
    "| the side ahead has 2 pawns (three units or more behind) | 1 | 0% | 0% | 100% |",
    "| two pawns, pawns up to rank 5 | 1 | 0% | 0% | 100% |",
]


def main():
    with tempfile.TemporaryDirectory() as work:
        store = os.path.join(work, "tumen.db")
        write_store(store, GAMES, Game)
        script = os.path.join(SOURCE_DIR, "scripts", "endings.py")
        run = subprocess.run([script, "--job", "1", store], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"endings.py failed: {run.stderr}")
        lines = [l for l in run.stdout.splitlines() if l and not l.startswith("| category")
                 and not l.startswith("|---")]
        if lines != EXPECTED:
            sys.exit("endings.py printed:\n" + "\n".join(lines) + "\nexpected:\n" +
                     "\n".join(EXPECTED))
        # A file that is not a store is refused with a message, not a traceback.
        bad = os.path.join(work, "empty.db")
        sqlite3.connect(bad).close()
        run = subprocess.run([script, bad], capture_output=True, text=True)
        if run.returncode == 0 or "give a farm store" not in run.stderr:
            sys.exit(f"endings.py on a file without games: rc {run.returncode}, {run.stderr}")
    print("endings.py: every category as expected")


if __name__ == "__main__":
    main()
