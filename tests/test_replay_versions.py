"""A rules version in every log (issue 29, item 5; docs/rules-notes.md "The rules' version"):
a new campaign logs the version of the rules it is decided by, a log is checked under the
rules it was played with (an older one brought to today's by one function, the newer
refused with one line), and no rule keeps an old behaviour alive for old logs."""

from __future__ import annotations

import copy
import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from server import game
from server.game.replay import Allowance, upgrade
from strategy.combat import Battle
from tests.conftest import ROOT
from tests.test_server_battle_officers import _campaign


def _tampered(log: dict[str, Any], seq: int, version: int | None) -> dict[str, Any]:
    """``log`` with event ``seq``'s route made a mile longer, logged as rules ``version``
    (None: no version, as before versions were logged; its miles, unlike its days, are
    checked under every version: "Voyages meet the sea")."""
    out = copy.deepcopy(log)
    first = out["events"][0]["data"]
    first.pop("rules", None)
    if version is not None:
        first["rules"] = version
    out["events"][seq - 1]["data"]["route"]["distance_nm"] += 1
    return out


def test_a_new_campaign_logs_the_version_of_its_rules(day_60) -> None:
    first = day_60["log"]["events"][0]
    assert first["type"] == "campaign_created"
    assert first["data"]["rules"] == game.RULES_VERSION == 6
    _, problems = game.replay(day_60["log"])
    assert problems == []


def test_an_order_is_checked_under_the_rules_it_was_played_with(day_60) -> None:
    """Today's rules route an order of the summer's day 60 in July; version 1 routed it in
    August. Under version 2 a day-60 route that is not today's is a problem; in a log of
    version 1 (no version logged) that order stands as logged, while one of day 59, which
    both versions read alike, is checked still."""
    log, deploys = day_60["log"], day_60["deploys"]
    for version in (2, None):
        _, problems = game.replay(_tampered(log, deploys[59], version))
        assert problems[0].startswith(f"seq {deploys[59]}: deploy decides differently"), version
    _, problems = game.replay(_tampered(log, deploys[60], 2))
    assert problems == [f"seq {deploys[60]}: deploy decides differently on replay (route)"]
    _, problems = game.replay(_tampered(log, deploys[60], None))
    assert problems == []
    _, problems = game.replay(_tampered(log, deploys[60], 1))
    assert problems == []


def test_a_log_of_newer_rules_is_refused_with_one_line(day_60, tmp_path: Path) -> None:
    log = copy.deepcopy(day_60["log"])
    log["events"][0]["data"]["rules"] = game.RULES_VERSION + 1
    newer = game.RULES_VERSION + 1
    with pytest.raises(ValueError, match=f"rules version {newer}"):
        game.replay(log)
    path = tmp_path / "newer.json"
    path.write_text(json.dumps(log))
    cli = subprocess.run(
        [sys.executable, "-m", "server.cli", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 2 and cli.stdout == ""
    (line,) = cli.stderr.splitlines()
    assert f"rules version {newer}" in line and f"this server's ({game.RULES_VERSION})" in line


@pytest.mark.parametrize("version", [0, "2", True])
def test_a_log_with_no_rules_version_it_could_have_is_refused(day_60, version) -> None:
    log = copy.deepcopy(day_60["log"])
    log["events"][0]["data"]["rules"] = version
    with pytest.raises(ValueError, match="rules version"):
        game.replay(log)


def test_a_fight_opened_under_version_3_keeps_the_chase_it_had() -> None:
    """Version 4 reads the chase otherwise (issue 31; docs/rules-notes.md "The chase"): the
    summer of 1805 in tests/data opened a fight on its first ``advance`` (seq 11), whose
    chase today's rules decide differently. Logged as version 3 that advance, and the
    orders and days of the fight after it, stand as logged; as version 4 the advance
    stands (version 5 sails a passage otherwise: "Voyages meet the sea"), but the rounds
    of the fight it opened are fought again by today's battle rules, and differ: the
    battle is the one the advance logged (its chase as logged), not the one today's
    advance, decided again to see it is not refused, would open (today's chase has the
    prep work of seed 002, 2.1): fought again, its round differs (its notices, worded by
    the engagement's id before version 6, are not compared: "Names everywhere")."""
    data = Path(__file__).parent / "data" / "summer_1805_log.json.gz"
    log = json.loads(gzip.decompress(data.read_bytes()))
    found = {}
    for version in (3, 4):
        tagged = copy.deepcopy(log)
        tagged["events"][0]["data"]["rules"] = version
        _, found[version] = game.replay(tagged)
    assert not any("engagement" in p for p in found[3])
    assert not any(p.startswith("seq 11:") for p in found[4])
    assert found[4][0] == "seq 12: engage_decision decides differently on replay (round)"


def test_a_version_3_log_is_compared_without_healed_and_its_fights_stand_as_logged() -> None:
    """3 -> 4 (docs/rules-notes.md, "Wounds and Measures between battles"): version 3 sent
    every officer into battle whole and healed nobody: its ``advance`` and ``next_season``
    are compared without ``healed``, and what may have fought (an ``advance``, an
    ``engage_decision``, the clock's) stands as logged; an investment is checked."""
    state = _campaign()
    advance = {"seq": 9, "type": "advance", "seat": "gm", "data": {"days": 1, "day": 1}}
    fight = {"seq": 9, "type": "engage_decision", "seat": "s1", "data": {"engagement": "e1"}}
    season = {"seq": 9, "type": "next_season", "seat": "gm", "data": {"phase": "winter"}}
    assert upgrade(3, state, advance)[1] == Allowance(frozenset({"healed"}), True)
    assert upgrade(3, state, season)[1].keys == frozenset({"healed"})
    assert upgrade(3, state, fight)[1] == Allowance(frozenset(), True)
    assert not upgrade(3, state, {**season, "type": "invest"})[1].decision


def test_a_version_5_advance_stands_as_logged_and_its_fights_go_on_dry() -> None:
    """5 -> 6 (docs/rules-notes.md, "Precipitation and fog at sea"): a battle on the map is
    fought in the rain or fog of a second d6. The fights an ``advance`` of version 5 opened
    (their weather, their rounds fought out at once) stand as logged; an ``engage_decision``
    of a fight it opened is decided again: its battle, saved without precipitation, is dry
    as it was, its NPC captains open no musket fire, and an investment is checked as ever."""
    state = _campaign()
    advance = {"seq": 9, "type": "advance", "seat": "gm", "data": {"days": 1, "day": 1}}
    fight = {"seq": 9, "type": "engage_decision", "seat": "s1", "data": {"engagement": "e1"}}
    assert upgrade(5, state, advance)[1] == Allowance(frozenset(), True)
    # (decided again, compared without the prize money version 5 did not pay, and without
    # the notices it worded by the engagement's id)
    assert upgrade(5, state, fight)[1] == Allowance(frozenset({"round.prize_money", "notices"}))
    assert upgrade(5, state, {**fight, "type": "invest"})[1] == Allowance()
    saved = Battle("Fifth Rate", "Cutter", seed=4, distance=3).to_dict()
    assert "precipitation" not in saved and Battle.from_dict(saved).precipitation["name"] == (
        "No Rain"
    )
    # nor did its NPC captains open musket fire (docs/rules-notes.md, "Muskets and the
    # Marines' fire"): its battle, saved without ``npc_muskets``, goes on without it
    old = {k: v for k, v in saved.items() if k != "npc_muskets"}
    assert saved["npc_muskets"] is True and Battle.from_dict(old).npc_muskets is False


def _unheard(log: dict[str, Any], version: int) -> dict[str, Any]:
    """``log`` as rules ``version`` 5 logged its summer: no hero's dice in its report, its
    changes or its officers."""
    out = copy.deepcopy(log)
    out["events"][0]["data"]["rules"] = version
    for event in out["events"]:
        if event["type"] != "resolve_summer":
            continue
        data = event["data"]
        data["report"].pop("mentions", None)
        for change in data["report"]["changes"].values():
            change.pop("mentions", None)
        for outcome in data["report"]["outcomes"].values():
            outcome.pop("hero", None)
        for officer in data["officers"].values():
            officer.pop("mentions", None)
    return out


def test_a_version_5_summer_stands_as_logged_without_its_heroes(officers_summer) -> None:
    """5 -> 6 (docs/rules-notes.md, "Mentions in Despatches as status"): version 5 rolled no
    die for a mention: what resolved a season (``resolve_summer``, ``next_season``, the
    clock's in a summer or after it) stands as logged; as version 6 the same log is a
    problem, for today's summer rolls its heroes' dice."""
    state = _campaign()
    summer = {"seq": 9, "type": "resolve_summer", "seat": "gm", "data": {}}
    assert upgrade(5, state, summer)[1] == Allowance(frozenset(), True)
    assert not upgrade(5, state, {**summer, "type": "invest"})[1].decision
    _, problems = game.replay(_unheard(officers_summer["log"], 5))
    assert problems == []
    _, problems = game.replay(_unheard(officers_summer["log"], 6))
    assert any("resolve_summer" in p for p in problems), problems
