"""``admiralty new``: create a campaign on a running server and seat its players.

For Games Masters who script their games: one ``POST /api/campaigns`` (with the operator's
token when the server asks for one), then one ``POST /api/campaigns/<id>/seats`` a seat,
and the links printed, absolute, one a line: the GM's first. A seat is
``role[:squadron or ship][=name]``: ``admiral:White``, ``captain:RO=Jack Aubrey``,
``prime-minister``. Every seat is checked before anything is created; a seat the server
refuses afterwards stops the command (exit 2) with the GM's link already printed.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from typing import Any

from server.commands import UsageError

__all__ = ["SeatSpec", "parse_seats", "register"]

DEFAULT_URL = "http://127.0.0.1:5000"
TIMEOUT = 30.0  # seconds a request may take before the command gives up


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat asked on the command line: its ``POST .../seats`` body."""

    role: str
    squadron: str | None = None
    ship: str | None = None
    name: str | None = None

    def body(self) -> dict[str, str]:
        out = {"role": self.role}
        for key in ("squadron", "ship", "name"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def label(self) -> str:
        berth = self.squadron or self.ship
        text = f"{self.role} {berth}" if berth else self.role
        return f"{text} ({self.name})" if self.name else text


def _seat(text: str) -> SeatSpec:
    from server.game import ROLES, rules

    spec, _, name = text.partition("=")
    role, _, berth = (part.strip() for part in spec.partition(":"))
    roles = [r for r in ROLES if r != "gm"]
    if role not in roles:
        raise UsageError(f"--seats: {role!r} is not a role: {', '.join(roles)}")
    given = name.strip() or None
    if role == "admiral":
        squadron = berth.title()
        if squadron not in rules.SQUADRONS:
            raise UsageError(
                f"--seats: an admiral needs a squadron, admiral:{'|'.join(rules.SQUADRONS)}"
            )
        return SeatSpec(role, squadron=squadron, name=given)
    if role == "captain":
        if not berth:
            raise UsageError("--seats: a captain needs a ship, e.g. captain:RO")
        return SeatSpec(role, ship=berth.upper(), name=given)
    if berth:
        raise UsageError(f"--seats: {role} takes no squadron or ship ({text!r})")
    return SeatSpec(role, name=given)


def parse_seats(text: str | None) -> list[SeatSpec]:
    """``"admiral:White,captain:RO,observer"`` as seats (empty items are skipped).

    >>> [s.label() for s in parse_seats("admiral:white, captain:ro=Jack Aubrey,observer")]
    ['admiral White', 'captain RO (Jack Aubrey)', 'observer']
    """
    return [_seat(item.strip()) for item in (text or "").split(",") if item.strip()]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "new",
        help="create a campaign on a running server and print its links",
        description="Create a campaign on a running Admiralty server, seat its players, and "
        "print the GM's link and one line a seat with its link.",
    )
    p.add_argument("--url", default=DEFAULT_URL, help=f"the server (default {DEFAULT_URL})")
    p.add_argument("--name", required=True, help="the campaign's name")
    p.add_argument("--year", type=int, help="its summer, 1793 to 1815 (default 1805)")
    p.add_argument("--seed", type=int, help="its random seed (default: drawn by the server)")
    p.add_argument("--turn-days", type=int, help="game days a turn moves, 1 to 30 (default 1)")
    p.add_argument("--turn-seconds", type=int, help="real seconds a turn lasts (default: no clock)")
    p.add_argument("--round-seconds", type=int, help="a battle round's deadline in seconds")
    p.add_argument(
        "--admin-token",
        metavar="TOKEN",
        help="the operator's token, if the server asks for one (default $ADMIRALTY_ADMIN_TOKEN)",
    )
    p.add_argument(
        "--seats",
        metavar="LIST",
        help="comma-separated seats, role[:squadron or ship][=name], e.g. "
        "admiral:White,admiral:Red,captain:RO,prime-minister,first-sea-lord,observer",
    )
    p.add_argument("--json", action="store_true", help="print the links as one JSON object")
    p.set_defaults(func=run)


def _post(url: str, body: dict[str, Any], token: str | None) -> dict[str, Any]:
    """POST ``body`` as JSON; the answer's JSON, or :class:`UsageError` with the server's
    one-line refusal (or why it could not be reached)."""
    # imported here: urllib.request imports ssl, which ``serve`` must let gevent patch first
    import urllib.error
    import urllib.request

    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answer = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise UsageError(f"the server refused ({exc.code}): {_refusal(exc)}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise UsageError(f"cannot reach {url}: {reason}") from None
    except ValueError:
        raise UsageError(f"{url} answered something that is not JSON") from None
    if not isinstance(answer, dict):
        raise UsageError(f"{url} answered something that is not a JSON object")
    return answer


def _refusal(exc: Any) -> str:
    """The one line of the protocol's error an ``HTTPError`` carries."""
    try:
        error = json.loads(exc.read())["error"]
        return str(error["message"]).splitlines()[0]
    except (ValueError, KeyError, TypeError, IndexError):
        return str(exc.reason)


def _campaign_body(args: argparse.Namespace) -> dict[str, Any]:
    body: dict[str, Any] = {"name": args.name}
    for key in ("year", "seed", "turn_days", "turn_seconds", "round_seconds"):
        value = getattr(args, key)
        if value is not None:
            body[key] = value
    return body


def run(args: argparse.Namespace) -> int:
    seats = parse_seats(args.seats)  # every seat checked before anything is created
    base = args.url.strip().rstrip("/")
    if not base.startswith(("http://", "https://")):
        raise UsageError(f"--url must start with http:// or https://, not {args.url!r}")
    operator = args.admin_token or os.environ.get("ADMIRALTY_ADMIN_TOKEN") or None
    made = _post(f"{base}/api/campaigns", _campaign_body(args), operator)
    campaign, gm_token = made["id"], made["token"]
    out: dict[str, Any] = {"campaign": campaign, "name": args.name, "gm": made["link"]}
    out["seats"] = []
    if not args.json:
        print(f"campaign {args.name} ({campaign})")
        print(f"gm: {made['link']}", flush=True)
    for spec in seats:
        try:
            seat = _post(f"{base}/api/campaigns/{campaign}/seats", spec.body(), gm_token)
        except UsageError as exc:
            if args.json:  # what was made, for the GM to carry on by hand
                print(json.dumps(out, indent=2))
            raise UsageError(f"campaign {campaign} created; seat {spec.label()}: {exc}") from None
        out["seats"].append({**spec.body(), "seat": seat["seat"], "link": seat["link"]})
        if not args.json:
            print(f"{spec.label()}: {seat['link']}", flush=True)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0
