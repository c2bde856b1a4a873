#!/usr/bin/python3
"""A TCP proxy that makes a link slow and faulty, for the multi-host farm tests.

  faulty_proxy.py --listen HOST:PORT --target HOST:PORT --seed N --stats FILE
                  [--delay-ms MAX] [--reset-rate P] [--stall-rate P] [--stall-ms MS]
                  [--stall-at CHUNK] [--reset-at CHUNK]

Every chunk of bytes, in either direction, is held back a random 0..MAX ms (order kept), and
then with probability --reset-rate both connections are reset (RST: the call in flight fails
mid-way, perhaps after the server acted on it), or with probability --stall-rate the connection
stops forwarding for --stall-ms (a stalled link: calls on it run into their deadlines and
keepalive pings go unanswered). The kernel's netem qdisc would do the delays, but is not
available everywhere; this runs wherever Python does. The random choices come from --seed (one
generator per connection, seeded by the seed and the connection's number), and chunks number
--stall-at and --reset-at (counted over all connections) stall and reset whatever the dice
say, so that every run has both. FILE gets the counts of what was done, as JSON, every second
and at exit.
"""
import argparse
import asyncio
import json
import os
import random
import signal
import socket
import struct

stats = {"connections": 0, "chunks": 0, "bytes": 0, "resets": 0, "stalls": 0, "delay_ms": 0}


def split_address(text):
    host, port = text.rsplit(":", 1)
    return host, int(port)


def reset(writer):
    """Closes with RST instead of FIN: the peer sees 'connection reset'."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
    writer.transport.abort()


class Connection:
    def __init__(self, args, number, client_reader, client_writer):
        self.args = args
        self.rng = random.Random(args.seed * 1_000_003 + number)
        self.client = (client_reader, client_writer)
        self.stalled_until = 0.0
        self.closed = False

    async def run(self):
        try:
            upstream = await asyncio.open_connection(*split_address(self.args.target))
        except OSError:
            reset(self.client[1])
            return
        await asyncio.gather(self.pump(self.client[0], upstream[1], upstream[1]),
                             self.pump(upstream[0], self.client[1], upstream[1]))

    async def pump(self, reader, writer, upstream_writer):
        loop = asyncio.get_running_loop()
        try:
            while not self.closed:
                data = await reader.read(65536)
                if not data:
                    break
                stats["chunks"] += 1
                stats["bytes"] += len(data)
                delay = self.rng.uniform(0, self.args.delay_ms)
                stats["delay_ms"] += int(delay)
                roll = self.rng.random()
                if stats["chunks"] == self.args.reset_at or roll < self.args.reset_rate:
                    stats["resets"] += 1
                    self.close(upstream_writer, hard=True)
                    return
                if (stats["chunks"] == self.args.stall_at or
                        roll < self.args.reset_rate + self.args.stall_rate):
                    stats["stalls"] += 1
                    self.stalled_until = max(self.stalled_until,
                                             loop.time() + self.args.stall_ms / 1000)
                await asyncio.sleep(delay / 1000)
                while loop.time() < self.stalled_until and not self.closed:
                    await asyncio.sleep(0.05)
                if self.closed:
                    return
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        self.close(upstream_writer, hard=False)

    def close(self, upstream_writer, hard):
        if self.closed:
            return
        self.closed = True
        for w in (self.client[1], upstream_writer):
            if hard:
                reset(w)
            else:
                w.close()


def write_stats(path):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(stats, f)
    os.replace(tmp, path)


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--listen", required=True)
    parser.add_argument("--target", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stats", required=True)
    parser.add_argument("--delay-ms", type=float, default=30)
    parser.add_argument("--reset-rate", type=float, default=0.02)
    parser.add_argument("--stall-rate", type=float, default=0.01)
    parser.add_argument("--stall-ms", type=float, default=4000)
    # Whatever the dice say, the chunk with this number (counted over all connections) stalls,
    # and that one resets: every run has at least one of each.
    parser.add_argument("--stall-at", type=int, default=20)
    parser.add_argument("--reset-at", type=int, default=40)
    args = parser.parse_args()

    async def accept(reader, writer):
        stats["connections"] += 1
        await Connection(args, stats["connections"], reader, writer).run()

    server = await asyncio.start_server(accept, *split_address(args.listen))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(f"faulty_proxy: {args.listen} -> {args.target}, seed {args.seed}", flush=True)
    while not stop.is_set():
        write_stats(args.stats)
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass
    server.close()
    write_stats(args.stats)


if __name__ == "__main__":
    asyncio.run(main())
