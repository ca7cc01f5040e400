"""The card tests of a battle, drawn from its dealer and recorded as ``test`` events.

Seed 000, "Tests": an unopposed test overturns a pool against a Card of Fate and passes
on any success (the best level counts: repairs, fighting fires, the tests a Maimed area
requires); a contested test compares two pools against one Card of Fate, perfect then
critical then ordinary successes then the success cards' values; mutual failure redraws
the same pools against the same Card of Fate ("FOUR: ... He does NOT shuffle this card
back into his deck"), as every test of the game does (:func:`strategy.cards.trials.
contested_test`), at most 25 times, then no result (docs/rules-notes.md).

Every test is made in the battle's weather (Matters Nautical, "Weather as a Static
Modifier", 000:1207: "a simple modifier is applied to any test in that weather"): the
precipitation's modifier on each pool a ship's men overturn, and Mist's or Fog's on each
Awareness test (000:1213, "all Awareness tests made on the ship are at -2 ... -4"); a GM's
difficulty pool is no test made in it. The test's event names it (``weather``).

>>> from strategy.cards.dealer import ScriptedDealer
>>> from strategy.combat.battle import Battle
>>> b = Battle("Fifth Rate", "Fifth Rate", distance=3, dealer=ScriptedDealer(
...     ["7D", "7S", "2C", "KD", "3H", "KS", "4D"]))
>>> a0, b0 = b.ships
>>> unopposed(b, "repair", a0, 2), contested(b, "positioning", (a0, 1), (b0, 2))
(2, (1, 0, 2))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from strategy.cards.core import LEVELS, NAMES, rank_key, successes

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["RESULTS", "DIFFICULTY", "unopposed", "contested"]

#: a test's result by its best success level
RESULTS = ("failure", "ordinary", "critical", "perfect")
#: the label of a GM's difficulty pool in a contest (a static test's opposition)
DIFFICULTY = "difficulty"
_MAX_REDRAWS = 25
#: the cards a Naysayer's curse takes off a pool, and gives his if it comes true
_CURSE = 2
_DEAD = 3


def unopposed(
    b: Battle,
    what: str,
    ship: ShipState,
    pool: int,
    area: str | None = None,
    officer: str | None = None,
) -> int:
    """A test with no opposing pool: the best success level (0 = failure). ``area``: the
    area being repaired, ``officer``: the officer whose skill or Measure is tested (the
    crew's test names none), for the event. A test of his: an enemy Naysayer's curse or
    his own boon (:func:`_naysay`); failed, his Jack Tar repeats it (:meth:`ShipState.
    repeat`; ``repeat`` on the repeated test's event)."""
    info: dict[str, Any] = {} if area is None else {"area": area}
    if b.wet:
        pool += b.wet
        info["weather"] = b.wet
    cursed = None
    if officer is not None:
        info["officer"] = officer
        if b.naysaying:
            pool, cursed = _naysay(b, ship, officer, pool, info)
    best = _overturn(b, what, ship, pool, info)
    if not best and officer is not None and ship.repeat(officer):
        info["repeat"] = {"trait": "Jack Tar", "officer": officer}
        best = _overturn(b, what, ship, pool, info)
    if cursed is not None and not best:
        _came_true(cursed)
    return best


def _overturn(b: Battle, what: str, ship: ShipState, pool: int, info: dict[str, Any]) -> int:
    """An unopposed test's draw and its event."""
    dealer = b.dealer
    cof = dealer.cof()
    best = 0
    if pool > 0:
        cards = dealer.draw(pool, cof, ship.gm)
        # the joker's entry is 3: it counts as the CoF itself
        row = LEVELS[cof]
        for c in cards:
            if row[c] > best:
                best = row[c]
    else:
        cards = []
    if b.record:
        b.emit(
            "test",
            what=what,
            ship=ship.id,
            cof=NAMES[cof],
            pool=pool,
            cards=[NAMES[c] for c in cards],
            result=RESULTS[best],
            **info,
        )
    return best


def contested(
    b: Battle,
    what: str,
    a: tuple[Any, int],
    b_: tuple[Any, int],
    skill_of: str | None = None,
    **info: Any,
) -> tuple[int, int, int]:
    """A contested test between ``(who, pool)`` pairs; ``who`` is a ShipState, or a
    ``(ShipState, label, deck_is_gm)`` for a person (the label his name) or the GM's
    difficulty pool. ``skill_of``: the skill a ship's pool is, so that each side's event names
    the officer whose skill it used (:meth:`ShipState.tester`).

    Returns ``(winner, best_a, best_b)``: winner 0 (a), 1 (b) or -1 (no result after
    mutual failures), and each side's best success level in the last draw. A side's
    officer may be cursed by an enemy Naysayer or have his boon (:func:`_naysay`); the
    loser's officer's Jack Tar repeats the whole test, a new Card of Fate and all ("with
    the previous result ignored"; :meth:`ShipState.repeat`, ``repeat`` on its event).
    """
    (who_a, pool_a), (who_b, pool_b) = a, b_
    if b.wet or b.sight:
        sight = b.sight if "awareness" in (skill_of, info.get("skill")) else 0
        if b.wet + sight:
            pool_a, pool_b = (
                _in_weather(who_a, pool_a, b.wet + sight),
                _in_weather(who_b, pool_b, b.wet + sight),
            )
            info = {**info, "weather": b.wet + sight}
    cursed = None
    if b.naysaying or b.reputed:
        pools = [pool_a, pool_b]
        for i, who in enumerate((who_a, who_b)):
            name = _officer_of(who, skill_of, info, i == 1)
            if name is not None:
                told: dict[str, Any] = {}
                pools[i], curse = _his_cards(b, who, (who_b, who_a)[i], name, pools[i], told)
                if curse is not None:
                    cursed = (curse, i)
                for key, said in told.items():  # (both sides' in one list)
                    info = {**info, key: [*info.get(key, ()), *said]}
        pool_a, pool_b = pools
    a, b_ = (who_a, pool_a), (who_b, pool_b)
    w, best_a, best_b = _contest(b, what, a, b_, skill_of, info)
    lost = who_b if w == 0 else who_a
    if w >= 0 and _ship_of(lost).repeats:
        loser = _officer_of(lost, skill_of, info, w == 0)
        if loser is not None and _ship_of(lost).repeat(loser):
            again = {**info, "repeat": {"trait": "Jack Tar", "officer": loser}}
            w, best_a, best_b = _contest(b, what, a, b_, skill_of, again)
    if cursed is not None and w == 1 - cursed[1]:
        _came_true(cursed[0])
    return w, best_a, best_b


def _contest(
    b: Battle,
    what: str,
    a: tuple[Any, int],
    b_: tuple[Any, int],
    skill_of: str | None,
    info: dict[str, Any],
) -> tuple[int, int, int]:
    """A contested test's draws (redrawn on mutual failure) and their events."""
    (who_a, pool_a), (who_b, pool_b) = a, b_
    if pool_a <= 0 and pool_b <= 0:
        b.emit("test", what=what, sides=[], result="no cards", **info)
        return -1, 0, 0
    gm_a = who_a[2] if isinstance(who_a, tuple) else who_a.gm
    gm_b = who_b[2] if isinstance(who_b, tuple) else who_b.gm
    dealer = b.dealer
    best_a = best_b = 0
    # one Card of Fate for the test and its redraws: the decks are shuffled without it
    cof = dealer.cof()
    for _ in range(_MAX_REDRAWS):
        cards_a = dealer.draw(pool_a, cof, gm_a) if pool_a > 0 else []
        cards_b = dealer.draw(pool_b, cof, gm_b) if pool_b > 0 else []
        key_a, key_b = rank_key(successes(cof, cards_a)), rank_key(successes(cof, cards_b))
        # the key starts with the perfect, critical, ordinary counts: the best level
        best_a = 3 if key_a[0] else 2 if key_a[1] else 1 if key_a[2] else 0
        best_b = 3 if key_b[0] else 2 if key_b[1] else 1 if key_b[2] else 0
        if b.record:
            _record(
                b,
                what,
                cof,
                ((who_a, pool_a, cards_a, key_a), (who_b, pool_b, cards_b, key_b)),
                info,
                skill_of,
            )
        if key_a != key_b:
            return (0 if key_a > key_b else 1), best_a, best_b
    return -1, best_a, best_b


def _in_weather(who: Any, pool: int, mod: int) -> int:
    """A side's pool in the weather: ``mod`` on it, but on a GM's difficulty pool (a
    static test's opposition, no test made in the weather)."""
    if isinstance(who, tuple) and who[1] == DIFFICULTY:
        return pool
    return pool + mod


def _ship_of(who: Any) -> ShipState:
    return who[0] if isinstance(who, tuple) else who


def _officer_of(who: Any, skill_of: str | None, info: dict[str, Any], second: bool) -> str | None:
    """The officer whose test a contest's side is, or None (the crew's, the GM's
    difficulty, an enemy crew's): the man of a person's side (his name its label; the
    duel's enemy officer, labelled by his post, ``foe_officer``), the officer of a ship's
    skill."""
    if isinstance(who, tuple):
        ship, label = who[0], who[1]
        if any(o.name == label for o in ship.spec.officers):
            return str(label)
        return info.get("foe_officer") if second else None
    return who.tester(skill_of) if skill_of else None


def _his_cards(
    b: Battle, who: Any, other: Any, officer: str, pool: int, told: dict[str, Any]
) -> tuple[int, tuple[ShipState, str] | None]:
    """The cards on ``officer``'s side of a contest with ``other``: his Reputation that
    names the enemy ship he contests with (:meth:`ShipState.reputation`), a Naysayer's
    curse or his boon (:func:`_naysay`). The pool, the curser if cursed; ``told`` the
    event's ``reputation`` and ``naysayer``."""
    ship = _ship_of(who)
    if b.reputed:
        foe = _ship_of(other)
        if foe.side != ship.side:
            cards, subject = ship.reputation(officer, foe)
            if cards:
                pool += cards
                told["reputation"] = [{"officer": officer, "subject": subject, "cards": cards}]
    if b.naysaying:
        return _naysay(b, ship, officer, pool, told)
    return pool, None


def _naysay(
    b: Battle, ship: ShipState, officer: str, pool: int, info: dict[str, Any]
) -> tuple[int, tuple[ShipState, str] | None]:
    """Naysayer (seed 000, Step Seven): "Once per session you may 'curse' another player's
    test during a non-skirmish challenge by reducing their card pool by 2 cards. If that
    challenge fails, you may add 2 cards to one of your card pools later in the session.
    You may not use this ability ... on any test with 2 or less cards." ``officer``'s
    test of ``ship``: his boon if his curse came true (+2, once); else, out of a boarding
    and with more than 2 cards, the curse of an enemy in contact whose Naysayer is unspent
    (-2; the first found alive, once a fight a take). The pool, and the curser if cursed;
    the test's ``naysayer`` in ``info``: ``[{officer (the Naysayer), cards, on (the
    officer whose pool it is)}]``."""
    boon = ship.boons.get(officer)
    if boon:
        del ship.boons[officer]
        info["naysayer"] = [{"officer": officer, "cards": boon, "on": officer}]
        return pool + boon, None
    if pool <= _CURSE or ship.boarding is not None:
        return pool, None
    for foe in b.enemies(ship):
        for name, left in foe.curses.items():
            if left and foe.health[name] < _DEAD:
                foe.curses[name] = left - 1
                info["naysayer"] = [{"officer": name, "cards": -_CURSE, "on": officer}]
                return pool - _CURSE, (foe, name)
    return pool, None


def _came_true(curser: tuple[ShipState, str]) -> None:
    """A cursed test failed: "you may add 2 cards to one of your card pools later in the
    session" (his next test)."""
    ship, name = curser
    ship.boons[name] = ship.boons.get(name, 0) + _CURSE


def _record(
    b: Battle,
    what: str,
    cof: int,
    sides_: tuple[tuple[Any, int, list[int], tuple[int, ...]], ...],
    info: dict[str, Any],
    skill_of: str | None = None,
) -> None:
    sides = []
    for who, pool, cards, key in sides_:
        side = {
            "who": who[1] if isinstance(who, tuple) else who.id,
            "pool": pool,
            "cards": [NAMES[c] for c in cards],
            "perfect": key[0],
            "critical": key[1],
            "ordinary": key[2],
        }
        officer = who.tester(skill_of) if skill_of and not isinstance(who, tuple) else None
        if officer is not None:
            side["officer"] = officer
        sides.append(side)
    key_a, key_b = sides_[0][3], sides_[1][3]
    winner = None if key_a == key_b else sides[0 if key_a > key_b else 1]["who"]
    b.emit("test", what=what, cof=NAMES[cof], sides=sides, winner=winner, **info)
