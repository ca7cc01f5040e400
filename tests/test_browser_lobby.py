"""The landing page in Debian's headless Chromium (Playwright), against a live server.

A GM creates a campaign from the "New campaign" form and lands on his page, its clock
logged as he set it; a seat is opened by its bare token and by its full link, and the
campaigns this browser opened are listed with their role, phase and last activity; a bad
link or token says why beside the box it was pasted in, and so does a refused field
beside its own control; the server's admin token is asked for when the server requires
it; the page fits a 1280x800 screen and a 390x844 phone, every control visible and
nothing wider than the window.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from tests.browser_helpers import ARTIFACTS, SOFTWARE_GL, VIEWPORT, Campaign, wait_until
from tests.conftest import LiveServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WAIT = 30.0  # seconds a page may take (not a speed target)


class Landing:
    """The landing page in a browser context of its own, with the errors it logged."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int] = VIEWPORT) -> None:
        self.url = url
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.goto()

    def _console(self, message: Any) -> None:
        # a refused request is logged by Chromium itself ("Failed to load resource: 403"):
        # the page's answer to it is what the tests read
        # (and the machine's software WebGL reports its stalls: SOFTWARE_GL)
        text = message.text
        if message.type in ("error", "warning") and "Failed to load resource" not in text:
            if not any(mark in text for mark in SOFTWARE_GL):
                self.errors.append(f"console {message.type}: {text}")

    def goto(self) -> None:
        self.page.goto(self.url + "/")
        wait_until(self.page, "window.__landing && window.__landing.refreshed > 0", WAIT)

    def error(self, box: str) -> str:
        return self.page.locator(f"#{box}").inner_text().strip()

    def open_seat(self, text: str) -> None:
        self.page.fill("#seat-link", text)
        self.page.click("#open-button")

    def wait_error(self, box: str) -> str:
        wait_until(self.page, "(id) => document.getElementById(id).textContent.trim()", WAIT, box)
        return self.error(box)

    def wait_joined(self) -> None:
        # the navigation first: a page evaluated while it is replaced has no context
        self.page.wait_for_url(re.compile(r"/play/"), wait_until="load", timeout=WAIT * 1000)
        wait_until(self.page, "window.__admiralty && window.__admiralty.joined", 60.0)

    def close(self) -> None:
        self.context.close()


def _token_of(link: str) -> tuple[str, str]:
    parts = urlsplit(link)
    return parts.path.rsplit("/", 1)[-1], parse_qs(parts.query)["token"][0]


def _first_event(url: str, campaign: str, token: str) -> dict[str, Any]:
    r = requests.get(
        f"{url}/api/campaigns/{campaign}/log",
        headers={"Authorization": f"Bearer {token}"},
        timeout=WAIT,
    )
    assert r.ok, r.text
    return r.json()["events"][0]


def test_a_gm_creates_a_campaign_and_lands_on_his_page(browser, browser_server) -> None:
    landing = Landing(browser, browser_server)
    try:
        page = landing.page
        page.fill("#nc-name", "Channel 1805")
        page.fill("#nc-turn-days", "2")
        page.fill("#nc-turn", "10")  # minutes, the unit shown first
        page.fill("#nc-round", "90")
        page.select_option("#nc-round-unit", "1")  # seconds
        page.fill("#nc-seed", "7")
        page.click("#nc-create")
        landing.wait_joined()
        assert page.evaluate("document.body.dataset.role") == "gm"
        assert page.locator("#st-campaign").inner_text() == "Channel 1805"
        campaign, token = _token_of(page.url)
        assert page.url.startswith(browser_server + "/play/")
        first = _first_event(browser_server, campaign, token)
        assert first["type"] == "campaign_created" and first["data"]["name"] == "Channel 1805"
        assert first["data"]["clock"] == {"turn_days": 2, "turn_seconds": 600, "round_seconds": 90}
        # back on the landing page, his campaign is listed: role, phase, last activity
        landing.goto()
        item = page.locator(f"#campaigns li[data-campaign='{campaign}']")
        assert item.count() == 1
        text = item.inner_text()
        assert "Channel 1805" in text and "Games Master" in text and "cabinet" in text
        assert "last activity just now" in text or "min ago" in text, text
        assert item.locator("a").get_attribute("href") == f"/play/{campaign}?token={token}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "landing-gm.png"), full_page=True)
        assert not landing.errors, landing.errors
    finally:
        landing.close()


def test_a_seat_opens_by_its_bare_token_and_by_its_full_link(browser, browser_server) -> None:
    game = Campaign.new(browser_server, seed=5)
    try:
        seat = game.add("nelson", "admiral", squadron="White")
        assert seat["link"].startswith(browser_server + "/play/")
        landing = Landing(browser, browser_server)
        try:
            landing.open_seat(seat["token"])
            landing.wait_joined()
            assert landing.page.url == seat["link"]
            assert landing.page.evaluate("document.body.dataset.role") == "admiral"
            landing.goto()
            landing.open_seat("  " + seat["link"] + "  ")
            landing.wait_joined()
            assert landing.page.url == seat["link"]
            landing.goto()  # one entry a seat, however often it is opened
            item = landing.page.locator(f"#campaigns li[data-campaign='{game.id}']")
            assert item.count() == 1
            text = item.inner_text()
            assert "Admiral (Nelson)" in text and "cabinet" in text and "last activity" in text
            assert not landing.errors, landing.errors
        finally:
            landing.close()
    finally:
        game.close()


def test_a_bad_link_or_token_says_why_before_going_anywhere(browser, browser_server) -> None:
    game = Campaign.new(browser_server, seed=5)
    try:
        landing = Landing(browser, browser_server)
        try:
            stranger = "A" * 32
            cases = [
                ("", "Paste your seat's link"),
                ("not a token!", "not a seat token"),
                ("http://[oops/play/x?token=y", "not a link"),
                ("abc", "not a seat token"),
                (f"{browser_server}/static/index.html?token={stranger}", "not a seat's"),
                (f"{browser_server}/play/{game.id}", "carries no token"),
                (f"{browser_server}/play/{game.id}?token=abc", "cut short"),
                (stranger, "opens no seat on this server"),
                (f"{browser_server}/play/{game.id}?token={stranger}", f"campaign {game.id}"),
                (f"{browser_server}/play/nosuch?token={stranger}", "no campaign nosuch"),
            ]
            for text, words in cases:
                landing.page.evaluate("document.getElementById('open-error').textContent = ''")
                landing.open_seat(text)
                said = landing.wait_error("open-error")
                assert words in said, (text, said)
                assert landing.page.url.rstrip("/") == browser_server, text
                # beside the box it was pasted in: in its form, just under it
                box = landing.page.locator("#seat-link").bounding_box()
                error = landing.page.locator("#open-error").bounding_box()
                assert 0 <= error["y"] - (box["y"] + box["height"]) < 40, (box, error)
            assert not landing.errors, landing.errors
        finally:
            landing.close()
    finally:
        game.close()


def test_a_refused_field_is_said_beside_its_control(browser, browser_server) -> None:
    landing = Landing(browser, browser_server)
    try:
        page = landing.page
        page.click("#nc-create")
        assert "name" in landing.wait_error("nc-name-error")
        page.fill("#nc-name", "Too long a turn")
        page.fill("#nc-turn-days", "31")
        page.click("#nc-create")
        assert (
            landing.wait_error("nc-turn-days-error") == "'turn_days' must be from 1 to 30, not 31"
        )
        assert landing.error("nc-name-error") == "" and landing.error("nc-error") == ""
        page.fill("#nc-turn-days", "1")
        page.fill("#nc-turn", "5")
        page.select_option("#nc-turn-unit", "1")
        page.click("#nc-create")
        said = landing.wait_error("nc-turn-error")
        assert said == "'turn_seconds' must be from 10 to 604800, not 5"
        assert page.url.rstrip("/") == browser_server  # nothing made, nowhere gone
        assert not landing.errors, landing.errors
    finally:
        landing.close()


def test_the_admin_token_is_asked_for_when_the_server_requires_it(browser, tmp_path) -> None:
    secret = "op-" + "s" * 40
    server = LiveServer(tmp_path, "--admin-token", secret).start()
    try:
        landing = Landing(browser, server.url)
        try:
            page = landing.page
            assert page.locator("#nc-admin").is_visible()
            page.fill("#nc-name", "Closed")
            page.click("#nc-create")
            assert "admin token" in landing.wait_error("nc-admin-error")
            page.fill("#nc-admin", "wrong")
            page.click("#nc-create")
            wait_until(
                page,
                "document.getElementById('nc-admin-error').textContent.includes('refused')",
                WAIT,
            )
            page.fill("#nc-admin", secret)
            page.click("#nc-create")
            landing.wait_joined()
            assert page.evaluate("document.body.dataset.role") == "gm"
            assert not landing.errors, landing.errors
        finally:
            landing.close()
    finally:
        server.stop()


@pytest.mark.parametrize("viewport", [VIEWPORT, PHONE], ids=["1280x800", "390x844"])
def test_the_landing_page_fits_the_screen_and_a_phone(browser, browser_server, viewport) -> None:
    game = Campaign.new(browser_server, seed=5)
    game.close()
    landing = Landing(browser, browser_server, viewport)
    try:
        page = landing.page
        # a campaign in the list too, its name long enough to wrap
        page.evaluate(
            "(e) => localStorage.setItem('admiralty.campaigns', JSON.stringify([e]))",
            {"campaign": game.id, "token": game.gm_token, "name": "x"},
        )
        landing.goto()
        page.locator("#campaigns li").first.wait_for()
        width = page.evaluate("document.documentElement.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        controls = page.locator("main input:not([type=hidden]), main select, main button, main a")
        assert controls.count() >= 12
        for i in range(controls.count()):
            control = controls.nth(i)
            if control.evaluate("(n) => !!n.closest('[hidden]')"):
                continue  # the admin token's field: only when the server asks for it
            control.scroll_into_view_if_needed()
            assert control.is_visible(), control.evaluate("(n) => n.outerHTML")
            box = control.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        # the heading, its text and the seat box one under the other, not side by side
        heading = page.locator("h1").bounding_box()
        text = page.locator(".intro p").bounding_box()
        seat_box = page.locator("#seat-link").bounding_box()
        assert text["y"] >= heading["y"] + heading["height"]
        assert seat_box["y"] >= text["y"] + text["height"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"landing-{viewport['width']}.png"), full_page=True)
        assert not landing.errors, landing.errors
    finally:
        landing.close()


def test_a_pasted_link_or_token_is_read_in_the_browser(js) -> None:
    token = "Ab_-" + "x" * 28
    read = (
        "const lobby = await import('/static/js/lobby.js');"
        " const { limits } = await (await fetch('/api/rules')).json(); return arg.map((t) =>"
    )
    cases = [
        (token, {"campaign": None, "token": token}),
        (f"  {token}\n", {"campaign": None, "token": token}),
        (f"https://other.example/play/c1f3a9e2b7?token={token}",
         {"campaign": "c1f3a9e2b7", "token": token}),
        (f"/play/c1f3a9e2b7?token={token}", {"campaign": "c1f3a9e2b7", "token": token}),
        (f"https://h/games/play/c1f3a9e2b7/?token={token}&x=1",
         {"campaign": "c1f3a9e2b7", "token": token}),
    ]  # fmt: skip
    got = js(
        f"{read} lobby.parseSeatInput(t, 'http://127.0.0.1:5000', limits));", [c[0] for c in cases]
    )
    assert got == [c[1] for c in cases]
    bad = ["", "   ", "short", "no spaces allowed here at all", "http://[x/play/a?token=b",
           f"https://h/api/seat?token={token}", "https://h/play/c1?token=",
           f"/play/a%ZZ?token={token}",
           "/play/" + "a" * 33 + f"?token={token}", "/play/c1?token=abc"]  # fmt: skip
    errors = js(f"{read} lobby.parseSeatInput(t, 'http://127.0.0.1:5000', limits).error);", bad)
    assert all(isinstance(e, str) and e for e in errors), errors
    durations = js(
        "const lobby = await import('/static/js/lobby.js');"
        " return arg.map(([v, u]) => lobby.durationSeconds(v, u));",
        [["", "60"], ["10", "60"], ["1.5", "60"], ["2", "86400"], ["0", "1"], ["-3", "60"],
         ["0.5", "1"], ["ten", "1"]],
    )  # fmt: skip
    assert durations == [
        {"seconds": None}, {"seconds": 600}, {"seconds": 90}, {"seconds": 172800},
        {"error": "give a number above zero, or leave it blank"},
        {"error": "give a number above zero, or leave it blank"},
        {"error": "give a whole number of seconds"},
        {"error": "give a number above zero, or leave it blank"},
    ]  # fmt: skip
    fields = js(
        "const lobby = await import('/static/js/lobby.js'); return arg.map(lobby.refusedField);",
        ["'turn_days' must be from 1 to 30, not 31", "unexpected field(s): colour", ""],
    )
    assert fields == ["turn_days", None, None]
