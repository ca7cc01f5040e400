"""The browser client in Debian's headless Chromium (Playwright), against a live server.

Two admirals see each other's deploy live; a player never sees an unsighted enemy while the
GM does; a reconnect catches up by sequence number; a battle is fought to its end through the
captain's buttons; the season report and the replay; the GM's voyage view; keyboard-reachable,
labelled controls and no console errors. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import random
import re

import pytest
import requests

from server.game.sighting import SIGHTING_NM, distance_nm
from strategy.characters.creation import roll_sheet
from tests.browser_helpers import (
    Campaign,
    SeatPage,
    open_seat,
    wait_until,
)
from tests.conftest import bring_red_to_the_brest_squadron

pytestmark = pytest.mark.browser


def _open(
    seat_pages: list[SeatPage], browser, browser_server: str, game: Campaign, key: str, context=None
) -> SeatPage:
    page = open_seat(browser, browser_server, game.seats[key]["link"], context=context)
    seat_pages.append(page)
    return page


def _force_of(game: Campaign, squadron: str) -> str:
    return next(f["id"] for f in game.state()["forces"] if f.get("squadron") == squadron)


def _assert_fogged(forces: list[dict]) -> None:
    """Every enemy force in a player's list lies within sighting range of a British force."""
    british = [(f["lon"], f["lat"]) for f in forces if f["side"] == "Britain" and f["afloat"]]
    for f in forces:
        if f["side"] != "Britain":
            assert any(distance_nm(p, (f["lon"], f["lat"])) <= SIGHTING_NM for p in british), f
            assert "route" not in f and "orders" not in f


# -- two admirals -------------------------------------------------------------------------


def test_a_deploy_shows_on_the_other_admirals_map_within_two_seconds(
    browser, browser_server, seat_pages
):
    game = Campaign.new(browser_server)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("blue", "admiral", squadron="Blue")
        game.roll()
        red = _open(seat_pages, browser, browser_server, game, "red")
        blue = _open(seat_pages, browser, browser_server, game, "blue")
        red_force = _force_of(game, "Red")
        assert red_force not in blue.map_data().get("routes", "").split()

        # The admiral clicks the sea off Ushant on his map: the order becomes a patrol there
        # (or the Channel station, whose cruising ground it is) and its route is previewed.
        red.page.get_by_label("Order", exact=True).select_option("patrol")
        red.page.click("#views button:text('Channel')")
        red.page.wait_for_timeout(300)
        x, y = red.js("([lon, lat]) => window.__admiralty.map.pixelOf(lon, lat)", [-4.0, 49.6])
        red.page.mouse.click(x, y)
        red.wait(
            "(() => { const p = document.querySelector('.preview');"
            " return p && !p.dataset.pending && p.dataset.distance"
            " && p.dataset.order.includes('-4'); })()",
            timeout=60,
        )
        preview = red.page.locator(".preview")
        assert re.search(r"\d+ nm, [\d.]+ days", preview.inner_text())
        assert abs(float(red.page.get_by_label("Lon", exact=True).input_value()) + 4.0) < 0.2
        assert abs(float(red.page.get_by_label("Lat", exact=True).input_value()) - 49.6) < 0.2
        assert "preview" in red.traces()
        red.screenshot("deploy-preview.png")
        assert red_force not in blue.map_data().get("routes", "").split(), "preview is not an order"

        red.page.click("button[data-action=orders]")
        red.wait(
            f"document.getElementById('map').dataset.routes.split(' ').includes('{red_force}')",
            timeout=60,
        )
        blue.wait(
            f"document.getElementById('map').dataset.routes.split(' ').includes('{red_force}')",
            timeout=2,
        )
        assert f"route-{red_force}" in blue.traces()
        assert "preview" not in red.traces()
        # Pan and zoom from the whole Atlantic down to the Solent.
        blue.page.click("#views button:text('Solent')")
        blue.wait("document.getElementById('map').dataset.view === 'Solent'")
        (lon0, _), (lon1, _) = blue.js("window.__admiralty.map.bounds()")
        assert lon0 <= -1.3 <= lon1 and lon1 - lon0 < 2
        blue.page.click("#views button:text('Europe')")
        blue.page.wait_for_timeout(500)
        blue.screenshot("map.png")
    finally:
        game.close()


def test_a_player_never_sees_an_unsighted_enemy_while_the_gm_does(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("blue", "admiral", squadron="Blue")
        game.add("obs", "observer")
        game.roll()
        gm = _open(seat_pages, browser, browser_server, game, "gm", shared_context)
        blue = _open(seat_pages, browser, browser_server, game, "blue", shared_context)
        observer = _open(seat_pages, browser, browser_server, game, "obs", shared_context)
        enemies = [f["id"] for f in game.state()["forces"] if f["side"] != "Britain"]
        assert "fr-brest" in enemies
        assert set(enemies) <= set(gm.map_data()["forces"].split())
        assert not set(enemies) & set(blue.map_data()["forces"].split())
        # The enemy puts to sea and the clock runs: still nothing unsighted reaches the player.
        assert game.act("move_enemy", force="fr-brest", to="ferrol")["ok"]
        assert game.act("advance", days=2)["ok"]
        for page in (gm, blue):
            page.wait("window.__admiralty.store.state.day === 2", timeout=30)
        gm.wait("document.getElementById('map').dataset.routes.includes('fr-brest')")
        assert "fr-brest" in gm.map_data()["forces"].split()
        assert "fr-brest" not in blue.map_data()["forces"].split()
        store = blue.js(
            "({state: window.__admiralty.store.state, events: window.__admiralty.store.events})"
        )
        _assert_fogged(store["state"]["forces"])
        for event in store["events"]:
            if isinstance(event["data"].get("forces"), list):
                _assert_fogged(event["data"]["forces"])
        blue_traces = blue.js("window.__admiralty.map.drawnIds()")
        assert not set(enemies) & set(blue_traces)
        # An observer sees the public status only: no forces at all, but the date moves on.
        observer.wait("window.__admiralty.store.state.day === 2", timeout=30)
        assert observer.map_data().get("forces", "") == ""
        assert "watching" in observer.page.locator("#panel-orders").inner_text()
    finally:
        game.close()


# -- live status and reconnects -----------------------------------------------------------


def test_status_is_live_and_a_reconnect_catches_up(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=2)
    try:
        game.add("red", "admiral", squadron="Red")
        red = _open(seat_pages, browser, browser_server, game, "red", shared_context)
        page = red.page
        assert "Admiral" in page.locator("#st-seat").inner_text()
        assert page.locator("#st-phase").inner_text() == "cabinet"
        assert "1 June 1805" in page.locator("#st-date").inner_text()
        assert page.locator("#st-deadline").inner_text() == "none"
        assert game.act("pause")["ok"]
        red.wait("document.getElementById('st-paused').textContent === 'PAUSED'", timeout=2)

        # A network drop: the page misses three events, then catches up by sequence number.
        red.js("window.__admiralty.net.socket.disconnect()")
        red.wait("window.__admiralty.connection.includes('lost')")
        assert game.act("resume")["ok"]
        assert game.act("set_deadline", deadline="2030-01-02T18:00:00Z")["ok"]
        game.add("blue", "admiral", squadron="Blue")
        red.js("window.__admiralty.net.socket.connect()")
        red.wait("window.__admiralty.caughtUp !== null", timeout=10)
        assert page.locator("#st-conn").inner_text() == "reconnected, caught up 3 events"
        assert page.locator("#st-paused").inner_text() == "running"
        assert "2030" in page.locator("#st-deadline").inner_text()
        assert "Blue" in page.locator("#st-ready").inner_text()

        # The transport itself drops: Socket.IO reconnects and the page re-joins on its own.
        red.js("window.__admiralty.net.drop()")
        red.wait("window.__admiralty.reconnects === 2", timeout=15)
        assert red.js("window.__admiralty.caughtUp") == 0

        # Ready is shown to everyone.
        page.click("button[data-action=ready]")
        red.wait("document.querySelector('#st-ready [data-seat].ready-yes') !== null", timeout=5)
    finally:
        game.close()


def test_errors_show_next_to_the_control_that_caused_them(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=3)
    try:
        game.add("pm", "prime-minister")
        pm = _open(seat_pages, browser, browser_server, game, "pm", shared_context)
        gm = _open(seat_pages, browser, browser_server, game, "gm", shared_context)
        pm.page.get_by_label("Ships sent (1–7)").select_option("4")
        pm.page.click("button[data-action=set_ships]")
        pm.wait(
            "document.querySelector('[data-current=set_ships]').textContent.includes('4')",
            timeout=10,
        )
        gm.page.once("dialog", lambda d: d.accept())  # it asks first: irreversible
        gm.page.click("button[data-action=roll_force]")
        gm.wait("window.__admiralty.store.state.phase === 'summer'", timeout=60)
        gm.page.get_by_label("Days", exact=True).fill("45")
        gm.page.click("button[data-action=advance]")
        error = gm.page.locator("button[data-action=advance] ~ p.error")
        error.wait_for(state="visible", timeout=10_000)
        # the refusal in words (its code and field left to the protocol)
        assert error.inner_text().startswith("days must be from 1 to ")
        assert error.inner_text().endswith(", not 45")
        assert gm.js("window.__admiralty.store.state.day") == 0
        gm.page.get_by_label("Days", exact=True).fill("1")
        gm.page.click("button[data-action=advance]")
        gm.wait("window.__admiralty.store.state.day === 1", timeout=60)
        assert error.inner_text() == ""
        assert "2 June 1805" in pm.page.locator("#st-date").inner_text()
        # A wrong token: the join is refused and the page says so (no console error).
        page = shared_context.new_page()
        logged: list[str] = []
        page.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: logged.append(str(e)))
        page.goto(f"{browser_server}/play/{game.id}?token=not-a-seat-token")
        wait_until(page, "window.__admiralty && window.__admiralty.joinError", 30)
        assert page.evaluate("window.__admiralty.joinError.code") == "forbidden"
        assert "refused" in page.locator("#map-notice").inner_text()
        assert logged == []
        page.close()
    finally:
        game.close()


def test_a_captain_sails_his_ship_after_a_preview(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=8)
    try:
        game.add("fg", "captain", ship="FG")
        game.roll(3, 5)  # Table F 35: Fiddler's Green sails with the Channel Fleet's Red
        captain = _open(seat_pages, browser, browser_server, game, "fg", shared_context)
        captain.page.get_by_label("Order", exact=True).select_option("sail")
        captain.page.get_by_label("Port", exact=True).select_option("plymouth")
        captain.wait(
            "(() => { const p = document.querySelector('.preview');"
            " return p && !p.dataset.pending && p.dataset.distance"
            " && p.dataset.order.includes('plymouth'); })()",
            timeout=60,
        )
        assert float(captain.js("document.querySelector('.preview').dataset.days")) > 0
        # the sea's outlook, no dice (docs/rules-notes.md "Voyages meet the sea")
        outlook = captain.js("document.querySelector('.preview').dataset.outlook")
        best, mean, worst = (float(v) for v in outlook.split(","))
        assert 0 < best <= mean <= worst
        captain.page.click("button[data-action=orders]")
        captain.wait(
            "document.getElementById('map').dataset.routes.includes('ship-fg')", timeout=60
        )
        forces = {f["id"]: f for f in game.state()["forces"]}
        assert forces["ship-fg"]["orders"] == {"kind": "sail", "target": "plymouth"}
        assert all(
            s["code"] != "FG" for f in forces.values() if f["id"] != "ship-fg" for s in f["ships"]
        )
    finally:
        game.close()


# -- a battle, then the season --------------------------------------------------------------


def _advance_to_a_fight(game: Campaign) -> str:
    for _ in range(12):
        ack = game.act("advance", days=2)
        open_fights = [e for e in game.state()["engagements"] if not e["over"]]
        if open_fights:
            return open_fights[0]["id"]
        assert ack["ok"], ack
    raise AssertionError("the squadrons never met")


def test_the_captain_orders_a_repair_and_how_his_officers_fight_and_the_admiral_his_ships(
    browser, browser_server, seat_pages, shared_context, contact_campaign
):
    captain = _open(seat_pages, browser, browser_server, contact_campaign, "fg", shared_context)
    admiral = _open(seat_pages, browser, browser_server, contact_campaign, "red", shared_context)
    fight = _advance_to_a_fight(contact_campaign)
    box = f"article[data-engagement={fight}]"
    captain.wait(f"document.querySelector('{box}[data-awaiting-me=true]') !== null", timeout=30)
    record = next(e for e in contact_campaign.state()["engagements"] if e["id"] == fight)
    fg, red = contact_campaign.seats["fg"]["seat"], contact_campaign.seats["red"]["seat"]
    ship = next(s for s, holder in record["awaiting"].items() if holder == fg)
    squadron = sorted(s for s, holder in record["awaiting"].items() if holder == red)
    officers = next(s for s in record["sides"]["a"] if s["id"] == ship)["officers"]
    assert officers, "her officers are aboard"
    # her card names her officers
    card = captain.page.locator(f"{box} .ship[data-ship={ship}] .officers-aboard")
    assert officers[0]["name"] in card.inner_text()
    # and each one's health as the server says he came aboard (his wounds from the last fight)
    shown = card.evaluate("(ul) => [...ul.querySelectorAll('li')].map((li) => li.dataset.health)")
    assert shown == [o.get("health", "healthy") for o in officers]
    leader, fighter = officers[-1], officers[0]
    form = captain.page.locator(f"{box} fieldset.orders-round[data-ship={ship}]")
    form.locator("select[data-order=repair]").select_option("hull")
    form.locator("select[data-order=repair_by]").select_option(leader["id"])
    form.locator(f"select[data-order=hwyf][data-officer={fighter['id']}]").select_option(
        "prime_angle"
    )
    # the admiral's page has a form for each of his captainless ships in the battle
    if squadron:
        admiral.tab("battles")
        admiral.wait(
            f"document.querySelectorAll('{box} fieldset.orders-round').length === {len(squadron)}",
            timeout=30,
        )
        shown = admiral.js(
            f"[...document.querySelectorAll('{box} fieldset.orders-round')]"
            ".map((f) => f.dataset.ship).sort()"
        )
        assert shown == squadron
        admiral.screenshot("battle-admiral.png")
    before = captain.seq()
    form.locator("button[data-decision=close]").click()
    # his orders are in (their event on his page); the admiral's ships are still awaited
    last = captain.wait_event("engage_decision", f"e.data.engagement === '{fight}'", before)["seq"]
    for sid in squadron:
        admiral.wait(f"window.__admiralty.store.seq >= {last}")
        admiral.page.locator(
            f"{box} fieldset.orders-round[data-ship={sid}] button[data-decision=hold]"
        ).click()
        # the event his orders make (a refusal shows beside the buttons instead)
        admiral.wait(
            f"window.__admiralty.store.events.some((e) => e.seq > {last}"
            f" && e.type === 'engage_decision' && e.data.engagement === '{fight}')"
            f" || [...document.querySelectorAll('{box} fieldset.orders-round .error')]"
            ".some((x) => x.textContent !== '')",
            timeout=60,
        )
        error = admiral.js(
            f"[...document.querySelectorAll('{box} fieldset.orders-round .error')]"
            ".map((x) => x.textContent).join('')"
        )
        assert not error, error
        last = admiral.js(
            f"window.__admiralty.store.events.find((e) => e.seq > {last}"
            f" && e.type === 'engage_decision').seq"
        )
    # the round is fought once the last orders are in: his page has its event
    captain.wait_event("engage_decision", f"e.data.engagement === '{fight}'", before)
    captain.wait(  # the page's state after it: his ship's decision in the fight's log
        "([fight, ship]) => (window.__admiralty.store.state.engagements || []).some((x) =>"
        " x.id === fight && x.log.some((l) => l.type === 'decision' && l.ship === ship))",
        timeout=30,
        arg=[fight, ship],
    )
    state = contact_campaign.state("fg")
    record = next(e for e in state["engagements"] if e["id"] == fight)
    decided = [e for e in record["log"] if e.get("type") == "decision" and e["ship"] == ship]
    assert decided, "the round was fought on his orders"
    orders = decided[-1]["orders"]
    assert orders["repair"] == "hull" and orders["repair_by"] == leader["name"]
    assert orders["hwyf"] == {fighter["name"]: "prime_angle"}
    # the round reads in plain words on his page, its log folded till he opens it
    captain.wait(f"document.querySelector('{box} details.round') !== null", timeout=15)
    captain.js(
        f"document.querySelectorAll('{box} details.round').forEach((d) => {{ d.open = true; }})"
    )
    captain.wait(
        f"document.querySelector('{box}').innerText.includes('led by {leader['name']}')",
        timeout=15,
    )
    captain.screenshot("battle-orders.png")
    # his standing orders, set through the form, come back in the state he sees
    standing = captain.page.locator("#panel-battles fieldset.standing-orders")
    standing.locator("select[data-standing=decision]").select_option("close")
    standing.locator("select[data-standing=repair]").select_option("rigging")
    standing.locator("button[data-standing-save]").click()
    captain.wait(
        "document.querySelector('#panel-battles fieldset.standing-orders .current')"
        ".textContent.includes('repair rigging first')",
        timeout=15,
    )
    assert contact_campaign.state("fg")["standing"][fg]["repair"] == "rigging"


def test_a_battle_is_fought_to_its_end_through_the_captains_buttons(
    browser, browser_server, seat_pages, shared_context, contact_campaign
):
    captain = _open(seat_pages, browser, browser_server, contact_campaign, "fg", shared_context)
    fight = _advance_to_a_fight(contact_campaign)
    box = f"article[data-engagement={fight}]"
    captain.wait(f"document.querySelector('{box}[data-awaiting-me=true]') !== null", timeout=30)
    assert captain.page.locator("#panel-battles").is_visible(), "the Battles tab opens itself"
    captain.page.locator(f"{box} .odds").wait_for(timeout=60_000)
    assert "British" in captain.page.locator(f"{box} .odds").get_attribute("aria-label")
    assert fight in captain.map_data()["engagements"].split()
    rounds = 0
    # the Red admiral orders the squadron's ships that have no captain at the table
    red = contact_campaign.seats["red"]["seat"]
    record = next(e for e in contact_campaign.state()["engagements"] if e["id"] == fight)
    admiral_too = red in record["awaiting"].values()
    while captain.js(f"document.querySelector('{box}').dataset.over") != "true":
        before = captain.js(f"document.querySelector('{box}').dataset.logLength")
        captain.page.locator(f"{box} button[data-decision=close]").click()
        if admiral_too:
            ack = contact_campaign.act(
                "engage_decision", engagement=fight, decision="close", **{"as": red}
            )
            assert ack["ok"] or ack["error"]["code"] == "wrong_phase", ack
        captain.wait(
            f"(() => {{ const b = document.querySelector('{box}');"
            f" return b.dataset.over === 'true' || b.dataset.logLength !== '{before}'"
            f" && !b.querySelector('button[data-decision=close][disabled]'); }})()",
            timeout=30,
        )
        rounds += 1
        if rounds == 1:
            captain.screenshot("battle.png")
        assert rounds < 150
    state = contact_campaign.state("fg")
    record = next(e for e in state["engagements"] if e["id"] == fight)
    assert record["over"] and record["outcome"]["how"] in (
        "a_wins",
        "b_wins",
        "escaped",
        "disengaged",
    )
    text = captain.page.locator(box).inner_text()
    assert "Over:" in text
    # ended, it is a line; opened, its weather, ships and log by round (issue 32, item 6)
    captain.page.locator(f"{box} details.ended > summary").click()
    captain.page.locator(f"{box} details.round > summary").first.click()
    # its weather in the server's words, rain or fog and all (docs/client.md, "Battles")
    weather = captain.page.locator(f"{box} p.weather").inner_text()
    assert weather == f"Weather: {record['weather']['words']}"
    assert captain.page.locator(f"{box} .card").count() > 0, "cards are drawn as cards"
    suits = captain.js(f"[...document.querySelectorAll('{box} .card')].map((c) => c.textContent)")
    assert all(re.fullmatch(r"(10|[2-9JQKA])[♥♦♣♠]|🃏", s) for s in suits), suits[:10]
    tracks = captain.page.locator(f"{box} .track")
    assert tracks.count() >= 8  # four areas for each ship
    assert (
        captain.page.locator(f"{box} .box").count()
        > captain.page.locator(f"{box} .box.hit").count()
    )
    assert captain.page.locator(f"{box} button[data-decision]").count() == 0
    captain.screenshot("battle-over.png")


def test_a_maimed_captain_spends_the_measure_his_fight_offers_him_from_his_orders_form(
    browser, browser_server, seat_pages, shared_context
):
    """Overcoming Great Hardship from the page (seed 000, 000:1007-1011; issue 31): the
    captain of FG comes to his fight Maimed; the engagement offers him, and only him, his
    Guts; he spends it from his orders form (sent as ``{officer: Measure}``), the round is
    fought with no Guts test for him to act, the page reads it in words, and the point
    spent is offered no more. (A Maimed Ship Morale, for her commander's Discipline, is
    not reached on the map: a ship that survives her fight there was not defeated, so the
    speech's page path is held by test_browser_units and test_server_battle_officers.)"""
    game = Campaign.new(browser_server, seed=11)
    try:
        sheet = {**roll_sheet("Captain", random.Random(5)).to_dict(), "state": "Maimed"}
        aubrey = {"name": "Jack Aubrey", "na": 8, "sheet": sheet}
        bring_red_to_the_brest_squadron(game, ("fg", "captain", {"ship": "FG", "officer": aubrey}))
        me = game.seats["fg"]["officer"]
        red = game.seats["red"]["seat"]
        captain = _open(seat_pages, browser, browser_server, game, "fg", shared_context)
        fight = _advance_to_a_fight(game)
        box = f"article[data-engagement={fight}]"
        captain.wait(f"document.querySelector('{box}[data-awaiting-me=true]') !== null", timeout=30)
        record = next(e for e in game.state()["engagements"] if e["id"] == fight)
        fg = game.seats["fg"]["seat"]
        ship = next(s for s, holder in record["awaiting"].items() if holder == fg)
        aboard = next(s for s in record["sides"]["a"] if s["id"] == ship)["officers"]
        assert aboard[0]["id"] == me and aboard[0]["health"] == "maimed"
        assert record["hardship"][ship] == {me: ["Guts"]}  # his Guts 2: one point to spend
        form = captain.page.locator(f"{box} fieldset.orders-round[data-ship={ship}]")
        assert form.locator("[data-order=hardship]").count() == 1  # the others are whole
        form.locator(f"select[data-order=hardship][data-officer={me}]").select_option("Guts")
        before = captain.seq()
        form.locator("button[data-decision=hold]").click()
        if red in record["awaiting"].values():  # the admiral's captainless ships
            ack = game.act("engage_decision", engagement=fight, decision="hold", **{"as": red})
            assert ack["ok"] or ack["error"]["code"] == "wrong_phase", ack
        captain.wait_event("engage_decision", f"e.data.engagement === '{fight}'", before)
        captain.wait(  # the page's state after the round: his point spent in its log
            "([fight, who]) => (window.__admiralty.store.state.engagements || []).some((x) =>"
            " x.id === fight && x.log.some((l) => l.type === 'hardship' && l.officer === who))",
            timeout=30,
            arg=[fight, aboard[0]["name"]],
        )
        record = next(e for e in game.state("fg")["engagements"] if e["id"] == fight)
        mine = [e for e in record["log"] if e.get("round") in (0, 1) and "phase" not in e]
        decided = next(e for e in mine if e["type"] == "decision" and e["ship"] == ship)
        assert decided["orders"]["hardship"] == {aboard[0]["name"]: "Guts"}
        spent = next(e for e in mine if e["type"] == "hardship")
        assert (spent["officer"], spent["measure"], spent["left"]) == (aboard[0]["name"], "Guts", 1)
        assert not any(
            e.get("what") == "guts to act" and e.get("officer") == aboard[0]["name"] for e in mine
        )
        assert me not in record.get("hardship", {}).get(ship, {})  # his Guts is at 1
        # (in the first round's log, folded till opened: spent before Step Two, as Edwards')
        captain.js(
            f"document.querySelectorAll('{box} details.round').forEach((d) => {{ d.open = true; }})"
        )
        captain.wait(
            f"document.querySelector('{box}').textContent.includes('fights on through his wounds"
            " (Guts, 1 left)')",
            timeout=15,
        )
        captain.screenshot("battle-hardship.png")
    finally:
        game.close()


def test_the_season_report_and_the_replay(
    browser, browser_server, seat_pages, shared_context, contact_campaign
):
    gm = _open(seat_pages, browser, browser_server, contact_campaign, "gm", shared_context)
    red = _open(seat_pages, browser, browser_server, contact_campaign, "red", shared_context)
    if not contact_campaign.state()["engagements"]:  # run on its own: meet the enemy first
        _advance_to_a_fight(contact_campaign)
    for fight in [e for e in contact_campaign.state()["engagements"] if not e["over"]]:
        for _ in range(150):
            ack = contact_campaign.act("engage_decision", engagement=fight["id"], decision="npc")
            if ack["ok"] is False:
                break
    assert contact_campaign.act("resolve_summer")["ok"]
    for page in (gm, red):
        page.wait("document.getElementById('panel-report').dataset.report === '1'", timeout=10)
        page.tab("report")
        page.page.locator("#chart-results .main-svg").first.wait_for(timeout=10_000)
    assert gm.page.locator("#st-phase").inner_text() == "autumn"
    report = gm.page.locator("#panel-report").inner_text()
    assert "Invasion check" in report
    bars = gm.js("document.getElementById('chart-results').data.map((t) => t.name)")
    assert bars == [f"Result {r}" for r in range(1, 7)]
    squadrons, sources = gm.js("document.getElementById('chart-results').data[0].x")
    assert "Red" in squadrons and ("Red", "fought") in zip(squadrons, sources, strict=True)
    people = gm.js("document.getElementById('chart-people').data.map((t) => t.name)")
    assert "Deaths" in people and "Mentions in despatches" in people and "Promotions" in people
    gm.screenshot("season-report.png")

    # The GM steps through the whole log on the map.
    gm.tab("log")
    gm.page.click("#panel-log button:text('Load the whole log')")
    gm.wait("document.getElementById('panel-log').dataset.step === '0'", timeout=10)
    total = int(gm.js("document.getElementById('panel-log').dataset.events"))
    log = contact_campaign.state()  # the log is longer than what the page showed live
    assert total >= 10 and log["phase"] == "autumn"
    gm.page.click("#panel-log button:text('Last »')")
    gm.wait(f"document.getElementById('panel-log').dataset.step === '{total - 1}'")
    assert not any(str(m).startswith("forces-") for m in gm.traces()), "live forces hidden"
    assert "resolved" in gm.page.locator("#panel-log li.current").inner_text()
    gm.page.click("#panel-log button:text('◀ Back')")
    gm.wait(f"document.getElementById('panel-log').dataset.step === '{total - 2}'")
    assert "battle: " in gm.page.locator("#panel-log li.current").inner_text()  # its last fight
    # the summer's last fight: the forces as they were then, on the map
    assert any(str(m).startswith("replay-") for m in gm.traces())
    gm.screenshot("replay.png")
    # A player steps through the events his page received.
    red.tab("log")
    red.page.click("#panel-log button:text('« First')")
    red.wait("document.getElementById('panel-log').dataset.step === '0'")


# -- officers: the seats' characters, their sheets and their summer ------------------------


def _sheet(game: Campaign, key: str) -> dict:
    seat = game.seats[key]
    r = requests.get(
        f"{game.url}/api/campaigns/{game.id}/officers/{seat['officer']}",
        headers={"Authorization": f"Bearer {seat['token']}"},
        timeout=30,
    )
    assert r.ok, r.text
    return r.json()["officer"]


def _row(page: SeatPage, seat: str) -> str:
    return page.page.locator(f"#panel-officers tr[data-seat='{seat}']").inner_text()


def test_officers_their_sheets_the_gms_new_character_and_their_summer(
    browser, browser_server, seat_pages
):
    game = Campaign.new(browser_server, seed=11)
    try:
        game.add("aubrey", "captain", ship="FG", officer={"name": "Jack Aubrey", "na": 7})
        game.add("hornblower", "captain", ship="DR", officer={"name": "Horatio Hornblower"})
        game.add("bush", "captain", ship="AC")  # a seat with no character yet
        # three people, each in his own browser context
        gm = _open(seat_pages, browser, browser_server, game, "gm")
        aubrey = _open(seat_pages, browser, browser_server, game, "aubrey")
        hornblower = _open(seat_pages, browser, browser_server, game, "hornblower")
        seat = {k: game.seats[k]["seat"] for k in ("aubrey", "hornblower", "bush")}

        # Each captain reads his own sheet in the Character panel, by name, Measures, skills.
        for page, key, other in (
            (aubrey, "aubrey", "hornblower"),
            (hornblower, "hornblower", "aubrey"),
        ):
            own = _sheet(game, key)
            page.tab("officers")
            page.wait(
                f"document.querySelector('#panel-officers article.character"
                f'[data-officer="{own["id"]}"]\') !== null',
                timeout=10,
            )
            sheet = page.page.locator("#panel-officers article.character")
            text = sheet.inner_text()
            assert f"{own['rank']} {own['name']}" in text
            measures = page.js(
                "Object.fromEntries([...document.querySelectorAll('#panel-officers "
                "[data-measure]')].map((td) => [td.dataset.measure, Number(td.textContent)]))"
            )
            assert measures == own["sheet"]["measures"]
            skills = page.js(
                "[...document.querySelectorAll('#panel-officers [data-skill]')]"
                ".map((tr) => tr.dataset.skill)"
            )
            assert skills == list(own["sheet"]["skills"])
            assert own["sheet"]["nationality"] in text and own["sheet"]["profession"] in text
            # His own seat comes first; the other's officer only by name, rank and berth.
            first = page.js("document.querySelector('#panel-officers tr[data-seat]').dataset.seat")
            assert first == seat[key]
            theirs = _sheet(game, other)
            row = _row(page, seat[other])
            assert f"{theirs['rank']} {theirs['name']}" in row and theirs["berth"] in row
            public = page.js(
                "(id) => Object.keys(window.__admiralty.store.state.officers"
                ".find((o) => o.id === id)).sort()",
                theirs["id"],
            )
            assert public == ["appointment", "berth", "dead", "id", "name", "player", "rank"]
            asked: list[str] = []
            page.page.on("request", lambda r, asked=asked: asked.append(r.url))
            page.page.locator(f"#panel-officers tr[data-seat='{seat[other]}'] button.link").click()
            page.wait("document.querySelector('#panel-officers .public-line') !== null", timeout=5)
            line = page.page.locator("#panel-officers .character-panel").inner_text()
            assert theirs["name"] in line and "Measures" not in line
            assert not any(theirs["id"] in url for url in asked), "no request that would 403"
        aubrey.screenshot("officers.png")

        # The GM gives the seat without a character one through the form: a refusal first.
        gm.tab("officers")
        form = gm.page.locator(f"fieldset.new-character[data-seat='{seat['bush']}']")
        form.get_by_label("Name", exact=True).fill("William Bush")
        form.get_by_label("NA", exact=True).fill("11")
        form.locator("button[data-action=new-character]").click()
        error = form.locator("p.error")
        error.wait_for(state="visible", timeout=10_000)
        assert "na" in error.inner_text() and "10" in error.inner_text()
        # Chromium logs the refused request (400) itself: that one, and nothing else, expected.
        refused = [e for e in gm.errors if "status of 400" in e]
        assert len(refused) == 1, gm.errors
        gm.errors.remove(refused[0])
        form.get_by_label("NA", exact=True).fill("")
        form.locator("button[data-action=new-character]").click()
        for page in (aubrey, hornblower, gm):
            page.wait(
                f"document.querySelector(\"#panel-officers tr[data-seat='{seat['bush']}']\")"
                ".textContent.includes('William Bush')",
                timeout=10,
            )
        assert gm.page.locator("fieldset.new-character").count() == 0
        assert "Captain William Bush" in _row(aubrey, seat["bush"])
        # The GM opens any officer's sheet from the list.
        gm.page.locator(f"#panel-officers tr[data-seat='{seat['aubrey']}'] button.link").click()
        aubreys = _sheet(game, "aubrey")["id"]
        gm.wait(
            f"document.querySelector('#panel-officers article.character"
            f'[data-officer="{aubreys}"]\') !== null',
            timeout=10,
        )

        # The summer: each captain's report opens with his own officer's line.
        game.roll(3, 5)
        assert game.act("resolve_summer")["ok"]
        for page, name in ((aubrey, "Jack Aubrey"), (hornblower, "Horatio Hornblower")):
            page.wait("document.getElementById('panel-report').dataset.report === '1'", timeout=30)
            first = page.page.locator("#panel-report ol.words li").first.inner_text()
            assert name in first, first
            assert page.page.locator("#panel-report details.gazette").count() == 1
        aubrey.screenshot("season-report-officers.png")
        # The GM's report has every player's officer; his Officers panel the seats' officers.
        gm.wait("document.getElementById('panel-report').dataset.report === '1'", timeout=30)
        outcomes = gm.page.locator("#panel-report details.outcomes").inner_text()
        for name in ("Jack Aubrey", "Horatio Hornblower", "William Bush"):
            assert name in outcomes
        gm.tab("officers")
        for key, name in (("aubrey", "Jack Aubrey"), ("hornblower", "Horatio Hornblower")):
            assert name in _row(gm, seat[key])
        assert int(gm.js("document.getElementById('panel-officers').dataset.officers")) > 3
        gm.screenshot("officers-gm.png")
    finally:
        game.close()


# -- the GM's voyage view -------------------------------------------------------------------


def test_the_gm_plans_and_animates_a_voyage(browser, browser_server, seat_pages, shared_context):
    game = Campaign.new(browser_server, seed=4)
    try:
        gm = _open(seat_pages, browser, browser_server, game, "gm", shared_context)
        gm.tab("voyage")
        panel = gm.page.locator("#panel-voyage")
        panel.get_by_label("Ship", exact=True).select_option("Fifth Rate")
        panel.get_by_label("Home port").select_option("portsmouth")
        panel.get_by_label("Station", exact=True).select_option("mediterranean")
        gm.page.click("#panel-voyage button:text('Plan the voyage')")
        gm.wait("document.getElementById('panel-voyage').dataset.legs === '5'", timeout=120)
        traces = gm.traces()
        assert [f"leg-{i}" for i in range(5)] == [t for t in traces if str(t).startswith("leg-")]
        assert "voyage-ship" in traces
        # (plotly.js is loaded when the first chart is drawn: the speed chart follows)
        gm.wait("!!document.getElementById('voyage-chart').data?.length", timeout=30)
        speeds = gm.js("document.getElementById('voyage-chart').data[0].y.filter((v) => v)")
        assert speeds and all(v > 0 for v in speeds)
        rows = panel.locator(".legs tr")
        assert rows.count() == 7  # header, five legs, the total
        gm.page.click("#panel-voyage button:text('Play')")
        gm.wait("Number(document.getElementById('panel-voyage').dataset.day || 0) > 0", timeout=10)
        gm.screenshot("voyage.png")
    finally:
        game.close()


# -- usable by people -----------------------------------------------------------------------


def test_controls_are_labelled_keyboard_reachable_and_fit_1280x800(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=6)
    try:
        game.add("red", "admiral", squadron="Red")
        game.roll()
        for key in ("gm", "red"):
            page = _open(seat_pages, browser, browser_server, game, key, shared_context)
            unlabelled = page.js("""[...document.querySelectorAll('select, input')]
                .filter((c) => !c.labels?.length && !c.getAttribute('aria-label'))
                .map((c) => c.outerHTML.slice(0, 80))""")
            assert unlabelled == []
            assert page.js("document.documentElement.scrollWidth") <= 1280
            assert page.js("document.documentElement.scrollHeight") <= 800
            # Tab from the top reaches the orders panel's first button, then the tabs' arrows.
            reached = set()
            for _ in range(60):
                page.page.keyboard.press("Tab")
                reached.add(
                    page.js(
                        "document.activeElement.dataset.action || document.activeElement.id || ''"
                    )
                )
            expected = "advance" if key == "gm" else "preview"
            assert expected in reached, reached
            page.page.focus("#tab-orders")
            page.page.keyboard.press("ArrowRight")
            assert page.js("document.activeElement.id") == "tab-battles"
            assert page.page.locator("#panel-battles").is_visible()
    finally:
        game.close()


# -- a voyage the GM shows the players (issue 15, item 4) -------------------------------------


def test_a_shown_voyage_is_drawn_for_the_chosen_seat_only(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=5)
    try:
        game.add("red", "admiral", squadron="Red")
        game.add("fg", "captain", ship="FG")
        red = _open(seat_pages, browser, browser_server, game, "red", shared_context)
        fg = _open(seat_pages, browser, browser_server, game, "fg", shared_context)
        assert red.js("document.getElementById('tab-voyage').hidden")
        voyage = {
            "stops": ["portsmouth", "station:channel", "plymouth", "portsmouth"],
            "ship": "Fifth Rate",
            "month": 6,
        }
        ack = game.act("show_voyage", to=[game.seats["red"]["seat"]], voyage=voyage)
        assert ack["ok"], ack
        panel = "document.getElementById('panel-voyage')"
        red.wait(f"{panel}.dataset.shown === 'v1' && {panel}.dataset.legs === '3'", timeout=30)
        assert not red.js("document.getElementById('tab-voyage').hidden")
        assert {"leg-0", "leg-1", "leg-2", "voyage-ship"} <= set(red.traces())
        red.tab("voyage")
        red.page.click("#panel-voyage button.voyage-play")
        red.wait(f"Number({panel}.dataset.day || 0) > 0", timeout=10)
        assert "Portsmouth" in red.page.locator("#panel-voyage .legs").inner_text()
        red.screenshot("shown-voyage.png")
        # the captain was not chosen: his page has the event's seq, and draws nothing
        seq = red.js("window.__admiralty.store.seq")
        fg.wait(f"window.__admiralty.store.seq >= {seq}", timeout=30)
        assert fg.js("window.__admiralty.store.state.voyages") == []
        assert fg.js("document.getElementById('tab-voyage').hidden")
        assert not any(str(t).startswith("leg-") for t in fg.traces())
        assert not fg.js(f"{panel}.dataset.shown")
    finally:
        game.close()
