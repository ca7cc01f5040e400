"""What a seat is sent (issue 29, item 2): a year played through the protocol with at least
100 battle orders, then the bytes of each battle order's event for each seat and of a
captain's catch-up from ``since=0``, beside the code before the change (the peer: the same
store read by the commit given with ``--peer``, checked out in a temporary folder and run in
a subprocess of this run).

Goals: a battle order's event at most 5 KB for each seat whatever the number of battles
before it; a captain's catch-up from ``since=0`` after the year at most 2 MB. Each is printed
as JSON and as sent: an event through a WebSocket with permessage-deflate (which the server
accepts and browsers offer: each message deflated alone here, the most it can cost), the
catch-up as HTTP with the browser's ``Accept-Encoding`` (Flask-Compress' brotli).

    python benchmarks/bench_payloads.py [--seed 7] [--peer 7121207]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.peer import BASE, base_tree  # noqa: E402

os.environ.setdefault("ADMIRALTY_ACT_RATE_LIMIT", "1000000 per minute")  # not measured here

#: every this many days of the summer the GM brings an enemy force to a British one: every
#: week, as the issue's year had it (146 battle orders; issue 31's chase catches more prey
#: and the fights run longer, so a week's contacts make more orders now). ``--contact-every
#: 1`` plays a year of near 600; the catch-up grows with the battle orders alone (the KB a
#: battle order it prints), the peer's with their square.
CONTACT_EVERY = 7
#: a patch's operation adding a battle's log lines (the round's own news): one line, or the
#: log whole where that is shorter (a first round's, longer than the lines before it)
LOG_LINE = re.compile(r"^/engagements/\d+/log(/\d+)?$")
KB = 1024


def _play(db: Path, seed: int, contact_every: int = CONTACT_EVERY) -> dict[str, Any]:
    """A year through the protocol on a fresh store: the summer's fights fought round by
    round (the ``fg`` captain his own ship's, the GM the NPCs' a round at a time), an enemy
    force brought to a British one every week, then the seasons after it. The campaign, the
    captain's token and every seat's events as its socket received them."""
    from tests.server_helpers import Game, new_app

    app = new_app(db.parent, db.name)
    game = Game.new(app, seed=seed)
    gm = game.gm()
    fg = game.add("fg", "captain", ship="FG")
    admirals = [game.add(n.lower(), "admiral", squadron=n) for n in ("Red", "White", "Blue")]
    game.add("obs", "observer")
    pm = game.add("pm", "prime-minister")
    received: dict[str, list[Any]] = {k: [] for k in game.players}

    def state() -> dict[str, Any]:
        return game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]

    def collect() -> None:
        for key, player in game.players.items():
            received[key].extend(player.events())

    orders = 0
    assert pm.act("set_ships", digit=7)["ok"]  # the whole fleet: fights all summer long
    assert gm.act("roll_force")["ok"]
    for _ in range(400):
        now = state()
        fights = [e for e in now["engagements"] if not e["over"]]
        orders += _fight_a_round(gm, {p.seat["id"]: p for p in (fg, *admirals)}, fights)
        collect()
        if fights:
            continue
        if now["day"] >= now["season_days"]:
            break
        if now["day"] % contact_every == 0:
            _bring_together(gm, now)
        assert gm.act("advance", days=1)["ok"]
    assert gm.act("resolve_summer")["ok"]
    for _ in ("autumn", "winter", "spring"):
        while (now := state())["day"] < now["season_days"]:  # a turn is a month at most
            ack = gm.act("advance", days=min(30, now["season_days"] - now["day"]))
            assert ack["ok"], ack
        ack = gm.act("next_season")
        assert ack["ok"], ack
    collect()
    return {"campaign": game.id, "token": fg.token, "orders": orders, "received": received}


def _fight_a_round(gm: Any, seated: dict[str, Any], fights: list[dict[str, Any]]) -> int:
    """Each open fight's next round ordered: each seated captain or admiral his own ships',
    ship by ship (``seated``: the players by seat id), the GM the NPCs' a round at a time;
    the orders accepted."""
    orders = 0
    for e in fights:
        absent = False
        for ship, holder in e["awaiting"].items():
            if holder in seated:
                ack = seated[holder].act(
                    "engage_decision", engagement=e["id"], decision="close", ship=ship
                )
                orders += ack["ok"]
            else:
                absent = True
        if absent:
            ack = gm.act("engage_decision", engagement=e["id"], decision="npc", rounds="one")
            orders += ack["ok"]
    return orders


def _bring_together(gm: Any, now: dict[str, Any]) -> None:
    """The GM sends an enemy force at sea to a British force's position (a contact)."""
    british = [f for f in now["forces"] if f["side"] == "Britain" and f["afloat"]]
    enemy = [f for f in now["forces"] if f["side"] != "Britain" and f["afloat"]]
    if not british:
        return
    for k in range(len(enemy)):  # a different enemy each day: one that has fought may not again
        force = enemy[(now["day"] + k) % len(enemy)]
        target = british[(now["day"] + k) % len(british)]
        ack = gm.act("move_enemy", force=force["id"], to=[target["lon"], target["lat"]])
        if ack["ok"]:
            return


def _deflated(raw: bytes) -> int:
    """The bytes of one WebSocket message under permessage-deflate, deflated alone."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return len(packer.compress(raw) + packer.flush(zlib.Z_SYNC_FLUSH)) - 4


def _battle_orders(received: dict[str, list[Any]]) -> dict[str, list[tuple[int, int, int]]]:
    """Each seat's battle-order events, their bytes (JSON, as sent, and JSON but for the
    round's new lines of the battle's log), in order."""
    out: dict[str, list[tuple[int, int, int]]] = {}
    for key, events in received.items():
        for event in events:
            if event.get("type") == "engage_decision":
                raw = json.dumps(event, separators=(",", ":")).encode()
                ops = [op for op in event.get("patch", []) if not LOG_LINE.match(op["path"])]
                rest = json.dumps({**event, "patch": ops}, separators=(",", ":"))
                out.setdefault(key, []).append((len(raw), _deflated(raw), len(rest)))
    return out


PEER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from server.web.app import create_app
app = create_app({"DATABASE_URL": "sqlite:///" + sys.argv[2]})
client = app.test_client()
auth = {"Authorization": "Bearer " + sys.argv[4]}
since, raw, sent, events, seconds = 0, 0, 0, [], 0.0
while True:  # page after page where the server pages
    url = f"/api/campaigns/{sys.argv[3]}/events?since={since}"
    t0 = time.perf_counter()
    body = json.loads(client.get(url, headers=auth).get_data())
    seconds += time.perf_counter() - t0
    packed = client.get(url, headers={**auth, "Accept-Encoding": "br, gzip"}).get_data()
    raw += len(json.dumps(body, separators=(",", ":")))
    sent += len(packed)
    events += body["events"]
    if not body.get("more"):
        break
    since = body["next"]
orders = [len(json.dumps(e, separators=(",", ":"))) for e in events
          if e.get("type") == "engage_decision"]
print(json.dumps({"catch_up": raw, "sent": sent, "seconds": seconds, "orders": orders}))
"""


def _schema_of(tree: Path, db: Path) -> Path:
    """A copy of the store ``db`` with the schema the code under ``tree`` knows (its newest
    migration; downgraded by this code's ``admiralty db``): the same log, as it reads it."""
    versions = (tree / "server" / "migrations" / "versions").glob("0*.py")
    known = sorted(p.name.split("_")[0] for p in versions)
    older = db.with_name(f"peer-{db.name}")
    shutil.copy(db, older)
    subprocess.run(
        [sys.executable, "-m", "server.cli", "db", "downgrade", known[-1]]
        + ["--database", f"sqlite:///{older}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return older


def _catch_up(root: Path, db: Path, campaign: str, token: str) -> dict[str, Any]:
    """The captain's catch-up from since=0, read by the code under ``root``."""
    out = subprocess.run(
        [sys.executable, "-c", PEER, str(root), str(db), campaign, token],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--peer", default=BASE, help="the commit to compare with")
    parser.add_argument("--contact-every", type=int, default=CONTACT_EVERY, metavar="DAYS")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "year.db"
        t0 = time.perf_counter()
        played = _play(db, args.seed, args.contact_every)
        print(
            f"a year played in {time.perf_counter() - t0:.0f} s: {played['orders']} battle orders"
        )
        live = _battle_orders(played["received"])
        largest = max(size[1] for sizes in live.values() for size in sizes)
        print(
            "each battle order's event, live (goal <= 5 KB a seat, as sent: the round's new"
            " log lines travel with it, 100 and more in a first round of seven ships a side):"
            f" largest {largest / KB:.1f} KB, {'met' if largest <= 5 * KB else 'NOT met'}"
        )
        for key, sizes in live.items():
            raw, sent, rest = ([size[i] for size in sizes] for i in range(3))
            half = len(raw) // 2  # no growth with the battles before: the year's halves
            print(
                f"  {key:>5}: {len(sizes)} events; as sent largest {max(sent) / KB:.1f} KB,"
                f" mean {sum(sent) / len(sent) / KB:.1f} KB; JSON largest {max(raw) / KB:.1f}"
                f" KB, mean {sum(raw) / len(raw) / KB:.1f} KB; JSON but the round's new log"
                f" lines largest {max(rest[:half]) / KB:.1f} KB in the year's first half,"
                f" {max(rest[half:]) / KB:.1f} KB in its second"
            )
        ours = _catch_up(ROOT, db, played["campaign"], played["token"])
        older = _schema_of(base_tree(args.peer), db)
        peer = _catch_up(base_tree(args.peer), older, played["campaign"], played["token"])
        verdict = "met" if ours["catch_up"] <= 2 * KB * KB else "NOT met"
        print(f"captain's catch-up from since=0 after the year (goal <= 2 MB of JSON): {verdict}")
        for name, got in (("this code", ours), (f"peer {args.peer}", peer)):
            largest = max(got["orders"], default=0)
            print(
                f"  {name:>14}: JSON {got['catch_up'] / KB / KB:.2f} MB"
                f" ({got['catch_up'] / KB / max(len(got['orders']), 1):.1f} KB a battle order),"
                " as sent"
                f" {got['sent'] / KB / KB:.2f} MB, in {got['seconds']:.2f} s;"
                f" largest battle order {largest / KB:.1f} KB (JSON)"
            )


if __name__ == "__main__":
    main()
