"""``admiralty ports``: the harbours of the world, c.1805."""

from __future__ import annotations

import argparse
import json

__all__ = ["register", "run"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "ports",
        help="list the ports (ids for `admiralty route`)",
        description="List the ports with nation, kind, station and anchorage.",
    )
    p.add_argument("--station", help="only the ports of this station (e.g. channel)")
    p.add_argument("--json", action="store_true", help="print a GeoJSON FeatureCollection")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from server.game import rules

    ports = rules.ports()
    if args.station:
        stations = sorted({p["station"] for p in ports})
        if args.station not in stations:
            raise KeyError(f"unknown station {args.station!r} (one of: {', '.join(stations)})")
        ports = [p for p in ports if p["station"] == args.station]
    if args.json:
        print(
            json.dumps(
                {
                    "type": "FeatureCollection",
                    "features": [
                        {
                            "type": "Feature",
                            "geometry": {"type": "Point", "coordinates": [p["lon"], p["lat"]]},
                            "properties": {
                                k: p[k]
                                for k in ("id", "name", "nation", "kind", "station", "anchorage")
                            },
                        }
                        for p in ports
                    ],
                }
            )
        )
        return 0
    width = max(len(p["id"]) for p in ports) if ports else 2
    for p in ports:
        print(
            f"{p['id']:<{width}}  {p['name']:<28} {p['nation']:<15} {p['kind']:<14}"
            f" {p['station']:<14} {p['lat']:8.3f} {p['lon']:9.3f}"
        )
    return 0
