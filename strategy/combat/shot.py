"""Cannon ammunition (seed 000, "Cannon Ammunition"): what the loaded shot does to a
Broadside! pool and to each hit.

Grapeshot and chainshot "increase (or reduce) the effect of one hit by one level" on each
area they name: one hit of each broadside on each such area, the firer's choice (the best
hit that can still rise, the weakest to fall; a hit reduced below ordinary does no
damage); heated shot
costs two cards and sets a fire on a critical or perfect hit (before any shift); double
shot costs two cards and adds one Injured box to Crew and to Hull for each of those areas
hit in that broadside. The first shot chosen is free; any later change costs -2 cards on
that broadside (docs/rules-notes.md, "Shot").

>>> SHOT["shot"]["grapeshot"]["shift"], pool_mod(False, "roundshot", "heated")
((-1, 0, 1, -1), -2)
>>> shifts([(None, None, 2, 1, 0, "grapeshot"), (None, None, 2, 2, 1, "grapeshot")])
{1: 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from strategy.cards.core import NAMES
from strategy.combat import fire
from strategy.combat.damage import hit
from strategy.combat.data import AREAS, DAMAGE_LEVELS, SHOT

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = [
    "SHOT",
    "PLAIN",
    "EXTRA",
    "POOL_MODS",
    "Hit",
    "pool_mod",
    "load",
    "shifts",
    "apply",
    "extra_injuries",
]

#: one success of a Broadside!: (firer, target, area, level, card, shot)
Hit = tuple["ShipState", "ShipState", int, int, int, str]

_SHOTS = SHOT["shot"]
_SHOT_POOL = {k: v["pool"] for k, v in _SHOTS.items()}
_CHANGE_PENALTY = SHOT["change_penalty"]
#: shot whose hits shift nothing and start no fire (roundshot): each hit is its box
PLAIN = frozenset(k for k, v in _SHOTS.items() if not any(v["shift"]) and not v["fire_on_critical"])
#: shot that adds boxes to the areas it hits (double shot): see :func:`extra_injuries`
EXTRA = frozenset(k for k, v in _SHOTS.items() if v["extra_injured"])


def pool_mod(loaded: bool, current: str, want: str) -> int:
    """The Broadside! pool's modifier for firing ``want``: the shot's own, and the change
    penalty if a shot other than ``want`` is ``loaded`` already."""
    mod = _SHOT_POOL[want]
    if loaded and want != current:
        mod += _CHANGE_PENALTY
    return mod


#: :func:`pool_mod` of every shot wanted, by (loaded, current): a ship keeps the row of
#: her loaded shot (``ShipState.shot_mods``, changed by :func:`load`), looked up on
#: every Broadside!
POOL_MODS = {
    (lo, c): MappingProxyType({w: pool_mod(lo, c, w) for w in _SHOTS})
    for lo in (False, True)
    for c in _SHOTS
}


def load(b: Battle, s: ShipState, want: str) -> None:
    """Ship ``s`` fires ``want``: it is her loaded shot from now on."""
    if s.shot_set and want != s.shot and b.record:
        b.emit("shot_changed", ship=s.id, before=s.shot, after=want)
    s.shot = want
    s.shot_set = True
    s.shot_mods = POOL_MODS[True, want]


def shifts(hits: Sequence[Hit]) -> dict[int, int]:
    """The hits the loaded shot adjusts, ``{index in hits: shift}``: "the effect of one
    hit" on each area the shot names, in each ship's broadside on each target. The firer
    chooses: an increase goes to the best hit that can still rise (a perfect one cannot),
    a reduction to the weakest (the first drawn among equals)."""
    chosen: dict[tuple[int, int, int], tuple[int, int]] = {}
    for i, (s, t, area, level, _, loaded) in enumerate(hits):
        d = _SHOTS[loaded]["shift"][area]
        if not d or (d > 0 and level >= 3):
            continue
        key = (id(s), id(t), area)
        got = chosen.get(key)
        if got is None or (level > hits[got[0]][3] if d > 0 else level < hits[got[0]][3]):
            chosen[key] = (i, d)
    return dict(chosen.values())


def apply(
    b: Battle, s: ShipState, t: ShipState, area: int, level: int, c: int, shot: str, shift: int = 0
) -> None:
    """One hit of ``s``'s broadside on ``t``, ``shift`` levels by the shot (see
    :func:`shifts`); heated shot's fire."""
    spec = _SHOTS[shot]
    shifted = min(3, level + shift)
    if shifted < 1:
        b.emit(
            "hit",
            ship=t.id,
            by=s.id,
            card=NAMES[c],
            area=AREAS[area],
            level=DAMAGE_LEVELS[level],
            crossed=None,
            note=f"spent by {shot}",
        )
        return
    hit(b, t, area, shifted, c, s.id, shot)
    if spec["fire_on_critical"] and level >= 2:
        fire.start(b, t, s.id)


def extra_injuries(b: Battle, hits: Iterable[Hit]) -> None:
    """Double shot: one Injured box more to each of Crew and Hull hit by a ship's
    broadside on a target."""
    seen = set()
    for s, t, area, _, _, shot in hits:
        extra = _SHOTS[shot]["extra_injured"]
        if area in extra and (s.id, t.id, area) not in seen:
            seen.add((s.id, t.id, area))
            hit(b, t, area, 1, None, s.id, shot + " extra")
