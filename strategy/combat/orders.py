"""The captains' orders at the start of each round, and whether each ship can act on them.

A live captain's orders are checked against the vocabulary of
:mod:`strategy.combat.policies` and completed with its defaults; a ship without orders
follows her side's policy. Ships that strike their colours leave the battle at once.
A ship whose Crew is Maimed must pass a Command test, and one with Maimed Ship Morale a
Discipline test, before she does anything this round (seed 000, the penalty table of
"Step Six: Broadside!"; docs/rules-notes.md, "Ship Morale").

>>> from strategy.combat.battle import Battle
>>> b = Battle("Fifth Rate", "Cutter", distance=3)
>>> normalise(b, b.ships[0], {"move": "board"})
{'move': 'board', 'range': 0, 'shot': 'roundshot', 'continue': True}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from strategy.cards.core import card
from strategy.combat import hardship as _hardship
from strategy.combat import hwyf as _hwyf
from strategy.combat.boarding import ACTIONS as BOARDING_ACTIONS
from strategy.combat.cardtests import unopposed
from strategy.combat.combatant import DEFAULT_SKILL
from strategy.combat.data import REPAIRS, SHOT
from strategy.combat.end import check_end, out_of_battle
from strategy.combat.muskets import ORDERS as MUSKET_ORDERS
from strategy.errors import InvalidMove

if TYPE_CHECKING:
    from strategy.combat.battle import Battle
    from strategy.combat.state import ShipState

__all__ = ["ROUND_KEYS", "ORDER_KEYS", "MOVES", "Orders", "give", "normalise", "given_for", "plain"]

#: what a round's orders may say (a live captain's keys; :class:`Orders` holds them)
ROUND_KEYS = (
    "move",
    "range",
    "target",
    "fire",
    "shot",
    "repair",
    "repair_by",
    "fire_by",
    "hwyf",
    "hardship",
    "strike",
    "continue",
    "surrender",
    "turn_tide",
    "boarding",
    "tow",
    "joker",
    "muskets",
)
#: every key a live captain may give: the round's, and on the first step only the
#: starting distance and the Discipline cards
ORDER_KEYS = frozenset((*ROUND_KEYS, "start_distance", "discipline"))
MOVES = ("close", "hold", "flee", "board")


class Orders:
    """One ship's orders for the round: a record she keeps, written afresh every round by
    her policy (:meth:`npc`, :meth:`strike_colours`) or from a live captain's checked
    orders (:meth:`load`). The keys of :data:`ORDER_KEYS` are its attributes
    (``continue`` as ``continue_``); the phases read them.

    >>> o = Orders()
    >>> o.npc("board", 1, "b0", "grapeshot", None); o.range, o.as_dict()["continue"]
    (0, True)
    """

    __slots__ = (*("continue_" if k == "continue" else k for k in ROUND_KEYS), "given", "_more")

    move: str
    range: int
    target: str | None
    fire: Mapping[str, int] | None
    shot: str
    repair: str | None
    repair_by: str | None
    fire_by: str | None
    hwyf: Mapping[str, str] | None
    hardship: Any
    strike: Any
    continue_: Any
    surrender: Any
    turn_tide: Any
    boarding: Mapping[str, str] | None
    tow: Any
    joker: Any
    #: her Marines' fire (:mod:`strategy.combat.muskets`): an aim, ``hold``, or None
    #: (they return the fire of a ship firing at her)
    muskets: str | None
    #: a live captain's orders as checked (None for a policy's)
    given: Mapping[str, Any] | None

    def __init__(self) -> None:
        #: an order beyond a policy's five may be set (a live captain's, a strike, a
        #: boarding order): the next :meth:`npc` puts the rest back to their defaults
        self._more = True
        # before her first orders: she holds, and wishes the battle to go on
        self.npc("hold", 1, None, "roundshot", None)

    def npc(
        self, move: str, range_: int, target: str | None, shot: str, repair: str | None
    ) -> None:
        """A policy's orders; the rest at their defaults (a policy may set ``boarding``
        after). A boarder closes to Distance 0; she wishes to go on unless she flees."""
        self.move = move
        self.range = 0 if move == "board" else range_
        self.target = target
        self.shot = shot
        self.repair = repair
        self.continue_ = move != "flee"
        if self._more:
            # (a policy's orders round after round set only the five above: the rest are
            # put back only after orders that set them)
            self.fire = self.repair_by = self.hwyf = self.surrender = self.turn_tide = None
            self.fire_by = self.hardship = None
            self.boarding = self.tow = self.joker = self.given = self.muskets = None
            self.strike = False
            self._more = False

    def strike_colours(self, shot: str) -> None:
        """A policy strikes her colours: nothing else ordered (she keeps her shot)."""
        self.npc("close", 1, None, shot, None)
        self.strike = True
        self._more = True

    def board_with(self, boarding: Mapping[str, str]) -> None:
        """A policy's boarding orders, ``{officer: action}``, beside its :meth:`npc`."""
        self.boarding = boarding
        self._more = True

    def fire_muskets(self, aim: str) -> None:
        """A policy's order to her Marines (:meth:`Policy.muskets`), beside its :meth:`npc`."""
        self.muskets = aim
        self._more = True

    def load(self, o: Mapping[str, Any]) -> None:
        """A live captain's orders, checked and completed by :func:`normalise`."""
        get = o.get
        self.move, self.range, self.shot = o["move"], o["range"], o["shot"]
        self.continue_ = o["continue"]
        self.target, self.fire, self.repair = get("target"), get("fire"), get("repair")
        self.repair_by, self.hwyf, self.strike = get("repair_by"), get("hwyf"), get("strike")
        self.fire_by, self.hardship = get("fire_by"), get("hardship")
        self.surrender, self.turn_tide = get("surrender"), get("turn_tide")
        self.boarding, self.tow, self.joker = get("boarding"), get("tow"), get("joker")
        self.muskets = get("muskets")
        self.given = o
        self._more = True

    def as_dict(self) -> dict[str, Any]:
        """The orders as the ``decision`` event tells them: a live captain's as checked,
        a policy's as :meth:`Policy.decide` says them with the defaults filled in."""
        if self.given is not None:
            return dict(self.given)
        if self.strike:
            out = {"strike": True, "move": self.move, "range": self.range, "shot": self.shot}
        else:
            out = {
                "move": self.move,
                "range": self.range,
                "target": self.target,
                "shot": self.shot,
                "repair": self.repair,
            }
            if self.boarding is not None:
                out["boarding"] = self.boarding
            if self.muskets is not None:  # (a policy that orders none says nothing of it)
                out["muskets"] = self.muskets
        out["continue"] = self.continue_
        return out


def give(b: Battle, given: Mapping[str, Any]) -> None:
    """Every active ship's orders for the round (live or her policy's), then the
    strikes, then who can act."""
    strike = gated = False
    becalmed = b.weather["sets"]
    record = b.record
    for s in b.ships:
        if not s.active:
            continue
        o = s.orders
        raw = given.get(s.id, given.get(s.side)) if given else None
        if raw is None:
            b.policies[s.side].orders(b, s, o)
        else:
            _live(b, s, o, raw)
        if o.strike:
            strike = True
        if record:
            b.emit("decision", ship=s.id, orders=plain(o.as_dict()))
        s.acting = True
        if becalmed:
            # (the boats tow only in a calm: out of one, a ship's tow stays off)
            s.set_tow(bool(o.tow))
        if s.damage.m.gates or s.morale_mod:
            gated = True
    if strike:
        _strike(b)
    if gated:
        for s in b.ships:
            if s.active and (s.damage.m.gates or s.morale_mod):
                _able(b, s)


def _live(b: Battle, s: ShipState, o: Orders, raw: Any) -> None:
    """A live captain's orders, checked; the officers he names for Overcoming Great
    Hardship spend a point of their Measure each (:mod:`strategy.combat.hardship`)."""
    o.load(normalise(b, s, raw))
    _hardship.spend_all(b, s, o.hardship)


def _strike(b: Battle) -> None:
    """The ships ordered to strike their colours leave the battle."""
    for s in b.ships:
        if s.active and s.orders.strike:
            out_of_battle(b, s, "struck")
    # (every other way out of the battle checks the end where it happens)
    check_end(b)


def _able(b: Battle, s: ShipState) -> None:
    """The tests a ship must pass before she does anything this round."""
    gates = [g for g in s.damage.m.gates if g[0] == "act"]
    if s.morale_mod <= -3:
        gates.append(("act", "discipline"))
    for _, skill in gates:
        officer = None
        if skill != "discipline":
            pool, officer = s.skill(skill), s.tester(skill)
        elif s.spec.officers:
            pool, officer = s.spec.officers[0].discipline, s.spec.officers[0].name
        else:
            pool = DEFAULT_SKILL
        if not unopposed(b, f"{skill} to act", s, pool, officer=officer):
            s.acting = False
            b.emit("cannot_act", ship=s.id, reason=skill)
            break


def normalise(b: Battle, s: ShipState, raw: Any) -> dict[str, Any]:
    """A live captain's orders for ``s``, checked and completed with the defaults."""
    if not isinstance(raw, Mapping):
        raise InvalidMove(f"orders for {s.id} must be a mapping")
    extra = set(raw) - ORDER_KEYS
    if extra:
        raise InvalidMove(
            f"orders for {s.id}: unknown keys {sorted(extra)}; valid: {sorted(ORDER_KEYS)}"
        )
    o = dict(raw)
    move = o.get("move", "close")
    if move not in MOVES:
        raise InvalidMove(f"move {move!r}; valid: {', '.join(MOVES)}")
    o["move"] = move
    o["range"] = 0 if move == "board" else int(o.get("range", 1))
    if o["range"] not in (0, 1, 2):
        raise InvalidMove("range must be 0, 1 or 2")
    shot = o.get("shot", s.shot)
    if shot not in SHOT["shot"]:
        raise InvalidMove(f"shot {shot!r}; valid: {', '.join(SHOT['shot'])}")
    o["shot"] = shot
    rep = o.get("repair")
    if rep is not None and rep not in REPAIRS:
        raise InvalidMove(f"repair {rep!r}; valid: {', '.join(REPAIRS)}")
    _targets(b, s, o)
    if o.get("muskets") is not None and o["muskets"] not in MUSKET_ORDERS:
        raise InvalidMove(f"muskets {o['muskets']!r}; valid: {', '.join(MUSKET_ORDERS)}")
    if o.get("joker") is not None:
        card(o["joker"])
    _officers(s, o)
    o.setdefault("continue", move != "flee")
    return o


def _targets(b: Battle, s: ShipState, o: dict[str, Any]) -> None:
    """The ``target`` and ``fire`` orders name enemy ships; ids replace names."""
    if o.get("target") is not None:
        t = b.ship(o["target"])
        if t.side == s.side:
            raise InvalidMove(f"{s.id} cannot target its own side's {t.id}")
        o["target"] = t.id
    if isinstance(o.get("fire"), Mapping):
        split = {}
        for k, v in o["fire"].items():
            t = b.ship(k)
            if t.side == s.side or int(v) < 0:
                raise InvalidMove("fire: enemy ship ids and card counts >= 0")
            split[t.id] = int(v)
        o["fire"] = split
    elif o.get("fire") is not None:
        raise InvalidMove("fire must be None or {enemy_id: cards}")


def _officers(s: ShipState, o: dict[str, Any]) -> None:
    """The ``hwyf``, ``boarding``, ``hardship``, ``repair_by`` and ``fire_by`` orders name
    her officers; each ``hwyf`` choice is one of :mod:`strategy.combat.hwyf`'s."""
    names = {x.name for x in s.spec.officers}
    for key in ("hwyf", "boarding"):
        if o.get(key) is not None and not set(o[key]) <= names:
            raise InvalidMove(f"{key}: unknown officers {sorted(set(o[key]) - names)}")
    _hardship.wanted(s, o.get("hardship"))  # (checked: his officers, each a Measure)
    for key in ("repair_by", "fire_by"):
        if o.get(key) is not None and o[key] not in names:
            raise InvalidMove(f"{key}: unknown officer {o[key]!r}")
    if o.get("fire_by") is not None and o["fire_by"] == o.get("repair_by"):
        raise InvalidMove("fire_by: he who fights the fire makes no other repair")
    if o.get("hwyf"):
        for v in o["hwyf"].values():
            _hwyf.choice(v)
    for who, action in (o.get("boarding") or {}).items():
        if action not in BOARDING_ACTIONS:
            raise InvalidMove(
                f"boarding: {who}'s {action!r} is none of {', '.join(BOARDING_ACTIONS)}"
            )


def given_for(given: Mapping[str, Any], s: ShipState, key: str) -> Any:
    """The ``key`` order given for ship ``s`` (by her id, else for her side), or None."""
    if not given:
        return None
    for k in (s.id, s.side):
        v = given.get(k)
        if isinstance(v, Mapping) and key in v:
            return v[key]
    return None


_SCALARS = frozenset((str, int, bool, float, type(None)))


def plain(value: Any) -> Any:
    """Orders as plain JSON values (for events and the saved battle)."""
    if type(value) is dict:
        # the usual orders: plain keys and mostly plain values, no ABC checks to make
        return {
            k if type(k) is str else str(k): v if type(v) in _SCALARS else plain(v)
            for k, v in value.items()
        }
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value
