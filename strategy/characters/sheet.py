# TEMPORARY STUB (replaced by the btq branch)
from __future__ import annotations
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping
from strategy.errors import InvalidMove

@dataclass(frozen=True)
class Sheet:
    position: str
    measures: Mapping[str, int]
    skills: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"position": self.position, "measures": dict(self.measures), "skills": dict(self.skills)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Sheet:
        return sheet_from(d)

def sheet_from(d: Mapping[str, Any]) -> Sheet:
    if set(d) != {"position", "measures", "skills"}:
        raise InvalidMove("sheet: fields")
    return Sheet(d["position"], MappingProxyType(dict(d["measures"])), MappingProxyType(dict(d["skills"])))
