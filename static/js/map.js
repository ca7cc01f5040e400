// The sea chart: plotly.js 4's `scattermap` (MapLibre GL, drawn on the GPU) over an offline
// style built from the game's own layers (/api/map): no tile server, no glyphs, no sprites.
// The static layers (land, stations, shallows, blockade zones, ports, the month's wind) are
// sources of the style, filled ONCE with setData and never touched by an event; the live
// layers (forces, routes, engagements, the preview, a voyage, a replay) are plotly traces,
// redrawn with Plotly.react. Labels are HTML over the map, placed by priority so that none
// overlaps another (MapLibre would need a glyph server for text).

import { el } from "./util.js";

export const SQUADRON_COLOURS = {
  White: "#f4f1e8", Red: "#b3261e", Blue: "#1f4e9c", Blockade: "#6a1b9a",
};
export const NATION_COLOURS = {
  Britain: "#9c1c1c", France: "#1d3f8f", Spain: "#c79100", Netherlands: "#d9640b",
};
const NEUTRAL = "#6d6d6d";
const SEA = "#dfe6df"; // the chart's paper sea
const LAND = "#eadcb4"; // its paper land
const COAST = "#7d6a43";
export const SAIL_COLOURS = {
  running: "#2e7d32", reaching: "#1565c0", "close-hauled": "#ef6c00", beating: "#b3261e",
};
const WIND_COLOURS = { light: "#8fa3ad", fair: "#5b7685", fresh: "#2f4858" };
const STYLE_ID = "admiralty-chart";
/** Zoom from which the coast is drawn in detail (/api/map/land, fetched once). */
export const DETAIL_ZOOM = 4.5;
/** Label priorities: own forces first, then engagements, enemy forces, stations, ports. */
export const PRIORITY = { own: 0, engagement: 1, british: 2, enemy: 3, station: 4, port: 5 };

/** Views the zoom buttons offer: [lon range, lat range]. */
export const VIEWS = {
  Atlantic: [[-100, 42], [-42, 68]],
  Europe: [[-20, 32], [34, 64]],
  Channel: [[-7, 3], [48, 52.5]],
  Solent: [[-1.75, -0.95], [50.6, 50.95]],
  World: [[-180, 180], [-60, 80]],
};

const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

/** The centre and zoom that show a lon/lat box in `width` x `height` pixels (Web Mercator,
 * MapLibre's 512-pixel world at zoom 0). */
export function cameraFor([lon0, lon1], [lat0, lat1], width, height) {
  const w = Math.max(width || 800, 50);
  const h = Math.max(height || 600, 50);
  const zx = Math.log2((w / 512) * (360 / Math.max(1e-6, lon1 - lon0)));
  const zy = Math.log2((h / 512) * ((2 * Math.PI) / Math.max(1e-6, mercY(lat1) - mercY(lat0))));
  const midY = (mercY(lat0) + mercY(lat1)) / 2;
  const lat = ((2 * Math.atan(Math.exp(midY)) - Math.PI / 2) * 180) / Math.PI;
  return { center: { lon: (lon0 + lon1) / 2, lat }, zoom: Math.max(0, Math.min(zx, zy)) };
}

/** Shoelace area of a ring in lon/lat: > 0 counter-clockwise, < 0 clockwise. */
export function signedArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    sum += ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
  }
  return sum / 2;
}

function polygonsOf(geometry) {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry.coordinates];
  if (geometry.type === "MultiPolygon") return geometry.coordinates;
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(polygonsOf);
  return [];
}

/** A representative point of a polygon feature: its outer ring's vertex mean. */
export function centreOf(feature) {
  const props = feature.properties || {};
  for (const key of ["patrol_point", "point", "label_point", "centre", "center"]) {
    const p = props[key];
    if (Array.isArray(p) && p.length === 2) return p;
  }
  if (feature.geometry?.type === "Point") return feature.geometry.coordinates;
  let best = null;
  let bestArea = -1;
  for (const polygon of polygonsOf(feature.geometry)) {
    const area = Math.abs(signedArea(polygon[0]));
    if (area > bestArea) {
      bestArea = area;
      best = polygon[0];
    }
  }
  if (!best) return null;
  const n = best.length - 1 || 1;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i += 1) {
    sx += best[i][0];
    sy += best[i][1];
  }
  return [sx / n, sy / n];
}

/** Is [lon, lat] inside a polygon feature (even-odd over its rings)? */
export function contains(feature, point) {
  const [x, y] = point;
  for (const polygon of polygonsOf(feature.geometry)) {
    let inside = false;
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
        const [xi, yi] = ring[i];
        const [xj, yj] = ring[j];
        if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
          inside = !inside;
        }
      }
    }
    if (inside) return true;
  }
  return false;
}

export function featureId(feature) {
  const p = feature.properties || {};
  return p.id ?? p.port ?? p.name ?? null;
}

export function featureName(feature) {
  const p = feature.properties || {};
  return p.name ?? p.id ?? p.port ?? "";
}

/** Do two boxes {x, y, w, h} overlap? */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * Greedy decluttering: `items` ({box, priority}) in priority order (then as given); each is
 * kept if its box overlaps none kept before it. Returns the kept items' indexes.
 */
export function declutter(items) {
  const order = items.map((it, i) => i).sort((a, b) => items[a].priority - items[b].priority
    || a - b);
  const cell = 64;
  const grid = new Map();
  const kept = [];
  for (const i of order) {
    const { box } = items[i];
    if (!box) continue;
    const cells = [];
    for (let cx = Math.floor(box.x / cell); cx <= Math.floor((box.x + box.w) / cell); cx += 1) {
      for (let cy = Math.floor(box.y / cell); cy <= Math.floor((box.y + box.h) / cell); cy += 1) {
        cells.push(`${cx},${cy}`);
      }
    }
    if (cells.some((c) => (grid.get(c) || []).some((b) => overlaps(b, box)))) continue;
    for (const c of cells) {
      if (!grid.has(c)) grid.set(c, []);
      grid.get(c).push(box);
    }
    kept.push(i);
  }
  return kept;
}

/** Wind arrows as line segments (null-separated): a shaft pointing downwind and a head. */
export function windArrows(features, length = 2.6) {
  const out = { light: [[], []], fair: [[], []], fresh: [[], []] };
  for (const f of features) {
    const [lon, lat] = f.geometry.coordinates;
    const { from_deg: from, strength } = f.properties;
    const bucket = out[strength] || out.fair;
    const to = ((from + 180) * Math.PI) / 180; // the way the wind blows
    const k = Math.cos((lat * Math.PI) / 180) || 1;
    const dx = (Math.sin(to) * length) / 2 / k;
    const dy = (Math.cos(to) * length) / 2;
    const tip = [lon + dx, lat + dy];
    const tail = [lon - dx, lat - dy];
    const head = (turn) => {
      const a = to + Math.PI + turn;
      return [tip[0] + (Math.sin(a) * length * 0.35) / k, tip[1] + Math.cos(a) * length * 0.35];
    };
    for (const seg of [[tail, tip], [head(0.45), tip, head(-0.45)]]) {
      bucket[0].push(seg);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([name, [segs]]) => [name,
    { type: "Feature", properties: { strength: name },
      geometry: { type: "MultiLineString", coordinates: segs } }]));
}

function forceColour(force) {
  if (force.side === "Britain") return SQUADRON_COLOURS[force.squadron] || "#f2c200";
  return NATION_COLOURS[force.side] || NEUTRAL;
}

const GONE = new Set(["sunk", "taken", "struck", "decimated", "captured", "wrecked", "lost"]);
const afloatShips = (force) => (force.ships || []).filter((s) => !GONE.has(s.status));

/** A force's label: a squadron by its colour, a ship on her own (or enemy) by her name. */
function shortName(force) {
  const ships = afloatShips(force);
  if (force.side === "Britain" && force.squadron && ships.length !== 1) return force.squadron;
  if (ships.length === 1 && String(force.id).startsWith("ship-")) return ships[0].name;
  return force.name || force.id;
}

function shipsText(force) {
  return afloatShips(force).map((s) => `${s.name} (${s.type})`).join("<br>");
}

/** Is this force on the map? Sunk, taken, struck and decimated ships have left it. */
export function onMap(force) {
  return force.afloat !== false && afloatShips(force).length > 0
    && Number.isFinite(force.lon) && Number.isFinite(force.lat);
}

function isOwn(force, seat) {
  if (!seat || force.side !== "Britain") return false;
  if (seat.role === "admiral" && seat.squadron) return force.squadron === seat.squadron;
  if (seat.ship) return afloatShips(force).some((s) => s.code === seat.ship || s.name === seat.ship);
  return false;
}

/** Forces within a hundredth of a degree of each other are one stack on the map. */
export function stacks(forces) {
  const byKey = new Map();
  for (const f of forces) {
    const key = `${Math.round(f.lon * 100)},${Math.round(f.lat * 100)}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(f);
  }
  return [...byKey.entries()].map(([key, group]) => ({ key, forces: group,
    lon: group[0].lon, lat: group[0].lat }));
}

function emptyFC() {
  return { type: "FeatureCollection", features: [] };
}

/** The offline MapLibre style: a paper sea, and sources filled once after the first draw. */
function chartStyle() {
  const src = () => ({ type: "geojson", data: emptyFC() });
  const nationColour = ["match", ["get", "nation"],
    ...Object.entries(NATION_COLOURS).flat(), NEUTRAL];
  return {
    version: 8, id: STYLE_ID, name: STYLE_ID,
    sources: { land: src(), stations: src(), shallows: src(), zones: src(), ports: src(),
      "station-marks": src(), wind: src(), graticule: src() },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": SEA } },
      { id: "graticule", type: "line", source: "graticule",
        paint: { "line-color": "rgba(110,95,60,0.28)", "line-width": 0.6 } },
      { id: "land", type: "fill", source: "land", paint: { "fill-color": LAND } },
      { id: "coast", type: "line", source: "land",
        paint: { "line-color": COAST, "line-width": 0.7 } },
      { id: "stations", type: "line", source: "stations",
        paint: { "line-color": "rgba(30,70,130,0.5)", "line-width": 1,
          "line-dasharray": [2, 2] } },
      { id: "shallows", type: "fill", source: "shallows",
        paint: { "fill-color": "rgba(110,160,110,0.35)", "fill-outline-color": "#4c7d4c" } },
      { id: "zones", type: "line", source: "zones",
        paint: { "line-color": "rgba(150,40,40,0.55)", "line-width": 1,
          "line-dasharray": [4, 2] } },
      { id: "wind", type: "line", source: "wind",
        paint: { "line-color": ["match", ["get", "strength"],
          ...Object.entries(WIND_COLOURS).flat(), "#5b7685"],
        "line-width": ["match", ["get", "strength"], "fresh", 1.6, "fair", 1.1, 0.8],
        "line-opacity": 0.55 } },
      { id: "station-marks", type: "circle", source: "station-marks",
        paint: { "circle-radius": 3, "circle-color": "rgba(0,0,0,0)",
          "circle-stroke-color": "rgba(30,70,130,0.9)", "circle-stroke-width": 1.5 } },
      { id: "ports", type: "circle", source: "ports",
        paint: { "circle-radius": ["interpolate", ["linear"], ["zoom"], 2, 2.2, 6, 4.5],
          "circle-color": nationColour, "circle-stroke-color": "#222",
          "circle-stroke-width": 0.6 } },
    ],
  };
}

/** Graticule lines every `step` degrees as one MultiLineString feature. */
function graticule(step) {
  const lines = [];
  for (let lon = -180; lon <= 180; lon += step) lines.push([[lon, -80], [lon, 84]]);
  for (let lat = -80; lat <= 80; lat += step) lines.push([[-180, lat], [180, lat]]);
  return { type: "FeatureCollection", features: [{ type: "Feature", properties: {},
    geometry: { type: "MultiLineString", coordinates: lines } }] };
}

const fmtDeg = (v, pos, neg) => `${Math.abs(Math.round(v))}°${v >= 0 ? pos : neg}`;

function ensureStyles() {
  if (document.querySelector("link[data-chart-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/chart.css", import.meta.url).href;
  link.dataset.chartCss = "1";
  document.head.append(link);
}

/**
 * The map. `layers` is /api/map's answer, `ports` /api/ports'. Returns a controller with
 * update(state, seat), setPreview(track, label, pieces), setVoyage(legs, marker),
 * setReplay(forces), view(name), fitTo(points), focus(lon, lat), onPick(callback) (a click on
 * a force, a station, a port or the sea), and for tests labelBoxes(), counts, maplibre().
 */
export function createMap(div, layers, ports) {
  ensureStyles();
  const fc = (name) => (layers && layers[name] && layers[name].features) || [];
  const stations = fc("stations");
  const zones = fc("blockade_zones");
  const portFeatures = fc("ports");
  const portList = ports && ports.length ? ports : portFeatures.map((f) => ({
    id: featureId(f), name: featureName(f), nation: f.properties?.nation,
    kind: f.properties?.kind, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1],
  }));
  const portKind = Object.fromEntries(portFeatures.map((f) => [featureId(f), f.properties?.kind]));
  const stationPoints = stations.map((f) => ({ id: featureId(f), name: featureName(f),
    at: centreOf(f), bases: f.properties?.bases || [],
    point: f.properties?.patrol_point || null })).filter((s) => s.at);

  const style = chartStyle();
  const box = div.getBoundingClientRect();
  const start = cameraFor(...VIEWS.Atlantic, box.width, box.height);
  const layout = {
    margin: { l: 0, r: 0, t: 0, b: 0 }, paper_bgcolor: SEA, dragmode: "pan", hoverdistance: 12,
    showlegend: false, uirevision: "keep",
    map: { style, center: start.center, zoom: start.zoom },
  };
  const config = { scrollZoom: true, displaylogo: false, responsive: true,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"] };

  const dynamic = { forces: [], routes: [], engagements: [], preview: [], voyage: [], replay: [] };
  const pickers = new Set();
  const counts = { static: 0, live: 0, land: 0 };
  let labels = { live: [], static: [] };
  let lastStacks = new Map();
  let seatNow = null;

  const overlay = el("div", { class: "map-labels", "aria-hidden": "true" });
  const gratLabels = el("div", { class: "map-graticule", "aria-hidden": "true" });
  const legend = legendBox();
  const corner = el("div", { class: "map-corner", "aria-live": "polite" });
  let stackBox = null;

  function legendBox() {
    const item = (swatch, text) => el("li", {}, [swatch, text]);
    const line = (colour) => el("span", { class: "swatch", style: `background:${colour}` });
    const dot = (colour) => el("span", { class: "swatch dot", style: `background:${colour}` });
    return el("details", { class: "map-legend" }, [
      el("summary", {}, "Legend"),
      el("ul", {}, [
        item(dot(SQUADRON_COLOURS.Red), "British squadrons (their colours)"),
        item(dot(NATION_COLOURS.France), "Enemy forces (their nation)"),
        item(dot("#ff3d00"), "Engagement"),
        item(line("rgba(30,70,130,0.6)"), "Naval station"),
        item(line("rgba(150,40,40,0.6)"), "Blockade zone"),
        item(line("rgba(110,160,110,0.8)"), "Shallows"),
        item(line(WIND_COLOURS.fresh), "Prevailing wind (fresh, fair, light)"),
        ...Object.entries(SAIL_COLOURS).map(([k, c]) => item(line(c), `Preview: ${k}`)),
      ]),
    ]);
  }

  // -- traces: the live layers ------------------------------------------------------------
  function forceTraces(forces, tag) {
    const seen = forces.filter(onMap);
    const out = [];
    for (const [group, symbol, label] of [
      [stacks(seen.filter((f) => f.side === "Britain")), "circle", "British forces"],
      [stacks(seen.filter((f) => f.side !== "Britain")), "circle", "Enemy forces"]]) {
      const british = label.startsWith("British");
      out.push({
        type: "scattermap", mode: "markers", name: label, meta: `${tag}-${british ? "circle"
          : "diamond"}`,
        lon: group.map((s) => s.lon), lat: group.map((s) => s.lat),
        ids: group.map((s) => s.forces.map((f) => f.id).join("+")),
        customdata: group.map((s) => (s.forces.length === 1 ? ["force", s.forces[0].id,
          s.forces[0].side] : ["stack", s.key])),
        hovertext: group.map((s) => s.forces.map((f) => `<b>${f.name}</b> (${f.side})<br>`
          + `${shipsText(f)}`).join("<br>")),
        hovertemplate: "%{hovertext}<extra></extra>",
        marker: { symbol, size: group.map((s) => 10 + 2 * Math.min(6, s.forces.reduce((n, f) =>
          n + afloatShips(f).length, 0))), color: group.map((s) => forceColour(s.forces[0])),
        opacity: british ? 0.95 : 0.85 },
        showlegend: false,
      });
      if (tag === "forces") {
        for (const s of group) lastStacks.set(s.key, s.forces);
      }
    }
    return out;
  }

  function routeTraces(forces) {
    return forces.filter((f) => onMap(f) && f.route && Array.isArray(f.route.track)).map((f) => ({
      type: "scattermap", mode: "lines", name: `${shortName(f)} route`, meta: `route-${f.id}`,
      lon: f.route.track.map((p) => p[0]), lat: f.route.track.map((p) => p[1]),
      line: { color: forceColour(f) === SQUADRON_COLOURS.White ? "#555" : forceColour(f),
        width: 2 },
      hovertemplate: `${f.name}: ${Math.round(f.route.distance_nm ?? 0)} nm, `
        + `${(f.route.days ?? 0).toFixed(1)} days<extra></extra>`, showlegend: false,
    }));
  }

  function engagementSpots(engagements, forces) {
    const byId = Object.fromEntries(forces.map((f) => [f.id, f]));
    const spots = [];
    for (const e of engagements) {
      const at = (e.forces || []).map((id) => byId[id]).find(Boolean)
        || (Array.isArray(e.at) ? { lon: e.at[0], lat: e.at[1] } : null)
        || (typeof e.lon === "number" ? e : null);
      if (at) spots.push({ e, lon: at.lon, lat: at.lat });
    }
    return spots;
  }

  function engagementTrace(spots) {
    if (!spots.length) return [];
    return [{
      type: "scattermap", mode: "markers", name: "Engagements", meta: "engagements",
      lon: spots.map((s) => s.lon), lat: spots.map((s) => s.lat),
      customdata: spots.map((s) => ["engagement", s.e.id]),
      text: spots.map((s) => `Engagement ${s.e.id}, day ${s.e.day ?? "?"}`
        + (s.e.over ? ` – over${s.e.outcome ? `: ${typeof s.e.outcome === "string"
          ? s.e.outcome : s.e.outcome.result ?? ""}` : ""}` : " – being fought")),
      hovertemplate: "%{text}<extra></extra>",
      marker: { size: 24, color: spots.map((s) => (s.e.over ? "#555" : "#ff3d00")), opacity: 0.6 },
      showlegend: false,
    }];
  }

  function traces() {
    // During a replay the map shows the forces as they were, not as they are.
    const live = dynamic.replay.length ? [] : [...dynamic.routes, ...dynamic.engagements,
      ...dynamic.forces];
    return [ANCHOR, ...dynamic.preview, ...dynamic.voyage, ...live, ...dynamic.replay];
  }
  // plotly draws a map subplot only for a scattermap trace: this one is always there, empty.
  const ANCHOR = { type: "scattermap", mode: "markers", meta: "chart", lon: [0], lat: [0],
    marker: { size: 1, opacity: 0 }, hoverinfo: "skip", showlegend: false };

  // -- the MapLibre map under plotly -------------------------------------------------------
  const maplibre = () => div._fullLayout?.map?._subplot?.map || null;

  function setSource(id, data) {
    const source = maplibre()?.getSource(id);
    if (source) source.setData(data);
  }

  let detail = null;
  function maybeDetail() {
    const m = maplibre();
    if (!m || detail || m.getZoom() < DETAIL_ZOOM) return;
    detail = fetch("/api/map/land").then((r) => (r.ok ? r.json() : null)).then((land) => {
      if (land) {
        setSource("land", land);
        counts.land += 1;
        div.dataset.coast = "detail";
      }
    }).catch((err) => {
      detail = null;
      div.dataset.coastError = String(err);
    });
  }

  function drawStatic() {
    setSource("land", layers?.land || emptyFC());
    setSource("stations", layers?.stations || emptyFC());
    setSource("shallows", layers?.shallows || emptyFC());
    setSource("zones", layers?.blockade_zones || emptyFC());
    setSource("ports", { type: "FeatureCollection", features: portList.map((p) => ({
      type: "Feature", properties: { id: p.id, nation: NATION_COLOURS[p.nation] ? p.nation
        : "other", name: p.name }, geometry: { type: "Point", coordinates: [p.lon, p.lat] } })) });
    setSource("station-marks", { type: "FeatureCollection", features: stationPoints.map((s) => ({
      type: "Feature", properties: { id: s.id, name: s.name },
      geometry: { type: "Point", coordinates: s.at } })) });
    setSource("graticule", graticule(10));
    counts.static += 1;
    counts.land += 1;
    div.dataset.coast = "overview";
    labels.static = [
      ...stationPoints.map((s) => ({ text: s.name, lon: s.at[0], lat: s.at[1],
        cls: "station", priority: PRIORITY.station, minZoom: 0 })),
      ...portList.map((p) => {
        const kind = p.kind || portKind[p.id] || "";
        const major = kind === "british-base" || kind === "enemy-arsenal";
        return { text: p.name, lon: p.lon, lat: p.lat, cls: "port", dy: 6,
          priority: PRIORITY.port + (major ? 0 : 0.5), minZoom: major ? 3 : 4.5 };
      }),
    ];
  }

  let month = null;
  function setMonth(m) {
    if (!m || m === month) return;
    month = m;
    fetch(`/api/wind?month=${m}`).then((r) => (r.ok ? r.json() : null)).then((wind) => {
      if (!wind || month !== m) return;
      setSource("wind", { type: "FeatureCollection",
        features: Object.values(windArrows(wind.features)) });
      div.dataset.windMonth = String(m);
      div.dataset.windArrows = String(wind.features.length);
      windSummary = summariseWind(wind.features);
      drawCorner();
    }).catch(() => {});
  }

  let windSummary = null;
  function summariseWind(features) {
    // The compass rose shows the wind nearest the view's centre.
    const m = maplibre();
    const c = m ? m.getCenter() : { lng: -30, lat: 45 };
    let best = null;
    let bestD = Infinity;
    for (const f of features) {
      const [x, y] = f.geometry.coordinates;
      const d = (x - c.lng) ** 2 + (y - c.lat) ** 2;
      if (d < bestD) {
        bestD = d;
        best = f.properties;
      }
    }
    return { best, features };
  }

  let dateText = "";
  function drawCorner() {
    corner.replaceChildren();
    const rose = el("canvas", { width: 64, height: 64, class: "compass-rose" });
    const g = rose.getContext("2d");
    if (g) {
      g.translate(32, 32);
      g.strokeStyle = "#7a6a48";
      g.fillStyle = "#2a2418";
      g.beginPath();
      g.arc(0, 0, 26, 0, 2 * Math.PI);
      g.stroke();
      for (const [i, name] of ["N", "E", "S", "W"].entries()) {
        const a = (i * Math.PI) / 2;
        g.font = "9px Georgia, serif";
        g.fillText(name, Math.sin(a) * 21 - 3, -Math.cos(a) * 21 + 3);
      }
      const w = windSummary?.best;
      if (w) {
        const a = ((w.from_deg + 180) * Math.PI) / 180;
        g.strokeStyle = WIND_COLOURS[w.strength] || "#2f4858";
        g.lineWidth = w.strength === "fresh" ? 3 : 2;
        g.beginPath();
        g.moveTo(-Math.sin(a) * 16, Math.cos(a) * 16);
        g.lineTo(Math.sin(a) * 16, -Math.cos(a) * 16);
        g.lineTo(Math.sin(a - 0.5) * 9, -Math.cos(a - 0.5) * 9);
        g.moveTo(Math.sin(a) * 16, -Math.cos(a) * 16);
        g.lineTo(Math.sin(a + 0.5) * 9, -Math.cos(a + 0.5) * 9);
        g.stroke();
      }
    }
    const w = windSummary?.best;
    corner.append(rose, el("div", {}, dateText),
      el("div", { class: "muted" }, w ? `wind ${w.strength} from ${Math.round(w.from_deg)}°` : ""));
  }

  // -- labels: HTML, decluttered by priority ----------------------------------------------
  const labelNodes = new Map();
  const widthCache = new Map();
  const measure = document.createElement("canvas").getContext("2d");
  function textWidth(text, cls) {
    const key = `${cls}|${text}`;
    if (!widthCache.has(key)) {
      const bold = cls === "own" || cls === "engagement" ? "bold " : "";
      const size = cls === "port" ? 10 : 11;
      if (measure) measure.font = `${bold}${size}px Georgia, "DejaVu Serif", serif`;
      const w = measure ? measure.measureText(text).width : text.length * 6.5;
      widthCache.set(key, Math.ceil(w * (cls === "station" ? 1.15 : 1)) + 6);
    }
    return widthCache.get(key);
  }

  let placed = [];
  let frame = 0;
  function placeLabels() {
    frame = 0;
    const m = maplibre();
    if (!m) return;
    const zoom = m.getZoom();
    const w = div.clientWidth;
    const h = div.clientHeight;
    const all = [...labels.live, ...labels.static].filter((l) => zoom >= (l.minZoom || 0));
    const items = [];
    for (const l of all) {
      const p = m.project([l.lon, l.lat]);
      const bw = textWidth(l.text, l.cls);
      const bh = 14;
      const x = p.x - bw / 2;
      const y = p.y + (l.dy ?? -(bh + 8));
      const inView = x > -bw && y > -bh && x < w && y < h;
      items.push({ l, priority: l.priority, box: inView ? { x, y, w: bw, h: bh } : null });
    }
    const kept = new Set(declutter(items));
    placed = [];
    const used = new Set();
    items.forEach((it, i) => {
      const key = `${it.l.cls}|${it.l.text}|${it.l.lon}|${it.l.lat}`;
      let node = labelNodes.get(key);
      if (!kept.has(i)) {
        if (node) node.hidden = true;
        return;
      }
      if (!node) {
        node = el("span", { class: `map-label ${it.l.cls}` }, it.l.text);
        overlay.append(node);
        labelNodes.set(key, node);
      }
      node.hidden = false;
      node.style.transform = `translate(${Math.round(it.box.x)}px, ${Math.round(it.box.y)}px)`;
      placed.push({ text: it.l.text, cls: it.l.cls, ...it.box });
      used.add(key);
    });
    for (const [key, node] of labelNodes) {
      if (!used.has(key)) node.hidden = true;
    }
    div.dataset.labels = String(placed.length);
  }

  function placeGraticule(m) {
    gratLabels.replaceChildren();
    const b = m.getBounds();
    const span = b.getEast() - b.getWest();
    const step = span > 60 ? 10 : span > 20 ? 5 : span > 6 ? 2 : 1;
    for (let lon = Math.ceil(b.getWest() / step) * step; lon <= b.getEast(); lon += step) {
      const p = m.project([lon, b.getNorth()]);
      gratLabels.append(el("span", { style: `left:${Math.round(p.x) + 2}px;top:2px` },
        fmtDeg(lon, "E", "W")));
    }
    for (let lat = Math.ceil(b.getSouth() / step) * step; lat <= b.getNorth(); lat += step) {
      const p = m.project([b.getWest(), lat]);
      gratLabels.append(el("span", { style: `left:2px;top:${Math.round(p.y) - 12}px` },
        fmtDeg(lat, "N", "S")));
    }
    if (step !== gratStep) {
      gratStep = step;
      setSource("graticule", graticule(step));
    }
  }
  let gratStep = 10;

  function schedule() {
    if (!frame) frame = requestAnimationFrame(placeLabels);
  }

  let drawing = Promise.resolve();
  let lastKey = null;
  function redraw() {
    drawing = drawing.then(() => window.Plotly.react(div, traces(), layout, config)).then(() => {
      counts.live += 1;
      schedule();
    });
    return drawing;
  }

  const ready = window.Plotly.newPlot(div, traces(), layout, config).then(() => {
    div.append(gratLabels, overlay, legend, corner);
    drawStatic();
    const m = maplibre();
    m.on("move", schedule);
    // The graticule's labels and the rose's wind follow the view once it settles.
    m.on("movestart", () => { gratLabels.hidden = true; });
    m.on("moveend", () => {
      maybeDetail();
      placeGraticule(m);
      gratLabels.hidden = false;
      if (windSummary) {
        windSummary = summariseWind(windSummary.features);
        drawCorner();
      }
    });
    placeGraticule(m);
    wireClicks(m);
    drawCorner();
    placeLabels();
    div.dataset.mapReady = "1";
  });

  // -- picking: a force (or a stack of them), a station, a port or the open sea ---------
  let lastPointClick = 0;
  function emitPick(pick) {
    for (const cb of pickers) cb(pick);
  }
  function openStack(key, lon, lat) {
    const forces = lastStacks.get(key) || [];
    if (stackBox) stackBox.remove();
    const m = maplibre();
    const p = m ? m.project([lon, lat]) : { x: 40, y: 40 };
    stackBox = el("div", { class: "map-stack", role: "dialog", "aria-label": "Forces here",
      style: `left:${Math.round(Math.min(p.x + 12, div.clientWidth - 260))}px;`
        + `top:${Math.round(Math.max(p.y - 20, 40))}px` }, [
      el("strong", {}, `${forces.length} forces here`),
      el("ul", {}, forces.map((f) => el("li", {}, el("button", { type: "button",
        onclick: () => { stackBox?.remove(); stackBox = null;
          emitPick({ kind: "force", id: f.id, nation: f.side, lon: f.lon, lat: f.lat }); } },
      `${f.name} (${afloatShips(f).map((s) => s.name).join(", ")})`)))),
      el("button", { type: "button", onclick: () => { stackBox?.remove(); stackBox = null; } },
        "Close"),
    ]);
    div.append(stackBox);
    div.dataset.stackOpen = key;
  }
  function wireClicks(m) {
    div.on("plotly_click", (ev) => {
      const point = ev.points && ev.points[0];
      if (!point || !Array.isArray(point.customdata)) return;
      lastPointClick = Date.now();
      const [kind, id, extra] = point.customdata;
      if (kind === "stack") {
        openStack(id, point.lon, point.lat);
        return;
      }
      emitPick({ kind, id, nation: extra, lon: point.lon, lat: point.lat });
    });
    m.on("click", (ev) => {
      const pressedAt = Date.now();
      const { lng, lat } = ev.lngLat;
      const r = 5;
      const hits = m.queryRenderedFeatures([[ev.point.x - r, ev.point.y - r],
        [ev.point.x + r, ev.point.y + r]], { layers: ["ports", "station-marks"] });
      setTimeout(() => {
        if (lastPointClick >= pressedAt - 50) return; // plotly_click took it: a force
        const port = hits.find((f) => f.layer.id === "ports");
        if (port) {
          const p = portList.find((x) => x.id === port.properties.id);
          emitPick({ kind: "port", id: port.properties.id, nation: p?.nation,
            lon: p?.lon, lat: p?.lat });
          return;
        }
        const lonlat = [Math.round(lng * 1000) / 1000, Math.round(lat * 1000) / 1000];
        const station = stations.find((f) => contains(f, lonlat));
        emitPick({ kind: "sea", lon: lonlat[0], lat: lonlat[1],
          station: station ? featureId(station) : null });
      }, 60);
    });
  }

  /** The lon/lat under a client pixel. */
  function lonLatAt(clientX, clientY) {
    const m = maplibre();
    if (!m) return null;
    const b = div.getBoundingClientRect();
    const p = m.unproject([clientX - b.left, clientY - b.top]);
    return [Math.round(p.lng * 1000) / 1000, Math.round(p.lat * 1000) / 1000];
  }

  /** The client pixel of a lon/lat (tests and keyboard users use it). */
  function pixelOf(lon, lat) {
    const m = maplibre();
    if (!m) return null;
    const b = div.getBoundingClientRect();
    const p = m.project([lon, lat]);
    return [b.left + p.x, b.top + p.y];
  }

  function jump(lonRange, latRange, name) {
    const m = maplibre();
    div.dataset.view = name;
    if (!m) return Promise.resolve();
    const cam = cameraFor(lonRange, latRange, div.clientWidth, div.clientHeight);
    m.jumpTo({ center: [cam.center.lon, cam.center.lat], zoom: cam.zoom });
    maybeDetail();
    return Promise.resolve();
  }

  function fitTo(points, name = "fit") {
    const ok = (points || []).filter((p) => Array.isArray(p) && Number.isFinite(p[0]));
    if (!ok.length) return Promise.resolve();
    const lons = ok.map((p) => p[0]);
    const lats = ok.map((p) => p[1]);
    const [lo0, lo1, la0, la1] = [Math.min(...lons), Math.max(...lons), Math.min(...lats),
      Math.max(...lats)];
    const pad = (a, b) => Math.max(1, (b - a) * 0.15);
    return jump([lo0 - pad(lo0, lo1), lo1 + pad(lo0, lo1)],
      [Math.max(-80, la0 - pad(la0, la1)), Math.min(80, la1 + pad(la0, la1))], name);
  }

  let state = null;
  let previewTrack = [];
  let voyageTrack = [];
  const controller = {
    ready,
    div,
    counts,
    stations: stationPoints,
    zones: zones.map((f) => ({ id: featureId(f), name: featureName(f), at: centreOf(f) })),
    ports: portList,
    update(newState, seat) {
      state = newState;
      if (seat !== undefined) seatNow = seat;
      const forces = (state && state.forces) || [];
      const engagements = (state && state.engagements) || [];
      if (state && typeof state.day === "number") setMonth(Math.min(12, 6 + Math.floor(state.day
        / 30)));
      dateText = state?.date ? String(state.date) : (state && typeof state.day === "number"
        ? `Day ${state.day}` : "");
      if (typeof state?.season === "string") dateText += ` · ${state.season}`;
      const key = JSON.stringify([forces, engagements.map((e) =>
        [e.id, e.over, e.outcome?.how, e.lon, e.lat]), seatNow?.id]);
      if (key === lastKey) return drawing;
      lastKey = key;
      lastStacks = new Map();
      const seen = forces.filter(onMap);
      dynamic.forces = forceTraces(forces, "forces");
      dynamic.routes = routeTraces(forces);
      const spots = engagementSpots(engagements.filter((e) => !e.over), forces);
      dynamic.engagements = engagementTrace(spots);
      labels.live = [
        ...stacks(seen).map((s) => {
          const own = s.forces.some((f) => isOwn(f, seatNow));
          const british = s.forces[0].side === "Britain";
          const first = shortName(s.forces[0]);
          return { text: s.forces.length > 1 ? `${first} +${s.forces.length - 1}` : first,
            lon: s.lon, lat: s.lat, cls: own ? "own" : british ? "british" : "enemy",
            priority: own ? PRIORITY.own : british ? PRIORITY.british : PRIORITY.enemy };
        }),
        ...spots.map((s) => ({ text: `Battle ${s.e.id}`, lon: s.lon, lat: s.lat, dy: 12,
          cls: "engagement", priority: PRIORITY.engagement })),
      ];
      div.dataset.forces = seen.map((f) => f.id).sort().join(" ");
      div.dataset.routes = seen.filter((f) => f.route).map((f) => f.id).sort().join(" ");
      div.dataset.engagements = engagements.map((e) => e.id).join(" ");
      drawCorner();
      return redraw();
    },
    /** The preview of an order: `pieces` (the server's, each {track, point_of_sail}) colour
     * it by point of sail; without them the whole track is one line. */
    setPreview(track, label, pieces) {
      previewTrack = track || [];
      const parts = Array.isArray(pieces) && pieces.length ? pieces : (track && track.length
        ? [{ track, point_of_sail: null }] : []);
      dynamic.preview = parts.map((piece, i) => ({
        type: "scattermap", mode: "lines", name: `Planned (preview) ${piece.point_of_sail || ""}`,
        meta: i === 0 ? "preview" : `preview-${i}`,
        lon: piece.track.map((p) => p[0]), lat: piece.track.map((p) => p[1]),
        line: { color: SAIL_COLOURS[piece.point_of_sail] || "#ff6f00", width: 4 },
        hovertemplate: `${label || "preview"}${piece.point_of_sail ? ` – ${piece.point_of_sail}`
          : ""}${piece.tack ? " (must beat)" : ""}<extra></extra>`, showlegend: false,
      }));
      div.dataset.preview = dynamic.preview.length ? String(previewTrack.length) : "";
      div.dataset.previewSails = parts.map((p) => p.point_of_sail || "").join(" ");
      return redraw();
    },
    setVoyage(legs, marker) {
      const palette = ["#ad1457", "#00838f", "#6a1b9a", "#2e7d32", "#ef6c00", "#283593"];
      voyageTrack = legs.flatMap((l) => l.track);
      dynamic.voyage = legs.map((leg, i) => ({
        type: "scattermap", mode: "lines", name: `Leg ${i + 1}: ${leg.label}`, meta: `leg-${i}`,
        lon: leg.track.map((p) => p[0]), lat: leg.track.map((p) => p[1]),
        line: { color: palette[i % palette.length], width: 3 },
        hovertemplate: `Leg ${i + 1}: ${leg.label}<br>${Math.round(leg.distance_nm)} nm, `
          + `${leg.days.toFixed(1)} days<extra></extra>`,
      }));
      if (marker) {
        dynamic.voyage.push({
          type: "scattermap", mode: "markers", name: "Ship", meta: "voyage-ship",
          lon: [marker.lon], lat: [marker.lat], text: [marker.text || ""],
          hovertemplate: "%{text}<extra></extra>",
          marker: { size: 14, color: "#000" }, showlegend: false,
        });
      }
      return redraw();
    },
    setReplay(forces, engagements) {
      dynamic.replay = forces ? [
        ...forceTraces(forces, "replay").map((t) => ({ ...t, name: `${t.name} (replay)`,
          marker: { ...t.marker, opacity: 0.7 } })),
        ...engagementTrace(engagementSpots(engagements || [], forces)),
      ] : [];
      return redraw();
    },
    view(name) {
      if (!VIEWS[name]) return Promise.resolve();
      return jump(...VIEWS[name], name);
    },
    fitTo,
    /** Centre the map on [lon, lat] with about `span` degrees of longitude in view. */
    focus(lon, lat, span = 6) {
      const half = span / 2;
      return jump([lon - half, lon + half], [lat - half / 2, lat + half / 2], "focus");
    },
    /** Go to: "forces" (the seat's own, else every British), "preview", "battle", "voyage". */
    goTo(what) {
      const forces = ((state && state.forces) || []).filter(onMap);
      if (what === "forces") {
        const own = forces.filter((f) => isOwn(f, seatNow));
        const mine = own.length ? own : forces.filter((f) => f.side === "Britain");
        return fitTo(mine.map((f) => [f.lon, f.lat]), "forces");
      }
      if (what === "preview") return fitTo(previewTrack, "preview");
      if (what === "voyage") return fitTo(voyageTrack, "voyage");
      if (what === "battle") {
        const spots = engagementSpots(((state && state.engagements) || []).filter((e) => !e.over),
          (state && state.forces) || []);
        if (spots.length) return jump([spots[0].lon - 2, spots[0].lon + 2],
          [spots[0].lat - 1, spots[0].lat + 1], "battle");
      }
      return Promise.resolve();
    },
    bounds() {
      const m = maplibre();
      if (!m) return null;
      const b = m.getBounds();
      return [[b.getWest(), b.getSouth()], [b.getEast(), b.getNorth()]];
    },
    /** The label boxes drawn now (tests check that none overlaps another). */
    labelBoxes: () => placed.map((p) => ({ ...p })),
    maplibre,
    onPick(cb) {
      pickers.add(cb);
      return () => pickers.delete(cb);
    },
    lonLatAt,
    pixelOf,
  };
  return controller;
}

/** The zoom buttons above the map, and the buttons that go to what matters now. */
export function viewButtons(map) {
  return el("div", { class: "views", role: "group", "aria-label": "Map views" }, [
    ...Object.keys(VIEWS).map((name) => el("button", { type: "button",
      onclick: () => map.view(name) }, name)),
    ...[["forces", "My forces"], ["preview", "Preview"], ["battle", "Battle"],
      ["voyage", "Voyage"]].map(([what, text]) => el("button", { type: "button", class: "go",
      "data-go": what, onclick: () => map.goTo(what) }, text)),
  ]);
}
