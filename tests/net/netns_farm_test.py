#!/usr/bin/python3
"""The farm across hosts: a coordinator, workers and an operator each in a network namespace of
its own (tests/net/netns.py), over TLS (a CA and a server certificate made here with openssl;
every client checks the coordinator's certificate against the name coordinator.tumen.test) with
tokens.

  netns_farm_test.py BIN_DIR SOURCE_DIR SCENARIO
  SCENARIO: across_hosts | partition | faulty_link | coordinator_restart

Every scenario plays a real match and ends by checking that the job finished with exactly its
games: each (pair, colour) stored once, the counts of the job's status and its pentanomial pairs
agreeing. Each is bounded in time (a step that does not happen in time fails the test with the
logs' tails). Exit 0: passed; 77: skipped (no network namespaces here, e.g. not root); else
failed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from netns import Network, wait_until  # noqa: E402

SERVER_NAME = "coordinator.tumen.test"
GRPC_PORT = 7443
HTTP_PORT = 7080
PYTHON = "/usr/bin/python3"


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Farm:
    """A coordinator host and an operator host on `network`, and the files they share."""

    def __init__(self, network, bin_dir, source_dir, workdir):
        self.network = network
        self.bin = bin_dir
        self.workdir = workdir
        self.coordinator_host = network.add_host("coord")
        self.operator = network.add_host("op")
        self.operator.set_hosts({SERVER_NAME: self.coordinator_host.address})
        self.coordinator = None
        self.workers = {}  # name -> (host, process, spool folder)
        self.make_credentials()
        self.game_pb2 = compile_game_proto(source_dir, workdir)

    def path(self, name):
        return os.path.join(self.workdir, name)

    def make_credentials(self):
        openssl = ["openssl"]
        ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        subprocess.run(openssl + ["req", "-x509"] + ec + [
            "-keyout", self.path("ca.key"), "-out", self.path("ca.pem"), "-days", "2",
            "-subj", "/CN=Tumen test CA"], check=True, capture_output=True)
        subprocess.run(openssl + ["req"] + ec + [
            "-keyout", self.path("server.key"), "-out", self.path("server.csr"),
            "-subj", f"/CN={SERVER_NAME}"], check=True, capture_output=True)
        with open(self.path("server.ext"), "w") as f:
            f.write(f"subjectAltName=DNS:{SERVER_NAME}\n")
        subprocess.run(openssl + [
            "x509", "-req", "-in", self.path("server.csr"), "-CA", self.path("ca.pem"),
            "-CAkey", self.path("ca.key"), "-CAcreateserial", "-out", self.path("server.pem"),
            "-days", "2", "-extfile", self.path("server.ext")], check=True, capture_output=True)
        for name in ("worker.token", "admin.token"):
            with open(self.path(name), "w") as f:
                f.write(os.urandom(24).hex() + "\n")
            os.chmod(self.path(name), 0o600)

    def start_coordinator(self, lease_seconds):
        address = self.coordinator_host.address
        port_file = self.path("coordinator.addr")
        if os.path.exists(port_file):
            os.remove(port_file)
        self.coordinator = self.coordinator_host.start([
            f"{self.bin}/tumen-coordinator", "--listen", f"{address}:{GRPC_PORT}",
            "--data", self.path("farm-data"), "--worker-token-file", self.path("worker.token"),
            "--admin-token-file", self.path("admin.token"), "--tls-cert", self.path("server.pem"),
            "--tls-key", self.path("server.key"), "--lease-seconds", lease_seconds,
            "--http", f"{address}:{HTTP_PORT}", "--http-token-file", self.path("admin.token"),
            "--port-file", port_file], self.path("coordinator.log"))
        wait_until(lambda: os.path.exists(port_file) or self.coordinator.poll() is not None, 30,
                   "the coordinator listening")
        check(self.coordinator.poll() is None, "the coordinator exited at start")

    def kill_coordinator(self):
        self.coordinator.kill()
        self.coordinator.wait()

    def add_worker_host(self, name, coordinator_address=None):
        host = self.network.add_host(name)
        host.set_hosts({SERVER_NAME: coordinator_address or self.coordinator_host.address})
        return host

    def start_worker(self, host, games=1):
        spool = self.path(f"spool-{host.name}")
        process = host.start([
            f"{self.bin}/tumen-worker", "--coordinator", f"{SERVER_NAME}:{GRPC_PORT}",
            "--ca-file", self.path("ca.pem"), "--token-file", self.path("worker.token"),
            "--name", host.name, "--games", games, "--spool", spool, "--heartbeat-seconds", 1,
            "--call-timeout-seconds", 3, "--keepalive-seconds", 2],
            self.path(f"worker-{host.name}.log"))
        self.workers[host.name] = (host, process, spool)

    def tumen(self, args, address=f"{SERVER_NAME}:{GRPC_PORT}", token="admin.token", timeout=60):
        """`tumen ARGS` on the operator's host."""
        return self.operator.run([f"{self.bin}/tumen"] + args + [
            "--coordinator", address, "--ca-file", self.path("ca.pem"),
            "--token-file", self.path(token)], timeout=timeout)

    def registered_workers(self):
        """The names of the workers the coordinator knows."""
        r = self.tumen(["workers"])
        return {line.split()[1] for line in r.stdout.splitlines()[1:] if len(line.split()) > 1}

    def wait_registered(self, names):
        wait_until(lambda: set(names) <= set(self.registered_workers()), 60,
                   f"workers {sorted(names)} registered")

    def create_match(self, games, nodes, max_plies, seed):
        r = self.tumen(["match", "--variant", "shatar", "--games", str(games), "--tc",
                        f"nodes={nodes}", "--adjudicate", f"max={max_plies}", "--pairs-per-shard",
                        "2", "--seed", str(seed), "--hash", "4"])
        check(r.returncode == 0 and r.stdout.strip().isdigit(),
              f"tumen match failed: {r.stdout}{r.stderr}")
        return int(r.stdout.strip())

    def status(self, job):
        r = self.tumen(["status", str(job)])
        return r.stdout if r.returncode == 0 else ""

    def games_stored(self, job, status=None):
        """The job's stored games, from `status` (its `tumen status` text) or asked for now."""
        m = re.search(r"(\d+)\s*/\s*\d+\s+games", status or self.status(job))
        return int(m.group(1)) if m else -1

    def wait_finished(self, job, timeout):
        wait_until(lambda: re.search(rf"^job {job}\s+\S+\s+finished", self.status(job), re.M),
                   timeout, f"job {job} finished", interval=1)

    def export(self, job):
        out = self.path(f"job-{job}.binpb")
        r = self.tumen(["export", str(job), "--format", "binpb", "--out", out])
        check(r.returncode == 0, f"tumen export failed: {r.stderr}")
        return read_delimited(open(out, "rb").read(), self.game_pb2.Game)

    def metric(self, name_and_labels):
        """A counter of the coordinator's /metrics (fetched from the operator's host), or 0."""
        code = (
            "import sys, urllib.request\n"
            f"r = urllib.request.Request('http://{SERVER_NAME}:{HTTP_PORT}/metrics', headers="
            "{'Authorization': 'Bearer ' + open(sys.argv[1]).read().strip()})\n"
            "print(urllib.request.urlopen(r, timeout=10).read().decode())\n")
        r = self.operator.run([PYTHON, "-c", code, self.path("admin.token")], timeout=30)
        for line in r.stdout.splitlines():
            if line.startswith(name_and_labels + " "):
                return float(line.split()[-1])
        return 0.0

    def spooled(self, worker):
        folder = self.workers[worker][2]
        if not os.path.isdir(folder):
            return 0
        return sum(1 for f in os.listdir(folder) if not f.endswith(".tmp"))

    def expect_exactly(self, job, games):
        """The job finished with `games` games, each (pair, colour) once; returns the games."""
        stored = self.export(job)
        ids = [(g.id.pair, g.id.colour) for g in stored]
        check(len(ids) == games, f"job {job}: {len(ids)} games exported, expected {games}")
        check(len(set(ids)) == games, f"job {job}: a game is stored twice: {sorted(ids)}")
        check(set(ids) == {(p, c) for p in range(games // 2) for c in (0, 1)},
              f"job {job}: the games are not the job's pairs: {sorted(ids)}")
        status = self.status(job)
        check(self.games_stored(job, status) == games, f"job {job}: status says\n{status}")
        m = re.search(r"W (\d+)\s+D (\d+)\s+L (\d+)\s+pentanomial \[([\d, ]*)\]", status)
        check(m is not None, f"no results in\n{status}")
        check(sum(int(x) for x in m.group(1, 2, 3)) == games, f"W+D+L is not {games}:\n{status}")
        check(sum(int(x) for x in m.group(4).split(",")) == games // 2,
              f"the pentanomial does not count {games // 2} pairs:\n{status}")
        return stored

    def logs_tail(self):
        out = []
        for name in sorted(os.listdir(self.workdir)):
            if name.endswith(".log"):
                with open(self.path(name), errors="replace") as f:
                    lines = f.readlines()[-15:]
                out.append(f"--- {name} (last {len(lines)} lines)\n" + "".join(lines))
        return "\n".join(out)


def compile_game_proto(source_dir, workdir):
    """tumen.v1.Game for Python, compiled here from proto/ by protoc."""
    out = os.path.join(workdir, "py")
    os.makedirs(out, exist_ok=True)
    subprocess.run(["protoc", "-I", os.path.join(source_dir, "proto"), f"--python_out={out}",
                    "tumen/v1/game.proto"], check=True, capture_output=True)
    sys.path.insert(0, out)
    from tumen.v1 import game_pb2
    return game_pb2


def read_delimited(data, message_type):
    from google.protobuf.internal.decoder import _DecodeVarint32
    messages, pos = [], 0
    while pos < len(data):
        size, pos = _DecodeVarint32(data, pos)
        m = message_type()
        m.ParseFromString(data[pos:pos + size])
        messages.append(m)
        pos += size
    return messages


# --- the scenarios -------------------------------------------------------------------------


def across_hosts(farm):
    """A match completes with two workers on two hosts; TLS is checked by name; tokens count."""
    farm.start_coordinator(lease_seconds=10)
    hosts = [farm.add_worker_host(n) for n in ("w1", "w2")]
    for h in hosts:
        farm.start_worker(h)
    farm.wait_registered(["w1", "w2"])
    # The certificate names coordinator.tumen.test only: dialled by its address, TLS refuses.
    by_address = farm.tumen(["status"], address=f"{farm.coordinator_host.address}:{GRPC_PORT}")
    check(by_address.returncode != 0 and "certificate" in by_address.stderr,
          f"TLS accepted a certificate that does not name the host: {by_address.stderr}")
    wrong_token = farm.tumen(["status"], token="worker.token")
    check(wrong_token.returncode != 0 and "token" in wrong_token.stderr.lower(),
          f"the workers' token worked for an admin call: {wrong_token.stderr}")
    job = farm.create_match(games=20, nodes=1500, max_plies=120, seed=11)
    farm.wait_finished(job, 180)
    games = farm.expect_exactly(job, 20)
    players = {g.worker_id for g in games}
    check(len(players) == 2, f"games came from {len(players)} workers, expected both hosts")


def partition(farm):
    """A worker's link is down for longer than the lease: its shards go to another worker, and
    the games it played meanwhile are uploaded once the link is back, none counted twice."""
    farm.start_coordinator(lease_seconds=3)
    w1, w2 = farm.add_worker_host("w1"), farm.add_worker_host("w2")
    farm.start_worker(w1)
    farm.wait_registered(["w1"])
    job = farm.create_match(games=16, nodes=20000, max_plies=100, seed=12)
    # Cut w1 off in the middle of its shard: after its first game is stored.
    wait_until(lambda: farm.games_stored(job) >= 1, 120, "w1's first game stored")
    w1.set_link(False)
    cut_at = time.monotonic()
    farm.start_worker(w2)
    # Generous bounds: under a loaded CI machine games take several times longer.
    wait_until(lambda: farm.spooled("w1") >= 1, 120, "w1 spooling a game while cut off")
    wait_until(lambda: farm.metric('tumen_leases_total{kind="reissued"}') >= 1, 180,
               "w1's shard reissued after its lease expired")
    time.sleep(max(0.0, 8 - (time.monotonic() - cut_at)))  # well past the 3 s lease
    spooled_when_cut = farm.spooled("w1")
    w1.set_link(True)
    farm.wait_finished(job, 240)
    wait_until(lambda: farm.spooled("w1") == 0, 60, "w1's spooled games uploaded")
    farm.expect_exactly(job, 16)
    def w1_log():
        return open(farm.workers["w1"][1].log_path, errors="replace").read()

    # A heartbeat sent on the dead connection waits out its 20 s call deadline before the next
    # one can succeed, so the recovery line may come after the uploads have already recovered.
    try:
        wait_until(lambda: "heartbeat works again after" in w1_log(), 60,
                   "w1's heartbeat recovering")
    except TimeoutError:
        pass  # the check below fails with the whole log
    log = w1_log()
    check("heartbeat failed (" in log and "heartbeat works again after" in log,
          f"w1's log does not tell the outage and its end:\n{log}")
    print(f"partition: w1 spooled {spooled_when_cut} games while cut off; all uploaded after")


def faulty_link(farm):
    """The only worker reaches the coordinator through a proxy that delays, stalls and resets
    its connections: the match completes and nothing is stored twice."""
    farm.start_coordinator(lease_seconds=4)
    proxy_host = farm.network.add_host("proxy")
    stats_file = farm.path("proxy-stats.json")
    proxy_host.start([PYTHON, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                           "faulty_proxy.py"),
                      "--listen", f"{proxy_host.address}:{GRPC_PORT}",
                      "--target", f"{farm.coordinator_host.address}:{GRPC_PORT}",
                      "--seed", "18", "--stats", stats_file, "--delay-ms", "40",
                      "--reset-rate", "0.03", "--stall-rate", "0.02", "--stall-ms", "4000"],
                     farm.path("proxy.log"))
    wait_until(lambda: os.path.exists(stats_file), 20, "the proxy listening")
    w1 = farm.add_worker_host("w1", coordinator_address=proxy_host.address)
    farm.start_worker(w1, games=2)
    farm.wait_registered(["w1"])
    job = farm.create_match(games=24, nodes=1500, max_plies=120, seed=13)
    farm.wait_finished(job, 300)
    farm.expect_exactly(job, 24)
    stats = json.load(open(stats_file))
    check(stats["resets"] >= 1 and stats["stalls"] >= 1,
          f"the proxy injected too few faults to test anything: {stats}")
    log = open(farm.workers["w1"][1].log_path, errors="replace").read()
    check(re.search(r"\w+ failed \(", log), "the worker never retried a call")
    print(f"faulty link: proxy {stats}; the worker's log:\n{log}")


def coordinator_restart(farm):
    """The coordinator is killed and restarted while both workers are cut off from it: every
    acknowledged game survives and the match completes once the links are back."""
    farm.start_coordinator(lease_seconds=3)
    hosts = [farm.add_worker_host(n) for n in ("w1", "w2")]
    for h in hosts:
        farm.start_worker(h)
    farm.wait_registered(["w1", "w2"])
    job = farm.create_match(games=16, nodes=12000, max_plies=100, seed=14)
    acknowledged = wait_until(lambda: max(0, farm.games_stored(job)) >= 2 and
                              farm.games_stored(job), 120, "two games stored")
    for h in hosts:
        h.set_link(False)
    farm.kill_coordinator()
    time.sleep(2)
    farm.start_coordinator(lease_seconds=3)
    check(farm.games_stored(job) >= acknowledged,
          f"acknowledged games lost: {acknowledged} before the restart")
    time.sleep(4)  # the workers, still cut off, play on and spool; their leases expire
    for h in hosts:
        h.set_link(True)
    farm.wait_finished(job, 240)
    for name in ("w1", "w2"):
        wait_until(lambda: farm.spooled(name) == 0, 60, f"{name}'s spool emptied")
    farm.expect_exactly(job, 16)


SCENARIOS = {f.__name__: f for f in (across_hosts, partition, faulty_link, coordinator_restart)}


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in SCENARIOS:
        print(__doc__)
        return 2
    bin_dir, source_dir, scenario = sys.argv[1:]
    why_not = Network.available()
    if why_not:
        print(f"SKIPPED: {why_not}")
        return 77
    workdir = tempfile.mkdtemp(prefix=f"tumen-netns-{scenario}-")
    network = Network(scenario[:4])
    farm = None
    started = time.monotonic()
    try:
        farm = Farm(network, os.path.abspath(bin_dir), os.path.abspath(source_dir), workdir)
        SCENARIOS[scenario](farm)
        print(f"{scenario}: passed in {time.monotonic() - started:.0f} s")
        return 0
    except (Failure, TimeoutError, subprocess.SubprocessError) as e:
        print(f"{scenario}: FAILED after {time.monotonic() - started:.0f} s: {e}")
        if farm:
            print(farm.logs_tail())
        return 1
    finally:
        network.close()
        if os.environ.get("TUMEN_KEEP_NETNS_LOGS"):
            print(f"files kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
