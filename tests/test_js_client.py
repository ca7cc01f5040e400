"""A client nobody here wrote (issue 30, item 8): the official JavaScript Socket.IO client
(npm ``socket.io-client``, pinned in package.json, run by node) plays a summer through nginx
against two ``admiralty serve`` processes on PostgreSQL and Redis, from docs/protocol.md's
shapes alone (``tests/js/summer_client.mjs``), and every seat's view patched event by event
is what a fresh join gives."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PLAY_SEED, ROOT
from tests.topology_helpers import create_database, topology

DRIVER = ROOT / "tests" / "js" / "summer_client.mjs"
PAGE = 10  # events a catch-up's page reads at most: the observer's takes several
RUN = 1200  # seconds the whole summer may take on a busy machine (not a speed target)


def _summer(url: str) -> dict[str, Any]:
    """The driver's summary of its summer against ``url`` (its stderr on a failure)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "socket.io-client").exists():
        pytest.fail("node or socket.io-client is missing: `npm ci` at the root (scripts/test)")
    run = subprocess.run(
        [node, str(DRIVER), url, str(PLAY_SEED)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=RUN,
        check=False,
    )
    assert run.stdout, run.stderr
    summary: dict[str, Any] = json.loads(run.stdout.splitlines()[-1])
    summary["exit"] = run.returncode
    return summary


@pytest.mark.postgres
@pytest.mark.redis
def test_the_javascript_client_plays_a_summer_through_nginx_on_two_processes(
    tmp_path: Path, postgres_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADMIRALTY_CATCH_UP_PAGE", str(PAGE))  # the servers' catch-up pages
    queue = ("--database", create_database(postgres_url, "jsclient"), "--message-queue", redis_url)
    with topology(tmp_path, 2, *queue) as (servers, nginx):
        summary = _summer(nginx.url)
        print(json.dumps(summary, indent=1))  # read on a failure
        assert all(s.alive() for s in servers)
    assert summary.get("problems") == [] and summary["exit"] == 0, summary
    # the season ended: the turns moved on the players' readies, the GM resolved the summer
    assert summary["phase"] == "autumn"
    assert summary["flow"]["resolved_on_day"] == summary["season_days"]
    assert summary["flow"]["fights"] and summary["flow"]["rounds"] > 0, summary["flow"]
    seats = summary["seats"]
    assert {s["role"] for s in seats.values()} == {
        "gm",
        "prime-minister",
        "first-sea-lord",
        "admiral",
        "captain",
        "observer",
    }
    for name, seat in seats.items():
        # every seq received and applied once, in order; the patched view is the fresh one
        assert seat["equal"] and seat["seq"] == seat["fresh_seq"] == summary["final_seq"], name
        assert seat["events"] + seat["unseen"] == summary["final_seq"] - seat["first_seq"], name
        assert seat["held"] == 0, name
    assert (
        seats["gm"]["types"]["resolve_summer"] == 1
        and summary["flow"]["turns"] > 1
        and seats["gm"]["types"]["advance"] > 1
    )
    assert seats["obs"]["bare"] > 0  # the GM's note, the cabinet's digits: bare seqs
    # away for the summer, the observer caught up page by page (and saw none of the fight)
    assert seats["obs"]["catch_up_pages"] > 2 and seats["obs"]["unseen"] > 0
    assert {r["expected"] for r in summary["refusals"]} == {
        "wrong_phase",
        "forbidden",
        "invalid",
        "not_found",
    }
    assert all(r["got"] == r["expected"] for r in summary["refusals"])
    # the seats' sockets were spread over both processes: events crossed through Redis
    assert nginx.upstreams("websocket") == {f"127.0.0.1:{s.port}" for s in servers}
