#!/usr/bin/env python3
"""UCI match runner between two engines, judged by a Tumen referee process.

Every move is checked by a referee (build/bin/tumen-engine by default) through
the Tumen `result` UCI extension, so the rules' verdict (Shatar mate rules,
bare king, repetition, 50 moves, ...) is the same for both engines, and an
illegal move loses.

Example (Tumen vs Fairy-Stockfish, traditional Shatar, 200 games at 10+0.1):

  scripts/match.py --engine1 build/bin/tumen-engine --name1 tumen \\
      --variant1 shatar-traditional \\
      --engine2 /usr/games/fairy-stockfish --name2 fairy-stockfish --variant2 shatar \\
      --referee-variant shatar-traditional --option1 Hash=16 --option2 Hash=16 \\
      --games 200 --tc 10+0.1 --concurrency 1 \\
      --openings scripts/openings/shatar-traditional.epd --pgn match.pgn --json match.json

Standard library only.
"""

import argparse
import concurrent.futures
import datetime
import json
import math
import os
import queue
import random
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_REFEREE = os.path.join(REPO_ROOT, "build", "bin", "tumen-engine")

STOP = threading.Event()  # set on interrupt / fatal error: no new moves, no new games
_PROCS = set()  # every live child process, for cleanup
_PROCS_LOCK = threading.Lock()
_PRINT_LOCK = threading.Lock()


def log(msg):
    with _PRINT_LOCK:
        print(msg, flush=True)


def kill_all_children():
    with _PROCS_LOCK:
        procs = list(_PROCS)
        _PROCS.clear()
    for p in procs:
        _kill_proc(p)


def _kill_proc(p):
    if p.poll() is not None:
        return
    try:
        os.killpg(p.pid, signal.SIGKILL)  # started with its own session: pgid == pid
    except (ProcessLookupError, PermissionError, OSError):
        try:
            p.kill()
        except OSError:
            pass
    try:
        p.wait(timeout=2)
    except subprocess.TimeoutExpired:
        pass


# ----------------------------------------------------------------------------
# UCI processes


class EngineError(Exception):
    pass


class EngineTimeout(EngineError):
    pass


class EngineCrashed(EngineError):
    pass


class FatalError(Exception):
    pass


class Aborted(Exception):
    pass


class IoLog:
    """Optional log of all UCI traffic (--log)."""

    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8") if path else None
        self.lock = threading.Lock()
        self.t0 = time.monotonic()

    def write(self, who, direction, line):
        if not self.f:
            return
        with self.lock:
            self.f.write("%9.3f %s %s %s\n" % (time.monotonic() - self.t0, who, direction, line))
            self.f.flush()


class UciProcess:
    def __init__(self, cmd, label, iolog):
        self.cmd = cmd
        self.label = label
        self.iolog = iolog
        self.proc = None
        self.q = None
        self.id_name = None
        self.options = set()

    @property
    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        argv = shlex.split(self.cmd)
        try:
            self.proc = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, bufsize=1, start_new_session=True)
        except OSError as e:
            raise EngineCrashed("cannot start %r: %s" % (self.cmd, e))
        with _PROCS_LOCK:
            _PROCS.add(self.proc)
        self.q = queue.Queue()
        threading.Thread(target=self._reader, args=(self.proc, self.q), daemon=True).start()

    @staticmethod
    def _reader(proc, q):
        try:
            for line in proc.stdout:
                q.put((time.monotonic(), line.rstrip("\r\n")))
        except (OSError, ValueError):
            pass
        q.put((time.monotonic(), None))

    def send(self, line):
        self.iolog.write(self.label, "<", line)
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError, AttributeError):
            raise EngineCrashed("%s: write failed (process exited?)" % self.label)

    def readline(self, deadline):
        """(timestamp, line) or raises EngineTimeout/EngineCrashed."""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineTimeout("%s: no answer in time" % self.label)
            try:
                t, line = self.q.get(timeout=min(remaining, 0.25))
            except queue.Empty:
                if STOP.is_set():
                    raise Aborted()
                continue
            if line is None:
                self.q.put((t, None))  # stay at EOF
                raise EngineCrashed("%s: process exited" % self.label)
            self.iolog.write(self.label, ">", line)
            return t, line

    def wait_for(self, token, timeout):
        """Read lines until one whose first word is `token`; returns all lines read."""
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            _, line = self.readline(deadline)
            lines.append(line)
            if line.split(" ", 1)[0] == token:
                return lines

    def handshake(self, timeout=30):
        self.send("uci")
        for line in self.wait_for("uciok", timeout):
            if line.startswith("id name "):
                self.id_name = line[8:].strip()
            elif line.startswith("option name "):
                rest = line[12:]
                name = rest.split(" type ", 1)[0].strip()
                self.options.add(name.lower())

    def isready(self, timeout=30):
        self.send("isready")
        return self.wait_for("readyok", timeout)

    def stop_process(self):
        if self.proc is None:
            return
        p = self.proc
        self.proc = None
        if p.poll() is None:
            try:
                p.stdin.write("quit\n")
                p.stdin.flush()
                p.wait(timeout=1)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        _kill_proc(p)
        with _PROCS_LOCK:
            _PROCS.discard(p)

    def kill(self):
        if self.proc is None:
            return
        p = self.proc
        self.proc = None
        _kill_proc(p)
        with _PROCS_LOCK:
            _PROCS.discard(p)


class Player(UciProcess):
    """A competing engine."""

    def __init__(self, cmd, label, variant, options, iolog):
        super().__init__(cmd, label, iolog)
        self.variant = variant
        self.uci_options = options  # list of (name, value)
        self.warned = False

    def setup(self):
        self.start()
        self.handshake()
        errors = []
        sets = []
        if self.variant:
            if "uci_variant" in self.options or not self.options:
                sets.append(("UCI_Variant", self.variant))
            elif not self.warned:
                log("warning: %s does not advertise UCI_Variant; not sending %r"
                    % (self.label, self.variant))
        sets += self.uci_options
        for name, value in sets:
            if name.lower() not in self.options and not self.warned:
                log("warning: %s does not advertise option %r (sending anyway)" % (self.label, name))
            self.send("setoption name %s value %s" % (name, value))
        for line in self.isready():
            if "error" in line.lower() or line.startswith("No such option"):
                errors.append(line)
        if errors and not self.warned:
            log("warning: %s: %s" % (self.label, "; ".join(errors)))
        self.warned = True

    def new_game(self):
        self.send("ucinewgame")
        self.isready()

    def search(self, fen, moves, wtime, btime, winc, binc, timeout):
        """Returns (bestmove, elapsed_ms, info) where info = (score_str, depth)."""
        pos = "position fen " + fen
        if moves:
            pos += " moves " + " ".join(moves)
        self.send(pos)
        go = "go wtime %d btime %d winc %d binc %d" % (wtime, btime, winc, binc)
        t0 = time.monotonic()
        self.send(go)
        deadline = t0 + timeout
        score, depth = None, None
        while True:
            t, line = self.readline(deadline)
            words = line.split()
            if not words:
                continue
            if words[0] == "info":
                if "score" in words:
                    i = words.index("score")
                    if i + 2 < len(words):
                        kind, val = words[i + 1], words[i + 2]
                        try:
                            if kind == "cp":
                                score = "%+.2f" % (int(val) / 100.0)
                            elif kind == "mate":
                                m = int(val)
                                score = ("+M%d" % m) if m > 0 else ("-M%d" % -m)
                        except ValueError:
                            pass
                if "depth" in words:
                    i = words.index("depth")
                    if i + 1 < len(words):
                        depth = words[i + 1]
            elif words[0] == "bestmove":
                elapsed_ms = (t - t0) * 1000.0
                mv = words[1] if len(words) > 1 else None
                return mv, elapsed_ms, (score, depth)


class Referee(UciProcess):
    def __init__(self, cmd, variant, iolog, label="referee"):
        super().__init__(cmd, label, iolog)
        self.variant = variant

    def setup(self):
        self.start()
        self.handshake()
        if self.variant:
            self.send("setoption name UCI_Variant value %s" % self.variant)
        errs = [l for l in self.isready() if l.startswith("info string error")]
        if errs:
            raise FatalError("referee: %s" % "; ".join(errs))

    def _judge_once(self, fen, moves):
        pos = "position fen " + fen
        if moves:
            pos += " moves " + " ".join(moves)
        self.send(pos)
        self.send("result")
        errors = []
        deadline = time.monotonic() + 30
        while True:
            _, line = self.readline(deadline)
            if line.startswith("info string error"):
                errors.append(line)
            elif line.startswith("result "):
                words = line.split()
                res = words[1] if len(words) > 1 else "*"
                term = " ".join(words[2:]) if len(words) > 2 else ""
                return res, term, errors

    def judge(self, fen, moves):
        """(result, termination words, error lines) for the position after `moves`."""
        for attempt in range(2):
            try:
                if not self.alive:
                    self.setup()
                return self._judge_once(fen, moves)
            except EngineError as e:
                self.kill()
                if attempt == 1:
                    raise FatalError("referee failed: %s" % e)

    def start_fen(self):
        if not self.alive:
            self.setup()
        self.send("position startpos")
        self.send("d")
        for line in self.wait_for("Fen:", 10):
            if line.startswith("Fen:"):
                return line[4:].strip()
        raise FatalError("referee: no Fen line")


# ----------------------------------------------------------------------------
# Match


class GameSpec:
    def __init__(self, index, pair, opening_no, fen, engine1_white):
        self.index = index  # 0-based game number
        self.pair = pair
        self.opening_no = opening_no
        self.fen = fen
        self.engine1_white = engine1_white


class Context:
    """Per-worker engines and referee; reused from game to game."""

    def __init__(self, args, iolog, slot):
        tag = "[%d]" % slot
        self.p1 = Player(args.engine1, args.name1 + tag, args.variant1, args.option1, iolog)
        self.p2 = Player(args.engine2, args.name2 + tag, args.variant2, args.option2, iolog)
        self.ref = Referee(args.referee, args.referee_variant, iolog, "referee" + tag)
        self.failures = {id(self.p1): 0, id(self.p2): 0}

    def prepare(self, player):
        """Make sure `player` runs and is reset for a new game; EngineError if not."""
        for attempt in range(2):
            try:
                if not player.alive:
                    player.kill()
                    player.setup()
                player.new_game()
                self.failures[id(player)] = 0
                return
            except EngineError as e:
                player.kill()
                if attempt == 1:
                    self.failures[id(player)] += 1
                    if self.failures[id(player)] >= 3:
                        raise FatalError("%s failed to start 3 times: %s" % (player.label, e))
                    raise

    def close(self):
        for p in (self.p1, self.p2, self.ref):
            p.stop_process()


def play_game(ctx, spec, args):
    """Plays one game; returns a dict describing it."""
    if STOP.is_set():
        raise Aborted()
    e1, e2 = ctx.p1, ctx.p2
    white, black = (e1, e2) if spec.engine1_white else (e2, e1)
    wname, bname = (args.name1, args.name2) if spec.engine1_white else (args.name2, args.name1)
    fen = spec.fen
    rec = {
        "game": spec.index + 1, "pair": spec.pair + 1, "opening": spec.opening_no + 1,
        "fen": fen, "white": wname, "black": bname, "engine1_white": spec.engine1_white,
        "moves": [], "comments": [], "result": "*", "termination": "",
    }

    res, term, errs = ctx.ref.judge(fen, [])
    if errs:
        raise FatalError("opening %d rejected by referee: %s (%s)" % (spec.opening_no + 1, fen, errs[0]))
    if res != "*":
        raise FatalError("opening %d is already decided (%s %s): %s" % (spec.opening_no + 1, res, term, fen))

    players = {"w": white, "b": black}
    for side in ("w", "b"):
        try:
            ctx.prepare(players[side])
        except EngineError as e:
            rec["result"] = "0-1" if side == "w" else "1-0"
            rec["termination"] = "engine failed to start"
            log("  %s" % e)
            return rec

    base_ms = args.base_ms
    inc_ms = args.inc_ms
    clocks = {"w": float(base_ms), "b": float(base_ms)}
    stm = fen.split()[1] if len(fen.split()) > 1 else "w"
    moves = rec["moves"]
    loser = None
    while True:
        if res != "*":
            rec["result"], rec["termination"] = res, term
            break
        if len(moves) >= args.max_plies:
            rec["result"], rec["termination"] = "1/2-1/2", "adjudication: max plies"
            break
        if STOP.is_set():
            raise Aborted()
        eng = players[stm]
        wtime = max(1, int(clocks["w"]))
        btime = max(1, int(clocks["b"]))
        timeout = max(clocks[stm], 0) / 1000.0 + 5.0
        try:
            mv, elapsed, (score, depth) = eng.search(fen, moves, wtime, btime, inc_ms, inc_ms, timeout)
        except EngineTimeout:
            eng.kill()
            loser, rec["termination"] = stm, "stalled (no bestmove): %s" % eng.label
            break
        except EngineCrashed:
            eng.kill()
            loser, rec["termination"] = stm, "engine crashed: %s" % eng.label
            break
        clocks[stm] -= elapsed
        if clocks[stm] < -args.timemargin:
            loser = stm
            rec["termination"] = "time forfeit (%s %.0f ms over)" % (
                "white" if stm == "w" else "black", -clocks[stm])
            break
        if mv in (None, "(none)", "0000", "none"):
            loser, rec["termination"] = stm, "no move returned (bestmove %s)" % mv
            break
        moves.append(mv)
        res, term, errs = ctx.ref.judge(fen, moves)
        if errs:
            moves.pop()
            loser, rec["termination"] = stm, "illegal move %s" % mv
            break
        comment = []
        if score is not None:
            comment.append(score + ("/" + depth if depth else ""))
        comment.append("%.2fs" % (elapsed / 1000.0))
        rec["comments"].append(" ".join(comment))
        clocks[stm] = max(clocks[stm], 0.0) + inc_ms
        stm = "b" if stm == "w" else "w"

    if loser is not None:
        rec["result"] = "0-1" if loser == "w" else "1-0"
    rec["plies"] = len(moves)
    return rec


def engine1_points(rec):
    r = rec["result"]
    if r == "1/2-1/2":
        return 0.5
    if r not in ("1-0", "0-1"):
        return None
    white_won = r == "1-0"
    return 1.0 if white_won == rec["engine1_white"] else 0.0


# ----------------------------------------------------------------------------
# Statistics


def elo_from_score(s):
    s = min(max(s, 1e-3), 1 - 1e-3)
    return -400.0 * math.log10(1.0 / s - 1.0)


def trinomial_stats(w, d, l):
    n = w + d + l
    if n == 0:
        return None
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * (0 - s) ** 2) / n
    se = math.sqrt(var / n)
    los = 0.5 if w + l == 0 else 0.5 * (1 + math.erf((w - l) / math.sqrt(2.0 * (w + l))))
    return {
        "games": n, "score": s, "stderr": se,
        "elo": elo_from_score(s),
        "elo_low": elo_from_score(s - 1.96 * se), "elo_high": elo_from_score(s + 1.96 * se),
        "los": los,
    }


def pentanomial_stats(penta):
    npairs = sum(penta)
    if npairs == 0:
        return None
    scores = [0.0, 0.25, 0.5, 0.75, 1.0]
    s = sum(c * x for c, x in zip(penta, scores)) / npairs
    var = sum(c * (x - s) ** 2 for c, x in zip(penta, scores)) / npairs
    se = math.sqrt(var / npairs)
    return {
        "pairs": npairs, "score": s, "stderr": se, "elo": elo_from_score(s),
        "elo_low": elo_from_score(s - 1.96 * se), "elo_high": elo_from_score(s + 1.96 * se),
    }


def termination_category(term):
    """'illegal move e2e5' -> 'illegal move', 'time forfeit (white 5 ms over)' -> 'time forfeit'."""
    key = term.split(":")[0].split(" (")[0]
    if key.startswith("illegal move"):
        key = "illegal move"
    return key or "unknown"


class Tally:
    def __init__(self, ngames):
        self.ngames = ngames
        self.w = self.d = self.l = 0
        self.finished = 0
        self.pairs = {}  # pair -> list of points
        self.terminations = {}
        self.records = []

    def add(self, rec):
        self.finished += 1
        self.records.append(rec)
        pts = engine1_points(rec)
        if pts == 1.0:
            self.w += 1
        elif pts == 0.5:
            self.d += 1
        elif pts == 0.0:
            self.l += 1
        key = termination_category(rec["termination"])
        self.terminations[key] = self.terminations.get(key, 0) + 1
        if pts is not None:
            self.pairs.setdefault(rec["pair"], []).append(pts)

    def pentanomial(self):
        penta = [0] * 5
        for pts in self.pairs.values():
            if len(pts) == 2:
                penta[int(round(2 * sum(pts)))] += 1
        return penta


# ----------------------------------------------------------------------------
# PGN


def pgn_game(rec, args, date):
    fen = rec["fen"]
    parts = fen.split()
    stm = parts[1] if len(parts) > 1 else "w"
    try:
        fullmove = int(parts[5]) if len(parts) > 5 else 1
    except ValueError:
        fullmove = 1
    tags = [
        ("Event", "%s vs %s" % (args.name1, args.name2)),
        ("Site", socket.gethostname()),
        ("Date", date),
        ("Round", str(rec["game"])),
        ("White", rec["white"]),
        ("Black", rec["black"]),
        ("Result", rec["result"]),
        ("Variant", args.pgn_variant),
        ("SetUp", "1"),
        ("FEN", fen),
        ("Termination", rec["termination"]),
        ("TimeControl", args.tc),
        ("PlyCount", str(len(rec["moves"]))),
    ]
    out = ['[%s "%s"]' % (k, v.replace("\\", "\\\\").replace('"', '\\"')) for k, v in tags]
    out.append("")
    tokens = []
    num = fullmove
    side = stm
    for i, mv in enumerate(rec["moves"]):
        if side == "w":
            tokens.append("%d." % num)
        elif i == 0:
            tokens.append("%d..." % num)
        tokens.append(mv)
        if i < len(rec["comments"]) and rec["comments"][i]:
            tokens.append("{%s}" % rec["comments"][i])
        if side == "b":
            num += 1
        side = "b" if side == "w" else "w"
    tokens.append("{%s}" % rec["termination"])
    tokens.append(rec["result"])
    line = ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            out.append(line)
            line = t
        else:
            line = t if not line else line + " " + t
    if line:
        out.append(line)
    out.append("")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------
# Driver


def load_openings(path):
    fens = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            words = line.split()
            if len(words) < 4:
                raise FatalError("bad opening line: %r" % line)
            fen = words[:4]
            if len(words) >= 6 and words[4].isdigit() and words[5].isdigit():
                fen += words[4:6]
            else:
                fen += ["0", "1"]
            fens.append(" ".join(fen))
    if not fens:
        raise FatalError("no openings in %s" % path)
    return fens


def parse_option(s):
    if "=" not in s:
        raise argparse.ArgumentTypeError("expected NAME=VALUE, got %r" % s)
    name, value = s.split("=", 1)
    return name.strip(), value.strip()


def parse_tc(s):
    try:
        if "+" in s:
            base, inc = s.split("+", 1)
        else:
            base, inc = s, "0"
        base_ms, inc_ms = int(round(float(base) * 1000)), int(round(float(inc) * 1000))
    except ValueError:
        raise argparse.ArgumentTypeError("expected BASE+INC in seconds, e.g. 10+0.1")
    if base_ms <= 0 or inc_ms < 0:
        raise argparse.ArgumentTypeError("bad time control %r" % s)
    return base_ms, inc_ms


def build_parser():
    ap = argparse.ArgumentParser(description="UCI match runner with a Tumen referee.",
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--engine1", required=True, help="command of engine 1 (shell-split)")
    ap.add_argument("--engine2", required=True, help="command of engine 2 (shell-split)")
    ap.add_argument("--name1", help="name of engine 1 (default: basename)")
    ap.add_argument("--name2", help="name of engine 2 (default: basename)")
    ap.add_argument("--variant", help="UCI_Variant for both engines and the referee (shorthand)")
    ap.add_argument("--variant1", help="UCI_Variant value for engine 1")
    ap.add_argument("--variant2", help="UCI_Variant value for engine 2")
    ap.add_argument("--option1", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    ap.add_argument("--option2", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--tc", default="10+0.1", help="BASE+INC in seconds")
    ap.add_argument("--timemargin", type=int, default=100, help="ms of clock overrun tolerated")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--openings", help="EPD/FEN file; each opening is played twice, colours swapped")
    ap.add_argument("--referee", default=DEFAULT_REFEREE, help="Tumen engine used as referee")
    ap.add_argument("--referee-variant", help="Tumen variant name judging results (default: --variant1)")
    ap.add_argument("--pgn", help="write games to this PGN file")
    ap.add_argument("--pgn-variant", help="[Variant] tag value (default: referee variant)")
    ap.add_argument("--json", help="write a JSON summary here")
    ap.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    ap.add_argument("--seed", type=int, help="shuffle the openings with this seed")
    ap.add_argument("--log", help="log all UCI traffic to this file")
    return ap


def fmt_elo(st):
    return "%+.1f [%+.1f, %+.1f]" % (st["elo"], st["elo_low"], st["elo_high"])


def summary(args, tally, elapsed):
    st = trinomial_stats(tally.w, tally.d, tally.l)
    penta = tally.pentanomial()
    pst = pentanomial_stats(penta)
    lines = ["", "=== %s vs %s: %d games, tc %s, %.0f s ===" % (
        args.name1, args.name2, tally.finished, args.tc, elapsed)]
    if st:
        lines.append("%s: W/D/L %d/%d/%d  score %.1f%%  Elo %s (95%%)  LOS %.1f%%" % (
            args.name1, tally.w, tally.d, tally.l, 100 * st["score"], fmt_elo(st), 100 * st["los"]))
    if pst:
        lines.append("pentanomial pairs [0, 0.5, 1, 1.5, 2 points]: %s  (Elo %s)" % (
            penta, fmt_elo(pst)))
    if tally.terminations:
        lines.append("terminations: " + ", ".join(
            "%s %d" % (k, v) for k, v in sorted(tally.terminations.items(), key=lambda kv: -kv[1])))
    plies = [r.get("plies", len(r["moves"])) for r in tally.records]
    if plies:
        lines.append("average game length: %.1f plies" % (sum(plies) / len(plies)))
    log("\n".join(lines))
    return st, penta, pst


def main(argv=None):
    ap = build_parser()
    args = ap.parse_args(argv)
    try:
        args.base_ms, args.inc_ms = parse_tc(args.tc)
    except argparse.ArgumentTypeError as e:
        ap.error(str(e))
    if args.games < 1 or args.concurrency < 1 or args.max_plies < 1:
        ap.error("--games, --concurrency and --max-plies must be positive")
    args.variant1 = args.variant1 or args.variant
    args.variant2 = args.variant2 or args.variant
    args.referee_variant = args.referee_variant or args.variant or args.variant1
    args.pgn_variant = args.pgn_variant or args.referee_variant or "chess"
    args.name1 = args.name1 or os.path.basename(shlex.split(args.engine1)[0])
    args.name2 = args.name2 or os.path.basename(shlex.split(args.engine2)[0])
    if args.name1 == args.name2:
        args.name1 += "-1"
        args.name2 += "-2"

    def on_term(signum, frame):
        raise KeyboardInterrupt()
    signal.signal(signal.SIGTERM, on_term)

    iolog = IoLog(args.log)
    contexts = []
    ctx_pool = queue.Queue()
    ctx_lock = threading.Lock()
    tally = Tally(args.games)
    t_start = time.monotonic()
    date = datetime.date.today().strftime("%Y.%m.%d")
    pgn_file = None
    executor = None
    rc = 0
    try:
        # Openings: validated by the referee before the match starts.
        probe = Referee(args.referee, args.referee_variant, iolog, "referee-probe")
        try:
            probe.setup()
            if args.openings:
                fens = load_openings(args.openings)
            else:
                fens = [probe.start_fen()]
            for i, f in enumerate(fens):
                res, term, errs = probe.judge(f, [])
                if errs or res != "*":
                    raise FatalError("opening %d unusable (%s): %s" % (
                        i + 1, errs[0] if errs else "%s %s" % (res, term), f))
        except EngineError as e:
            raise FatalError("referee %r: %s" % (args.referee, e))
        finally:
            probe.stop_process()
        if args.seed is not None:
            random.Random(args.seed).shuffle(fens)

        specs = []
        for g in range(args.games):
            pair = g // 2
            o = pair % len(fens)
            specs.append(GameSpec(g, pair, o, fens[o], engine1_white=(g % 2 == 0)))

        if args.pgn:
            pgn_file = open(args.pgn, "w", encoding="utf-8")

        log("match: %s (%s) vs %s (%s), referee %s [%s], %d games, tc %s, concurrency %d, %d openings" % (
            args.name1, args.variant1 or "-", args.name2, args.variant2 or "-", os.path.basename(args.referee),
            args.referee_variant, args.games, args.tc, args.concurrency, len(fens)))

        for slot in range(args.concurrency):
            ctx_pool.put(slot)

        def run(spec):
            slot = ctx_pool.get()
            try:
                with ctx_lock:
                    while len(contexts) <= slot:
                        contexts.append(None)
                    if contexts[slot] is None:
                        contexts[slot] = Context(args, iolog, slot)
                    ctx = contexts[slot]
                return play_game(ctx, spec, args)
            finally:
                ctx_pool.put(slot)

        executor = concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency)
        futures = [executor.submit(run, s) for s in specs]
        for fut in concurrent.futures.as_completed(futures):
            rec = fut.result()  # FatalError propagates
            tally.add(rec)
            log("game %d/%d: %s vs %s %s (%s) \u2014 score so far %d/%d/%d" % (
                tally.finished, args.games, rec["white"], rec["black"], rec["result"],
                rec["termination"], tally.w, tally.d, tally.l))
            if pgn_file:
                pgn_file.write(pgn_game(rec, args, date) + "\n")
                pgn_file.flush()
    except KeyboardInterrupt:
        log("\ninterrupted: stopping engines")
        rc = 130
    except (FatalError, Aborted) as e:
        log("fatal: %s" % e)
        rc = 2
    finally:
        STOP.set()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
        if rc == 0:
            for c in contexts:
                if c is not None:
                    c.close()
        kill_all_children()
        if pgn_file:
            pgn_file.close()

    st, penta, pst = summary(args, tally, time.monotonic() - t_start)
    if args.json:
        data = {
            "engine1": args.name1, "engine2": args.name2, "variant1": args.variant1,
            "variant2": args.variant2, "referee_variant": args.referee_variant, "tc": args.tc,
            "games_planned": args.games, "games": tally.finished, "interrupted": rc != 0,
            "wins": tally.w, "draws": tally.d, "losses": tally.l,
            "stats": st, "pentanomial": penta, "pentanomial_stats": pst,
            "terminations": tally.terminations,
            "results": [{k: r[k] for k in ("game", "pair", "opening", "white", "black", "result",
                                           "termination", "fen")} | {"plies": len(r["moves"])}
                        for r in sorted(tally.records, key=lambda r: r["game"])],
        }
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2)
    return rc


if __name__ == "__main__":
    try:
        code = main()
    finally:
        kill_all_children()
    sys.stdout.flush()
    os._exit(code)  # do not wait for worker threads blocked on dead engines
