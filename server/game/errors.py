"""The protocol's error codes and the game's one refusal, ``ActionError(code, message)``.

Its shape on the wire is the protocol's one error shape, ``{"ok": false, "error": {"code",
"message"}}`` (docs/protocol.md), built by :func:`server.web.errors.error_body`; the web
part maps each code to an HTTP status.

The rules (:mod:`strategy.errors`) and the world (:mod:`maps.errors`) raise their own
families; :func:`refusal` is the one place they become refusals: a name no table has is
``not_found``, a value they do not take ``invalid``. Anything else (a bare ``KeyError`` from
a bug, a broken data file, a deck run out) is no refusal but a failure of the server's own,
answered ``internal`` and logged by the web part.

>>> refusal(rules.rules_errors.UnknownName("no ship with code 'ZZ'")).code
'not_found'
>>> refusal(rules.maps_errors.OnLand("position (2.35, 48.85) is on land")).code
'invalid'
>>> refusal(KeyError("a bug")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Literal, get_args

from server.game import rules

__all__ = ["CODES", "ActionError", "ErrorCode", "refusal", "refusals"]

#: every code an error of the protocol has: the game's refusals, then the web's own
#: (``not_ready`` while the server starts, ``too_many`` messages of a seat, ``rate_limited``
#: requests of an address or acts of a seat, ``method_not_allowed`` a REST route asked
#: with a method it does not take, ``internal`` a failure of the server's own)
ErrorCode = Literal[
    "invalid",
    "forbidden",
    "not_found",
    "wrong_phase",
    "conflict",
    "not_ready",
    "too_many",
    "rate_limited",
    "method_not_allowed",
    "internal",
]
CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)

#: the rules' and the world's errors that refuse a request, and the code of each (in
#: order: the first that matches); their other errors are failures
_REFUSALS: tuple[tuple[type[Exception], ErrorCode], ...] = (
    (rules.rules_errors.UnknownName, "not_found"),
    (rules.maps_errors.UnknownName, "not_found"),
    (rules.rules_errors.InvalidMove, "invalid"),
    (rules.maps_errors.InvalidValue, "invalid"),
    (rules.maps_errors.NoPassage, "invalid"),
)


class ActionError(Exception):
    """A refused request: nothing changed. ``code`` is one of :data:`CODES`."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message


def refusal(exc: BaseException, unknown: ErrorCode = "not_found") -> ActionError | None:
    """The refusal ``exc`` means: itself if an :class:`ActionError`, the code of a refusal
    of the rules or the world (``unknown`` for a name no table has: ``invalid`` where the
    name is a field of a body, not a thing looked up), else None (a failure)."""
    if isinstance(exc, ActionError):
        return exc
    for family, code in _REFUSALS:
        if isinstance(exc, family):
            return ActionError(unknown if code == "not_found" else code, str(exc))
    return None


@contextmanager
def refusals(unknown: ErrorCode = "not_found") -> Iterator[None]:
    """Raise the rules' and the world's refusals within as :class:`ActionError`
    (:func:`refusal`); every other exception goes through as it is. Also a decorator."""
    try:
        yield
    except (rules.rules_errors.RulesError, rules.maps_errors.MapsError) as exc:
        refused = refusal(exc, unknown)
        if refused is None:
            raise
        raise refused from None
