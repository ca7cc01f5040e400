"""The game's one refusal, ``ActionError(code, message)``: the request changed nothing.

Its shape on the wire is the protocol's one error shape, ``{"ok": false, "error": {"code",
"message"}}`` (docs/protocol.md); the web part maps each code to an HTTP status.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["CODES", "ActionError", "rule_errors"]

#: ``not_ready``: the web's, a process still warming up (with ``retry_after``, seconds)
CODES = ("invalid", "forbidden", "not_found", "wrong_phase", "conflict", "not_ready")


class ActionError(Exception):
    """A refused request: nothing changed. ``code`` is one of :data:`CODES`."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, object]:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}


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
