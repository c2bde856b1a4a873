#!/usr/bin/python3
"""Where each engine's clock goes in a match, by tens of moves, and how its scores compare.

    scripts/clock_use.py --tc BASE+INC [--job N] [--tens N] STORE.db [STORE.db ...]

(Debian's /usr/bin/python3 with python3-protobuf, which scripts/setup.sh installs, and protoc.)

Reads the games of farm stores (the coordinator's SQLite file, FARM_DATA/tumen.db) and their
per-move records (time, depth, nodes, score), and prints two Markdown tables:

- For each player (its engine, and its parameter set where the engine plays both sides) and
  each ten of its own moves from the game's start position (after the opening): the moves
  counted, the mean and median time a move, the median clock left after the move, the median
  depth and nodes. Times are in the reference's milliseconds: a worker's clock scaled by the
  match (`--scale-tc`, the game's tc_factor) is scaled back. The clock left is worked out from
  --tc, the time control the match asked for: BASE + INC per move so far - time spent.
- For each player, its score T before its move against its opponent's score F after that move
  turned to the player's side (both within +-600): the line F = a * T + b by least squares. A
  b below 0 means the opponent judges the player's positions worse than the player does.

Read it beside the match's result: docs/strength.md quotes it with the stores it came from.
"""
import argparse
import collections
import os
import statistics
import sys

from farm_store import game_message_class, read_games

SCORE_LIMIT = 600  # scores beyond this (won or lost positions, mates) leave the score line out


def player_names(game):
    """The two players' names (White's, Black's): the engine, with the parameter set where the
    same engine plays both sides."""
    white, black = game.white.engine.split()[0], game.black.engine.split()[0]
    if white == black:
        return f"{white} ({game.white.params_name})", f"{black} ({game.black.params_name})"
    return white, black


def parse_tc(text):
    """(base ms, increment ms) of 'BASE+INC' in seconds; exits on anything else."""
    try:
        base, inc = text.split("+")
        return float(base) * 1000, float(inc) * 1000
    except ValueError:
        sys.exit(f"clock_use: --tc {text}: give the match's clock as BASE+INC in seconds, "
                 "e.g. 10+0.1")


def tally(games, tc, tens):
    """Per player: {ten: [(ms, clock left ms, depth, nodes)]} and [(T, F)] score pairs."""
    moves = collections.defaultdict(lambda: collections.defaultdict(list))
    scores = collections.defaultdict(list)
    base, inc = tc
    for game in games:
        factor = game.tc_factor or 1.0
        names = player_names(game)
        info = game.move_info
        clock = [base, base]
        for ply, record in enumerate(info):
            side = ply % 2
            ms = record.time_ms / factor
            clock[side] += inc - ms
            own_move = ply // 2
            if own_move < 10 * tens:
                moves[names[side]][own_move // 10].append(
                    (ms, clock[side], record.depth, record.nodes))
            if ply + 1 < len(info):
                t, f = record.score_cp, -info[ply + 1].score_cp
                if abs(t) <= SCORE_LIMIT and abs(f) <= SCORE_LIMIT:
                    scores[names[side]].append((t, f))
    return moves, scores


def line_fit(pairs):
    """(a, b) of F = a * T + b by least squares; None where T does not vary."""
    n = len(pairs)
    mean_t = sum(t for t, _ in pairs) / n
    mean_f = sum(f for _, f in pairs) / n
    var_t = sum((t - mean_t) ** 2 for t, _ in pairs)
    if var_t == 0:
        return None
    a = sum((t - mean_t) * (f - mean_f) for t, f in pairs) / var_t
    return a, mean_f - a * mean_t


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stores", nargs="+", help="farm stores (FARM_DATA/tumen.db)")
    parser.add_argument("--tc", required=True, help="the match's clock, BASE+INC seconds")
    parser.add_argument("--job", type=int, help="only this job's games")
    parser.add_argument("--tens", type=int, default=8, help="tens of moves to show (8)")
    args = parser.parse_args()
    tc = parse_tc(args.tc)
    game_class = game_message_class(os.path.join(os.path.dirname(__file__), ".."))
    games = [g for store in args.stores
             for g in read_games(store, args.job, game_class, "clock_use")]
    timed = [g for g in games if g.move_info]
    print(f"{len(games)} games read, {len(games) - len(timed)} without move records skipped; "
          f"clock {args.tc}, each worker's scaling taken out")
    moves, scores = tally(timed, tc, args.tens)
    print()
    print("| player | moves | counted | mean ms | median ms | median clock left s | "
          "median depth | median nodes |")
    print("|---|---|---|---|---|---|---|---|")
    for name in sorted(moves):
        for ten in sorted(moves[name]):
            rows = moves[name][ten]
            ms = [r[0] for r in rows]
            print(f"| {name} | {10 * ten + 1}–{10 * ten + 10} | {len(rows)} | "
                  f"{statistics.mean(ms):.0f} | {statistics.median(ms):.0f} | "
                  f"{statistics.median(r[1] for r in rows) / 1000:.2f} | "
                  f"{statistics.median(r[2] for r in rows):g} | "
                  f"{statistics.median(r[3] for r in rows):.0f} |")
    print()
    print("| player | moves | the opponent's score after the move, F, against the player's T |")
    print("|---|---|---|")
    for name in sorted(scores):
        fit = line_fit(scores[name]) if scores[name] else None
        text = (f"F = {fit[0]:.3f} · T {'−' if fit[1] < 0 else '+'} {abs(fit[1]):.1f}" if fit
                else "no spread of scores to fit")
        print(f"| {name} | {len(scores[name])} | {text} |")


if __name__ == "__main__":
    main()
