"""The GM's planned voyage shown to the players (issue 15, item 4): ``show_voyage`` through
the protocol reaches the seats it is shown to, and the GM, and no other seat; bad input is
refused in one line with nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server_helpers import Game

VOYAGE = {
    "stops": ["portsmouth", "station:channel", "plymouth", "portsmouth"],
    "ship": "Fifth Rate",
}


def _seated(game: Game) -> dict[str, Any]:
    gm = game.gm()
    players = {
        "red": game.add("red", "admiral", squadron="Red"),
        "fg": game.add("fg", "captain", ship="FG"),
        "pm": game.add("pm", "prime-minister"),
        "obs": game.add("obs", "observer"),
    }
    game.drain()
    return {"gm": gm, **players}


def _shown(player: Any) -> list[dict[str, Any]]:
    return [e for e in player.events() if e.get("type") == "show_voyage"]


def _state(game: Game, player: Any) -> dict[str, Any]:
    r = game.rest("get", f"/api/campaigns/{game.id}/state", token=player.token)
    assert r.status_code == 200, r.json
    return r.json["state"]


def test_a_voyage_shown_to_chosen_seats_reaches_them_and_no_other(fresh_game: Game) -> None:
    seats = _seated(fresh_game)
    chosen = [seats["red"].seat["id"], seats["fg"].seat["id"]]
    ack = seats["gm"].act("show_voyage", to=chosen, voyage=VOYAGE)
    assert ack["ok"], ack
    for key in ("gm", "red", "fg"):
        got = _shown(seats[key])
        assert len(got) == 1, key
        [added] = [op for op in got[0]["patch"] if op["path"].startswith("/voyages/")]
        shown = added["value"]  # the voyage added to his view
        assert shown["to"] == chosen and shown["ship"] == "Fifth Rate" and shown["month"] == 6
        legs = [f for f in shown["voyage"]["features"] if f["geometry"]["type"] == "LineString"]
        assert len(legs) == 3 and all(len(f["geometry"]["coordinates"]) >= 2 for f in legs)
    for key in ("pm", "obs"):
        assert _shown(seats[key]) == [], key
        assert seats[key].seqs[-1] == seats["gm"].seqs[-1]  # its seq alone: no gap
    # a page opened later: the snapshot holds it for the chosen and the GM only
    for key in ("gm", "red", "fg"):
        assert [v["id"] for v in _state(fresh_game, seats[key])["voyages"]] == ["v1"], key
    for key in ("pm", "obs"):
        assert _state(fresh_game, seats[key])["voyages"] == [], key


def test_a_voyage_shown_to_all_reaches_every_seat(fresh_game: Game) -> None:
    seats = _seated(fresh_game)
    month = dict(VOYAGE, month=8, stay=1)
    assert seats["gm"].act("show_voyage", to="all", voyage=month)["ok"]
    for key, player in seats.items():
        got = _shown(player)
        [added] = [op for op in got[0]["patch"] if op["path"].startswith("/voyages/")]
        assert len(got) == 1 and added["value"]["month"] == 8, key


@pytest.mark.parametrize(
    "args, code, words",
    [
        ({"to": ["nobody"], "voyage": VOYAGE}, "not_found", "'to': no seat 'nobody'"),
        ({"to": "some", "voyage": VOYAGE}, "invalid", "'to' must be \"all\" or a list"),
        ({"to": [], "voyage": VOYAGE}, "invalid", "'to' must be \"all\" or a list"),
        ({"to": "all", "voyage": {"stops": ["portsmouth"]}}, "invalid", "'voyage.stops' must"),
        ({"to": "all", "voyage": {**VOYAGE, "month": 13}}, "invalid", "'voyage.month' must"),
        ({"to": "all", "voyage": {**VOYAGE, "fast": 1}}, "invalid", "voyage.fast"),
        ({"to": "all", "voyage": {**VOYAGE, "ship": "Galleon"}}, "invalid", "Galleon"),
        (
            {"to": "all", "voyage": {"stops": ["portsmouth", "atlantis"]}},
            "not_found",
            "atlantis",
        ),
        ({"to": "all"}, "invalid", "'voyage' is required"),
    ],
)
def test_bad_input_is_refused_in_one_line_and_nothing_changes(
    fresh_game: Game, args: dict[str, Any], code: str, words: str
) -> None:
    gm = fresh_game.gm()
    before = _state(fresh_game, gm)
    ack = gm.act("show_voyage", **args)
    assert not ack["ok"] and ack["error"]["code"] == code, ack
    assert words in ack["error"]["message"] and "\n" not in ack["error"]["message"]
    assert _state(fresh_game, gm) == before and before["voyages"] == []


def test_only_the_gm_shows_a_voyage(fresh_game: Game) -> None:
    seats = _seated(fresh_game)
    ack = seats["red"].act("show_voyage", to="all", voyage=VOYAGE)
    assert not ack["ok"] and ack["error"]["code"] == "forbidden"
    assert seats["red"].seat["role"] == "admiral"
