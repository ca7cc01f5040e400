"""Notices for everything that moves the game (issue 32, item 8), through the protocol: the
force rolled and the summer begun, the GM's clock, pause, deadline and advance by hand,
every player ready, the seats handed on, revoked and given their characters, investments,
voyages shown, standing orders; each told to the seats the event's view reaches, and fog
of war kept (a seat that must not know is told nothing)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from server.game import registry

#: the events that make no notice, each for its reason (docs/protocol.md, *Notices*)
SILENT = {
    "campaign_created": "the GM's own, read by him alone",
    "note": "the GM's private note",
    "move_enemy": "the enemy's orders are the GM's: no player's view shows them",
}


def _told(table: dict[str, Any], key: str, kind: str) -> list[dict[str, Any]]:
    """The notices seat ``key`` was told of the event of type ``kind`` (every one logged)."""
    seqs = set(table["seqs"][kind])
    page = table["told"][key]
    assert page["more"] is False
    return [n for n in page["notices"] if n["seq"] in seqs]


def _texts(table: dict[str, Any], key: str, kind: str) -> list[str]:
    return [n["text"] for n in _told(table, key, kind)]


def test_every_event_but_the_silent_has_its_notice() -> None:
    silent = {kind for kind, spec in registry.SPECS.items() if spec.notice is None}
    assert silent == set(SILENT)


def test_every_act_of_the_table_is_accepted(notice_table) -> None:
    refused = {k: a for k, a in notice_table["acks"].items() if not a["ok"]}
    assert refused == {}


def test_a_ministers_digit_is_told_to_him_and_the_gm_only(notice_table) -> None:
    """Briny, Campaign Determination: the digits are secret till the roll."""
    t = notice_table
    assert _texts(t, "pm", "set_ships") == [
        "You chose the number of ships (Table F's first digit): 3"
    ]
    # the GM's act for the First Sea Lord: told to him as his own
    assert _texts(t, "fsl", "set_deployment") == [
        "You chose the deployment (Table F's second digit): 5"
    ]
    assert _texts(t, "gm", "set_ships") == [
        "Prime Minister chose the number of ships (Table F's first digit): 3"
    ]
    assert _texts(t, "gm", "set_deployment") == [
        "First Sea Lord chose the deployment (Table F's second digit): 5"
    ]
    for key in ("red", "fg", "obs"):
        assert _told(t, key, "set_ships") == _told(t, key, "set_deployment") == []
    assert _told(t, "pm", "set_deployment") == _told(t, "fsl", "set_ships") == []


def test_the_force_rolled_and_the_summer_begun_reach_every_seat(notice_table) -> None:
    t = notice_table
    players = (
        "The cabinet's force is rolled, Table F 35: 12 ships on campaign, the Blockade, Blue "
        "and Red squadrons; the summer of 1805 begins (1 June 1805)"
    )
    for key in ("gm", "pm", "fsl", "red", "fg"):
        assert _texts(t, key, "roll_force") == [players], key
        assert _told(t, key, "roll_force")[0]["roll"] == 35
    # an observer sees no cabinet: the summer begun, not the dice
    [observer] = _told(t, "obs", "roll_force")
    assert (
        observer["text"] == "The cabinet's force is rolled: the summer of 1805 begins (1 June 1805)"
    )
    assert observer["roll"] is None


def test_the_last_player_ready_tells_the_gm_the_turn_is_his(notice_table) -> None:
    """No turn clock runs: nothing moves the turn but the GM (server.game.clock)."""
    t = notice_table
    last = t["acks"]["ready_fg"]["seq"]
    ready = _told(t, "gm", "ready")
    assert [(n["seq"], n["type"]) for n in ready] == [(last, "ready")]
    assert ready[0]["text"] == (
        "Every player is ready: the turn is yours to move on (no turn clock moves it now)"
    )
    for key in ("pm", "fsl", "red", "fg", "obs"):
        assert _told(t, key, "ready") == []


def test_a_running_clock_moves_the_turn_and_the_gm_is_told_once(clock_table) -> None:
    game, hands = clock_table
    assert game.players["gm"].act("roll_force")["ok"]
    assert game.players["gm"].act("set_clock", turn_days=1, turn_seconds=3600)["ok"]
    for key in ("pm", "fsl", "red"):
        assert game.players[key].act("ready")["ok"]
    assert hands.wait(1) == []
    told = game.rest("get", f"/api/campaigns/{game.id}/notices?since=0", token=game.gm_token)
    kinds = [n["type"] for n in told.json["notices"]]
    # the clock's own notice of the turn it moved; none that the turn is the GM's
    assert "ready" not in kinds and kinds.count("turn") == 1


def test_the_gms_clock_pause_deadline_and_advance_are_told_to_the_players(notice_table) -> None:
    t = notice_table
    expected = {
        "advance": "Games Master moved the campaign on 2 days, to 3 June 1805",
        "set_clock": "Games Master set the turn clock: 3 days a turn, a turn lasts 60 minutes, "
        "a battle round waits 2 minutes",
        "pause": "Games Master paused the campaign: the turn clock waits till he resumes it",
        "set_deadline": "Games Master set the turn's deadline: 1 January 2030, 12:00 UTC",
    }
    for key in ("pm", "fsl", "red", "fg", "obs"):
        for kind, text in expected.items():
            if key == "obs" and kind == "advance":  # an observer reads the date, not the days
                text = "Games Master moved the campaign on to 3 June 1805"
            assert _texts(t, key, kind) == [text], (key, kind)
        [resumed] = _texts(t, key, "resume")
        assert resumed.startswith("Games Master resumed the campaign: the turn's deadline is ")
        assert resumed.endswith(" UTC")
    for kind in (*expected, "resume"):
        assert _told(t, "gm", kind) == [], kind  # his own act: no news to him
    [moved] = _told(t, "red", "advance")
    assert moved["type"] == "turn" and moved["due"] is None


def test_an_investment_is_told_to_the_investor_and_the_gm_only(notice_table) -> None:
    """Briny, INVESTMENT: a pre-monthly action of his own, never announced."""
    t = notice_table
    [made] = _told(t, "fg", "invest")
    assert made["text"].startswith(
        "You invested 2000 guineas in arms, paid by the summer of 1805's campaign: "
    )
    assert (made["type"], made["investment"], made["kind"]) == ("investment", "i1805-1", "arms")
    [sold] = _texts(t, "fg", "liquidate")
    assert sold.startswith("You liquidated the arms investment for 1800 guineas (a fee of 200): ")
    assert _texts(t, "gm", "invest")[0].startswith("Captain invested 2000 guineas in arms")
    assert _texts(t, "gm", "liquidate")[0].startswith("Captain liquidated the arms investment")
    for key in ("pm", "fsl", "red", "obs"):
        assert _told(t, key, "invest") == _told(t, key, "liquidate") == []


def test_a_voyage_shown_is_told_to_the_seats_it_is_shown_to(notice_table) -> None:
    t = notice_table
    [shown] = _told(t, "fg", "show_voyage")
    assert shown["text"] == (
        "Games Master shows you a voyage of a Third Rate: Portsmouth, Plymouth (the map)"
    )
    assert shown["type"] == "voyage"
    for key in ("gm", "pm", "fsl", "red", "obs"):
        assert _told(t, key, "show_voyage") == [], key


def test_standing_orders_are_told_to_him_and_the_gm_only(notice_table) -> None:
    t = notice_table
    assert _texts(t, "fg", "standing_orders") == [
        "Your standing orders: close, loaded with chainshot"
    ]
    assert _texts(t, "gm", "standing_orders") == [
        "Standing orders of Captain: close, loaded with chainshot"
    ]
    for key in ("pm", "fsl", "red", "obs"):
        assert _told(t, key, "standing_orders") == [], key


def test_the_enemys_moves_reach_no_player(notice_table) -> None:
    """Fog of war: an enemy's orders are no player's to read (a bare seq), and no seat is
    told of them."""
    t = notice_table
    [seq] = t["seqs"]["move_enemy"]
    for key in ("gm", "pm", "fsl", "red", "fg", "obs"):
        assert _told(t, key, "move_enemy") == [], key
    for key in ("pm", "fsl", "red", "fg", "obs"):
        assert not [e for e in t["seen"][key] if e["seq"] == seq], key


def test_seats_handed_on_given_characters_and_revoked_are_told_to_the_table(
    notice_table,
) -> None:
    t = notice_table
    [mine] = _told(t, "red", "reassign")
    assert mine["text"] == "Your seat now commands the Blue squadron, not the Red squadron"
    assert (mine["type"], mine["role"]) == ("seat_reassigned", "admiral")
    for key in ("gm", "pm", "fg", "obs"):
        assert _texts(t, key, "reassign") == [
            "Admiral's seat now commands the Blue squadron, not the Red squadron"
        ], key
    for key in ("pm", "fsl", "red", "fg", "obs"):
        [officer] = _told(t, key, "officer_created")
        assert officer["text"].endswith(
            "Horatio Hornblower takes the seat of Hornblower, captain of Nemesis"
        ), officer
        assert officer["seat"] == t["ne"]
    assert _told(t, "gm", "officer_created") == []  # his own act
    for key in ("gm", "pm", "fsl", "red", "fg", "obs"):
        [revoked] = _told(t, key, "seat_revoked")
        assert revoked["text"] == (
            "Hornblower's seat (captain of Nemesis) is revoked: it stands vacant till the GM "
            "hands it on, and nobody waits for it"
        )
        assert (revoked["type"], revoked["seat"]) == ("seat_revoked", t["ne"])


def test_a_seat_joined_names_the_ship_not_her_code(notice_table) -> None:
    joined = [
        n["text"] for n in notice_table["told"]["gm"]["notices"] if n["type"] == "seat_joined"
    ]
    assert "Captain has a seat: captain of Fiddler's Green" in joined


def test_every_notice_type_told_is_in_the_protocols_table(notice_table) -> None:
    """docs/protocol.md, *Notices*: each type a seat was told has its row."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text()
    table = doc.split("## Notices", 1)[1].split("\n## ", 1)[0]
    rows = set(re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M))
    told = {n["type"] for page in notice_table["told"].values() for n in page["notices"]}
    assert told - rows == set()
    assert {"force", "cabinet", "turn", "ready", "clock", "investment", "voyage"} <= told
