"""Helpers for the browser tests: Debian's Chromium through Playwright, campaigns set up over
REST, a Socket.IO client for the GM's background moves, and pages that collect console errors.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests
import socketio

from tests.conftest import ROOT
from tests.protocol_check import CheckedClient

__all__ = [
    "ARTIFACTS",
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "VIEWPORT",
    "Campaign",
    "GmClient",
    "SeatPage",
    "open_fight",
    "open_seat",
    "tap_patrol",
    "wait_until",
]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: Chromium's software WebGL (SwiftShader, no GPU here) reports its own stalls as console
#: warnings: those are the machine's, not the page's
SOFTWARE_GL = ("[.WebGL-", "GL Driver Message")
ARTIFACTS = ROOT / "tests" / "artifacts"
VIEWPORT = {"width": 1280, "height": 800}


class GmClient:
    """A Socket.IO client joined with a seat's token (the GM's, for background moves)."""

    def __init__(self, url: str, campaign: str, token: str) -> None:
        self.url, self.campaign, self.token = url, campaign, token
        self.sio = CheckedClient(reconnection=False)
        self._join()

    def _join(self) -> None:
        if not self.sio.connected:
            self.sio.connect(self.url, transports=["websocket"], wait_timeout=20)
        ack = self.sio.call(
            "join", {"campaign": self.campaign, "token": self.token, "since": 0}, timeout=30
        )
        assert ack["ok"], ack
        self.seat = ack["seat"]

    def act(self, type_: str, **args: Any) -> dict[str, Any]:
        try:
            return self.sio.call("act", {"type": type_, **args}, timeout=120)
        except socketio.exceptions.BadNamespaceError:  # a dropped socket: join again, once
            self.sio = CheckedClient(reconnection=False)
            self._join()
            return self.sio.call("act", {"type": type_, **args}, timeout=120)

    def close(self) -> None:
        self.sio.disconnect()


@dataclass
class Campaign:
    """A campaign on a live server: the GM's token, seats by key, a GM client."""

    url: str
    id: str
    gm_token: str
    seats: dict[str, dict[str, str]] = field(default_factory=dict)
    gm: GmClient | None = None

    @classmethod
    def new(cls, url: str, seed: int = 11) -> Campaign:
        r = requests.post(url + "/api/campaigns", json={"seed": seed}, timeout=30)
        assert r.status_code == 201, r.text
        body = r.json()
        game = cls(url, body["id"], body["token"])
        game.seats["gm"] = {"seat": "gm", "token": body["token"], "link": body["link"]}
        game.gm = GmClient(url, game.id, game.gm_token)
        return game

    def add(self, key: str, role: str, **body: Any) -> dict[str, str]:
        r = requests.post(
            f"{self.url}/api/campaigns/{self.id}/seats",
            json={"role": role, "name": key.title(), **body},
            headers={"Authorization": f"Bearer {self.gm_token}"},
            timeout=30,
        )
        assert r.status_code == 201, r.text
        self.seats[key] = r.json()
        return self.seats[key]

    def state(self, key: str = "gm") -> dict[str, Any]:
        r = requests.get(
            f"{self.url}/api/campaigns/{self.id}/state",
            headers={"Authorization": f"Bearer {self.seats[key]['token']}"},
            timeout=30,
        )
        assert r.ok, r.text
        return r.json()["state"]

    def act(self, type_: str, **args: Any) -> dict[str, Any]:
        assert self.gm is not None
        ack = self.gm.act(type_, **args)
        return ack

    def roll(self, ships: int = 3, deployment: int = 5) -> None:
        """The cabinet's digits (the GM acting for the ministers) and the roll: Table F."""
        for key, role in (("pm", "prime-minister"), ("fsl", "first-sea-lord")):
            if key not in self.seats:
                self.add(key, role)
        assert self.act("set_ships", digit=ships, **{"as": self.seats["pm"]["seat"]})["ok"]
        assert self.act("set_deployment", digit=deployment, **{"as": self.seats["fsl"]["seat"]})[
            "ok"
        ]
        ack = self.act("roll_force")
        assert ack["ok"], ack

    def close(self) -> None:
        if self.gm:
            self.gm.close()


def open_fight(game: Campaign) -> str | None:
    """The GM advances a day at a time (20 at most) till a fight opens: its id."""
    for _ in range(20):
        fights = [e for e in game.state()["engagements"] if not e["over"]]
        if fights:
            return fights[0]["id"]
        if not game.act("advance", days=1)["ok"]:
            return None
    return None


def tap_patrol(seat: SeatPage, point: list[float]) -> None:
    """With taps, as on a touch screen: ``seat``'s order set to patrol, the sea at ``point``
    ([lon, lat]) tapped on the chart, and its route previewed (not yet confirmed)."""
    seat.page.get_by_label("Order", exact=True).select_option("patrol")
    x, y = seat.js("([lon, lat]) => window.__admiralty.map.pixelOf(lon, lat)", point)
    seat.page.touchscreen.tap(x, y)
    seat.wait(
        "(() => { const p = document.querySelector('#panel-orders .preview');"
        " return p && !p.dataset.pending && p.dataset.distance; })()",
        timeout=60,
    )


def wait_until(page: Any, expression: str, timeout: float = 10.0, arg: Any = None) -> None:
    """Poll ``expression`` in ``page`` until it is truthy. (Playwright's wait_for_function
    evaluates its predicate with ``eval``, which the pages' Content-Security-Policy forbids,
    as it should; ``evaluate`` goes through the DevTools protocol.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {expression}")
        page.wait_for_timeout(50)


@dataclass
class SeatPage:
    """One seat's page in its own browser context, with the console errors it logged."""

    page: Any
    context: Any
    errors: list[str]

    def js(self, expression: str, arg: Any = None) -> Any:
        return self.page.evaluate(expression, arg)

    def wait(self, expression: str, timeout: float = 10.0, arg: Any = None) -> None:
        wait_until(self.page, expression, timeout, arg)

    def seq(self) -> int:
        """The last sequence number this page has seen."""
        return self.js("window.__admiralty.store.seq")

    def wait_event(
        self, kind: str, where: str = "true", after: int = 0, timeout: float = 30.0
    ) -> dict[str, Any]:
        """Wait until this page has received an event of ``kind`` past seq ``after`` for which
        the JavaScript expression ``where`` (over the event, ``e``) holds; return that event.

        A test that reads after an act waits for the event the act means, never for a button
        (a button changes with the ack, before the event it answers may have come)."""
        find = (
            "window.__admiralty.store.events.find("
            f"(e) => e.seq > {after} && e.type === {kind!r} && ({where})) || null"
        )
        self.wait(f"({find}) !== null", timeout)
        return self.js(find)

    def tab(self, name: str) -> None:
        self.page.click(f"#tab-{name}")

    def map_data(self) -> dict[str, str]:
        return self.js("({...document.getElementById('map').dataset})")

    def traces(self) -> list[str]:
        """The tags of what the map's live layers draw now (its MapLibre sources' features:
        "forces-circle", "route-<force>", "preview", "leg-0", "replay-circle", ...)."""
        return self.js("window.__admiralty.map.drawn()")

    def screenshot(self, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path))
        return path

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        else:
            self.page.close()


def open_seat(
    browser,
    url: str,
    link: str,
    timeout: float = 60.0,
    context: Any = None,
    init_script: str | None = None,
) -> SeatPage:
    """Open a seat's link and wait until the map is drawn and the seat has joined.

    Without ``context`` the page gets a browser context of its own (a separate person);
    pages of one shared context share its HTTP cache (plotly.js, the map layers).
    ``init_script`` runs in the page before its own scripts (e.g. a shorter ack time:
    ``window.__admiraltyAckMs``).
    """
    own = context is None
    if own:
        context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    if init_script:
        page.add_init_script(init_script)
    errors: list[str] = []
    page.on(
        "console",
        lambda m: (
            errors.append(f"console {m.type}: {m.text}")
            if m.type in ("error", "warning") and not m.text.startswith(SOFTWARE_GL)
            else None
        ),
    )
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    start = time.monotonic()
    page.goto(link if link.startswith(("http://", "https://")) else url + link)
    wait_until(
        page,
        "window.__admiralty && window.__admiralty.joined"
        " && document.getElementById('map').dataset.mapReady === '1'",
        timeout,
    )
    seat = SeatPage(page, context if own else None, errors)
    seat.load_seconds = time.monotonic() - start  # type: ignore[attr-defined]
    return seat
