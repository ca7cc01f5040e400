"""Substitutions through the protocol (issue 31; Briny 001:903-907): a character's
petition to the NPC Captain of the Fleet (the same rating, granted on a 7 on 1d6), a player
Captain of the Fleet's one substitution as he sees fit; refusals; notices; the log
replays."""

from __future__ import annotations

from typing import Any

from server import game as server_game
from tests.conftest import RICH
from tests.server_helpers import Game, events_of


def _state(game: Game, token: str | None = None) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/state", token=token).json["state"]


def _log(game: Game) -> dict[str, Any]:
    return game.rest("get", f"/api/campaigns/{game.id}/log").json


def _notices(game: Game, token: str) -> list[dict[str, Any]]:
    got = game.rest("get", f"/api/campaigns/{game.id}/notices?since=0", token=token).json
    return [n for n in got["notices"] if n["type"] == "substitution"]


#: the fleet by rate (docs/rules-notes.md, "The fleet")
RATES = {
    "1st": ("RO", "FE"),
    "2nd": ("IN", "NE"),
    "3rd": ("FG", "VA"),
    "4th": ("TH", "DR", "GL"),
    "5th": ("HA", "AC", "DE"),
    "sloop": ("ME", "HO", "EN", "CA", "TI"),
}


def _pair(sailing: set[str]) -> tuple[str, str, str]:
    """A ship not sailing, one of her rate sailing, and a ship not sailing of another rate."""
    for rate, ships in RATES.items():
        idle = [c for c in ships if c not in sailing]
        going = [c for c in ships if c in sailing]
        if idle and going:
            other = next(c for r, cs in RATES.items() if r != rate for c in cs if c not in sailing)
            return idle[0], going[0], other
    raise AssertionError("no rate both sails and stays")


def test_a_petition_to_the_npc_captain_of_the_fleet_needs_a_seven(fresh_game: Game) -> None:
    """A character petitions to send a ship not sailing in place of one of her rate that
    is; the NPC Captain of the Fleet rolls one die and grants on a 7, which no die makes
    without influence: refused, told in words; another rate is refused outright."""
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Aubrey", "birth": RICH})
    ne = fresh_game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    assert fg.act("substitute", ship="TH", replaces="DR")["error"]["code"] == "wrong_phase"
    assert gm.act("roll_force")["ok"]
    sailing = {d["ship"] for d in _state(fresh_game)["deployment"]}
    sub, out, other = _pair(sailing)
    stays = next(c for c in ("RO", "FE", "IN", "NE", "FG", "VA") if c not in sailing)
    seqs = len(_log(fresh_game)["events"])
    refusals = {
        "another rate": fg.act("substitute", ship=other, replaces=out)["error"],
        "not sailing": fg.act("substitute", ship=sub, replaces=stays)["error"]["code"],
        "sailing already": fg.act("substitute", ship=out, replaces=out)["error"]["code"],
        "no ship": fg.act("substitute", ship="ZZ", replaces=out)["error"]["code"],
    }
    assert refusals["another rate"]["code"] == "invalid"
    assert refusals["another rate"]["message"].startswith("a substitute must be of the same rate")
    assert {k: v for k, v in refusals.items() if k != "another rate"} == {
        "not sailing": "invalid",
        "sailing already": "invalid",
        "no ship": "not_found",
    }
    assert len(_log(fresh_game)["events"]) == seqs  # nothing changed
    ack = fg.act("substitute", ship=sub.lower(), replaces=out.lower())
    assert ack["ok"], ack
    (event,) = events_of(_log(fresh_game), "substitute")
    data = event["data"]
    assert (data["by"], data["ship"], data["replaces"], data["granted"]) == (
        "npc",
        sub,
        out,
        False,
    )
    assert 1 <= data["die"] <= 6
    assert out in [d["ship"] for d in _state(fresh_game)["deployment"]]
    (told,) = _notices(fresh_game, fg.token)
    assert told["text"].endswith(f": refused (rolled {data['die']}, needed 7)")
    assert _notices(fresh_game, ne.token) == []  # refused: nothing to tell the others
    assert fg.act("substitute", ship=sub, replaces=out)["error"] == {
        "code": "conflict",
        "message": "Aubrey has petitioned this summer",
    }
    assert gm.act("advance", days=1)["ok"]
    assert ne.act("substitute", ship=sub, replaces=out)["error"]["code"] == "wrong_phase"


def test_a_player_captain_of_the_fleet_substitutes_one_ship_as_he_sees_fit(
    fresh_game: Game,
) -> None:
    gm = fresh_game.gm()
    fg = fresh_game.add(
        "fg", "captain", ship="FG", officer={"name": "Aubrey", "birth": RICH, "rank": "Captain"}
    )
    ne = fresh_game.add("ne", "captain", ship="NE", officer={"name": "Hornblower", "birth": RICH})
    fresh_game.add("fsl", "first-sea-lord", officer={"name": "Barham", "birth": RICH})
    assert gm.act("roll_force")["ok"] and gm.act("resolve_summer")["ok"]
    # the First Sea Lord a player's character: the Captain of the Fleet's post is granted
    assert fg.act("apply_appointment", appointment="Captain of the Fleet")["ok"]
    for _ in range(3):
        assert gm.act("next_season")["ok"]
    assert gm.act("roll_force")["ok"]
    state = _state(fresh_game)
    sailing = {d["ship"]: d for d in state["deployment"]}
    out = next(d["ship"] for d in state["deployment"] if d["squadron"] not in (None, "Blockade"))
    # any ship not sailing, of any rate: he "may substitute one ship as he sees fit"
    sub = next(c for c in ("RO", "IN", "NE", "FE", "HO", "CA", "TI", "ME") if c not in sailing)
    # a petition goes to no one: the Captain of the Fleet is a player's character
    assert ne.act("substitute", ship=sub, replaces=out)["error"] == {
        "code": "conflict",
        "message": "the Captain of the Fleet is Aubrey, a player's character: he substitutes "
        "as he sees fit, and no petition goes to him",
    }
    ack = fg.act("substitute", ship=sub, replaces=out)
    assert ack["ok"], ack
    data = events_of(_log(fresh_game), "substitute")[-1]["data"]
    assert (data["by"], data["die"], data["granted"]) == ("player", None, True)
    after = _state(fresh_game)
    placed = {d["ship"]: d for d in after["deployment"]}
    assert out not in placed
    # she serves in the squadron and performs the mission of the ship she replaced
    assert (placed[sub]["squadron"], placed[sub]["order"], placed[sub]["fleet"]) == (
        sailing[out]["squadron"],
        sailing[out]["order"],
        sailing[out]["fleet"],
    )
    at_sea = [s["code"] for f in after["forces"] if f["side"] == "Britain" for s in f["ships"]]
    assert sub in at_sea and out not in at_sea
    (told,) = _notices(fresh_game, ne.token)
    assert told["text"] == f"{placed[sub]['name']} sails in place of {sailing[out]['name']}"
    (his,) = _notices(fresh_game, fg.token)
    assert his["text"].endswith(": made by the Captain of the Fleet")
    assert fg.act("substitute", ship=out, replaces=sub)["error"] == {
        "code": "conflict",
        "message": "the Captain of the Fleet substitutes one ship a summer",
    }
    state, problems = server_game.replay(_log(fresh_game))
    assert problems == [] and sub in [d["ship"] for d in state["deployment"]]


def test_a_petitions_favours_move_the_die_and_are_spent(fresh_game: Game) -> None:
    """Briny 001:905, "Influence may be used to modify the die roll": the petitioner's
    favours of the season brought to bear on the NPC Captain of the Fleet (Influence Table
    B's class 3, a Captain's): each favour of class 3 or more one more on the die for each
    class above 2; granted on 7 with them; spent whatever the die; one he does not hold
    refused, nothing changed."""
    gm = fresh_game.gm()
    fg = fresh_game.add("fg", "captain", ship="FG", officer={"name": "Aubrey", "birth": RICH})
    assert gm.act("roll_force")["ok"]
    sailing = {d["ship"] for d in _state(fresh_game)["deployment"]}
    sub, out, _ = _pair(sailing)
    held = _state(fresh_game, fg.token)["favours"]["held"]
    usable = [c for c in held if c >= 3]  # a class below 3 alone adds nothing here
    assert usable, held
    seqs = len(_log(fresh_game)["events"])
    refused = fg.act("substitute", ship=sub, replaces=out, favours=[9])["error"]
    assert (
        refused["code"] == "conflict" and "does not hold favours of class 9" in refused["message"]
    )
    assert len(_log(fresh_game)["events"]) == seqs
    ack = fg.act("substitute", ship=sub, replaces=out, favours=usable)
    assert ack["ok"], ack
    (event,) = events_of(_log(fresh_game), "substitute")
    data = event["data"]
    modifier = sum(c - 2 for c in usable)
    assert (data["favours"], data["modifier"]) == (sorted(usable), modifier)
    assert data["granted"] is (data["die"] + modifier >= 7)
    after = _state(fresh_game, fg.token).get("favours", {"held": []})["held"]
    assert sorted(after + usable) == sorted(held)  # spent, granted or not
    words = _notices(fresh_game, fg.token)[-1]["text"]
    assert f"rolled {data['die']} + {modifier}, needed 7" in words
    state, problems = server_game.replay(_log(fresh_game))
    assert problems == []
