"""A UCI engine as a child process, for the measurement scripts (scripts/compare_smp.py).

Matches are played by the farm (`tumen match`, external engines with `tumen-worker --engine`);
this is only the process plumbing: start, send, read lines with deadlines, stop. Standard
library only.
"""

import os
import queue
import shlex
import signal
import subprocess
import threading
import time

STOP = threading.Event()  # set on interrupt: no new commands
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
