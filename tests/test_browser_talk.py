"""The Talk panel in Debian's Chromium (issue 14, items 4 and 5), each seat in a browser
context of its own: a private message reaches only its recipient and the GM; notices and the
Log's whole history are there after a reload; hostile text in a message and in every name a
player can set renders as text and runs nothing."""

from __future__ import annotations

from typing import Any

import requests

from tests.browser_helpers import Campaign, GmClient, SeatPage, open_seat
from tests.conftest import LiveServer

SCRIPT = "<script>window.__pwned=1</script>"
IMG = '<img src=x onerror="window.__pwned=1">'


def _open(seat_pages: list[SeatPage], browser: Any, url: str, game: Campaign, key: str) -> SeatPage:
    page = open_seat(browser, url, game.seats[key]["link"])
    seat_pages.append(page)
    return page


def _say(page: SeatPage, to: str, text: str) -> None:
    page.tab("talk")
    page.page.select_option("#panel-talk select[name=to]", to)
    page.page.fill("#panel-talk textarea[name=text]", text)
    page.page.click("#panel-talk button[type=submit]")


def _chat(page: SeatPage) -> str:
    return page.js("document.querySelector('#panel-talk ol.messages').textContent")


def test_a_private_message_reaches_only_its_recipient_and_the_gm(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=3)
    try:
        for key, role, extra in (
            ("pm", "prime-minister", {}),
            ("red", "admiral", {"squadron": "Red"}),
            ("fg", "captain", {"ship": "FG"}),
        ):
            game.add(key, role, **extra)
        pages = {k: _open(seat_pages, browser, browser_server, game, k) for k in game.seats}
        _say(pages["pm"], game.seats["red"]["seat"], "Keep this from the captain")
        for key in ("pm", "red", "gm"):
            pages[key].wait(
                "document.querySelector('#panel-talk ol.messages').textContent"
                ".includes('Keep this from the captain')",
                timeout=10,
            )
        # the recipient is told: a toast and an unread notice on his Talk tab
        pages["red"].wait("window.__admiralty.toasts >= 1")
        _say(pages["pm"], "all", "To everyone")
        pages["fg"].wait(
            "document.querySelector('#panel-talk ol.messages').textContent.includes('To everyone')"
        )
        assert "Keep this" not in _chat(pages["fg"])
        pages["fg"].wait("window.__admiralty.feed.length > 0")
        assert pages["fg"].js("window.__admiralty.feed.map((n) => n.text)") == [
            "Pm (to all): To everyone"
        ]
        # an error beside the form: a message over 2,000 characters (the box holds no more)
        pages["red"].page.evaluate(
            "document.querySelector('#panel-talk textarea').removeAttribute('maxlength')"
        )
        _say(pages["red"], "all", "x" * 2001)
        pages["red"].wait(
            "document.querySelector('#panel-talk [role=alert]').textContent"
            ".includes('at most 2000')"
        )
    finally:
        game.close()


def test_notices_and_the_whole_log_are_there_after_a_reload(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=3)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("blue", "admiral", squadron="Blue")
        red = _open(seat_pages, browser, browser_server, game, "red")
        assert game.act("say", to=game.seats["red"]["seat"], text="Orders from London")["ok"]
        blue = GmClient(browser_server, game.id, game.seats["blue"]["token"])
        assert blue.act("say", to="all", text="Blue here")["ok"]
        blue.close()
        messages = (
            "(window.__admiralty.feed || []).filter((n) => n.type === 'message').length === 2"
        )
        red.wait(messages)
        # Blue's seat (made before the page was opened) and the two messages: all unread
        assert red.js("document.getElementById('tab-talk').dataset.unread") == "3"
        red.page.reload()
        red.wait(
            f"window.__admiralty && window.__admiralty.joined && {messages}",
            timeout=60,
        )
        texts = red.js(
            "[...document.querySelectorAll('#panel-talk ol.notices li')]"
            ".map((li) => li.textContent)"
        )
        assert any("Orders from London" in t for t in texts)
        assert any("Blue here" in t for t in texts)
        assert red.js("window.__admiralty.toasts") == 0  # old news: no toasts on a reload
        assert red.js("document.getElementById('tab-talk').dataset.unread") == "3"
        red.tab("talk")
        red.wait("document.getElementById('tab-talk').dataset.unread === '0'")
        # the Log tab holds the seat's whole history from the server, not only since the load
        r = requests.get(
            f"{browser_server}/api/campaigns/{game.id}/events?since=0",
            headers={"Authorization": f"Bearer {game.seats['red']['token']}"},
            timeout=30,
        )
        seen = r.json()["events"]
        red.wait("document.getElementById('panel-log').dataset.history === '1'")
        assert red.js("Number(document.getElementById('panel-log').dataset.events)") == len(seen)
        assert "Orders from London" in red.js("document.getElementById('panel-log').textContent")
    finally:
        game.close()


def test_hostile_text_in_messages_and_names_renders_as_text(
    browser, browser_server, seat_pages
) -> None:
    r = requests.post(
        browser_server + "/api/campaigns", json={"seed": 3, "name": SCRIPT}, timeout=30
    )
    body = r.json()
    game = Campaign(browser_server, body["id"], body["token"])
    game.seats["gm"] = {"seat": "gm", "token": body["token"], "link": body["link"]}
    game.gm = GmClient(browser_server, game.id, game.gm_token)
    try:
        game.add("red", "admiral", squadron="Red")
        game.seats["red"]["name"] = "x"
        for key, role, extra in (
            ("pm", "prime-minister", {"name": IMG}),
            ("fg", "captain", {"ship": "FG", "name": SCRIPT, "officer": {"name": IMG}}),
        ):
            r = requests.post(
                f"{browser_server}/api/campaigns/{game.id}/seats",
                json={"role": role, **extra},
                headers={"Authorization": f"Bearer {game.gm_token}"},
                timeout=30,
            )
            assert r.status_code == 201, r.text
            game.seats[key] = r.json()
        for key, text in (("pm", IMG), ("fg", SCRIPT)):
            client = GmClient(browser_server, game.id, game.seats[key]["token"])
            assert client.act("say", to="all", text=text)["ok"]
            assert client.act("say", to=game.seats["red"]["seat"], text=text + " private")["ok"]
            client.close()
        pages = [_open(seat_pages, browser, browser_server, game, k) for k in ("red", "gm")]
        for page in pages:
            page.wait("window.__admiralty.feed.length >= 2")
            for tab in ("talk", "officers", "log", "orders"):
                page.tab(tab)
                page.page.wait_for_timeout(200)
            chat = _chat(page)
            assert SCRIPT in chat and IMG in chat
            assert SCRIPT in page.js("document.getElementById('st-campaign').textContent")
            assert IMG in page.js("document.getElementById('panel-talk').textContent")
            assert page.js("window.__pwned") is None
            assert page.js("document.querySelectorAll('img[src=x], #side script').length") == 0
        # the live path too: a hostile message arriving while the page is open
        assert game.act("say", to="all", text=IMG + SCRIPT)["ok"]
        pages[0].wait("window.__admiralty.toasts >= 1")
        pages[0].page.wait_for_timeout(300)
        assert pages[0].js("window.__pwned") is None
        assert pages[0].js("document.querySelectorAll('img[src=x]').length") == 0
    finally:
        game.close()


def test_a_long_log_comes_a_page_at_a_time(browser, tmp_path, seat_pages) -> None:
    """Catch-ups a page at a time (issue 30): with pages of three events, a page opened on
    a longer log still shows every notice and the Log tab the whole history, and after a
    drop it catches up every event it missed, page after page."""
    server = LiveServer(tmp_path, env={"ADMIRALTY_CATCH_UP_PAGE": "3"}).start()
    game = Campaign.new(server.url, seed=3)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("blue", "admiral", squadron="Blue")
        for i in range(4):
            assert game.act("say", to=game.seats["red"]["seat"], text=f"Orders {i}")["ok"]
        red = _open(seat_pages, browser, server.url, game, "red")
        messages = (
            "(window.__admiralty.feed || []).filter((n) => n.type === 'message').length === 4"
        )
        red.wait(f"window.__admiralty && window.__admiralty.joined && {messages}", timeout=60)
        seen, since, more = [], 0, True
        while more:
            body = requests.get(
                f"{server.url}/api/campaigns/{game.id}/events?since={since}",
                headers={"Authorization": f"Bearer {game.seats['red']['token']}"},
                timeout=30,
            ).json()
            seen += body["events"]
            since, more = body["next"], body["more"]
        assert len(seen) > 3
        red.wait("document.getElementById('panel-log').dataset.history === '1'")
        assert red.js("Number(document.getElementById('panel-log').dataset.events)") == len(seen)
        # a drop: seven events missed, then caught up three at a time
        red.js("window.__admiralty.net.socket.disconnect()")
        red.wait("window.__admiralty.connection.includes('lost')")
        for i in range(7):
            ack = game.act("pause" if i % 2 == 0 else "resume")
            assert ack["ok"], ack
        red.js("window.__admiralty.net.socket.connect()")
        red.wait(f"window.__admiralty.store.seq === {ack['seq']}", timeout=30)
        assert red.js("window.__admiralty.store.pending.size") == 0
        assert red.page.locator("#st-paused").inner_text() == "PAUSED"
    finally:
        game.close()
        server.stop()
