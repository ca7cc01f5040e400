"""The Solent and Spithead coast the chart draws zoomed in: GSHHS high cut to its box
(``maps/data/solent_coast.wkb.gz``, ``scripts/build_solent.py``, docs/data.md)."""

from __future__ import annotations

import shapely
from shapely.geometry import shape

from maps import land as land_model
from maps import layers

ISLE_OF_WIGHT = [(-1.30, 50.70), (-1.25, 50.63), (-1.14, 50.68)]  # Newport, Godshill, Brading
PORTSEA_AND_MAINLAND = [(-1.08, 50.80), (-1.40, 50.90)]  # Portsmouth, Southampton's hinterland
WATER = {
    "Spithead": (-1.10, 50.76),
    "the Solent off Cowes": (-1.32, 50.78),
    "the western Solent": (-1.45, 50.74),
    "Hurst narrows": (-1.545, 50.705),
    "the Channel south of the Wight": (-1.30, 50.56),
}


def test_the_file_is_small_valid_land_inside_its_box() -> None:
    assert land_model.SOLENT_FILE.stat().st_size < 300_000
    coast = land_model.solent_coast()
    assert coast.geoms and all(p.is_valid for p in coast.geoms)
    assert shapely.box(*land_model.SOLENT_BOX).buffer(1e-9).contains(coast)
    # finer than Natural Earth 10m in the same box (the point of it)
    ne = land_model.land_geometry().intersection(shapely.box(*land_model.SOLENT_BOX))
    assert shapely.get_num_coordinates(coast) > 2 * shapely.get_num_coordinates(ne)


def test_the_isle_of_wight_is_land_and_spithead_and_the_solent_water() -> None:
    coast = land_model.solent_coast()
    for lon, lat in ISLE_OF_WIGHT + PORTSEA_AND_MAINLAND:
        assert shapely.contains_xy(coast, lon, lat), (lon, lat)
    for name, (lon, lat) in WATER.items():
        assert not shapely.intersects(coast, shapely.Point(lon, lat).buffer(0.002)), name
    wight = max(coast.geoms, key=lambda p: p.contains(shapely.Point(-1.30, 50.67)))
    assert 0.03 < wight.area < 0.07  # about 380 km2 at 50.7N


def test_the_chart_draws_gshhs_in_the_box_and_natural_earth_outside() -> None:
    drawn = shape(layers.land()["features"][0]["geometry"])
    inside = drawn.intersection(shapely.box(*land_model.SOLENT_BOX))
    coast = land_model.solent_coast()
    # the same land, but for the 4-decimal rounding and Natural Earth's simplified edge
    assert inside.symmetric_difference(coast).area < 1e-3 * coast.area
    assert "GSHHS" in layers.land()["features"][0]["properties"]["source"]
    # one land with Natural Earth's at the box's edges: no coast drawn along them (a few
    # hundredths of a degree where the two coasts cross an edge at different places)
    edges = shapely.box(*land_model.SOLENT_BOX).boundary.buffer(1e-5)
    assert drawn.boundary.intersection(edges).length < 0.05
    # the overview the page opens with is Natural Earth's everywhere
    assert "GSHHS" not in layers.land_overview()["features"][0]["properties"]["source"]
    # routing keeps its own land: the model's 10m coast, not the display's
    assert land_model.is_land(-1.30, 50.67) and land_model.is_sea(-1.10, 50.76)
