"""The battle panel a captain can read (issue 32, item 6), in Debian's headless Chromium: the
round's choices first, the log folded by round and drawn only when opened, Overcoming Great
Hardship offered only for an officer's own wounds (BtQ 000:1007-1011: a Maimed captain his
Guts, his healthy officers nothing), the outcome naming each side by its nations, and ended
engagements a line each, so that the panel stays small after many battles."""

from __future__ import annotations

import random

import pytest

from strategy.characters.creation import roll_sheet
from tests.browser_helpers import Campaign, open_fight, open_seat
from tests.conftest import bring_red_to_the_brest_squadron
from tests.server_helpers import fight_engagements

pytestmark = pytest.mark.browser
PANEL = "#panel-battles"
NODES = f"document.querySelectorAll('{PANEL} *').length"
#: the enemy squadrons the GM sends after the Red, one fight each, once the first is over
ENEMIES = ("fr-rochefort", "sp-ferrol", "nl-texel", "fr-brest")


def test_a_captain_reads_his_choices_first_and_each_ended_battle_in_a_line(
    browser, browser_server, seat_pages, shared_context
):
    game = Campaign.new(browser_server, seed=11)
    try:
        sheet = {**roll_sheet("Captain", random.Random(5)).to_dict(), "state": "Maimed"}
        aubrey = {"name": "Jack Aubrey", "na": 8, "sheet": sheet}
        bring_red_to_the_brest_squadron(game, ("fg", "captain", {"ship": "FG", "officer": aubrey}))
        me = game.seats["fg"]["officer"]
        captain = open_seat(
            browser, browser_server, game.seats["fg"]["link"], context=shared_context
        )
        seat_pages.append(captain)
        fight = open_fight(game)
        assert fight, "seed 11: the Red meets the Brest squadron off Ushant"
        box = f"{PANEL} article[data-engagement={fight}]"
        captain.wait(f"document.querySelector('{box}[data-awaiting-me=true]') !== null", timeout=30)
        record = next(e for e in game.state("fg")["engagements"] if e["id"] == fight)
        ship = next(s for s, h in record["awaiting"].items() if h == game.seats["fg"]["seat"])
        aboard = next(s for s in record["sides"]["a"] if s["id"] == ship)["officers"]
        assert [o.get("health") for o in aboard][0] == "maimed"
        assert all("health" not in o for o in aboard[1:]), "his officers come aboard whole"
        # the round's choices come before the log, and the log is folded and not drawn
        order = captain.js(
            f"(() => {{ const b = document.querySelector('{box}');"
            " const form = b.querySelector('fieldset.orders-round');"
            " const log = b.querySelector('.rounds');"
            " return [!!form, !!log, !!(form.compareDocumentPosition(log)"
            " & Node.DOCUMENT_POSITION_FOLLOWING)]; })()"
        )
        assert order == [True, True, True]
        folded = captain.js(
            f"[...document.querySelectorAll('{box} details.round')]"
            ".map((d) => [d.open, d.querySelectorAll('ol.log li').length])"
        )
        assert folded and all(f == [False, 0] for f in folded), folded
        # opened, a round's lines are drawn
        captain.page.locator(f"{box} details.round > summary").first.click()
        captain.wait(f"document.querySelectorAll('{box} details.round[open] ol.log li').length > 0")
        # Overcoming Great Hardship: his Guts for his wounds, nothing for the whole officers
        form = f"{box} fieldset.orders-round[data-ship={ship}]"
        offered = captain.js(
            f"[...document.querySelectorAll('{form} select[data-order=hardship]')]"
            ".map((s) => [s.dataset.officer, [...s.options].map((o) => o.value)])"
        )
        assert offered == [[me, ["", "Guts"]]]
        healthy = captain.js(
            f"[...document.querySelectorAll('{form} tr[data-officer]')]"
            f".filter((r) => r.dataset.officer !== '{me}').map((r) => r.lastChild.textContent)"
        )
        assert healthy and all(h == "none" for h in healthy), healthy
        assert captain.js(
            f"document.querySelectorAll('{form} select[data-order=hwyf]').length"
        ) == len(aboard)
        # the GM fights it out, then sends the enemy's other squadrons after the Red
        fought = [fight]
        assert game.act("engage_decision", engagement=fight, decision="npc", rounds="all")["ok"]
        red = next(f["id"] for f in game.state()["forces"] if f.get("squadron") == "Red")
        for enemy in ENEMIES:
            forces = {f["id"]: f for f in game.state()["forces"]}
            if not forces.get(enemy, {}).get("afloat") or not forces[red]["afloat"]:
                continue
            where = [forces[red]["lon"], forces[red]["lat"]]
            if not game.act("move_enemy", force=enemy, to=where)["ok"]:
                continue
            eid = open_fight(game)
            if eid is None:
                break
            fought.append(eid)
            assert game.act("engage_decision", engagement=eid, decision="npc", rounds="all")["ok"]
        state = game.state("fg")
        ended = [e for e in state["engagements"] if e["over"]]
        assert len(ended) >= 2, "seed 11: the Red fights more than once"
        captain.wait(
            f"document.querySelectorAll('{PANEL} article[data-over=true]').length === {len(ended)}",
            timeout=30,
        )
        # each ended one a line naming each side by its nations, never "side A"
        for e in ended:
            line = captain.page.locator(
                f"{PANEL} article[data-engagement={e['id']}] details.ended > summary"
            ).inner_text()
            nations = e["nations"]
            assert nations["a"] == ["Britain"] and nations["b"], nations
            assert "Over: " in line and "Britain: " in line, line
            assert f"{' and '.join(nations['b'])}: " in line, line
            assert "side a" not in line.lower(), line
        brest = next(e for e in ended if e["id"] == fight)
        assert brest["nations"] == {"a": ["Britain"], "b": ["France"]}
        # the panel's size: each ended engagement costs its line alone, whatever its log
        nodes = captain.js(NODES)
        per = captain.js(
            f"[...document.querySelectorAll('{PANEL} article[data-over=true]')]"
            ".map((a) => a.querySelectorAll('*').length)"
        )
        logged = sum(len(e["log"]) for e in ended)
        assert max(per) <= 12, per
        # ten such battles, and the standing orders and the rest, within 1,500
        assert nodes - sum(per) + 10 * max(per) <= 1500, (nodes, per, logged)
        assert nodes <= 1500, nodes
        # opened on demand, an ended one draws its ships and its log's rounds, folded
        captain.page.locator(
            f"{PANEL} article[data-engagement={fight}] details.ended > summary"
        ).click()
        captain.wait(
            f"document.querySelectorAll('{PANEL} article[data-engagement={fight}] .track')"
            ".length >= 8"
        )
        opened = f"{PANEL} article[data-engagement={fight}]"
        # (only the round he opened while it was fought is drawn: kept open across redraws)
        drawn = captain.js(
            f"[...document.querySelectorAll('{opened} details.round')]"
            ".filter((d) => d.querySelector('ol.log')).map((d) => d.open)"
        )
        assert drawn == [True], drawn
    finally:
        game.close()


def test_after_ten_battles_the_captains_and_the_observers_panels_stay_small(
    browser, browser_server, seat_pages, shared_context
):
    """Ten engagements fought through the server (the GM sends each enemy force after a
    British one it has not met), then the captain's and the observer's pages opened as a
    player first sees them (the captain sees every engagement, the observer none): at most
    1,500 nodes in the battle panel, each ended battle a line naming its sides, its log
    drawn only on demand."""
    game = Campaign.new(browser_server, seed=11)
    try:
        bring_red_to_the_brest_squadron(
            game, ("fg", "captain", {"ship": "FG"}), ("obs", "observer", {})
        )
        assert fight_engagements(game.act, game.state, 10) >= 10, "seed 11: ten fights"
        ended = [e for e in game.state("fg")["engagements"] if e["over"]]
        assert sum(len(e["log"]) for e in ended) > 1500  # their logs alone would overflow
        for key in ("fg", "obs"):
            seat = open_seat(
                browser, browser_server, game.seats[key]["link"], context=shared_context
            )
            seat_pages.append(seat)
            seat.tab("battles")
            # (an observer sees no engagement: views.sees_engagements)
            shown = len(game.state(key).get("engagements", []))
            seat.wait(
                f"document.querySelectorAll('{PANEL} article[data-over=true]').length === {shown}",
                timeout=30,
            )
            nodes = seat.js(NODES)
            assert shown == (len(ended) if key == "fg" else 0), (key, shown)
            assert nodes <= 1500, (key, nodes)
            assert seat.js(f"document.querySelectorAll('{PANEL} ol.log li').length") == 0, key
            lines = seat.js(
                f"[...document.querySelectorAll('{PANEL} details.ended > summary')]"
                ".map((s) => s.innerText)"
            )
            assert len(lines) == shown and all("Britain: " in line for line in lines), lines
    finally:
        game.close()
