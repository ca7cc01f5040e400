"""Golden battles: the combat engine's events and outcomes for fixed seeds, frozen.

The engine is tuned for speed (see ``benchmarks/bench_combat.py``); these cases make sure
no optimisation changes what a battle computes. ``tests/data/combat_golden.json`` was
captured before the speed work; every case replays the same seed and must give exactly
the same events (with events on) and the same outcome and final state (with events off).

Regenerate only when the rules change on purpose::

    .venv/bin/python tests/test_combat_golden.py --write
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from strategy.cards.core import compare, rank_key, successes
from strategy.cards.dealer import Dealer
from strategy.combat import Battle, odds

GOLDEN = Path(__file__).parent / "data" / "combat_golden.json"

_HERMES = {
    "type": "Brig Sloop",
    "name": "Hermes",
    "traits": ["Expertly Coppered Hull"],
    "officers": [
        {"name": "O'Toole", "role": "master", "skills": {"seamanship": 5}, "discipline": 3},
        {"name": "Bosworth", "role": "gunner", "skills": {"gunnery": 4}, "discipline": 2},
        {"name": "Smith", "role": "officer", "skills": {"maritime": 3}, "discipline": 2},
    ],
}
_JACK = {
    "type": "Fifth Rate",
    "name": "Surprise",
    "traits": ["Weatherly"],
    "officers": [
        {
            "name": "Jack",
            "role": "captain",
            "skills": {"command": 4, "soldiering": 3},
            "discipline": 3,
            "weapon": "Cutlass",
        },
        {"name": "Tom", "role": "gunner", "skills": {"gunnery": 4}, "discipline": 1},
    ],
}
_CORSAIR = {
    "type": "Cutter",
    "name": "Corsair",
    "traits": ["Heart of Oak"],
    "deck": "gm",
    "skills": {"Awareness": 2, "Seamanship": 3, "Gunnery": 3},
}

#: (name, Battle keyword arguments, live decisions for the first rounds)
CASES: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
_POLICIES = ("aggressive", "cautious", "runner", "boarder")
_WEATHERS = ("Becalmed", "Steady Breeze", "Good Wind", "High Seas", "Storm")
for _i in range(12):
    CASES.append(
        (
            f"fifth-v-fifth-{_i}",
            {
                "side_a": "Fifth Rate",
                "side_b": "Fifth Rate",
                "seed": 100 + _i,
                "weather": _WEATHERS[_i % 5],
                "policies": {"a": _POLICIES[_i % 4], "b": _POLICIES[(_i // 4) % 4]},
            },
            [],
        )
    )
for _i in range(6):
    # the benchmark's battle
    CASES.append(
        (
            f"bench-{_i}",
            {
                "side_a": "Fifth Rate",
                "side_b": "Fifth Rate",
                "seed": _i,
                "policies": {"a": "aggressive", "b": "aggressive"},
            },
            [],
        )
    )
CASES += [
    (
        "frigate-v-brig",
        {
            "side_a": "Fifth Rate",
            "side_b": "Brig Sloop",
            "seed": 7,
            "policies": {"a": "aggressive", "b": "runner"},
        },
        [],
    ),
    (
        "third-v-sixth-storm",
        {"side_a": "Third Rate", "side_b": "Sixth Rate", "seed": 8, "weather": "Storm"},
        [],
    ),
    (
        "cutter-v-sloop",
        {
            "side_a": "Cutter",
            "side_b": "Ship Sloop",
            "seed": 9,
            "policies": {"a": "boarder", "b": "cautious"},
        },
        [],
    ),
    (
        "first-v-fourth",
        {"side_a": "First Rate", "side_b": "Fourth Rate", "seed": 10, "weather": "Good Wind"},
        [],
    ),
    (
        "hermes-v-corsair",
        {
            "side_a": _HERMES,
            "side_b": _CORSAIR,
            "seed": 11,
            "policies": {"a": "aggressive", "b": "aggressive"},
        },
        [],
    ),
    (
        "jack-boards",
        {
            "side_a": _JACK,
            "side_b": "Fifth Rate",
            "seed": 12,
            "policies": {"a": "boarder", "b": "aggressive"},
        },
        [],
    ),
    (
        "alongside",
        {
            "side_a": _JACK,
            "side_b": _HERMES,
            "seed": 13,
            "distance": 0,
            "policies": {"a": "boarder", "b": "cautious"},
        },
        [],
    ),
    (
        "two-v-one",
        {
            "side_a": ["Fifth Rate", "Brig Sloop"],
            "side_b": "Fourth Rate",
            "seed": 14,
            "policies": {"a": "aggressive", "b": "cautious"},
        },
        [],
    ),
    (
        "two-v-two",
        {
            "side_a": ["Sixth Rate", "Cutter"],
            "side_b": ["Sixth Rate", _CORSAIR],
            "seed": 15,
            "weather": "High Seas",
            "policies": {"a": "aggressive", "b": "boarder"},
        },
        [],
    ),
    (
        "chase",
        {
            "side_a": "Fifth Rate",
            "side_b": "Sixth Rate",
            "seed": 16,
            "chase": True,
            "policies": {"a": "aggressive", "b": "runner"},
        },
        [],
    ),
    ("chase-2", {"side_a": "Fourth Rate", "side_b": "Brig Sloop", "seed": 17, "chase": True}, []),
    (
        "distance-5",
        {
            "side_a": "Second Rate",
            "side_b": "Fifth Rate",
            "seed": 18,
            "distance": 5,
            "policies": {"a": "cautious", "b": "cautious"},
        },
        [],
    ),
    ("named", {"side_a": "Minerve", "side_b": "Intrepid", "seed": 19}, []),
    (
        "round-limit",
        {"side_a": "Fifth Rate", "side_b": "Fifth Rate", "seed": 20, "max_rounds": 5},
        [],
    ),
    (
        "live-orders",
        {"side_a": _JACK, "side_b": ["Sixth Rate", "Cutter"], "seed": 21, "distance": 2},
        [
            {
                "a0": {
                    "move": "close",
                    "range": 1,
                    "shot": "double",
                    "joker": "AS",
                    "hwyf": {"Jack": "command"},
                }
            },
            {"a0": {"move": "hold", "shot": "heated", "fire": {"b0": 2, "b1": 3}}},
            {"a0": {"move": "close", "shot": "grapeshot", "repair": "rigging", "repair_by": "Tom"}},
            {"a0": {"move": "close", "shot": "chainshot", "target": "b1"}},
        ],
    ),
    (
        "becalmed-tow",
        {
            "side_a": "Sixth Rate",
            "side_b": "Sixth Rate",
            "seed": 22,
            "weather": "Becalmed",
            "distance": 3,
        },
        [
            {"a": {"move": "close", "tow": True}},
            {"a": {"move": "close", "tow": True, "repair": "hull"}},
        ],
    ),
    (
        "heated",
        {"side_a": "Fifth Rate", "side_b": "Fifth Rate", "seed": 24, "distance": 1},
        [{"a": {"move": "close", "shot": "heated"}, "b": {"move": "hold", "shot": "heated"}}] * 10,
    ),
    (
        "boarding-live",
        {"side_a": _JACK, "side_b": "Fifth Rate", "seed": 23, "distance": 0},
        [
            {
                "a": {"move": "hold", "boarding": {"Jack": "captain", "Tom": "melee"}},
                "b": {"move": "hold", "surrender": False, "turn_tide": True},
            }
        ]
        * 3,
    ),
]


def run_case(
    kwargs: dict[str, Any], decisions: list[dict[str, Any]], record: bool
) -> dict[str, Any]:
    """Fight one case; its events (if recorded), outcome and final state."""
    b = Battle(**kwargs, record=record)
    for d in decisions:
        if b.over:
            break
        b.step(d)
    b.run()
    out = {"outcome": b.outcome, "state": b.state()}
    if record:
        out["events"] = b.events
    return out


def _odds() -> dict[str, Any]:
    return odds("Fifth Rate", "Sixth Rate", n=60, seed=5, chase=True)


def _plain(value: Any) -> Any:
    """JSON round trip: tuples become lists, as in the stored file."""
    return json.loads(json.dumps(value))


def capture() -> dict[str, Any]:
    """Every case, events on and off, and an odds run."""
    cases = {}
    for name, kwargs, decisions in CASES:
        cases[name] = {
            "on": run_case(kwargs, decisions, True),
            "off": run_case(kwargs, decisions, False),
        }
    return _plain({"cases": cases, "odds": _odds()})


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_battle_matches_golden(combat_golden: dict[str, Any], name: str) -> None:
    kwargs, decisions = next((k, d) for n, k, d in CASES if n == name)
    want = combat_golden["cases"][name]
    got_on = _plain(run_case(kwargs, decisions, True))
    assert got_on["outcome"] == want["on"]["outcome"]
    assert len(got_on["events"]) == len(want["on"]["events"])
    for i, (g, w) in enumerate(zip(got_on["events"], want["on"]["events"], strict=True)):
        assert g == w, f"event {i} differs"
    assert got_on["state"] == want["on"]["state"]
    assert _plain(run_case(kwargs, decisions, False)) == want["off"]


def test_events_off_fight_the_same_battle(combat_golden: dict[str, Any]) -> None:
    for name, _, _ in CASES:
        on, off = combat_golden["cases"][name]["on"], combat_golden["cases"][name]["off"]
        assert on["outcome"] == off["outcome"] and on["state"] == off["state"], name


def test_odds_match_golden(combat_golden: dict[str, Any]) -> None:
    assert _plain(_odds()) == combat_golden["odds"]


def test_the_cases_cover_the_engine(combat_golden: dict[str, Any]) -> None:
    kinds = {e["type"] for c in combat_golden["cases"].values() for e in c["on"]["events"]}
    assert {
        "boarding",
        "fire",
        "repair",
        "weather_gage",
        "shot_changed",
        "contact_lost",
        "escaped",
        "struck",
        "wounded",
        "disengage",
    } <= kinds
    hows = {c["on"]["outcome"]["how"] for c in combat_golden["cases"].values()}
    assert len(hows) >= 3


# ----- the tables and shortcuts behind the speed -------------------------------------


def _plain_draw(rng: random.Random, n: int, cof: int, gm: bool) -> list[int]:
    """The dealer as first written: uniform picks, a repeat (or the GM's CoF) redrawn."""
    size = 52 if gm else 53
    n = min(n, size - 1 if gm else size)
    out: list[int] = []
    while len(out) < n:
        c = int(rng.random() * size)
        if c in out or (gm and c == cof):
            continue
        out.append(c)
    return out


@pytest.mark.parametrize("gm", [False, True])
def test_the_dealer_draws_the_plain_sample_from_the_same_random_numbers(gm: bool) -> None:
    for n in (-1, 0, 1, 2, 3, 5, 9, 20, 51, 52, 53, 60):
        for seed in range(40):
            cof = seed % 52
            mine, plain = random.Random(seed), random.Random(seed)
            assert Dealer(mine).draw(n, cof, gm) == _plain_draw(plain, n, cof, gm)
            assert mine.random() == plain.random()  # and leaves the stream where it was
        assert Dealer(random.Random(n)).cof() == int(random.Random(n).random() * 52)


def test_the_rank_key_orders_as_the_comparison() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        cof = rng.randrange(52)
        a = successes(cof, rng.sample(range(53), rng.randrange(0, 8)))
        b = successes(cof, rng.sample(range(53), rng.randrange(0, 8)))
        verdict = compare(a, b)
        key_a, key_b = rank_key(a), rank_key(b)
        assert (key_a > key_b) == (verdict > 0) and (key_a < key_b) == (verdict < 0)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: tests/test_combat_golden.py --write")
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(capture(), indent=None, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")
