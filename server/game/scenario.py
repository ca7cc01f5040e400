"""The scenario (``server/data/scenario.json``: home ports, patrol points, the enemy in
port) as one pydantic model: read once, checked, frozen.

What the file may say is the model's; what only the rules know (the roster's types, BtQ's
named ships) is handed in by the doorway as the validation's context
(:func:`server.game.rules.scenario`): ``{"roster": the roster's type names, "named_type":
name -> the roster type of one of BtQ's Friends and Foes (ValueError if none)}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, model_validator

__all__ = ["EnemyShip", "EnemySquadron", "HomePort", "Scenario"]

_FROZEN = ConfigDict(extra="forbid", strict=True, frozen=True)


class EnemyShip(BaseModel):
    """A ship of an enemy squadron: her name and roster type; ``named`` if she is one of
    BtQ's Friends and Foes (her traits from the book)."""

    model_config = _FROZEN

    name: Annotated[str, Field(min_length=1)]
    type: str
    named: bool = False


class EnemySquadron(BaseModel):
    """An enemy squadron in its port when the summer opens: where it may sortie to, and,
    for raiders and convoys, where it is already bound."""

    model_config = _FROZEN

    id: Annotated[str, Field(min_length=1)]
    side: Literal["France", "Spain", "Netherlands"]
    name: str
    port: str
    sorties: tuple[str, ...]
    ships: Annotated[tuple[EnemyShip, ...], Field(min_length=1)]
    sails_for: str | None = None


class HomePort(BaseModel):
    """Where a fleet's squadron lies when the summer opens (on Blockade Duty or not)."""

    model_config = _FROZEN

    fleet: str
    blockade: bool
    port: str


class Scenario(BaseModel):
    """The whole file: the chance of an enemy sortie a day, the fleets' home ports, each
    station's patrol point (lon, lat) and the enemy squadrons."""

    model_config = ConfigDict(extra="forbid", frozen=True)  # JSON arrays: not strict

    source: str = ""
    sortie_chance: Annotated[float, Field(ge=0, le=1)]
    home_ports: tuple[HomePort, ...]
    patrol_points: dict[str, tuple[float, float]]
    enemy_squadrons: tuple[EnemySquadron, ...]

    @model_validator(mode="after")
    def _checked(self, info: ValidationInfo) -> Scenario:
        ids = [sq.id for sq in self.enemy_squadrons]
        if len(ids) != len(set(ids)):
            raise ValueError("duplicate enemy squadron ids")
        homes = [(h.fleet, h.blockade) for h in self.home_ports]
        if len(homes) != len(set(homes)):
            raise ValueError("a fleet's home port given twice")
        context = info.context or {}
        roster: tuple[str, ...] | None = context.get("roster")
        named_type: Callable[[str], str] | None = context.get("named_type")
        for sq in self.enemy_squadrons:
            for ship in sq.ships:
                if roster is not None and ship.type not in roster:
                    raise ValueError(f"{ship.name}: no roster type {ship.type}")
                if ship.named and named_type is not None and named_type(ship.name) != ship.type:
                    raise ValueError(f"{ship.name} is not a {ship.type}")
        return self

    def home_port(self, fleet: str, blockade: bool) -> str:
        """Where ``fleet``'s squadron lies when the summer opens; KeyError if nowhere."""
        for h in self.home_ports:
            if (h.fleet, h.blockade) == (fleet, blockade):
                return h.port
        raise KeyError(f"no home port for {fleet} (blockade: {blockade})")
