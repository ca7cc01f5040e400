// The sea chart: MapLibre GL (maplibre-gl.js, drawn on the GPU) with an offline style built
// from the game's own layers (/api/map): no tile server, no glyphs, no sprites (the ship
// symbols are drawn on a canvas here, ships.js). plotly.js is not the map's host: it is
// loaded only when a panel draws a chart (util.plotly), so the map never waits for it.
// The static layers (land, stations, shallows, blockade zones, ports, the month's wind) are
// sources of the style, filled ONCE with setData and never touched by an event; the live
// layers (forces, routes, engagements, the preview, a voyage, a replay) are GeoJSON sources
// of the same style too, each given new data with one setData when (and only when) it
// changed. Labels are HTML over the map, placed by priority so that none overlaps another
// (MapLibre would need a glyph server for text), once a move settles, never per frame.

import { el, gameDate } from "./util.js";
import { ICON_H, ensureIcon, iconId, legendIcon } from "./ships.js";

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
/** The live sources (each one MapLibre GeoJSON source and layer of the style). */
const LIVE = ["routes", "preview", "voyage", "engagements", "replay-engagements", "forces",
  "replay-forces", "voyage-ship"];
/** Zoom from which the coast is drawn in detail (/api/map/land, fetched once). */
export const DETAIL_ZOOM = 4.5;
/** The ship symbols' scale by zoom: [zoom, scale] stops, linear between (as MapLibre's). */
const ICON_ZOOM = [[2, 0.85], [6, 1.25]];
export function iconScale(zoom) {
  const [[z0, s0], [z1, s1]] = ICON_ZOOM;
  return s0 + (s1 - s0) * Math.min(1, Math.max(0, (zoom - z0) / (z1 - z0)));
}
/** The legend's ship symbols: the roster's types as the server names them (a rating's
 * `type`), with the chart's words. */
const SYMBOLS = [["first-rate", "1st rate (100+ guns)"], ["second-rate", "2nd rate"],
  ["third-rate", "3rd rate"], ["fourth-rate", "4th rate"], ["fifth-rate", "5th rate (frigate)"],
  ["sixth-rate", "6th rate (frigate)"], ["ship-sloop", "Ship sloop"],
  ["brig-sloop", "Brig sloop"], ["cutter", "Cutter"]];
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

/** The season of the year a month (1-12) falls in, as the chart's corner writes it. */
export function seasonOf(month) {
  const m = Number(month);
  if (!(m >= 1 && m <= 12)) return "";
  return ["winter", "spring", "summer", "autumn"][Math.floor((m % 12) / 3)];
}

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

const mercLat = (y) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/** The lon/lat box `cameraFor` shows in `width` x `height` pixels: the asked box widened
 * (in longitude or in Mercator latitude) to the window's aspect, its centre kept. */
export function fitRanges([lon0, lon1], [lat0, lat1], width, height) {
  if (!(width > 0 && height > 0)) return [[lon0, lon1], [lat0, lat1]];
  const aspect = width / height;
  const w = ((lon1 - lon0) * Math.PI) / 180;
  const h = mercY(lat1) - mercY(lat0);
  if (w / h < aspect) {
    const span = Math.min(360, (aspect * h * 180) / Math.PI);
    const mid = (lon0 + lon1) / 2;
    return [[mid - span / 2, mid + span / 2], [lat0, lat1]];
  }
  const mid = (mercY(lat0) + mercY(lat1)) / 2;
  const half = w / aspect / 2;
  return [[lon0, lon1], [Math.max(-85, mercLat(mid - half)), Math.min(85, mercLat(mid + half))]];
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
      "station-marks": src(), wind: src(), graticule: src(),
      ...Object.fromEntries(LIVE.map((name) => [name, src()])) },
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
      // the live layers, over the static ones
      ...["routes", "preview", "voyage"].map((id) => ({ id, type: "line", source: id,
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": ["get", "colour"], "line-width": ["get", "width"] } })),
      ...["engagements", "replay-engagements"].map((id) => ({ id, type: "circle", source: id,
        paint: { "circle-radius": 12, "circle-color": ["get", "colour"], "circle-opacity": 0.6 } })),
      { id: "voyage-ship", type: "circle", source: "voyage-ship",
        paint: { "circle-radius": ["get", "radius"], "circle-color": ["get", "colour"],
          "circle-opacity": ["get", "opacity"], "circle-stroke-color": "#222",
          "circle-stroke-width": ["get", "stroke"] } },
      // a force is her ship symbol by rating (ships.js, registered with addImage): icons
      // only, so the style needs no glyphs and no sprite
      ...["forces", "replay-forces"].map((id) => ({ id, type: "symbol", source: id,
        layout: { "icon-image": ["get", "icon"], "icon-allow-overlap": true,
          "icon-ignore-placement": true, "icon-anchor": "bottom",
          "icon-size": ["interpolate", ["linear"], ["zoom"], ...ICON_ZOOM.flat()] },
        paint: { "icon-opacity": ["get", "opacity"] } })),
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
  let map = null; // MapLibre's map, made as soon as the page starts (createMap)

  const pickers = new Set();
  const counts = { static: 0, live: 0, land: 0, sources: {} };
  let labels = { live: [], static: [] };
  let lastStacks = new Map();
  let seatNow = null;

  const overlay = el("div", { class: "map-labels", "aria-hidden": "true" });
  const gratLabels = el("div", { class: "map-graticule", "aria-hidden": "true" });
  const legend = legendBox();
  const corner = el("div", { class: "map-corner", "aria-live": "polite" });
  const tip = el("div", { class: "map-tip", role: "tooltip", hidden: true });
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
        ...SYMBOLS.map(([type, text]) => el("li", { class: "ship-symbol", "data-type": type },
          [legendIcon(type, NEUTRAL), text])),
        el("li", { class: "ship-symbol", "data-type": "count" },
          [legendIcon("third-rate", SQUADRON_COLOURS.Red, 4),
            "×N: a force of N ships, drawn as her largest"]),
        item(dot("#ff3d00"), "Engagement"),
        item(line("rgba(30,70,130,0.6)"), "Naval station"),
        item(line("rgba(150,40,40,0.6)"), "Blockade zone"),
        item(line("rgba(110,160,110,0.8)"), "Shallows"),
        item(line(WIND_COLOURS.fresh), "Prevailing wind (fresh, fair, light)"),
        ...Object.entries(SAIL_COLOURS).map(([k, c]) => item(line(c), `Preview: ${k}`)),
      ]),
    ]);
  }

  // -- the live layers: GeoJSON features, one source each -----------------------------------
  const point = (lon, lat, properties) => ({ type: "Feature", properties,
    geometry: { type: "Point", coordinates: [lon, lat] } });
  const line = (track, properties) => ({ type: "Feature", properties,
    geometry: { type: "LineString", coordinates: track } });
  const collection = (features) => ({ type: "FeatureCollection", features });

  function forceFeatures(forces, tag) {
    const seen = forces.filter(onMap);
    const out = [];
    for (const british of [true, false]) {
      const group = stacks(seen.filter((f) => (f.side === "Britain") === british));
      for (const s of group) {
        const ships = s.forces.reduce((n, f) => n + afloatShips(f).length, 0);
        const one = s.forces.length === 1;
        // the stack shows its largest ship's rating (the server's), and all its ships
        const rating = s.forces.map((f) => f.rating).filter(Boolean)
          .sort((a, b) => (b.size ?? 0) - (a.size ?? 0))[0] || null;
        const icon = iconId(rating, forceColour(s.forces[0]), ships);
        out.push(point(s.lon, s.lat, {
          icon, rating: rating?.label || "",
          tag: `${tag}-${british ? "circle" : "diamond"}`, kind: one ? "force" : "stack",
          id: one ? s.forces[0].id : s.key, ids: s.forces.map((f) => f.id).join(" "),
          side: s.forces[0].side, colour: forceColour(s.forces[0]),
          radius: 5 + Math.min(6, ships), opacity: tag === "replay" ? 0.7 : british ? 0.95 : 0.85,
          stroke: british ? 1 : 1.6,
          hover: s.forces.map((f) => `${f.name} (${f.side}${f.rating ? `, ${f.rating.label}`
            : ""}): ${afloatShips(f).map((x) => `${x.name} (${x.type})`).join(", ")}`).join("\n"),
        }));
        if (tag === "forces") lastStacks.set(s.key, s.forces);
      }
    }
    return out;
  }

  function routeFeatures(forces) {
    return forces.filter((f) => onMap(f) && f.route && Array.isArray(f.route.track)
      && f.route.track.length > 1).map((f) => line(f.route.track, {
      tag: `route-${f.id}`, id: f.id, width: 2,
      colour: forceColour(f) === SQUADRON_COLOURS.White ? "#555" : forceColour(f),
      hover: `${f.name}: ${Math.round(f.route.distance_nm ?? 0)} nm, `
        + `${(f.route.days ?? 0).toFixed(1)} days`,
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

  function engagementFeatures(spots, tag = "engagements") {
    return spots.map((s) => point(s.lon, s.lat, {
      tag, kind: "engagement", id: s.e.id, colour: s.e.over ? "#555" : "#ff3d00",
      hover: `Engagement ${s.e.id}, day ${s.e.day ?? "?"}`
        + (s.e.over ? ` – over${s.e.outcome ? `: ${typeof s.e.outcome === "string"
          ? s.e.outcome : s.e.outcome.result ?? ""}` : ""}` : " – being fought"),
    }));
  }

  // What each live source holds now, and the JSON of what it was last given.
  const live = Object.fromEntries(LIVE.map((name) => [name, []]));
  const given = new Map();
  let replaying = false;
  /** Give the live sources that changed their new data: one setData each, nothing else. */
  function push(names = LIVE) {
    const m = maplibre();
    if (!m) return Promise.resolve();
    let changed = 0;
    for (const name of names) {
      // During a replay the map shows the forces as they were, not as they are.
      const hidden = replaying && ["routes", "engagements", "forces"].includes(name);
      const data = collection(hidden ? [] : live[name]);
      const json = JSON.stringify(data);
      if (given.get(name) === json) continue;
      given.set(name, json);
      const source = m.getSource(name);
      if (!source) continue;
      // the ship symbols these forces show, drawn and registered before they are asked for
      for (const f of data.features) if (f.properties.icon) ensureIcon(m, f.properties.icon);
      source.setData(data);
      counts.live += 1;
      counts.sources[name] = (counts.sources[name] || 0) + 1;
      changed += 1;
    }
    if (!changed) return Promise.resolve();
    schedule();
    // resolved once the map has drawn the new data
    return new Promise((resolve) => {
      m.once("idle", resolve);
      m.triggerRepaint();
    });
  }

  /** The tags of what the live layers draw now (the tests' and the bench's view of it). */
  function drawn() {
    const tags = [];
    for (const name of LIVE) {
      const hidden = replaying && ["routes", "engagements", "forces"].includes(name);
      if (hidden) continue;
      for (const f of live[name]) {
        if (!tags.includes(f.properties.tag)) tags.push(f.properties.tag);
      }
    }
    return tags;
  }

  /** The force ids the live force markers stand for. */
  const drawnIds = () => (replaying ? [] : live.forces.flatMap((f) => f.properties.ids
    .split(" ")));

  // -- the MapLibre map (maplibre-gl.js, loaded by the page before its modules) ---------------
  const maplibre = () => map;

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
      // told once the map has drawn them (its worker tiles a source's data asynchronously)
      const shown = () => {
        if (month !== m) return;
        div.dataset.windMonth = String(m);
        div.dataset.windArrows = String(wind.features.length);
      };
      const lib = maplibre();
      if (lib) lib.once("idle", shown);
      else shown();
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
  let drawing = Promise.resolve();
  let lastKey = null;
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
      const y = p.y + (l.dy === "ship" ? -(bh + 1 + ICON_H * iconScale(zoom)) : l.dy
        ?? -(bh + 8));
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

  // The page's first draw waits for nothing but the map and its style (every source empty
  // until the static layers are given to it once, below).
  const ready = new Promise((resolve, reject) => {
    const m = new window.maplibregl.Map({ container: div, style, center: [start.center.lon,
      start.center.lat], zoom: start.zoom, attributionControl: false, dragRotate: false,
    pitchWithRotate: false, touchPitch: false, doubleClickZoom: false, boxZoom: false,
    renderWorldCopies: true, fadeDuration: 0 });
    m.touchZoomRotate.disableRotation();
    m.once("load", () => resolve(m));
    m.once("error", (ev) => (m.loaded() ? null : reject(ev.error)));
    map = m;
  }).then((m) => {
    div.append(gratLabels, overlay, legend, corner, tip);
    // a symbol the style asks for before a force brought it (a restyle): drawn on demand
    m.on("styleimagemissing", (ev) => ensureIcon(m, ev.id));
    drawStatic();
    drawing = push();
    // Labels, the graticule's labels and the rose's wind follow the view once it settles:
    // nothing is done per frame while the map moves.
    m.on("movestart", () => {
      gratLabels.hidden = true;
      overlay.hidden = true;
      tip.hidden = true;
    });
    m.on("moveend", () => {
      maybeDetail();
      placeGraticule(m);
      gratLabels.hidden = false;
      overlay.hidden = false;
      placeLabels();
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
  const PICKABLE = ["forces", "replay-forces", "engagements", "replay-engagements", "ports",
    "station-marks"];
  /** The topmost pickable feature within `r` pixels of a map point. */
  function hitAt(m, pt, r) {
    const hits = m.queryRenderedFeatures([[pt.x - r, pt.y - r], [pt.x + r, pt.y + r]],
      { layers: PICKABLE });
    const rank = (f) => PICKABLE.indexOf(f.layer.id);
    return hits.sort((a, b) => rank(a) - rank(b))[0] || null;
  }
  function wireClicks(m) {
    // One click handler, MapLibre's: a marker under the pointer, else the open sea.
    m.on("click", (ev) => {
      const { lng, lat } = ev.lngLat;
      const hit = hitAt(m, ev.point, 6);
      const props = hit?.properties || {};
      const [hx, hy] = hit?.geometry?.type === "Point" ? hit.geometry.coordinates : [lng, lat];
      if (hit && props.kind === "stack") {
        openStack(props.id, hx, hy);
        return;
      }
      if (hit && (props.kind === "force" || props.kind === "engagement")) {
        emitPick({ kind: props.kind, id: props.id, nation: props.side, lon: hx, lat: hy });
        return;
      }
      if (hit && hit.layer.id === "ports") {
        const p = portList.find((x) => x.id === props.id);
        emitPick({ kind: "port", id: props.id, nation: p?.nation, lon: p?.lon, lat: p?.lat });
        return;
      }
      const lonlat = [Math.round(lng * 1000) / 1000, Math.round(lat * 1000) / 1000];
      const station = stations.find((f) => contains(f, lonlat));
      emitPick({ kind: "sea", lon: lonlat[0], lat: lonlat[1],
        station: station ? featureId(station) : null });
    });
    // A marker's words on hover: only when the pointer enters or leaves a marker layer.
    for (const id of ["forces", "replay-forces", "engagements", "routes", "preview", "voyage",
      "voyage-ship"]) {
      m.on("mouseenter", id, (ev) => {
        const f = ev.features && ev.features[0];
        if (!f || !f.properties.hover) return;
        tip.textContent = f.properties.hover;
        tip.style.transform = `translate(${Math.round(ev.point.x + 12)}px, `
          + `${Math.round(ev.point.y + 12)}px)`;
        tip.hidden = false;
        m.getCanvas().style.cursor = "pointer";
      });
      m.on("mouseleave", id, () => {
        tip.hidden = true;
        m.getCanvas().style.cursor = "";
      });
    }
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
  let voyageLegs = null;
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
      // the game's month is the server's (the state view's), never reckoned here
      const month = Number.isInteger(state?.month) ? state.month : null;
      if (month) setMonth(month);
      dateText = state?.date ? gameDate(String(state.date)) : (state && typeof state.day
        === "number" ? `Day ${state.day}` : "");
      if (month) dateText += ` · ${seasonOf(month)}`;
      div.dataset.season = month ? seasonOf(month) : "";
      const key = JSON.stringify([forces, engagements.map((e) =>
        [e.id, e.over, e.outcome?.how, e.lon, e.lat]), seatNow?.id]);
      if (key === lastKey) return drawing;
      lastKey = key;
      lastStacks = new Map();
      const seen = forces.filter(onMap);
      live.forces = forceFeatures(forces, "forces");
      live.routes = routeFeatures(forces);
      const spots = engagementSpots(engagements.filter((e) => !e.over), forces);
      live.engagements = engagementFeatures(spots);
      labels.live = [
        ...stacks(seen).map((s) => {
          const own = s.forces.some((f) => isOwn(f, seatNow));
          const british = s.forces[0].side === "Britain";
          const first = shortName(s.forces[0]);
          return { text: s.forces.length > 1 ? `${first} +${s.forces.length - 1}` : first,
            // over the ship symbol, which stands on the force's place (anchored at its foot)
            lon: s.lon, lat: s.lat, dy: "ship", cls: own ? "own" : british ? "british" : "enemy",
            priority: own ? PRIORITY.own : british ? PRIORITY.british : PRIORITY.enemy };
        }),
        ...spots.map((s) => ({ text: `Battle ${s.e.id}`, lon: s.lon, lat: s.lat, dy: 12,
          cls: "engagement", priority: PRIORITY.engagement })),
      ];
      div.dataset.forces = seen.map((f) => f.id).sort().join(" ");
      div.dataset.routes = seen.filter((f) => f.route).map((f) => f.id).sort().join(" ");
      div.dataset.engagements = engagements.map((e) => e.id).join(" ");
      drawCorner();
      drawing = push(["forces", "routes", "engagements"]);
      return drawing;
    },
    /** The preview of an order: `pieces` (the server's, each {track, point_of_sail}) colour
     * it by point of sail; without them the whole track is one line. */
    setPreview(track, label, pieces) {
      previewTrack = track || [];
      const parts = Array.isArray(pieces) && pieces.length ? pieces : (track && track.length
        ? [{ track, point_of_sail: null }] : []);
      live.preview = parts.filter((piece) => piece.track && piece.track.length > 1).map((piece,
        i) => line(piece.track, {
        tag: i === 0 ? "preview" : `preview-${i}`, width: 4,
        colour: SAIL_COLOURS[piece.point_of_sail] || "#ff6f00",
        hover: `${label || "preview"}${piece.point_of_sail ? ` – ${piece.point_of_sail}` : ""}`
          + `${piece.tack ? " (must beat)" : ""}`,
      }));
      div.dataset.preview = live.preview.length ? String(previewTrack.length) : "";
      div.dataset.previewSails = parts.map((p) => p.point_of_sail || "").join(" ");
      drawing = push(["preview"]);
      return drawing;
    },
    setVoyage(legs, marker) {
      const palette = ["#ad1457", "#00838f", "#6a1b9a", "#2e7d32", "#ef6c00", "#283593"];
      // The animation moves the ship every frame: the legs are given again only if new.
      if (legs !== voyageLegs) {
        voyageLegs = legs;
        voyageTrack = legs.flatMap((l) => l.track);
        live.voyage = legs.map((leg, i) => line(leg.track, {
          tag: `leg-${i}`, width: 3, colour: palette[i % palette.length],
          hover: `Leg ${i + 1}: ${leg.label}, ${Math.round(leg.distance_nm)} nm, `
            + `${leg.days.toFixed(1)} days`,
        }));
      }
      live["voyage-ship"] = marker ? [point(marker.lon, marker.lat, { tag: "voyage-ship",
        colour: "#000", radius: 7, opacity: 1, stroke: 1.5, hover: marker.text || "" })] : [];
      drawing = push(["voyage", "voyage-ship"]);
      return drawing;
    },
    setReplay(forces, engagements) {
      replaying = !!forces;
      live["replay-forces"] = forces ? forceFeatures(forces, "replay") : [];
      live["replay-engagements"] = forces ? engagementFeatures(engagementSpots(engagements
        || [], forces), "replay-engagements") : [];
      drawing = push(["replay-forces", "replay-engagements", "forces", "routes",
        "engagements"]);
      return drawing;
    },
    /** The tags of what the live layers draw now (the tests read it). */
    drawn,
    /** Each force marker's ship symbol: {ids, icon, rating} (the tests read it). */
    symbols: () => live.forces.map((f) => ({ ids: f.properties.ids.split(" "),
      icon: f.properties.icon, rating: f.properties.rating })),
    drawnIds,
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
