"""Load figures: act-to-every-client latency, delivery and throughput under many websockets.

Starts ``admiralty serve`` (a throw-away SQLite file) and, in the same run and on the same
stack (gunicorn, one gevent worker), a bare Flask-SocketIO broadcast server (``join`` a
room, ``act`` -> one emit to the room with the room's next seq), both on loopback ports.
For each layout (one campaign of N seats; campaigns of 10 seats) and N clients, it connects
the clients once (each campaign's possible actors first, on both servers: a room's sockets
are written in the order they joined, and where the actor's socket fell in it moved both
servers' latency from run to run), then runs a phase with 1 actor and one with 4 actors
per campaign (each actor toggles ``ready`` in a closed loop: send, wait for the ack, send
again, for
``--actions`` or ``--seconds``; ``--pace S`` spaces an actor's actions S seconds at least,
so that both servers see the same offered load below their capacity) and prints for each
server: accepted actions/s, the latency from an actor's send to each client's receipt of
that seq (p50/p95/p99/max), lost, duplicated and out-of-order receipts, the server's CPU and
RSS (its process tree, from /proc), and the client processes' CPU (near 100% a process, the
clients are what limits the figure, for both servers alike). With several campaigns,
"actors" is per campaign. In closed loops (no ``--pace``) each server runs at its
capacity, so a latency there is mostly the queue its throughput makes; ``--pace`` compares
the two at the same offered load.

The clients are light: several worker processes (this file with ``--worker``), each
holding up to ``--per-worker`` websockets in gevent greenlets. websocket-client opens,
joins and sends (Engine.IO 4 / Socket.IO 5 text frames); the reading loop splits the
server's frames from the socket's bytes itself, and an event's JSON is parsed after the
phase. Send and receive times are ``time.monotonic()``, which on Linux is CLOCK_MONOTONIC,
one clock for every process of the machine (unlike ``time.time()`` it is not stepped by
NTP), so a send in one worker and a receipt in another are comparable; a receipt is
stamped as soon as its bytes are read. The clients share the machine's cores with the
server: the figures are loaded ones.

Each layout runs on the bare server once, then on the admiralty server and its peer (the
code before issue 29) in turn, ``--rounds`` times each: a run's figure moved by a quarter
from one run to the next on this shared machine, so the peer's comparison is of medians.

Run: python benchmarks/bench_load.py [--quick] [--clients 200 1000] [--actions 3000] [--pace 0]
[--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.peer import BASE, base_tree  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here

PER_WORKER = 100  # websockets per client process (--per-worker)
DRAIN_SECONDS = 60  # after the last ack, how long a client may wait for the last seq: then lost
SEAT_ROLES = [  # the first seats of every campaign: the actors come first
    {"role": "prime-minister"},
    {"role": "first-sea-lord"},
    {"role": "admiral", "squadron": "White"},
    {"role": "admiral", "squadron": "Red"},
    {"role": "admiral", "squadron": "Blue"},
    {"role": "admiral", "squadron": "Blockade"},
]


# -- the bare broadcast server ----------------------------------------------------------------


def bare_app() -> Any:
    """Flask-SocketIO and nothing else: ``join`` a room, ``act`` -> emit to the room."""
    from flask import Flask, request
    from flask_socketio import SocketIO, join_room

    app = Flask(__name__)
    socketio = SocketIO(app, async_mode="gevent")
    seqs: dict[str, int] = {}
    rooms: dict[str, str] = {}

    @socketio.on("join")
    def join(data: dict[str, Any]) -> dict[str, Any]:
        room = str(data["campaign"])
        rooms[request.sid] = room  # type: ignore[attr-defined]
        join_room(room)
        return {"ok": True, "seq": seqs.get(room, 0)}

    @socketio.on("act")
    def act(data: dict[str, Any]) -> dict[str, Any]:
        room = rooms[request.sid]  # type: ignore[attr-defined]
        seq = seqs[room] = seqs.get(room, 0) + 1
        event = {"type": data.get("type"), "data": {"ready": data.get("ready")}}
        socketio.emit("event", {"seq": seq, **event}, to=room)
        return {"ok": True, "seq": seq}

    return app


def serve_bare(port: int) -> None:
    """The bare app under gunicorn with one gevent worker, as ``admiralty serve`` runs."""
    sys.path.insert(0, str(ROOT))
    from server.commands.serve import gunicorn

    gunicorn(bare_app, {"bind": f"127.0.0.1:{port}", "loglevel": "warning"})


# -- the client processes ---------------------------------------------------------------------


class _Client:
    """One websocket speaking Socket.IO: joins, records every event frame and its arrival.

    websocket-client opens the socket, joins and sends (a client's frames are masked);
    the reading loop then reads the socket's bytes itself and splits the server's frames
    (unmasked) from each chunk, stamping them with the chunk's arrival: a read costs one
    ``recv`` for every frame that came together, and an event's JSON is parsed after the
    phase (:meth:`received`), so that the clients' own CPU limits the figures less."""

    def __init__(self, url: str, campaign: str, token: str) -> None:
        import websocket  # websocket-client, cooperative under gevent's patching

        self.campaign = campaign
        self.ws = websocket.create_connection(
            url.replace("http://", "ws://") + "/socket.io/?EIO=4&transport=websocket",
            timeout=60,
            enable_multithread=True,
        )
        self.ws.recv()  # Engine.IO open
        self.ws.send("40")
        self.ws.recv()  # Socket.IO connect
        self.frames: list[tuple[bytes, float]] = []  # event frames, as they came
        self.gone: str | None = None  # why the socket stopped, before the run's end
        self.acks: dict[int, Any] = {}
        self.next_id = 0
        join = {"campaign": campaign, "token": token, "since": 0}
        self.ws.send("420" + json.dumps(["join", join]))
        while not (answer := self.ws.recv()).startswith("430"):  # (read no further)
            pass
        if not json.loads(answer[3:])[0].get("ok"):
            raise RuntimeError(f"the join was refused: {answer[:300]}")

    def read(self) -> None:
        """The reading loop (a greenlet): events, acks, and pongs for the server's pings."""
        sock, buf = self.ws.sock, b""
        sock.settimeout(None)  # a client idle between phases is not gone
        while True:
            try:
                chunk = sock.recv(1 << 16)
            except OSError as exc:  # closed: the run is over, or the server went away
                self.gone = self.gone or f"read failed: {exc}"
                return
            if not chunk:
                self.gone = self.gone or "closed by the server"
                return
            now = time.monotonic()
            buf += chunk
            while len(buf) >= 2:
                size, head = buf[1] & 0x7F, {126: 4, 127: 10}.get(buf[1] & 0x7F, 2)
                if head > 2:  # the length is in the next 2 or 8 bytes
                    size = int.from_bytes(buf[2:head], "big") if len(buf) >= head else 1 << 62
                if len(buf) < head + size:
                    break  # the rest of the frame is still on its way
                opcode, payload, buf = buf[0] & 0x0F, buf[head : head + size], buf[head + size :]
                if opcode == 1:
                    self._text(payload, now)
                elif opcode == 9:
                    self.ws.pong(payload)
                elif opcode == 8:
                    self.gone = self.gone or "closed by the server (close frame)"
                    return

    def _text(self, msg: bytes, now: float) -> None:
        import gevent.event

        if msg.startswith((b'42["event"', b'42["events"')):  # not ``presence``
            self.frames.append((msg, now))
        elif msg.startswith(b"43"):
            head = msg[2:].split(b"[", 1)
            result = self.acks.pop(int(head[0]), None)
            if isinstance(result, gevent.event.AsyncResult):
                result.set((now, json.loads(b"[" + head[1])[0]))
        elif msg == b"2":
            self.ws.send("3")

    def received(self) -> tuple[list[int], list[float]]:
        """The seqs of the events received since the last call, and their arrivals (an
        ``events`` message's all at its arrival)."""
        frames, self.frames = self.frames, []
        seqs, times = [], []
        for msg, at in frames:
            name, payload = json.loads(msg[2:])
            for one in payload if name == "events" else [payload]:
                seqs.append(one["seq"])
                times.append(at)
        return seqs, times

    def act(self, payload: dict[str, Any]) -> tuple[float, float, dict[str, Any]]:
        """Send one ``act`` and wait for its ack: (sent, acked, ack)."""
        import gevent.event

        self.next_id += 1
        result = gevent.event.AsyncResult()
        self.acks[self.next_id] = result
        sent = time.monotonic()
        self.ws.send(f"42{self.next_id}" + json.dumps(["act", payload]))
        try:
            acked, ack = result.get(timeout=60)
        except gevent.Timeout:  # counted as refused, the socket's fate told (``gone``)
            self.gone = self.gone or "an act got no ack in 60 s"
            return sent, time.monotonic(), {"ok": False}
        return sent, acked, ack


def _actor(
    client: _Client, n: int, until: float, pace: float
) -> list[tuple[float, float, int | None]]:
    """``n`` actions, each after the last one's ack and at least ``pace`` s after the one
    before (0: as fast as acks come, the server's throughput)."""
    out: list[tuple[float, float, int | None]] = []
    for i in range(n):
        if time.monotonic() > until:
            break
        sent, acked, ack = client.act({"type": "ready", "ready": not i % 2})
        out.append((sent, acked, ack["seq"] if ack.get("ok") else None))
        wait = sent + pace - time.monotonic()
        if wait > 0:
            time.sleep(wait)
    return out


def _line() -> dict[str, Any]:
    """The coordinator's next message; under gevent the wait for it gives way to the
    client's greenlets (a bare ``sys.stdin.readline`` would stop them all meanwhile)."""
    if "gevent" in sys.modules:
        from gevent.socket import wait_read

        wait_read(sys.stdin.fileno())  # the coordinator sends whole lines, one at a time
    return json.loads(sys.stdin.readline())


def _say(msg: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def worker() -> None:
    """A client process: connect its clients, then run the phases the coordinator sends
    on stdin (one JSON line each), answering on stdout."""
    from gevent import monkey

    monkey.patch_all()
    import gevent
    import gevent.pool

    job = _line()
    pool = gevent.pool.Pool(50)  # connections opened at a time
    readers = []

    def open_one(campaign: str, token: str) -> _Client:
        client = _Client(job["url"], campaign, token)
        # read from the moment it is joined: the server's pings are answered while the
        # others are still opening (unanswered, the server closes the socket)
        readers.append(gevent.spawn(client.read))
        return client

    # the campaigns' possible actors join first (every process's, then the others): a
    # room's sockets are written in the order they joined, and where the actor's socket
    # falls in it moves both servers' latency (its ack comes with its event), so it is
    # the same in both and in every run
    first = sorted(set(job["first"]))
    opened: dict[int, _Client] = {}

    def open_all(part: list[int]) -> None:
        clients = pool.imap(lambda i: open_one(*job["clients"][i]), part)
        opened.update(zip(part, clients, strict=True))

    open_all(first)
    _say({"opened": len(opened)})
    _line()  # every process has opened its first ones
    open_all([i for i in range(len(job["clients"])) if i not in opened])
    _say({"ready": len(opened)})
    clients = [opened[i] for i in range(len(job["clients"]))]
    while (msg := _line())["do"] == "phase":
        for c in clients:
            c.received()
        # every process forgets what came before the phase, then the actors start: were
        # one still forgetting, it would drop what the phase's first acts sent
        _say({"cleared": True})
        _line()  # go
        until = time.monotonic() + msg["seconds"]
        actors = [
            gevent.spawn(_actor, clients[i], msg["actions"], until, msg["pace"])
            for i in msg["actors"]
        ]
        gevent.joinall(actors)
        done = zip(msg["actors"], actors, strict=True)
        _say({"acts": [[clients[i].campaign, a.value] for i, a in done]})
        final = _line()["final"]  # the campaigns' last acked seqs: wait for them (bounded)
        deadline = time.monotonic() + DRAIN_SECONDS
        got = {id(c): ([], []) for c in clients}
        while True:
            for c in clients:
                seqs, times = c.received()
                got[id(c)][0].extend(seqs)
                got[id(c)][1].extend(times)
            waiting = any(final.get(c.campaign, 0) not in got[id(c)][0] for c in clients)
            if not waiting or time.monotonic() > deadline:
                break
            gevent.sleep(0.05)
        _say({"received": [[c.campaign, *got[id(c)], c.gone] for c in clients]})
    for c in clients:
        c.ws.close()
    gevent.killall(readers, timeout=5)


# -- the coordinator --------------------------------------------------------------------------


def _tree(pid: int) -> list[int]:
    """``pid`` and its descendants (gunicorn's master and its worker)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo += children.get(p, [])
    return out


def _usage(pid: int) -> tuple[float, float]:
    """The process tree's CPU seconds so far and its resident MiB now (from /proc)."""
    cpu = rss = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for p in _tree(pid):
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            cpu += (int(fields[11]) + int(fields[12])) / tick
            status = Path(f"/proc/{p}/status").read_text()
            rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024  # type: ignore[union-attr]
        except (OSError, AttributeError):
            continue
    return cpu, rss


class Workers:
    """The client processes of one server and layout."""

    def __init__(
        self, url: str, clients: list[tuple[str, str]], first: list[int], per_worker: int
    ) -> None:
        """Open ``clients`` (campaign, token), those of ``first`` (indices) before the rest."""
        self.procs: list[subprocess.Popen[str]] = []
        self.index: list[tuple[int, int]] = []  # global client -> (worker, its index there)
        for start in range(0, len(clients), per_worker):
            part = clients[start : start + per_worker]
            mine = [i - start for i in first if start <= i < start + per_worker]
            proc = subprocess.Popen(
                [sys.executable, __file__, "--worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            self._send(proc, {"url": url, "clients": part, "first": mine})
            self.index += [(len(self.procs), i) for i in range(len(part))]
            self.procs.append(proc)
        for proc in self.procs:
            self._read(proc)  # its first ones opened
        for proc in self.procs:
            self._send(proc, {"do": "rest"})
        for proc in self.procs:
            self._read(proc)

    @staticmethod
    def _send(proc: subprocess.Popen[str], msg: dict[str, Any]) -> None:
        assert proc.stdin
        proc.stdin.write(json.dumps(msg) + "\n")
        proc.stdin.flush()

    @staticmethod
    def _read(proc: subprocess.Popen[str]) -> dict[str, Any]:
        assert proc.stdout
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("a client process died")
        return json.loads(line)

    def phase(
        self, actors: list[int], actions: int, seconds: float, pace: float
    ) -> tuple[list, list]:
        """One phase: every client's (campaign, seqs, times) and every actor's acts."""
        by_worker: dict[int, list[int]] = {}
        for a in actors:
            w, i = self.index[a]
            by_worker.setdefault(w, []).append(i)
        for w, proc in enumerate(self.procs):
            msg = {"do": "phase", "actors": by_worker.get(w, [])}
            self._send(proc, {**msg, "actions": actions, "seconds": seconds, "pace": pace})
        for proc in self.procs:
            self._read(proc)  # cleared
        for proc in self.procs:
            self._send(proc, {"do": "go"})
        acts = [a for proc in self.procs for a in self._read(proc)["acts"]]
        final: dict[str, int] = {}
        for campaign, done in acts:
            seqs = [seq for _, _, seq in done if seq]
            final[campaign] = max([final.get(campaign, 0), *seqs])
        for proc in self.procs:
            self._send(proc, {"final": final})
        received = [r for proc in self.procs for r in self._read(proc)["received"]]
        return received, acts

    def cpu(self) -> float:
        """The client processes' CPU seconds so far (theirs is the machine's other load)."""
        return sum(_usage(proc.pid)[0] for proc in self.procs)

    def close(self) -> None:
        for proc in self.procs:
            try:
                self._send(proc, {"do": "quit"})
                proc.wait(30)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()


def _percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def figures(received: list, acts: list, elapsed: float) -> dict[str, Any]:
    """Latency percentiles (ms), lost/duplicated/out-of-order receipts, accepted actions/s."""
    sent = {(c, seq): s for c, done in acts for s, _, seq in done if seq}
    expected: dict[str, set[int]] = {}
    for campaign, seq in sent:
        expected.setdefault(campaign, set()).add(seq)
    latencies: list[float] = []
    lost = duplicated = disorder = 0
    for campaign, seqs, times, _ in received:
        mine = [(s, t) for s, t in zip(seqs, times, strict=True) if (campaign, s) in sent]
        latencies += [(t - sent[(campaign, s)]) * 1000 for s, t in mine]
        got = [s for s, _ in mine]
        lost += len(expected.get(campaign, set()) - set(got))
        duplicated += len(got) - len(set(got))
        disorder += sum(1 for a, b in zip(got, got[1:], strict=False) if b < a)
    latencies.sort()
    return {
        "actions/s": len(sent) / elapsed if elapsed else 0.0,
        "p50": _percentile(latencies, 0.50),
        "p95": _percentile(latencies, 0.95),
        "p99": _percentile(latencies, 0.99),
        "max": latencies[-1] if latencies else float("nan"),
        "lost": lost,
        "dup": duplicated,
        "ooo": disorder,
        "refused": sum(1 for _, done in acts for _, _, seq in done if not seq),
        "gone": sum(1 for *_, gone in received if gone),
    }


def _admiralty_seats(url: str, campaigns: int, seats: int) -> tuple[list, list[int]]:
    """New campaigns on the server with their seats: the clients' (campaign, token), and
    the indices of each campaign's first four seats (its possible actors)."""
    import requests

    http = requests.Session()
    clients, actors = [], []
    for _ in range(campaigns):
        made = http.post(url + "/api/campaigns", json={"seed": 1}, timeout=30)
        assert made.status_code == 201, made.text
        r = made.json()
        headers = {"Authorization": f"Bearer {r['token']}"}
        for k in range(seats):
            body = SEAT_ROLES[k] if k < len(SEAT_ROLES) else {"role": "observer"}
            seat = http.post(
                f"{url}/api/campaigns/{r['id']}/seats", json=body, headers=headers, timeout=30
            )
            assert seat.status_code == 201, seat.text
            if k < 4:
                actors.append(len(clients))
            clients.append((r["id"], seat.json()["token"]))
    return clients, actors


def _bare_seats(campaigns: int, seats: int, tag: str) -> tuple[list, list[int]]:
    clients = [(f"{tag}-{c}", "-") for c in range(campaigns) for _ in range(seats)]
    actors = [c * seats + k for c in range(campaigns) for k in range(min(4, seats))]
    return clients, actors


def run_layout(
    name: str, url: str, pid: int, layout: tuple[int, int], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """One server, one layout: connect its clients, then a phase for each actor count."""
    campaigns, seats = layout
    if name != "bare":  # the admiralty server, now or its peer
        clients, first_four = _admiralty_seats(url, campaigns, seats)
    else:
        clients, first_four = _bare_seats(campaigns, seats, f"{campaigns}x{seats}")
    workers = Workers(url, clients, first_four, args.per_worker)
    rows = []
    try:
        for n in (1, 4):
            actors = [a for k, a in enumerate(first_four) if k % min(4, seats) < n]
            cpu0, _ = _usage(pid)
            clients0 = workers.cpu()
            t0 = time.monotonic()
            received, acts = workers.phase(actors, args.actions, args.seconds, args.pace)
            last_ack = max((acked for _, done in acts for _, acked, _ in done), default=t0)
            cpu1, rss = _usage(pid)
            clients_cpu = workers.cpu() - clients0
            elapsed = last_ack - t0
            row = figures(received, acts, elapsed)
            row |= {"server": name, "campaigns": campaigns, "clients": len(clients)}
            span = max(elapsed, 1e-9)
            row |= {"actors": n, "cpu%": 100 * (cpu1 - cpu0) / span, "rss": rss}
            row["clients cpu%"] = 100 * clients_cpu / span
            rows.append(row)
            print(_row(row), flush=True)
            reasons = sorted({gone for *_, gone in received if gone})
            if reasons:  # a socket the server let go of (its events after that are lost)
                print("    sockets gone: " + "; ".join(reasons), flush=True)
    finally:
        workers.close()
    return rows


HEADER = (
    f"{'server':<10}{'layout':>11}{'clients':>8}{'actors':>7}{'acts/s':>8}{'p50':>8}"
    f"{'p95':>8}{'p99':>8}{'max':>8}{'lost':>6}{'dup':>5}{'ooo':>5}{'refused':>8}{'gone':>5}"
    f"{'cpu%':>6}{'rss MiB':>8}{'cli cpu%':>9}"
)


def _layout(r: dict[str, Any]) -> str:
    return (
        "1 campaign"
        if r["campaigns"] == 1
        else f"{r['campaigns']}x{r['clients'] // r['campaigns']}"
    )


def _row(r: dict[str, Any]) -> str:
    return (
        f"{r['server']:<10}{_layout(r):>11}{r['clients']:>8}{r['actors']:>7}{r['actions/s']:>8.1f}"
        f"{r['p50']:>8.1f}{r['p95']:>8.1f}{r['p99']:>8.1f}{r['max']:>8.1f}{r['lost']:>6}"
        f"{r['dup']:>5}{r['ooo']:>5}{r['refused']:>8}{r['gone']:>5}{r['cpu%']:>6.0f}{r['rss']:>8.0f}"
        f"{r['clients cpu%']:>9.0f}"
    )


def _verdict(rows: list[dict[str, Any]]) -> None:
    """The issue's goals beside the figures: p99 and lost/dup/ooo for each phase, accepted
    actions/s on one campaign at its best (the campaign's capacity: with one actor the
    figure is one seat's round trip, an ack after the event reached every socket)."""
    bare = {(r["campaigns"], r["clients"], r["actors"]): r for r in rows if r["server"] == "bare"}
    print("\ngoals: p99 <= 1.5x bare; >= 200 accepted actions/s on one campaign; 0 lost/dup/ooo")
    for r in rows:
        if r["server"] != "admiralty":
            continue
        b = bare.get((r["campaigns"], r["clients"], r["actors"]))
        ratio = r["p99"] / b["p99"] if b and b["p99"] else float("nan")
        clean = r["lost"] == r["dup"] == r["ooo"] == 0
        print(
            f"  {_layout(r)}, {r['clients']} clients, {r['actors']} actor(s): "
            f"p99 x{ratio:.2f} of bare, lost/dup/ooo {r['lost']}/{r['dup']}/{r['ooo']}: "
            f"{'ok' if ratio <= 1.5 and clean else 'MISSED'}"
        )
    for n in sorted({r["clients"] for r in rows}):
        one = [
            r
            for r in rows
            if r["server"] == "admiralty" and r["campaigns"] == 1 and r["clients"] == n
        ]
        if one:
            best = max(one, key=lambda r: r["actions/s"])
            each = ", ".join(f"{r['actions/s']:.0f} with {r['actors']}" for r in one)
            verdict = "ok" if best["actions/s"] >= 200 else "MISSED"
            print(f"  1 campaign, {n} clients: {best['actions/s']:.0f} acts/s ({each}): {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="15 actions, 10 s a phase, 50 clients unless --clients says: a smoke run",
    )
    parser.add_argument(
        "--clients", type=int, nargs="+", help="clients of each run (default 200 1000)"
    )
    parser.add_argument(
        "--actions",
        type=int,
        default=3000,
        help="actions per actor at most (default 3000: a phase is --seconds long; with 60, "
        "one actor's phase was a third of a second and its p99 the slowest of 60 acts)",
    )
    parser.add_argument("--seconds", type=float, default=15, help="cap of a phase (default 15)")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="seconds at least between an actor's actions (default 0: as fast as acks come, "
        "which measures throughput; a pace below both servers' capacity compares their "
        "latency at the same offered load)",
    )
    parser.add_argument(
        "--per-worker",
        type=int,
        default=PER_WORKER,
        help=f"websockets per client process (default {PER_WORKER})",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="runs of each layout on each server, the two in turn (default 3): a run's figure "
        "moved by a quarter from one run to the next here, its median far less",
    )
    parser.add_argument("--no-peer", action="store_true", help="skip the peer (before issue 29)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--bare-serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker()
    if args.bare_serve:
        return serve_bare(args.bare_serve)
    if args.quick:
        args.clients, args.actions, args.seconds = args.clients or [50], 15, 10
    args.clients = args.clients or [200, 1000]
    sys.path.insert(0, str(ROOT))
    from tests.conftest import free_port
    from tests.topology_helpers import ServerProcess

    # the benchmark opens campaigns faster than a visitor may (the limit is not measured here)
    os.environ["ADMIRALTY_CAMPAIGN_RATE_LIMIT"] = "100000 per minute"
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp))
        servers = [("admiralty", server)]
        if not args.no_peer:  # the same server from before issue 29, its own store
            (Path(tmp) / "peer").mkdir()
            servers.append(("peer", ServerProcess(Path(tmp) / "peer")))
        bare_port = free_port()
        bare = subprocess.Popen([sys.executable, __file__, "--bare-serve", str(bare_port)])
        rows: list[dict[str, Any]] = []
        try:
            for name, process in servers:
                tree = {"PYTHONPATH": str(base_tree())} if name == "peer" else {}
                with _environ(tree):
                    process.spawn()
                process.wait_healthy()
            _wait_port(bare_port)
            print(HEADER, flush=True)
            bare_server = ("bare", f"http://127.0.0.1:{bare_port}", bare.pid)
            spawned = [(name, p.url, p.proc.pid) for name, p in servers if p.proc is not None]
            rows += _runs(bare_server, spawned, args)
        except Exception:  # what the servers said, before their folder goes
            for name, process in servers:
                print(f"-- {name}'s log, its end:\n{process.log.read_text()[-3000:]}")
            raise
        finally:
            for _, process in servers:
                process.stop()
            bare.terminate()
            bare.wait(30)
        _verdict(rows)
        _beside_the_peer(rows)


def _runs(
    bare: tuple[str, str, int], servers: list[tuple[str, str, int]], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """Each layout of each client count: the bare server once, then the others in turn,
    ``args.rounds`` times each (a noise of the machine falls on both alike)."""
    rows: list[dict[str, Any]] = []
    for n in args.clients:
        for layout in ((1, n), (max(1, n // 10), min(10, n))):
            rows += run_layout(*bare, layout, args)
            for _ in range(args.rounds):
                for server in servers:
                    rows += run_layout(*server, layout, args)
    return rows


@contextmanager
def _environ(values: dict[str, str]) -> Iterator[None]:
    """The process's environment (what a server spawned inherits) with ``values`` set."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _beside_the_peer(rows: list[dict[str, Any]]) -> None:
    """Issue 29's goal: the fan-out no worse than before it (the peer, measured now): the
    median of each server's runs of a layout (run in turn with the other's), and their
    range."""
    runs: dict[tuple[str, int, int, int], list[dict[str, Any]]] = {}
    for r in rows:
        runs.setdefault((r["server"], r["campaigns"], r["clients"], r["actors"]), []).append(r)
    if not any(server == "peer" for server, *_ in runs):
        return
    print(f"\nbeside the peer ({BASE}, before issue 29), medians of the runs of this run:")
    for (server, campaigns, clients, actors), ours in runs.items():
        peer = runs.get(("peer", campaigns, clients, actors))
        if server != "admiralty" or peer is None:
            continue
        acts, p99, cpu = (_spread(ours, name) for name in ("actions/s", "p99", "cpu%"))
        was, was_p99, was_cpu = (_spread(peer, name) for name in ("actions/s", "p99", "cpu%"))
        verdict = (
            "ok"
            if median(r["actions/s"] for r in ours) >= median(r["actions/s"] for r in peer)
            else "behind"
        )
        print(
            f"  {_layout(ours[0])}, {ours[0]['clients']} clients, {ours[0]['actors']} actor(s):"
            f" acts/s {acts} (peer {was}), p99 ms {p99} (peer {was_p99}),"
            f" CPU% {cpu} (peer {was_cpu}): {verdict}"
        )


def _spread(runs: list[dict[str, Any]], name: str) -> str:
    """The median of ``name`` over ``runs``, and its range when there are several."""
    values = sorted(r[name] for r in runs)
    mid = f"{median(values):.0f}" if name != "p99" else f"{median(values):.1f}"
    return mid if len(values) == 1 else f"{mid} [{values[0]:.0f}-{values[-1]:.0f}]"


def _wait_port(port: int) -> None:
    import socket

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("the bare server did not start")


if __name__ == "__main__":
    main()
