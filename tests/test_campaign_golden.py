"""Golden summers: whole campaign reports for fixed seeds and choices, frozen.

The summer resolution is tuned for speed (see ``benchmarks/bench_campaign.py``); these
cases make sure no optimisation changes what a season computes. ``tests/data/
campaign_golden.json`` was captured before the speed work: a sha256 of every report's
canonical JSON (sorted keys) with the officers after it, and three reports in full, so
that a mismatch in those three shows where it differs. The cases cover Table F rolls
11..76, NPC and player digits, influence, substitutions, presets, seasons, the
Victualling Board, admirals chosen, player choices, long voyages, investments, NPC
generation from the seed and one fixed list of officers, plus ``apply_report`` and
``summer_odds`` over them.

Regenerate only when the rules change on purpose::

    .venv/bin/python tests/test_campaign_golden.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from strategy.campaign import apply_report, resolve_summer
from strategy.campaign.fleet import Officer, default_officers
from strategy.campaign.odds import summer_odds
from strategy.campaign.plan import volunteer_ship, volunteer_squadron
from strategy.campaign.tables import TABLE_F_ROLLS, force_organisation

GOLDEN = Path(__file__).parent / "data" / "campaign_golden.json"
FULL = ("winter-volunteers", "spring-squadron", "players-46")  # reports kept in full

_PLAYERS = [
    Officer(
        "P-FG-lt",
        "Hornblower",
        "Lieutenant",
        8,
        ship="FG",
        player=True,
        appointment="Ship's Adjutant",
    ),
    Officer("P-HA-cap", "Aubrey", "Captain", 9, ship="HA", player=True),
    Officer("P-RA", "Pellew", "Rear Admiral", 7, squadron="Red", player=True),
    Officer("P-mid", "Kennedy", "Midshipman", 4, ship="IN", player=True, constitution=9),
]


def _fixed() -> list[Officer]:
    return default_officers(random.Random(1))


def _players() -> list[Officer]:
    return default_officers(random.Random(2), _PLAYERS)


#: name -> (deployment or None, officers factory or None, seed, choices)
CASES: dict[str, tuple[Any, Any, int, dict[str, Any]]] = {}
for _i, _roll in enumerate(sorted(TABLE_F_ROLLS)[::2]):  # 21 rolls from 11 to 75
    CASES[f"roll-{_roll}"] = (None, _fixed if _i % 2 else None, 100 + _i, {"roll": _roll})
CASES.update(
    {
        "roll-76-fixed": (None, _fixed, 3, {"roll": 76}),
        "roll-35-seed-7": (None, None, 7, {"roll": 35}),
        "npc-digits": (None, None, 11, {}),
        "npc-digits-fixed": (None, _fixed, 12, {}),
        "player-pm-7": (None, None, 13, {"pm": 7, "fsl": 2}),
        "influence-up": (
            None,
            None,
            14,
            {"pm_influence": [{"direction": 1, "modifier": 3}, {"direction": 1, "modifier": 2}]},
        ),
        "influence-down": (
            None,
            _fixed,
            15,
            {"pm_influence": [{"direction": -1, "modifier": 4}, {"direction": -1, "modifier": 4}]},
        ),
        "substitution": (
            None,
            None,
            16,
            {"roll": 11, "substitutions": [{"out": "FE", "in": "RO", "modifier": 3}]},
        ),
        "captain-of-the-fleet": (
            None,
            _fixed,
            17,
            {
                "roll": 11,
                "captain_of_the_fleet": "player",
                "substitutions": [{"out": "FE", "in": "HA"}],
            },
        ),
        "preset": (None, None, 18, {"roll": 46, "preset": {"FG": 1, "CA": 6}}),
        "victualling-board": (None, _fixed, 19, {"roll": 56, "victualling_board": True}),
        "autumn": (force_organisation(62), None, 20, {"season": "autumn"}),
        "winter-fixed": (
            force_organisation(24),
            _fixed,
            21,
            {"season": "winter", "victualling_board": True},
        ),
        "winter-volunteers": (
            [volunteer_ship("CA", "winter"), volunteer_ship("HA", "winter")],
            None,
            22,
            {"season": "winter"},
        ),
        "spring-squadron": (
            volunteer_squadron(["FE", "DR", "TH"], "Red", "spring"),
            _fixed,
            23,
            {"season": "spring"},
        ),
        "admirals": (
            None,
            _fixed,
            24,
            {
                "roll": 71,
                "admirals": [{"fleet": "Channel Fleet", "squadron": "Red", "admiral": "Red-A"}],
            },
        ),
        "players-46": (
            None,
            _players,
            25,
            {
                "roll": 46,
                "officers": {
                    "P-HA-cap": {"bravery": 2},
                    "P-FG-lt": {"poltroonery": 1},
                    "P-mid": {"decline_promotion": True},
                },
            },
        ),
        "players-npc-digits": (None, _players, 26, {"pm": 5, "long_voyage": ["FG", "HA", "IN"]}),
        "investments": (
            None,
            None,
            27,
            {
                "roll": 33,
                "investments": [
                    {"investor": "a", "kind": "arms", "capital": 2000, "supplier": True},
                    {"investor": "b", "kind": "finance", "capital": 1000, "favoured": True},
                    {"investor": "c", "kind": "commerce", "capital": 3000},
                ],
            },
        ),
        "long-voyage": (None, _fixed, 28, {"roll": 64, "long_voyage": ["RO", "FE", "CA", "TI"]}),
    }
)
for _seed in range(30, 38):  # the benchmark's loop: fixed officers, one roll after another
    CASES[f"bench-{_seed}"] = (None, _fixed, _seed, {"roll": sorted(TABLE_F_ROLLS)[_seed]})


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _digest(data: Any) -> str:
    return hashlib.sha256(_canon(data).encode()).hexdigest()


def play(name: str) -> dict[str, Any]:
    """The report of one case, with the officers after it (``apply_report``)."""
    deployment, officers, seed, choices = CASES[name]
    books = officers() if officers else None
    report = resolve_summer(deployment, books, seed, choices)
    after = apply_report(
        books if books is not None else default_officers(random.Random(seed)), report
    )
    return {"report": report, "after": [o.to_dict() for o in after]}


def odds() -> dict[str, Any]:
    """``summer_odds`` over a few dozen seeded summers."""
    return summer_odds(None, _fixed(), 40, 9, {"roll": 46})


def capture() -> dict[str, Any]:
    """Everything the golden file holds, computed now."""
    played = {name: play(name) for name in CASES}
    return {
        "digests": {name: _digest(p) for name, p in played.items()},
        "full": {name: played[name]["report"] for name in FULL},
        "odds": _digest(odds()),
    }


def test_every_case_is_in_the_golden_file(campaign_golden: dict[str, Any]) -> None:
    assert sorted(campaign_golden["digests"]) == sorted(CASES)


@pytest.mark.parametrize("name", FULL)
def test_full_reports_unchanged(campaign_golden: dict[str, Any], name: str) -> None:
    assert json.loads(_canon(play(name)["report"])) == campaign_golden["full"][name]


@pytest.mark.parametrize("name", sorted(CASES))
def test_report_unchanged(campaign_golden: dict[str, Any], name: str) -> None:
    assert _digest(play(name)) == campaign_golden["digests"][name]


def test_odds_unchanged(campaign_golden: dict[str, Any]) -> None:
    assert _digest(odds()) == campaign_golden["odds"]


def test_officers_sailing_again_give_the_same_reports() -> None:
    # the same Officer objects reuse what their books computed; plain dicts never do
    books = _fixed()
    for seed, roll in ((1, 11), (2, 46), (1, 11), (3, 76)):
        again = resolve_summer(None, books, seed, {"roll": roll})
        fresh = resolve_summer(None, [o.to_dict() for o in books], seed, {"roll": roll})
        assert again == fresh


def test_a_changed_list_of_officers_is_seen() -> None:
    books = _fixed()
    before = resolve_summer(None, books, 5, {"roll": 35})
    i = next(i for i, o in enumerate(books) if o.id == "FG-captain")
    books[i] = books[i].with_na(10 if books[i].na < 10 else 1)  # same list, new captain
    after = resolve_summer(None, books, 5, {"roll": 35})
    assert after == resolve_summer(None, [o.to_dict() for o in books], 5, {"roll": 35})
    assert after != before


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: tests/test_campaign_golden.py --write  (rules changed on purpose)")
    GOLDEN.write_text(json.dumps(capture(), sort_keys=True, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")
