"""Hypothesis properties of whole battles: boxes stay on their tracks, ships out of the
battle never act again, every battle ends with one of the four outcomes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategy.combat import OUTCOMES, WEATHER, Battle
from strategy.combat.policies import POLICIES

SHIPS = ["Cutter", "Brig Sloop", "Ship Sloop", "Sixth Rate", "Fifth Rate"]
_ACTOR_KEYS = {
    "decision": "ship",
    "broadside": "ship",
    "repair": "ship",
    "move": "by",
    "fire": "ship",
    "cannot_fire": "ship",
    "shot_changed": "ship",
}

sides = st.lists(st.sampled_from(SHIPS), min_size=1, max_size=2)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    a=sides,
    b=sides,
    pa=st.sampled_from(sorted(POLICIES)),
    pb=st.sampled_from(sorted(POLICIES)),
    weather=st.sampled_from(sorted(WEATHER)),
)
def test_boxes_stay_on_their_tracks_and_the_fallen_never_act(seed, a, b, pa, pb, weather) -> None:
    bt = Battle(a, b, seed=seed, weather=weather, policies={"a": pa, "b": pb}, max_rounds=40)
    out: set[str] = set()
    while not bt.over:
        events = bt.step()
        for e in events:
            key = _ACTOR_KEYS.get(e["type"])
            if key is not None and e.get("round"):
                assert e[key] not in out, (e, out)
            if e["type"] == "test" and "ship" in e:
                assert e["ship"] not in out
        for s in bt.ships:
            for area, crossed in enumerate(s.damage.crossed):
                for level in range(3):
                    assert 0 <= crossed[level] <= s.damage.caps[area][level]
            if not s.active:
                out.add(s.id)
                assert s.fire == 0 and s.boarding is None
    assert bt.outcome["how"] in OUTCOMES
    assert (bt.outcome["winner"] is not None) == bt.outcome["how"].endswith("_wins")
    if bt.outcome["winner"]:
        loser = "b" if bt.outcome["winner"] == "a" else "a"
        assert all(not s.active and s.status != "escaped" for s in bt.ships if s.side == loser)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_recording_does_not_change_the_battle(seed) -> None:
    a = Battle("Sixth Rate", "Brig Sloop", seed=seed).run()
    b = Battle("Sixth Rate", "Brig Sloop", seed=seed, record=False).run()
    assert a == b
