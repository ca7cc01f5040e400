"""Embezzling in Debian's headless Chromium (Briny, APPOINTMENTS 001:1164-1206): the Ordnance
Board's Supervisor, a Red admiral's character, takes his guineas from the Orders panel where
he applied for the post, the server rolls the discovery dice, and the form and his notices
then say this year's embezzlement (docs/rules-notes.md, "Embezzlement")."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from server.game import rules
from tests.browser_helpers import open_seat
from tests.conftest import ROOT, LiveServer, board_supervisor_appointed
from tests.server_helpers import Game, new_app

pytestmark = pytest.mark.browser
FORM = "fieldset.embezzle"
POST = "Ordnance Board Supervisor"


def _board_in_autumn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, str]:
    """The autumn of 1805 made in process on a SQLite file: the Red admiral's Vice Admiral
    appointed the Ordnance Board's Supervisor by the player First Sea Lord (its appointee).
    No birth reaches the post's Min SL of 16 (docs/rules-notes.md, "Appointments"), so the
    application's rank and Social Level check is waived here; the log keeps the post as
    granted, and a server started on the file applies it as logged. Returns the game and the
    admiral's token."""
    monkeypatch.setattr(rules, "appointment_check", lambda name, officer: None)
    g = Game.new(new_app(tmp_path), seed=21)
    board_supervisor_appointed(g, POST)
    return g, g.players["red"].token


def test_a_board_supervisor_embezzles_from_his_orders(
    browser, seat_pages, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g, token = _board_in_autumn(tmp_path, monkeypatch)
    # (this checkout's server, whichever the environment's editable install points at)
    env = {"PYTHONPATH": str(ROOT)}
    server = LiveServer(tmp_path, "--database", f"sqlite:///{tmp_path / 'test.db'}", env=env)
    server.start()
    try:
        link = f"{server.url}/play/{quote(g.id, safe='')}?token={quote(token, safe='')}"
        red = open_seat(browser, server.url, link)
        seat_pages.append(red)
        red.tab("orders")
        form = red.page.locator(FORM)
        form.wait_for()
        assert f"{POST}: up to 3600 guineas once a year" in form.inner_text()
        assert "2d6 x 300" in form.inner_text()
        form.locator("input[name=guineas]").fill("1200")
        seq = red.seq()
        form.locator("button[data-action=embezzle]").click()
        event = red.wait_event("embezzle", after=seq)
        data = event["data"]
        assert data["guineas"] == 1200 and len(data["dice"]) == 2
        assert data["noticed"] == sum(data["dice"]) * 300
        assert data["found_out"] is (data["noticed"] < 1200)
        red.wait(f"document.querySelector('{FORM} [data-made]')?.dataset.made === '1200'")
        found = red.js(f"document.querySelector('{FORM} [data-made]').dataset.found")
        assert found == str(data["found_out"]).lower()
        red.wait(
            "[...document.querySelectorAll('ol.notices li')].some((n) =>"
            f" n.textContent.includes('You embezzled 1200 guineas as {POST}'))"
        )
    finally:
        server.stop()
