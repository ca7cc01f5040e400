"""The server's links: its base URL checked, a seat's invite link built from it.

Nothing here imports Flask: ``admiralty serve`` checks ``--base-url`` in its arbiter, before
gevent has patched the worker (:mod:`server.commands.serve`).
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

__all__ = ["checked_base_url", "seat_link"]


def checked_base_url(value: str | None) -> str | None:
    """The server's base URL as links start (``https://admiralty.example.org``, perhaps
    with a path), without its trailing slash; ``ValueError`` in one line if it is none.

    >>> checked_base_url("https://admiralty.example.org/")
    'https://admiralty.example.org'
    >>> checked_base_url(None) is None
    True
    """
    if not value:
        return None
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(
            f"the base URL must be http(s)://host[:port][/path], without a query: {value!r}"
        )
    return value.strip().rstrip("/")


def seat_link(base: str, campaign_id: str, token: str) -> str:
    """A seat's invite link, absolute: what a GM pastes into a message as it is.

    >>> seat_link("https://a.example", "c1f3a9e2b7", "tok")
    'https://a.example/play/c1f3a9e2b7?token=tok'
    """
    return f"{base.rstrip('/')}/play/{quote(campaign_id, safe='')}?token={quote(token, safe='')}"
