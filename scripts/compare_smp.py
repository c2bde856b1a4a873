#!/usr/bin/env python3
"""Lazy SMP time to depth side by side: Tumen against Fairy-Stockfish on one machine.

For every bench position of a game both engines play (Tumen `shatar-traditional` and
Fairy-Stockfish `shatar`, `chess`, `xiangqi`), each engine searches to a fixed depth with 1
and with 2 threads; the runs alternate between engines and thread counts within each
repetition, so that a drift in the machine's speed falls on all of them alike. Prints, per
engine, the per-position speedup time(1 thread) / time(2 threads) and its median over the
positions: what 2 threads buy each engine on this machine. The depths differ between the
engines (their depths are not the same measure) and are chosen so that both search for
comparable times.

Each search starts from an empty table (`ucinewgame`) and is timed from `go depth N` to
`bestmove`. Standard library only; the UCI process is scripts/lib/uci.py.

  scripts/compare_smp.py --reps 3
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from uci import EngineError, IoLog, UciProcess  # noqa: E402

# Tumen variant -> Fairy-Stockfish variant with the same rules.
SHARED_GAMES = {"shatar-traditional": "shatar", "chess": "chess", "xiangqi": "xiangqi"}


def bench_positions(tumen):
    """(tumen variant, fen) of every bench position of a game both engines play."""
    out = subprocess.run([tumen, "bench", "1"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("compare_smp: `%s bench 1` failed (exit %d): %s"
                 % (tumen, out.returncode, out.stderr.strip()[-300:]))
    positions = []
    for line in (out.stdout + out.stderr).splitlines():
        variant, _, rest = line.partition(" ")
        fen = rest.split(" bestmove ")[0].strip()
        if variant in SHARED_GAMES and " bestmove " in rest and fen:
            positions.append((variant, fen))
    return positions


class Engine(UciProcess):
    def __init__(self, cmd, label, hash_mb, depth, variant_name):
        super().__init__(cmd, label, IoLog(None))
        self.hash_mb, self.depth, self.variant_name = hash_mb, depth, variant_name
        self.threads = None

    def setup(self):
        self.start()
        self.handshake()
        self.send("setoption name Hash value %d" % self.hash_mb)

    def time_to_depth(self, variant, fen, threads, timeout):
        """Seconds from `go depth` to `bestmove`."""
        if threads != self.threads:
            self.send("setoption name Threads value %d" % threads)
            self.threads = threads
        self.send("setoption name UCI_Variant value %s" % self.variant_name(variant))
        self.send("ucinewgame")
        self.send("position fen %s" % fen)
        self.isready()  # the table is cleared and the position set before the clock starts
        start = time.monotonic()
        self.send("go depth %d" % self.depth)
        while True:
            t, line = self.readline(start + timeout)  # t: when the line arrived
            if line.split(" ", 1)[0] == "bestmove":
                return t - start


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.environ.get("BUILD_DIR", os.path.join(here, "..", "build"))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tumen", default=os.path.join(build, "bin", "tumen-engine"))
    ap.add_argument("--fairy-stockfish", default="/usr/games/fairy-stockfish")
    ap.add_argument("--tumen-depth", type=int, default=14)
    ap.add_argument("--fairy-stockfish-depth", type=int, default=16)
    ap.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    ap.add_argument("--hash", type=int, default=64, help="MiB (default 64)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per search")
    args = ap.parse_args()
    for exe in (args.tumen, args.fairy_stockfish):
        if not os.access(exe, os.X_OK):
            sys.exit("compare_smp: %s not found (scripts/build.sh, scripts/setup.sh)" % exe)
    if args.reps < 1:
        sys.exit("compare_smp: --reps must be at least 1")

    engines = [Engine(args.tumen, "tumen", args.hash, args.tumen_depth, lambda v: v),
               Engine(args.fairy_stockfish, "fairy-stockfish", args.hash,
                      args.fairy_stockfish_depth, SHARED_GAMES.get)]
    positions = bench_positions(args.tumen)
    if not positions:
        sys.exit("compare_smp: `%s bench 1` listed no position of %s"
                 % (args.tumen, ", ".join(SHARED_GAMES)))
    times = {}  # (engine label, position index, threads) -> [seconds]
    try:
        for e in engines:
            e.setup()
        for rep in range(args.reps):
            for i, (variant, fen) in enumerate(positions):
                # Alternate the order, so that neither engine nor thread count always goes first.
                order = [(e, t) for e in engines for t in (1, 2)]
                if (rep + i) % 2:
                    order.reverse()
                for e, threads in order:
                    seconds = e.time_to_depth(variant, fen, threads, args.timeout)
                    times.setdefault((e.label, i, threads), []).append(seconds)
            print("repetition %d of %d done" % (rep + 1, args.reps), file=sys.stderr, flush=True)
    except EngineError as e:
        sys.exit("compare_smp: %s" % e)
    finally:
        for e in engines:
            e.stop_process()

    print("%-20s %-45s %-24s %-24s" % ("", "", "tumen (depth %d)" % args.tumen_depth,
                                       "fairy-stockfish (depth %d)" % args.fairy_stockfish_depth))
    print("%-20s %-45s %-24s %-24s" % ("variant", "position", "1 thread s / speedup",
                                       "1 thread s / speedup"))
    speedups = {e.label: [] for e in engines}
    for i, (variant, fen) in enumerate(positions):
        cells = []
        for e in engines:
            one = statistics.median(times[(e.label, i, 1)])
            two = statistics.median(times[(e.label, i, 2)])
            speedups[e.label].append(one / two)
            cells.append("%7.2f / %5.2fx" % (one, one / two))
        print("%-20s %-45s %-24s %-24s" % (variant, fen[:45], cells[0], cells[1]))
    for e in engines:
        print("%s: median 2-thread speedup over %d positions %.2fx" %
              (e.label, len(positions), statistics.median(speedups[e.label])))


if __name__ == "__main__":
    main()
