"""``admiralty route``: a passage under sail between two ports (or positions)."""

from __future__ import annotations

import argparse
import json

from server.commands import UsageError

__all__ = ["register", "run", "parse_place"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "route",
        help="route a ship between two ports under the season's winds",
        description="Route a ship between ports (ids from `admiralty ports`) or positions "
        "given as LON,LAT; more than two places make a multi-leg voyage. Prints distance, "
        "days, legs and risks, or the GeoJSON with --json.",
    )
    p.add_argument(
        "places",
        nargs="+",
        metavar="PLACE",
        help="port id (e.g. portsmouth) or LON,LAT; at least two "
        "(put -- before the places when a longitude is negative)",
    )
    p.add_argument(
        "--ship",
        default="Third Rate",
        help='BtQ ship type, "Cutter" ... "First Rate" (default "Third Rate")',
    )
    p.add_argument("--month", type=int, default=6, help="month 1-12 for the winds (default 6)")
    p.add_argument(
        "--json",
        action="store_true",
        help="print RFC 7946 GeoJSON (a Feature, or a FeatureCollection per leg)",
    )
    p.set_defaults(func=run)


def parse_place(text: str) -> str | tuple[float, float]:
    """A port id, or ``LON,LAT`` as a position.

    >>> parse_place("portsmouth"), parse_place("-5.5,36")
    ('portsmouth', (-5.5, 36.0))
    """
    if "," in text:
        try:
            lon, lat = (float(v) for v in text.split(","))
        except ValueError:
            raise UsageError(f"a position is LON,LAT, not {text!r}") from None
        return (lon, lat)
    return text


def run(args: argparse.Namespace) -> int:
    if len(args.places) < 2:
        raise UsageError("route needs at least two places")
    if not 1 <= args.month <= 12:
        raise UsageError(f"--month is 1 to 12, not {args.month}")
    from server.game import rules

    rules.sailing_type(args.ship)  # a bad ship type fails before the world is loaded
    places = [parse_place(p) for p in args.places]
    world = rules.world()
    voyage = world.voyage(places, ship=args.ship, month=args.month)
    if args.json:
        doc = voyage.to_geojson() if len(voyage.legs) == 1 else voyage.to_feature_collection()
        print(json.dumps(doc))
        return 0
    print(
        f"{voyage.origin.label()} -> {voyage.destination.label()}: "
        f"{voyage.distance_nm:,.0f} nm, {voyage.days:.1f} days "
        f"({voyage.ship}, {voyage.legs[0].knots:g} knots reaching, month {voyage.month})"
    )
    for i, leg in enumerate(voyage.legs, 1):
        sail = ", ".join(
            f"{k} {v:,.0f} nm" for k, v in sorted(leg.sailing.items(), key=lambda kv: -kv[1])
        )
        print(
            f"  leg {i}: {leg.origin.label()} -> {leg.destination.label()}: "
            f"{leg.distance_nm:,.0f} nm, day {leg.depart_day:.1f} to {leg.arrive_day:.1f}"
            f" (month {leg.month}; {sail})"
        )
    if voyage.risks:
        print("  risks:")
        for r in voyage.risks:
            print(f"    leg {r.leg + 1}: {r.name} at {r.at[1]:.3f}, {r.at[0]:.3f}: {r.rule}")
    else:
        print("  risks: none")
    return 0
