#!/usr/bin/python3
"""scripts/clock_use.py on a store of a few games made here, whose tables are worked out by hand.

    clock_use_test.py SOURCE_DIR

Writes a store (store_fixture.py) whose games table holds the games below, with per-move
records, runs the script on it and checks its output line by line.
"""
import os
import subprocess
import sys
import tempfile

SOURCE_DIR = sys.argv[1]
sys.path.insert(0, os.path.join(SOURCE_DIR, "scripts"))
import farm_store  # noqa: E402
from store_fixture import write_store  # noqa: E402

Game = farm_store.game_message_class(SOURCE_DIR)


def game(white, black, factor, records):
    """records: (time ms on the worker's clock, score) per ply."""
    g = Game()
    g.variant = "shatar-traditional"
    g.white.engine, g.white.params_name = white
    g.black.engine, g.black.params_name = black
    g.tc_factor = factor
    for ms, score in records:
        info = g.move_info.add()
        info.time_ms, info.score_cp, info.depth, info.nodes = ms, score, 10, 1000
    return g.SerializeToString()


TUMEN_A, TUMEN_B, FAIRY = ("tumen", "a"), ("tumen", "b"), ("fairy-stockfish 11.1", "b")
GAMES = [
    # Job 1. A worker clock twice the reference: 400 ms there is 200 here.
    (1, game(TUMEN_A, FAIRY, 2.0, [(400, 50), (200, -20), (600, 100), (100, -90)])),
    # Not scaled (factor 0).
    (1, game(FAIRY, TUMEN_A, 0.0, [(300, 0), (500, 10)])),
    # Self-play: the parameter sets tell the players apart; 11 moves each, --tens 1 shows 10.
    (1, game(TUMEN_A, TUMEN_B, 1.0, [(100, 0)] * 22)),
    # No move records: skipped.
    (1, game(TUMEN_A, FAIRY, 1.0, [])),
    # Job 2, left out by --job 1.
    (2, game(TUMEN_A, FAIRY, 1.0, [(900, 500), (900, 500)])),
]

# Clock 1+0.1. tumen: 200 ms (900 left), 300 (700), then 500 as Black in the second game (600):
# mean 333, median 300, median clock 0.70 s. fairy-stockfish: 100 (1,000), 50 (1,050), 300 (800).
# Scores, the player's T before its move and the opponent's F after it on the player's side:
# tumen (50, 20) and (100, 90): F = 1.4 T - 50; fairy-stockfish (-20, -100) and (0, -10):
# F = 4.5 T - 10.
EXPECTED = """4 games read, 1 without move records skipped; clock 1+0.1, each worker's scaling taken out

| player | moves | counted | mean ms | median ms | median clock left s | median depth | median nodes |
|---|---|---|---|---|---|---|---|
| fairy-stockfish | 1–10 | 3 | 150 | 100 | 1.00 | 10 | 1000 |
| tumen | 1–10 | 3 | 333 | 300 | 0.70 | 10 | 1000 |
| tumen (a) | 1–10 | 10 | 100 | 100 | 1.00 | 10 | 1000 |
| tumen (b) | 1–10 | 10 | 100 | 100 | 1.00 | 10 | 1000 |

| player | moves | the opponent's score after the move, F, against the player's T |
|---|---|---|
| fairy-stockfish | 2 | F = 4.500 · T − 10.0 |
| tumen | 2 | F = 1.400 · T − 50.0 |
| tumen (a) | 11 | no spread of scores to fit |
| tumen (b) | 10 | no spread of scores to fit |
"""


def main():
    with tempfile.TemporaryDirectory() as work:
        store = os.path.join(work, "tumen.db")
        write_store(store, GAMES, Game)
        script = os.path.join(SOURCE_DIR, "scripts", "clock_use.py")
        run = subprocess.run([sys.executable, script, "--tc", "1+0.1", "--job", "1", "--tens", "1",
                              store], capture_output=True, text=True)
        if run.returncode != 0 or run.stdout != EXPECTED:
            print(run.stderr)
            for want, got in zip(EXPECTED.splitlines(), run.stdout.splitlines() + [""] * 99):
                print(("   " if want == got else "!! ") + f"want {want}\n   got  {got}")
            sys.exit("clock_use.py: the tables differ from the worked-out ones")
        # A clock that is not BASE+INC is refused with the fix in the message.
        bad = subprocess.run([sys.executable, script, "--tc", "nodes=20000", store],
                             capture_output=True, text=True)
        if bad.returncode == 0 or "BASE+INC" not in bad.stderr:
            sys.exit(f"clock_use.py: --tc nodes=20000 not refused: {bad.stderr}")
        # A file that is not a farm store is refused by name.
        missing = subprocess.run([sys.executable, script, "--tc", "1+0.1",
                                  os.path.join(work, "none.db")], capture_output=True, text=True)
        if missing.returncode == 0 or "no such file" not in missing.stderr:
            sys.exit(f"clock_use.py: a missing store not refused: {missing.stderr}")
    print("clock_use.py: both tables as expected")


if __name__ == "__main__":
    main()
