"""The read-only REST data: map layers, ports, routes, voyages and battle odds."""

from __future__ import annotations

import json
import posixpath
import re

import pytest

from strategy.combat import odds
from tests.conftest import ROOT


def test_map_layers_are_geojson_with_patrol_points(world_client) -> None:
    r = world_client.get("/api/map")
    assert r.status_code == 200 and r.mimetype == "application/geo+json"
    layers = r.json
    assert set(layers) >= {"land", "ports", "stations", "shallows", "blockade_zones"}
    for layer in layers.values():
        assert layer["type"] == "FeatureCollection" and layer["features"]
    stations = {f["properties"]["id"]: f["properties"] for f in layers["stations"]["features"]}
    assert stations["channel"]["patrol_point"] == [-5.6, 48.7]


def test_ports_and_routes(world_client) -> None:
    ports = {p["id"]: p for p in world_client.get("/api/ports").json["ports"]}
    assert len(ports) >= 50 and ports["gibraltar"]["nation"] == "Britain"
    r = world_client.get("/api/route?from=portsmouth&to=gibraltar&ship=Third%20Rate&month=6")
    assert r.status_code == 200 and r.json["geometry"]["type"] == "LineString"
    assert 1000 < r.json["properties"]["distance_nm"] < 1600
    r = world_client.get("/api/route?from=portsmouth&to=station:mediterranean")
    assert r.status_code == 200
    for query, code in [
        ("from=portsmouth&to=gibraltr", "not_found"),
        ("from=portsmouth&to=2.35,48.85", "invalid"),
        ("from=portsmouth", "invalid"),
        ("from=portsmouth&to=gibraltar&month=13", "invalid"),
        ("from=portsmouth&to=gibraltar&ship=Galleon", "invalid"),
        ("from=portsmouth&to=station:atlantis", "not_found"),
    ]:
        r = world_client.get(f"/api/route?{query}")
        assert r.json["error"]["code"] == code, query
    assert (
        "gibraltar"
        in world_client.get("/api/route?from=portsmouth&to=gibraltr").json["error"]["message"]
    )


def test_a_gms_voyage_leg_by_leg(world_client) -> None:
    r = world_client.get(
        "/api/voyage?stop=portsmouth&stop=station:mediterranean&stop=malta"
        "&stop=portsmouth&ship=Fifth%20Rate&month=6&stay=2"
    )
    assert r.status_code == 200
    legs = [f for f in r.json["features"] if f["geometry"]["type"] == "LineString"]
    stops = [f for f in r.json["features"] if f["geometry"]["type"] == "Point"]
    assert len(legs) == 3 and len(stops) == 4
    days = [leg["properties"]["arrive_day"] for leg in legs]
    assert days == sorted(days) and days[-1] > 20
    for query in (
        "stop=portsmouth",
        "stop=portsmouth&stop=malta&stay=-1",
        "stop=portsmouth&stop=malta&month=x",
    ):
        assert world_client.get(f"/api/voyage?{query}").json["error"]["code"] == "invalid"


def test_battle_odds(world_client) -> None:
    r = world_client.get("/api/odds?a=Fifth%20Rate&b=Brig%20Sloop&n=200&seed=3")
    assert r.status_code == 200
    rates = r.json
    assert sum(rates[k] for k in ("a_wins", "b_wins", "escaped", "disengaged")) == pytest.approx(1)
    assert rates["a_wins"] > rates["b_wins"]
    assert world_client.get("/api/odds?a=Fifth%20Rate&b=Brig%20Sloop&n=200&seed=3").json == rates
    # fought on every core, answered as if one after another
    even = world_client.get("/api/odds?a=Fifth%20Rate&b=Fifth%20Rate&n=300&seed=8").json
    assert even == odds("Fifth Rate", "Fifth Rate", 300, 8) and even["n"] == 300
    for query in (
        "a=Fifth%20Rate",
        "a=Galleon&b=Cutter",
        "a=Cutter&b=Cutter&n=0",
        "a=Cutter&b=Cutter&n=x",
    ):
        assert world_client.get(f"/api/odds?{query}").json["error"]["code"] == "invalid"


def test_the_months_wind_as_geojson_points(world_client) -> None:
    r = world_client.get("/api/wind?month=1")
    assert r.status_code == 200 and r.mimetype == "application/geo+json"
    body = r.json
    assert body["type"] == "FeatureCollection" and body["month"] == 1
    assert len(body["features"]) > 100
    for feature in body["features"]:
        assert feature["geometry"]["type"] == "Point"
        props = feature["properties"]
        assert set(props) == {"from_deg", "strength", "region"}
        assert 0 <= props["from_deg"] < 360 and props["strength"] in {"light", "fair", "fresh"}
    # the North Atlantic's westerlies in January (maps.wind's own example)
    north_atlantic = [
        f["properties"]
        for f in body["features"]
        if -40 <= f["geometry"]["coordinates"][0] <= -20
        and 42 <= f["geometry"]["coordinates"][1] <= 50
    ]
    assert north_atlantic and all(p["from_deg"] == 270.0 for p in north_atlantic)
    july = world_client.get("/api/wind?month=7").json
    assert july["month"] == 7 and july["features"] != body["features"]
    for bad in ("0", "13", "x", "", "1.5", "-1"):
        r = world_client.get(f"/api/wind?month={bad}")
        assert r.status_code == 400 and r.json["error"]["code"] == "invalid", bad
    assert world_client.get("/api/wind").status_code == 400


def test_static_files_hashed_immutable_and_compressed(world_client) -> None:
    page = world_client.get("/play/x", headers={"Accept-Encoding": "br"})
    assert page.headers["Content-Encoding"] == "br" and page.headers["Cache-Control"] == "no-cache"
    import brotli

    html = brotli.decompress(page.data).decode()
    assert '"/static/v/' in html and '"/vendor/plotly.' in html and '"/static/js/' not in html
    main = html.split('src="')[-1].split('"')[0]
    for encoding in ("br", "gzip"):
        r = world_client.get(main, headers={"Accept-Encoding": encoding})
        assert r.status_code == 200 and r.headers["Content-Encoding"] == encoding
        assert "immutable" in r.headers["Cache-Control"]
    again = world_client.get(main, headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304
    assert world_client.get("/static/v/x/../../server/web/app.py").status_code == 404
    overview = world_client.get("/api/map").data
    coast = world_client.get("/api/map/land").data
    assert len(overview) < 1_000_000 < len(coast)  # the overview's land is the coarse one


def test_map_layers_are_compressed_once_not_on_every_request(world_client, monkeypatch) -> None:
    """/api/map, /api/map/land and /api/wind compress each layer once per encoding: a 304 or
    a repeated 200 sends what was compressed before."""
    from server.web import assets

    compressed: list[str] = []
    brotli_compress, gzip_compress = assets.brotli.compress, assets.gzip.compress

    def count_brotli(body: bytes, **kwargs: object) -> bytes:
        compressed.append("br")
        return brotli_compress(body, **kwargs)

    def count_gzip(body: bytes, *args: object, **kwargs: object) -> bytes:
        compressed.append("gzip")
        return gzip_compress(body, *args, **kwargs)

    monkeypatch.setattr(assets.brotli, "compress", count_brotli)
    monkeypatch.setattr(assets.gzip, "compress", count_gzip)
    for url in ("/api/map", "/api/map/land", "/api/wind?month=11", "/api/ports"):
        compressed.clear()
        first = world_client.get(url, headers={"Accept-Encoding": "br"})
        assert first.status_code == 200 and first.headers["Content-Encoding"] == "br"
        etag = first.headers["ETag"]
        for _ in range(2):
            again = world_client.get(url, headers={"If-None-Match": etag})
            assert again.status_code == 304 and again.headers["ETag"] == etag
            for encoding in ("br", "gzip"):
                r = world_client.get(url, headers={"Accept-Encoding": encoding})
                assert r.status_code == 200 and r.headers["Content-Encoding"] == encoding
                assert r.headers["ETag"] == etag
        assert compressed.count("br") <= 1 and compressed.count("gzip") <= 1, (url, compressed)


def test_the_ports_are_cached_as_the_map_is(world_client) -> None:
    """/api/ports, fixed as the layers are, carries their Cache-Control and an ETag: a second
    request with If-None-Match gets a 304 and no body; the answer is the ports as before."""
    from server.game import rules
    from server.web.world_api import LAYER_CACHE

    first = world_client.get("/api/ports")
    assert first.status_code == 200 and first.headers["Cache-Control"] == LAYER_CACHE
    assert first.json == {"ports": json.loads(json.dumps(rules.ports()))}
    again = world_client.get("/api/ports", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    stale = world_client.get("/api/ports", headers={"If-None-Match": '"not-this-one"'})
    assert stale.status_code == 200 and stale.json == first.json


def test_the_protocols_voyage_example_is_planned(world_client) -> None:
    """docs/protocol.md's /api/voyage example, sent as written, is a voyage the server plans."""
    from pathlib import Path

    protocol = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text()
    (example,) = re.findall(r"^### `GET (/api/voyage\?[^`]+)`$", protocol, re.MULTILINE)
    r = world_client.get(example)
    assert r.status_code == 200, r.json
    stops = [f for f in r.json["features"] if f["geometry"]["type"] == "Point"]
    assert len(stops) == example.count("stop=")


#: a module's static imports: `import ... from "./x.js"`, `export ... from "./x.js"`,
#: `import "./x.js"` (relative; a dynamic import() is not one)
IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](\.{1,2}/[^"']+)["']"""
    r"""|^\s*import\s+["'](\.{1,2}/[^"']+)["']""",
    re.MULTILINE,
)


def _import_graph(start: str) -> set[str]:
    """Every module ``start`` (a path under static/) imports, directly or not."""
    seen, todo = set(), [start]
    while todo:
        path = todo.pop()
        text = (ROOT / "static" / path).read_text()
        for a, b in IMPORT.findall(text):
            name = posixpath.normpath(posixpath.join(posixpath.dirname(path), a or b))
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_play_page_preloads_main_js_s_whole_import_graph(world_client) -> None:
    """issue 32 item 9: the play page names every module main.js imports (at any depth) as a
    modulepreload, so the browser fetches them all with main.js from the first byte instead of
    one level of imports after another; none more (the panels' modules, imported dynamically,
    load while the map is made). Hashed as the page's other files."""
    html = world_client.get("/play/x").get_data(as_text=True)
    version = html.split('"/static/v/')[1].split("/")[0]
    preloads = set(re.findall(r'<link rel="modulepreload" href="/static/v/[^/]+/([^"]+)">', html))
    assert preloads == _import_graph("js/main.js")
    assert {"js/map.js", "js/map_style.js", "vendor/immutable-json-patch/utils.js"} <= preloads
    for path in preloads:
        assert world_client.get(f"/static/v/{version}/{path}").status_code == 200, path
