"""Hosts in network namespaces, joined by a switch: the test network of the multi-host farm tests.

Every host is a network namespace of its own with one interface, eth0, at its address in
10.77.0.0/24; a veth pair joins it to a bridge that lives in a switch namespace of its own. No
address, route or interface is added to the namespace the test runs in, so all traffic stays
inside the namespaces made here. Host names resolve through the host's own /etc/hosts
(`ip netns exec` mounts /etc/netns/NS/hosts over /etc/hosts), so each host can see a name at a
different address (a worker behind a proxy sees the coordinator's name at the proxy).

A link is cut by setting the host's port on the bridge down: packets are dropped in both
directions and the sockets at both ends notice nothing, as in a real partition.

Needs root (CAP_NET_ADMIN and CAP_SYS_ADMIN) and iproute2. `Network.available()` says why not.
"""
import os
import shutil
import signal
import subprocess
import time

SUBNET = "10.77.0"


def run(cmd, check=True, **kwargs):
    return subprocess.run(cmd, check=check, capture_output=True, text=True, **kwargs)


class Host:
    def __init__(self, network, name, address, port):
        self.network = network
        self.name = name
        self.address = address
        self.namespace = f"{network.prefix}-{name}"
        self.port = port  # its port's interface name on the bridge, in the switch namespace
        self.processes = []

    def command(self, argv):
        return ["ip", "netns", "exec", self.namespace] + [str(a) for a in argv]

    def run(self, argv, timeout=120, check=False):
        """Runs argv on this host to the end; returns the CompletedProcess."""
        return subprocess.run(self.command(argv), capture_output=True, text=True,
                              timeout=timeout, check=check)

    def start(self, argv, log_path):
        """Starts argv on this host, its output into log_path; the network stops it."""
        log = open(log_path, "ab")
        process = subprocess.Popen(self.command(argv), stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        process.log_path = log_path
        self.processes.append(process)
        return process

    def set_link(self, up):
        run(["ip", "-n", self.network.switch, "link", "set", self.port, "up" if up else "down"])

    def set_hosts(self, names):
        """This host's /etc/hosts: {name: address}."""
        folder = f"/etc/netns/{self.namespace}"
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "hosts"), "w") as f:
            f.write("127.0.0.1 localhost\n")
            for name, address in names.items():
                f.write(f"{address} {name}\n")


class Network:
    def __init__(self, tag):
        # Short and unique per test process: parallel tests each get their own network.
        self.prefix = f"tumen{os.getpid() % 100000}{tag}"
        self.switch = f"{self.prefix}-sw"
        self.hosts = []
        run(["ip", "netns", "add", self.switch])
        run(["ip", "-n", self.switch, "link", "add", "br0", "type", "bridge"])
        run(["ip", "-n", self.switch, "link", "set", "br0", "up"])
        run(["ip", "-n", self.switch, "link", "set", "lo", "up"])

    @staticmethod
    def available():
        """None when namespaces can be made here, else why not."""
        if os.geteuid() != 0:
            return "network namespaces need root"
        if shutil.which("ip") is None:
            return "no `ip` (iproute2)"
        probe = f"tumenprobe{os.getpid()}"
        r = run(["ip", "netns", "add", probe], check=False)
        if r.returncode != 0:
            return "cannot make a network namespace: " + r.stderr.strip()
        run(["ip", "netns", "del", probe], check=False)
        return None

    def add_host(self, name):
        index = len(self.hosts) + 1
        host = Host(self, name, f"{SUBNET}.{index}", f"p{index}")
        run(["ip", "netns", "add", host.namespace])
        run(["ip", "link", "add", "eth0", "netns", host.namespace, "type", "veth", "peer", "name",
             host.port, "netns", self.switch])
        run(["ip", "-n", self.switch, "link", "set", host.port, "master", "br0"])
        run(["ip", "-n", self.switch, "link", "set", host.port, "up"])
        run(["ip", "-n", host.namespace, "addr", "add", f"{host.address}/24", "dev", "eth0"])
        run(["ip", "-n", host.namespace, "link", "set", "eth0", "up"])
        run(["ip", "-n", host.namespace, "link", "set", "lo", "up"])
        self.hosts.append(host)
        return host

    def close(self):
        """Stops every process started on a host and removes the namespaces and hosts files."""
        processes = [p for h in self.hosts for p in h.processes if p.poll() is None]
        for p in processes:
            os.killpg(p.pid, signal.SIGKILL)
        for p in processes:
            p.wait()
        for host in self.hosts:
            run(["ip", "netns", "del", host.namespace], check=False)
            shutil.rmtree(f"/etc/netns/{host.namespace}", ignore_errors=True)
        run(["ip", "netns", "del", self.switch], check=False)


def wait_until(predicate, timeout, what, interval=0.2):
    """Polls predicate until it returns a true value (returned) or the timeout passes."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout} s")
        time.sleep(interval)
