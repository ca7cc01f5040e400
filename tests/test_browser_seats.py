"""The GM's Seats panel and his "Act as" in Debian's headless Chromium (issue 14): he adds
seats from the panel, copies their invite links and opens them in other contexts; the dot of
a seat goes out when its page closes; he hands an idle seat on; "Act as" gives him another
seat's orders form, and the order lands as that seat's."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.browser_helpers import VIEWPORT, Campaign, SeatPage, open_seat

pytestmark = pytest.mark.browser


def _add_seat(gm: SeatPage, role: str, name: str, **fields: str) -> None:
    panel = gm.page.locator("#panel-seats")
    seats = gm.js("document.querySelectorAll('#panel-seats tr[data-seat]').length")
    panel.locator("[data-field=role]").select_option(role)
    panel.locator("[data-field=name]").fill(name)
    for field, value in fields.items():
        panel.locator(f"[data-field={field}]").select_option(value)
    panel.locator("button[data-action=add-seat]").click()
    gm.wait(f"document.querySelectorAll('#panel-seats tr[data-seat]').length > {seats}", 20)


def _row(gm: SeatPage, name: str) -> Any:
    return gm.page.locator("#panel-seats tr[data-seat]", has_text=name)


def _copied_link(gm: SeatPage, name: str) -> str:
    """Copy a seat's link with its button: the clipboard's text, else the field selected."""
    row = _row(gm, name)
    row.locator("button[data-action=copy-link]").click()
    said = row.locator(".ok-text").first
    said.wait_for(state="visible", timeout=5000)
    shown = row.locator("input[data-link]").input_value()
    if said.inner_text() == "copied":
        assert gm.js("navigator.clipboard.readText()") == shown
    return shown


def test_the_gm_seats_players_from_the_panel_and_sees_who_is_connected(
    browser, browser_server, seat_pages
) -> None:
    game = Campaign.new(browser_server, seed=5)
    try:
        context = browser.new_context(
            viewport=VIEWPORT, permissions=["clipboard-read", "clipboard-write"]
        )
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"], context=context)
        gm.context = context
        seat_pages.append(gm)
        gm.tab("seats")
        _add_seat(gm, "captain", "Aubrey", ship="RO")
        _add_seat(gm, "admiral", "Nelson", squadron="White")
        _add_seat(gm, "observer", "Press")
        link = _copied_link(gm, "Aubrey")
        assert link.startswith(browser_server + "/play/") and "token=" in link
        captain = open_seat(browser, "", link)
        seat_pages.append(captain)
        assert captain.js("window.__admiralty.store.seat.name") == "Aubrey"
        row = _row(gm, "Aubrey")
        seat_id = row.get_attribute("data-seat")
        gm.wait(
            f"document.querySelector('#panel-seats tr[data-seat=\"{seat_id}\"]')"
            ".dataset.online === 'true'",
            timeout=15,
        )
        assert row.locator(".presence").inner_text() == "●"
        admiral = open_seat(browser, "", _copied_link(gm, "Nelson"))
        seat_pages.append(admiral)
        # the captain's page closes: his dot goes out on the GM's panel, the admiral's stays
        captain.close()
        seat_pages.remove(captain)
        gm.wait(
            f"document.querySelector('#panel-seats tr[data-seat=\"{seat_id}\"]')"
            ".dataset.online === 'false'",
            timeout=15,
        )
        assert _row(gm, "Nelson").get_attribute("data-online") == "true"
        # the roll leaves the White squadron at home: a warning, and the GM hands him on
        game.roll(ships=3, deployment=1)
        gm.wait("!!document.querySelector('#panel-seats .warnings li[data-kind=idle]')", timeout=20)
        nelson = _row(gm, "Nelson")
        nelson_id = nelson.get_attribute("data-seat")
        assert (
            "White squadron is not on campaign"
            in gm.page.locator(f"#panel-seats .warnings li[data-seat='{nelson_id}']").inner_text()
        )
        nelson.locator("[data-field=reassign-to]").select_option("Red")
        nelson.locator("button[data-action=reassign]").click()
        admiral.wait(
            "window.__admiralty.store.seat && "
            "window.__admiralty.store.state.seats.find((s) => s.id === "
            f"'{nelson_id}').squadron === 'Red'",
            timeout=20,
        )
        gm.wait(
            f"!document.querySelector('#panel-seats .warnings li[data-seat=\"{nelson_id}\"]')",
            timeout=20,
        )
        # revoked: the seat is vacant, the panel warns of it, and its link opens nothing
        aubrey = _row(gm, "Aubrey")
        gm.page.once("dialog", lambda d: d.accept())
        aubrey.locator("button[data-action=revoke]").click()
        gm.wait(
            f"document.querySelector('#panel-seats tr[data-seat=\"{seat_id}\"]')"
            ".dataset.vacant === 'true'",
            timeout=15,
        )
        vacant = f"#panel-seats .warnings li[data-kind=vacant][data-seat={seat_id}]"
        gm.wait(f"!!document.querySelector({vacant!r})", timeout=20)
        assert "Aubrey's seat is vacant" in gm.page.locator(vacant).inner_text()
        # and the players' line of the status bar shows it vacant, not waited for
        gm.wait(f"!!document.querySelector('#st-ready .ready-vacant[data-seat={seat_id}]')", 20)
        token = link.split("token=")[1]
        r = requests.get(
            f"{browser_server}/api/campaigns/{game.id}/state",
            headers={"Authorization": f"Bearer {token}"},
            timeout=30,
        )
        assert r.status_code == 403
    finally:
        game.close()


def test_act_as_gives_the_gm_another_seats_orders_and_the_order_lands(
    browser, browser_server, seat_pages, shared_context
) -> None:
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll(ships=3, deployment=1)
        gm = open_seat(browser, browser_server, game.seats["gm"]["link"], context=shared_context)
        seat_pages.append(gm)
        red_id = game.seats["red"]["seat"]
        act_as = gm.page.locator("select[data-control=act-as]")
        act_as.select_option(f"seat:{red_id}")
        gm.wait(f"!!document.querySelector('[data-acting=\"{red_id}\"]')", timeout=10)
        form = gm.page.locator("#panel-orders fieldset.movement")
        assert "Orders for your squadron" in form.inner_text()
        form.get_by_label("Order").select_option("station")
        form.get_by_label("Station").select_option("channel")
        form.locator("button[data-action=orders]").click()
        form.locator(".ok-text", has_text="orders given").wait_for(timeout=60_000)
        red = next(f for f in game.state()["forces"] if f.get("squadron") == "Red")
        assert red["orders"] == {"kind": "station", "target": "channel"}
        log = requests.get(
            f"{browser_server}/api/campaigns/{game.id}/log",
            headers={"Authorization": f"Bearer {game.gm_token}"},
            timeout=30,
        ).json()
        deploy = [e for e in log["events"] if e["type"] == "deploy"][-1]
        assert deploy["data"]["as"] == red_id
        # the unseated Blockade squadron: the GM orders it himself
        blockade = next(f for f in game.state()["forces"] if f.get("squadron") == "Blockade")
        act_as.select_option(f"force:{blockade['id']}")
        form = gm.page.locator("#panel-orders fieldset.movement")
        form.locator("legend", has_text=blockade["name"]).wait_for(timeout=10_000)
        form.get_by_label("Order").select_option("station")
        form.get_by_label("Station").select_option("channel")
        form.locator("button[data-action=orders]").click()
        form.locator(".ok-text", has_text="orders given").wait_for(timeout=60_000)
        moved = next(f for f in game.state()["forces"] if f["id"] == blockade["id"])
        assert moved["orders"] == {"kind": "station", "target": "channel"}
        # an enemy force: its move form alone
        enemy = next(f for f in game.state()["forces"] if f["side"] != "Britain")
        act_as.select_option(f"enemy:{enemy['id']}")
        gm.page.locator("#panel-orders button[data-action=move_enemy]").wait_for(timeout=10_000)
        assert gm.page.locator("#panel-orders fieldset.movement").count() == 0
    finally:
        game.close()
