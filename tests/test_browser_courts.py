"""Courts-martial in Debian's headless Chromium (Briny 001:1101, 001:1164-1206; BtQ 000:1353):
Vice Admiral Troubridge comes home from the summer with the Red's battle result 5 and is
then found out embezzling as the Ordnance Board's Supervisor: the GM's courts form shows
both charges, sits the first, then the second; guilty, the admiral's seat goes ashore with
him, as his page, the GM's seats panel and every notice say (docs/rules-notes.md,
"Courts-martial")."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from server.game import rules
from tests.browser_helpers import open_seat
from tests.conftest import ROOT, LiveServer, board_supervisor_appointed
from tests.server_helpers import Game, new_app

pytestmark = pytest.mark.browser
FORM = "#panel-orders fieldset.courts"
POST = "Ordnance Board Supervisor"


def _two_charges(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Game, str]:
    """The autumn of 1805 made in process on a SQLite file (seed 4): the Red admiral's Vice
    Admiral Thomas Troubridge home from the summer with the Red's battle result 5, then
    appointed the Ordnance Board's Supervisor (the post's rank and Social Level check waived,
    as in tests/test_browser_embezzlement.py) and found out embezzling 3,600 guineas. A
    server started on the file applies the log as logged. Returns the game and his id."""
    monkeypatch.setattr(rules, "appointment_check", lambda name, officer: None)
    g = Game.new(new_app(tmp_path), seed=4)
    made = board_supervisor_appointed(g, POST)
    assert g.players["red"].act("embezzle", guineas=3600)["ok"]
    state = g.rest("get", f"/api/campaigns/{g.id}/state").json["state"]
    officer = next(o for o in state["officers"] if o["id"] == made["red"])
    assert officer["courts_martial"] == [
        {"reason": "admiral's battle result 5", "season": "1805 summer"},
        {"reason": "embezzlement", "season": "1805 autumn"},
    ], "seed 4: the Red's 5, then the dice find him out"
    return g, made["red"]


def _link(url: str, g: Game, token: str) -> str:
    return f"{url}/play/{quote(g.id, safe='')}?token={quote(token, safe='')}"


def test_the_gm_sits_two_courts_in_turn_and_the_seat_goes_ashore(
    browser, seat_pages, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    g, officer = _two_charges(tmp_path, monkeypatch)
    seat = g.players["red"].seat["id"]
    # (this checkout's server, whichever the environment's editable install points at)
    env = {"PYTHONPATH": str(ROOT)}
    server = LiveServer(tmp_path, "--database", f"sqlite:///{tmp_path / 'test.db'}", env=env)
    server.start()
    try:
        red = open_seat(browser, server.url, _link(server.url, g, g.players["red"].token))
        seat_pages.append(red)
        red.tab("officers")
        sheet = f"#panel-officers article.character[data-officer='{officer}']"
        red.wait(f'document.querySelector("{sheet}") !== null')
        assert (
            "faces one (admiral's battle result 5, 1805 summer), then one (embezzlement, "
            "1805 autumn)" in red.page.locator(sheet).inner_text()
        )
        assert red.page.locator("#st-seat").inner_text().endswith("(Red)")
        gm = open_seat(browser, server.url, _link(server.url, g, g.gm_token))
        seat_pages.append(gm)
        gm.tab("orders")
        row = gm.page.locator(f"{FORM} [data-court='{officer}']")
        row.wait_for()
        assert "Vice Admiral Thomas Troubridge (admiral's battle result 5, 1805 summer)" in (
            row.inner_text()
        )
        assert "then: embezzlement, 1805 autumn" in row.inner_text()
        # the first made is sat first: acquitted, he keeps the Red
        row.locator("select[name=verdict]").select_option("acquitted")
        seq = gm.seq()
        row.locator("button[data-action=court_martial]").click()
        event = gm.wait_event("court_martial", after=seq)
        assert (event["data"]["reason"], event["data"]["pending"]) == (
            "admiral's battle result 5",
            1,
        )
        # the form drawn anew: the embezzlement is the court to sit now
        gm.wait(
            f"document.querySelector(\"{FORM} [data-court='{officer}']\")?.textContent"
            ".includes('(embezzlement, 1805 autumn)')"
        )
        row = gm.page.locator(f"{FORM} [data-court='{officer}']")
        row.locator("select[name=verdict]").select_option("dismissal from command")
        seq = gm.seq()
        row.locator("button[data-action=court_martial]").click()
        event = gm.wait_event("court_martial", after=seq)
        assert (event["data"]["seat"], event["data"]["left"]) == (seat, "Red")
        words = (
            "Court-martial of Vice Admiral Thomas Troubridge (embezzlement, 1805 autumn): found "
            "guilty and dismissed from his command; his seat goes ashore with him till the GM "
            "hands it a squadron (reassign)"
        )
        told = (
            "(w) => [...document.querySelectorAll('ol.notices li')]"
            ".some((n) => n.textContent.includes(w))"
        )
        for page in (gm, red):
            page.wait(told, arg=words)
        gm.wait(f"document.querySelector('{FORM}').textContent.includes('No officer faces')")
        # his page: ashore, his seat with him, no court left on his sheet
        red.wait("document.getElementById('st-seat').textContent.endsWith('(ashore)')")
        court = (
            f'[...document.querySelectorAll("{sheet} dt")]'
            ".find((d) => d.textContent === 'Court-martial')"
        )
        red.wait(f"({court})?.nextElementSibling.textContent === 'none'")
        # the GM's seats panel: the seat ashore, and the warning of it
        gm.tab("seats")
        gm.wait(
            f"!!document.querySelector('#panel-seats li[data-kind=ashore][data-seat=\"{seat}\"]')"
        )
        warning = gm.page.locator(f"#panel-seats li[data-kind=ashore][data-seat='{seat}']")
        assert "ashore with Vice Admiral Thomas Troubridge" in warning.inner_text()
        assert "ashore" in gm.page.locator(f"#panel-seats tr[data-seat='{seat}']").inner_text()
    finally:
        server.stop()
