"""The one error shape of the protocol: ``{"code": ..., "message": ...}``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["CODES", "ActionError", "HTTP_STATUS", "UsageError", "rule_errors"]

CODES = ("invalid", "forbidden", "not_found", "wrong_phase", "conflict")
HTTP_STATUS = {
    "invalid": 400,
    "forbidden": 403,
    "not_found": 404,
    "wrong_phase": 409,
    "conflict": 409,
}


class ActionError(Exception):
    """A refused request: nothing changed. ``code`` is one of :data:`CODES`."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, object]:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}


class UsageError(Exception):
    """Bad input on the command line: ``admiralty`` prints it as one line and exits 2."""


@contextmanager
def rule_errors() -> Iterator[None]:
    """Turn the rules' and the world's refusals into protocol errors: an unknown id
    (KeyError, which names close matches) is ``not_found``, a bad value ``invalid``."""
    try:
        yield
    except KeyError as exc:
        raise ActionError("not_found", str(exc.args[0] if exc.args else exc)) from None
    except ValueError as exc:
        raise ActionError("invalid", str(exc)) from None
