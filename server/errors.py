"""The one error shape of the protocol: ``{"code": ..., "message": ...}``."""

from __future__ import annotations

__all__ = ["CODES", "ActionError", "HTTP_STATUS", "UsageError"]

CODES = ("invalid", "forbidden", "not_found", "wrong_phase", "conflict")
HTTP_STATUS = {"invalid": 400, "forbidden": 403, "not_found": 404, "wrong_phase": 409,
               "conflict": 409}


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
