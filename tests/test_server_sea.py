"""The sea a battle on the map is fought in: BtQ's weather from the world's wind for its sea
and month (docs/rules-notes.md, "Weather at sea"), and whose deck each ship draws from
("Decks in battles on the map")."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from server.game import engagements, replay, rules
from server.game.state import State, initial_state, season_date
from strategy.campaign.dice import RandomDice
from strategy.combat.data import PRECIPITATION
from strategy.combat.sea import sea_precipitation
from tests.conftest import PLAY_SEED
from tests.server_helpers import (
    Game,
    assert_officers_replay,
    map_force,
    map_ship,
    new_app,
    red_meets,
)

B, S, G, H = "Becalmed", "Steady Breeze", "Good Wind", "High Seas"
#: docs/rules-notes.md's table, by the wind model's strength: d6 = 1 .. 6
TABLE = {
    "light": (B, S, S, S, S, S),
    "fair": (S, S, S, S, S, G),
    "fresh": (S, G, G, G, G, H),
}


def _ships(*ships: tuple[str, str]) -> list[dict[str, Any]]:
    return [map_ship(code, kind, "B") for code, kind in ships]


def _state(lon: float = -5.0, lat: float = 48.0, captain: str | None = None) -> State:
    """Two British ships (FG a Fifth Rate, DR a Brig Sloop) meeting two French at
    (lon, lat); ``captain``: the code of the ship a player captain's seat commands."""
    work = initial_state({"id": "c1", "name": "Test", "year": 1805, "seed": 1})
    work["forces"] = {
        "red": map_force(
            "red", "Britain", _ships(("FG", "Fifth Rate"), ("DR", "Brig Sloop")), lon, lat
        ),
        "fr": map_force(
            "fr", "France", _ships(("Alexandre", "Fifth Rate"), ("Vif", "Cutter")), lon, lat
        ),
    }
    if captain is not None:
        work["seats"]["s-capt"] = {  # type: ignore[typeddict-item]
            "id": "s-capt",
            "role": "captain",
            "ship": captain,
            "name": "Captain",
            "ready": False,
        }
    return work


SEAS = [
    # place, (lon, lat), day of the summer (0 = 1 June), wind region, its summer strength
    ("the Channel in June", (-2.0, 50.0), 4, "home-waters", "fair"),
    ("the West Indies in August", (-75.0, 17.0), 70, "caribbean", "fair"),
    ("the Aegean in July", (25.0, 38.0), 40, "aegean", "fresh"),
    ("the doldrums in June", (-25.0, 6.0), 20, "atlantic-doldrums-summer", "light"),
]


@pytest.mark.parametrize(("place", "where", "day", "region", "strength"), SEAS)
def test_a_map_battle_is_fought_in_the_weather_of_its_sea_and_month(
    place: str, where: tuple[float, float], day: int, region: str, strength: str
) -> None:
    met = set()
    for seed in range(40):
        work = _state(*where)
        month = season_date(work, day).month
        record = engagements.open_engagement(work, "red", "fr", day, random.Random(seed))
        weather = record["weather"]
        assert weather["month"] == month == {4: 6, 20: 6, 40: 7, 70: 8}[day], place
        assert weather["wind"]["region"] == region and weather["wind"]["strength"] == strength
        assert weather["roll"] == RandomDice(record["battle"]["seed"] ^ rules.WEATHER_SALT).d6()
        assert weather["name"] == TABLE[strength][weather["roll"] - 1]
        # the battle is set up with it, says it, and its replayable form keeps it
        assert record["battle"]["weather"] == weather["name"]
        conditions = [e["weather"] for e in record["log"] if e.get("type") == "conditions"]
        escaped = record["chase"]["outcome"] == "escaped"  # the prey got away: no battle
        assert conditions == ([] if escaped else [weather["name"]])
        replayed = rules.Battle.from_dict(record["battle"])
        assert replayed.weather["name"] == weather["name"]
        assert replayed.events == [e for e in record["log"] if "phase" not in e]
        met.add(weather["name"])
    assert met == set(TABLE[strength]), f"every weather of the {strength} row met in {place}"


def test_the_weather_is_the_enemys_position_read_by_the_doorway() -> None:
    work = _state(-2.0, 50.0)
    work["forces"]["fr"]["lon"], work["forces"]["fr"]["lat"] = 25.0, 38.0  # met in the Aegean
    record = engagements.open_engagement(work, "red", "fr", 40, random.Random(3))
    seed = record["battle"]["seed"]
    assert record["weather"] == rules.battle_weather(25.0, 38.0, 7, seed)
    assert record["weather"]["wind"] == {"from_deg": 0.0, "strength": "fresh", "region": "aegean"}


# ----- whose deck -------------------------------------------------------------------------


def _cards_by_ship(battle: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The cards each ship (or one of her officers) overturned from her own deck: tests,
    contests and broadsides (a fire's cards are the GM's, and so is a Card of Fate)."""
    ids = [f"{k}{i}" for k in "ab" for i in range(len(battle[k]))]
    owner = {sid: sid for sid in ids}
    for k in "ab":
        for i, spec in enumerate(battle[k]):
            owner.update({o["name"]: f"{k}{i}" for o in spec.get("officers", ())})
    out: dict[str, list[str]] = {sid: [] for sid in ids}
    for e in events:
        if e["type"] in ("test", "broadside") and "cards" in e:
            out[e["ship"]].extend(e["cards"])
        for side in e.get("sides", ()) if e["type"] == "test" else ():
            who = side["who"]
            out[owner.get(who) or owner[who.split()[0]]].extend(side["cards"])
    return out


def test_no_gm_deck_ship_ever_draws_a_joker_on_the_map() -> None:
    """BtQ: "The GM's deck is a standard deck of 52 playing cards with NO Jokers": with no
    player captain seated, every ship, British NPC or enemy, draws from it."""
    cards = 0
    for seed in range(60):
        work = _state()
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
        battle = record["battle"]
        assert [s["deck"] for s in battle["a"] + battle["b"]] == ["gm"] * 4
        assert '"JK"' not in json.dumps(record["log"])  # chase and battle alike
        drawn = _cards_by_ship(battle, [e for e in record["log"] if "phase" not in e])
        cards += sum(len(c) for c in drawn.values())
    assert cards > 5000  # enough cards that a deck with a joker would have shown it


def test_a_seated_captains_ship_draws_from_his_own_deck_and_may_turn_up_the_joker() -> None:
    """BtQ: each player has "a pack of ordinary playing cards with only one joker"; the GM's
    NPC British ship beside him and the enemy draw from the GM's."""
    jokers = 0
    for seed in range(40):
        work = _state(captain="FG")
        record = engagements.open_engagement(work, "red", "fr", 4, random.Random(seed))
        battle = record["battle"]
        assert [s["deck"] for s in battle["a"] + battle["b"]] == ["player", "gm", "gm", "gm"]
        if record["over"]:  # the chase's prey escaped: no battle
            continue
        assert record["awaiting"] == {"a0": "s-capt"}
        fought = rules.Battle.from_dict(battle)
        fought.run()
        drawn = _cards_by_ship(battle, fought.events)
        assert all("JK" not in drawn[sid] for sid in ("a1", "b0", "b1"))
        jokers += drawn["a0"].count("JK")
    assert jokers > 0


def test_a_map_battle_is_fought_in_the_rain_or_fog_of_its_second_die() -> None:
    """docs/rules-notes.md, "Precipitation and fog at sea": the d6 after the wind's brings
    the rain or fog (strategy.combat.sea.sea_precipitation); the battle is set up with it,
    its conditions say it, its replayable form keeps it, and its words name it."""
    wet = set()
    for seed in range(60):
        work = _state(25.0, 38.0)  # the Aegean in July: a fresh wind
        record = engagements.open_engagement(work, "red", "fr", 40, random.Random(seed))
        weather = record["weather"]
        dice = RandomDice(record["battle"]["seed"] ^ rules.WEATHER_SALT)
        assert (weather["roll"], weather["precipitation"]["roll"]) == (dice.d6(), dice.d6())
        rain = weather["precipitation"]
        assert rain["name"] == sea_precipitation(weather["name"], rain["roll"])
        assert (rain["modifier"], rain["awareness"]) == (
            PRECIPITATION[rain["name"]]["modifier"],
            PRECIPITATION[rain["name"]]["awareness"],
        )
        assert weather["words"] == rules.weather_words(weather["name"], rain["name"])
        if rain["name"] == "No Rain":
            assert "precipitation" not in record["battle"]
            assert "precipitation" not in engagements.odds_match(record)
            continue
        wet.add((weather["name"], rain["name"]))
        assert record["battle"]["precipitation"] == rain["name"]
        # the odds preview fights in it too
        assert engagements.odds_match(record)["precipitation"] == rain["name"]
        assert f"; {rain['name']}: every " in weather["words"]
        conditions = [e for e in record["log"] if e.get("type") == "conditions"]
        assert [(e["precipitation"], e["modifier"]) for e in conditions] in (
            [],  # the prey got away: no battle
            [(rain["name"], rain["modifier"])],
        )
        replayed = rules.Battle.from_dict(record["battle"])
        assert replayed.precipitation["name"] == rain["name"]
        assert replayed.events == [e for e in record["log"] if "phase" not in e]
        tests = [e for e in replayed.events if e["type"] == "test" and "sides" in e]
        assert all(e.get("weather", 0) == rain["modifier"] for e in tests)
    assert wet == {("Steady Breeze", "Mist"), ("Good Wind", "Squall"), ("High Seas", "Storm/Snow")}


def test_a_fight_in_the_mist_is_fought_out_and_its_log_replays_to_it(tmp_path: Path) -> None:
    """Through the protocol: test_server_play's summer meets the French in a mist off Ushant
    (docs/rules-notes.md, "Precipitation and fog at sea": a Steady Breeze's 6); the battle
    panel's words say so, the fight is fought out in it, and a replay of the log is the
    state, the engagement's weather and log included."""
    app = new_app(tmp_path)
    game = Game.new(app, seed=PLAY_SEED)
    game.add("pm", "prime-minister")
    game.add("fsl", "first-sea-lord")
    game.add("red", "admiral", squadron="Red")
    fight = red_meets(game, "fr-brest")
    assert fight["weather"]["precipitation"] == {
        "name": "Mist",
        "roll": 6,
        "modifier": 0,
        "awareness": -2,
    }
    assert fight["weather"]["words"] == "Steady Breeze; Mist: every Awareness test -2 cards"
    assert fight["battle"]["precipitation"] == "Mist"
    ack = game.gm().act("engage_decision", engagement=fight["id"], decision="npc", rounds="all")
    assert ack["ok"]
    state = game.rest("get", f"/api/campaigns/{game.id}/state").json["state"]
    done = next(e for e in state["engagements"] if e["id"] == fight["id"])
    assert done["over"]
    conditions = next(e for e in done["log"] if e.get("type") == "conditions")
    assert (conditions["precipitation"], conditions["awareness"]) == ("Mist", -2)
    log = game.rest("get", f"/api/campaigns/{game.id}/log").json
    assert_officers_replay(game, log)
    replayed, _ = replay(log)
    again = replayed["engagements"][fight["id"]]
    assert again["weather"] == done["weather"] and again["log"] == done["log"]
