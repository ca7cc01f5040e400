"""Build ``maps/data/land.wkb.gz`` from Natural Earth 1:10m land (npm ``world-atlas@2.0.2``).

Usage::

    cd /tmp && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python scripts/build_land.py /tmp/package/land-10m.json

The TopoJSON rings are spherical. Read as planar polygons, a ring that jumps across the
antimeridian inverts a band all round the world, so each ring is unwrapped (consecutive
longitudes never differ by more than 180 degrees), a ring that winds round a pole is closed
along that pole, and the unwrapped polygons are cut at +/-180 and shifted back. Rings left
invalid by quantization are repaired with ``make_valid(method="structure")``, keeping polygons.
The result is one gzipped WKB MultiPolygon in lon/lat (WGS84) whose parts are each valid.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box

OUT = Path(__file__).resolve().parent.parent / "maps" / "data" / "land.wkb.gz"


def decode_arcs(topo: dict) -> list[np.ndarray]:
    """The arcs of a quantized TopoJSON as arrays of (lon, lat)."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        q = np.cumsum(np.asarray(arc, dtype=np.int64), axis=0)
        arcs.append(np.column_stack([q[:, 0] * sx + tx, q[:, 1] * sy + ty]))
    return arcs


def ring_coords(indices: list[int], arcs: list[np.ndarray]) -> np.ndarray:
    """Stitch arc indices (``~i`` = arc i reversed) into one closed ring."""
    parts = []
    for i in indices:
        a = arcs[i] if i >= 0 else arcs[~i][::-1]
        parts.append(a if not parts else a[1:])
    return np.concatenate(parts)


def unwrap(ring: np.ndarray) -> np.ndarray:
    """Longitudes made continuous: no step longer than 180 degrees."""
    lon = np.degrees(np.unwrap(np.radians(ring[:, 0])))
    return np.column_stack([lon, ring[:, 1]])


def planar_ring(ring: np.ndarray) -> np.ndarray:
    """An unwrapped ring; a ring winding round a pole is closed along that pole."""
    u = unwrap(ring)
    drift = u[-1, 0] - u[0, 0]
    if abs(drift) < 1e-6:
        return u
    pole = -90.0 if u[:, 1].mean() < 0 else 90.0
    closing = np.array([[u[-1, 0], pole], [u[0, 0], pole], u[0]])
    return np.concatenate([u, closing])


def cut(poly: Polygon) -> list[Polygon]:
    """Cut an unwrapped polygon at +/-180 and shift the pieces back into [-180, 180]."""
    pieces = []
    for k in range(-2, 3):
        window = box(-180 + 360 * k, -90, 180 + 360 * k, 90)
        part = poly.intersection(window)
        if part.is_empty:
            continue
        part = shapely.transform(part, lambda c, k=k: c - np.array([360.0 * k, 0.0]))
        pieces.extend(polygons_of(part))
    return pieces


def polygons_of(geom) -> list[Polygon]:
    """The polygons of any geometry (points and lines dropped)."""
    if geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if hasattr(geom, "geoms"):
        return [p for g in geom.geoms for p in polygons_of(g)]
    return []


def valid_polygons(poly: Polygon) -> list[Polygon]:
    if poly.is_valid:
        return [poly]
    fixed = shapely.make_valid(poly, method="structure", keep_collapsed=False)
    return [p for p in polygons_of(fixed) if p.area > 0]


def build(path: Path) -> MultiPolygon:
    """The land of a ``land-10m.json`` as planar polygons in [-180, 180]."""
    topo = json.loads(path.read_text())
    arcs = decode_arcs(topo)
    out: list[Polygon] = []
    for geom in topo["objects"]["land"]["geometries"]:
        polys = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for rings in polys:
            shell = planar_ring(ring_coords(rings[0], arcs))
            lo, hi = shell[:, 0].min(), shell[:, 0].max()
            holes = []
            for r in rings[1:]:
                h = unwrap(ring_coords(r, arcs))
                # put the hole in the same 360-degree copy as its shell
                shift = 360.0 * round((lo + hi) / 2 / 360 - h[:, 0].mean() / 360)
                holes.append(h + np.array([shift, 0.0]))
            for p in valid_polygons(Polygon(shell, holes)):
                out.extend(q for piece in cut(p) for q in valid_polygons(piece))
    return MultiPolygon(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topojson", type=Path, help="land-10m.json from world-atlas@2.0.2")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    land = build(args.topojson)
    # each part is valid; parts may touch (a river mouth), so the collection need not be
    assert all(p.is_valid for p in land.geoms)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(gzip.compress(shapely.to_wkb(land), 9, mtime=0))
    n = shapely.get_num_coordinates(land)
    print(
        f"{len(land.geoms)} polygons, {n} vertices -> {args.out} "
        f"({args.out.stat().st_size / 1e6:.2f} MB)"
    )


if __name__ == "__main__":
    main()
