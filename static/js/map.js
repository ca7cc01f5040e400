// The plotly.js geo map: the game's own land and places from /api/map, and the live forces,
// routes and engagements from the store. No plotly base map is used (nothing to fetch): every
// layer is a scattergeo trace, the land all in ONE filled trace with null-separated rings.

import { el } from "./util.js";

export const SQUADRON_COLOURS = {
  White: "#fafafa", Red: "#c62828", Blue: "#1565c0", Blockade: "#6a1b9a",
};
export const NATION_COLOURS = {
  Britain: "#b71c1c", France: "#0d3b8c", Spain: "#e0a800", Netherlands: "#ef6c00",
};
const NEUTRAL = "#6d6d6d";
const SEA = "#cfe2ef";
const LAND = "#e9dfc4";

/** Views the zoom buttons offer: [lon range, lat range]. */
export const VIEWS = {
  Atlantic: [[-100, 42], [-42, 68]],
  Europe: [[-20, 32], [34, 64]],
  Channel: [[-7, 3], [48, 52.5]],
  Solent: [[-1.75, -0.95], [50.6, 50.95]],
  World: [[-180, 180], [-60, 80]],
};

const mercY = (lat) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const mercLat = (y) => ((2 * Math.atan(Math.exp(y)) - Math.PI / 2) * 180) / Math.PI;

/**
 * Widen a view's lon or lat range so that it fills a box of `width` x `height` pixels under
 * the Mercator projection (plotly keeps the projection's aspect and would leave bands).
 */
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

/**
 * Rings of polygon features as one lon/lat pair of arrays separated by nulls. Plotly fills
 * with d3-geo, which reads rings on the sphere: a clockwise ring encloses the small area, a
 * counter-clockwise one (RFC 7946's exterior, as /api/map sends them) the rest of the globe.
 * So every outer ring is turned clockwise. Holes are left out (lakes, of no use at sea).
 */
export function ringsToTrace(features) {
  const lon = [];
  const lat = [];
  for (const feature of features) {
    for (const polygon of polygonsOf(feature.geometry)) {
      const outer = polygon[0];
      if (!outer || outer.length < 4) continue;
      const ring = signedArea(outer) > 0 ? [...outer].reverse() : outer;
      if (lon.length) {
        lon.push(null);
        lat.push(null);
      }
      for (const [x, y] of ring) {
        lon.push(x);
        lat.push(y);
      }
    }
  }
  return { lon, lat };
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

function forceColour(force) {
  if (force.side === "Britain") return SQUADRON_COLOURS[force.squadron] || "#f2c200";
  return NATION_COLOURS[force.side] || NEUTRAL;
}

function shortName(force) {
  if (force.side === "Britain" && force.squadron) return force.squadron;
  return force.name || force.id;
}

function shipsText(force) {
  return (force.ships || []).map((s) => `${s.name} (${s.type})${s.status && s.status !== "afloat"
    ? ` – ${s.status}` : ""}`).join("<br>");
}

function polygonTrace(name, features, style) {
  const { lon, lat } = ringsToTrace(features);
  return {
    type: "scattergeo", mode: "lines", name, lon, lat, fill: "toself",
    fillcolor: style.fill, line: { color: style.line, width: style.width ?? 1, dash: style.dash },
    hoverinfo: "skip", showlegend: style.legend ?? false,
  };
}

/**
 * The map. `layers` is /api/map's answer, `ports` /api/ports'. Returns a controller with
 * update(state, seat), setPreview(track), setVoyage(legs, marker), setReplay(forces),
 * view(name) and onPick(callback) (a click on a station, a port or the sea).
 */
export function createMap(div, layers, ports) {
  const fc = (name) => (layers && layers[name] && layers[name].features) || [];
  const stations = fc("stations");
  const zones = fc("blockade_zones");
  const portFeatures = fc("ports");
  const portList = ports && ports.length ? ports : portFeatures.map((f) => ({
    id: featureId(f), name: featureName(f), nation: f.properties?.nation,
    kind: f.properties?.kind, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1],
  }));

  const staticTraces = [
    { ...polygonTrace("Land", fc("land"), { fill: LAND, line: "#8a7a58", width: 0.6 }),
      meta: "land" },
    { ...polygonTrace("Stations", stations, { fill: "rgba(40,90,160,0.05)",
      line: "rgba(40,90,160,0.55)", dash: "dot" }), meta: "stations" },
    { ...polygonTrace("Shallows", fc("shallows"), { fill: "rgba(120,170,120,0.35)",
      line: "rgba(60,120,60,0.7)", width: 0.5 }), meta: "shallows" },
    { ...polygonTrace("Blockade zones", zones, { fill: "rgba(150,40,40,0.08)",
      line: "rgba(150,40,40,0.6)", dash: "dash" }), meta: "blockade_zones" },
  ];
  const stationPoints = stations.map((f) => ({ id: featureId(f), name: featureName(f),
    at: centreOf(f), bases: f.properties?.bases || [],
    point: f.properties?.patrol_point || null })).filter((s) => s.at);
  staticTraces.push({
    type: "scattergeo", mode: "markers+text", name: "Naval stations", meta: "station-labels",
    lon: stationPoints.map((s) => s.at[0]), lat: stationPoints.map((s) => s.at[1]),
    text: stationPoints.map((s) => s.name), customdata: stationPoints.map((s) => ["station", s.id]),
    textfont: { color: "rgba(30,70,130,0.9)", size: 11 }, textposition: "bottom center",
    marker: { symbol: "square-open", size: 8, color: "rgba(30,70,130,0.8)" },
    hovertemplate: "%{text} station<extra></extra>", showlegend: false,
  });
  // One legend entry per belligerent; every other flag is "neutral and other".
  const groupOf = (p) => (NATION_COLOURS[p.nation] ? p.nation : "Neutral and other");
  const nations = [...Object.keys(NATION_COLOURS), "Neutral and other"];
  for (const nation of nations) {
    const group = portList.filter((p) => groupOf(p) === nation);
    if (!group.length) continue;
    staticTraces.push({
      type: "scattergeo", mode: "markers", name: `Ports: ${nation}`, meta: `ports-${nation}`,
      lon: group.map((p) => p.lon), lat: group.map((p) => p.lat),
      text: group.map((p) => `${p.name} (${p.nation}${p.kind ? `, ${p.kind}` : ""})`),
      customdata: group.map((p) => ["port", p.id, p.nation]),
      marker: { size: 7, symbol: "square", color: NATION_COLOURS[nation] || NEUTRAL,
        line: { color: "#222", width: 0.6 } },
      hovertemplate: "%{text}<extra></extra>", showlegend: true, legendgroup: "ports",
    });
  }

  const box = div.getBoundingClientRect();
  const [lonRange, latRange] = fitRanges(...VIEWS.Atlantic, box.width, box.height);
  const layout = {
    margin: { l: 0, r: 0, t: 0, b: 0 }, paper_bgcolor: SEA, dragmode: "pan", hoverdistance: 12,
    showlegend: true, uirevision: "keep",
    legend: { x: 0.005, y: 0.01, yanchor: "bottom", bgcolor: "rgba(255,255,255,0.8)",
      font: { size: 11 } },
    geo: {
      projection: { type: "mercator" }, showland: false, showocean: false,
      showcoastlines: false, showlakes: false, showrivers: false, showcountries: false,
      showsubunits: false, showframe: false, bgcolor: SEA,
      lonaxis: { range: lonRange, showgrid: true, gridcolor: "rgba(255,255,255,0.6)", dtick: 10 },
      lataxis: { range: latRange, showgrid: true, gridcolor: "rgba(255,255,255,0.6)", dtick: 10 },
    },
  };
  const config = { scrollZoom: true, displaylogo: false, responsive: true,
    modeBarButtonsToRemove: ["select2d", "lasso2d", "toImage"] };

  let dynamic = { forces: [], routes: [], engagements: [], preview: [], voyage: [], replay: [] };
  const pickers = new Set();

  function forceTraces(forces, tag) {
    const out = [];
    const british = forces.filter((f) => f.side === "Britain");
    const enemy = forces.filter((f) => f.side !== "Britain");
    for (const [group, symbol, label] of [[british, "circle", "British forces"],
      [enemy, "diamond", "Enemy forces"]]) {
      out.push({
        type: "scattergeo", mode: "markers+text", name: label, meta: `${tag}-${symbol}`,
        lon: group.map((f) => f.lon), lat: group.map((f) => f.lat),
        text: group.map(shortName), ids: group.map((f) => f.id),
        customdata: group.map((f) => ["force", f.id, f.side]),
        hovertext: group.map((f) => `<b>${f.name}</b> (${f.side})<br>${shipsText(f)}`),
        hovertemplate: "%{hovertext}<extra></extra>",
        textposition: "top center", textfont: { size: 11, color: "#111" },
        marker: { size: group.map((f) => 9 + 2 * Math.min(5, (f.ships || []).length)), symbol,
          color: group.map(forceColour), line: { color: "#111", width: 1.2 } },
        showlegend: group.length > 0,
      });
    }
    return out;
  }

  function routeTrace(forces) {
    return forces.filter((f) => f.route && Array.isArray(f.route.track)).map((f) => ({
      type: "scattergeo", mode: "lines", name: `${shortName(f)} route`, meta: `route-${f.id}`,
      lon: f.route.track.map((p) => p[0]), lat: f.route.track.map((p) => p[1]),
      line: { color: forceColour(f) === "#fafafa" ? "#555" : forceColour(f), width: 2,
        dash: "dot" },
      hovertemplate: `${f.name}: ${Math.round(f.route.distance_nm ?? 0)} nm, `
        + `${(f.route.days ?? 0).toFixed(1)} days<extra></extra>`, showlegend: false,
    }));
  }

  function engagementTrace(engagements, forces) {
    const byId = Object.fromEntries(forces.map((f) => [f.id, f]));
    const spots = [];
    for (const e of engagements) {
      const at = (e.forces || []).map((id) => byId[id]).find(Boolean)
        || (Array.isArray(e.at) ? { lon: e.at[0], lat: e.at[1] } : null)
        || (typeof e.lon === "number" ? e : null);
      if (at) spots.push({ e, lon: at.lon, lat: at.lat });
    }
    if (!spots.length) return [];
    return [{
      type: "scattergeo", mode: "markers", name: "Engagements", meta: "engagements",
      lon: spots.map((s) => s.lon), lat: spots.map((s) => s.lat),
      customdata: spots.map((s) => ["engagement", s.e.id]),
      text: spots.map((s) => `Engagement ${s.e.id}, day ${s.e.day ?? "?"}`
        + (s.e.over ? ` – over${s.e.outcome ? `: ${typeof s.e.outcome === "string"
          ? s.e.outcome : s.e.outcome.result ?? ""}` : ""}` : " – being fought")),
      hovertemplate: "%{text}<extra></extra>",
      marker: { symbol: "star", size: 20, color: spots.map((s) => (s.e.over ? "#444" : "#ff3d00")),
        line: { color: "#000", width: 1 } },
    }];
  }

  function traces() {
    // During a replay the map shows the forces as they were, not as they are.
    const live = dynamic.replay.length ? [] : [...dynamic.routes, ...dynamic.forces,
      ...dynamic.engagements];
    return [...staticTraces, ...dynamic.preview, ...dynamic.voyage, ...live, ...dynamic.replay];
  }

  let drawing = Promise.resolve();
  let lastKey = null;
  function redraw() {
    drawing = drawing.then(() => window.Plotly.react(div, traces(), layout, config));
    return drawing;
  }

  const ready = window.Plotly.newPlot(div, traces(), layout, config).then(() => {
    div.dataset.mapReady = "1";
    wireClicks();
  });

  // -- picking: a click on a station, a port or the open sea ------------------------------
  let lastPointClick = 0;
  let downAt = null;
  function emitPick(pick) {
    for (const cb of pickers) cb(pick);
  }
  function wireClicks() {
    div.on("plotly_click", (ev) => {
      const point = ev.points && ev.points[0];
      if (!point || !Array.isArray(point.customdata)) return;
      lastPointClick = Date.now();
      const [kind, id, extra] = point.customdata;
      emitPick({ kind, id, nation: extra, lon: point.lon, lat: point.lat });
    });
    // Capture phase: plotly's pan/zoom handlers swallow the bubbling mouse events. A press
    // and release within a few pixels is a click; anything longer is a pan.
    div.addEventListener("pointerdown", (ev) => {
      downAt = [ev.clientX, ev.clientY];
    }, true);
    div.addEventListener("pointerup", (ev) => {
      const start = downAt;
      downAt = null;
      if (!start || Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 4) return;
      if (ev.button !== 0 || ev.target.closest(".modebar, .legend")) return;
      const lonlat = lonLatAt(ev.clientX, ev.clientY);
      if (!lonlat) return;
      const pressedAt = Date.now();
      setTimeout(() => {
        if (lastPointClick >= pressedAt - 50) return; // plotly_click took it: a point
        const station = stations.find((f) => contains(f, lonlat));
        emitPick({ kind: "sea", lon: lonlat[0], lat: lonlat[1],
          station: station ? featureId(station) : null });
      }, 120);
    }, true);
  }

  /** The lon/lat under a client pixel, from the geo subplot's own projection. */
  function lonLatAt(clientX, clientY) {
    const geo = div._fullLayout?.geo?._subplot;
    if (!geo || !geo.projection) return null;
    const box = div.getBoundingClientRect();
    const p = geo.projection.invert([clientX - box.left, clientY - box.top]);
    if (!p || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) return null;
    return [Math.round(p[0] * 1000) / 1000, Math.round(p[1] * 1000) / 1000];
  }

  /** The client pixel of a lon/lat (tests and keyboard users use it). */
  function pixelOf(lon, lat) {
    const geo = div._fullLayout?.geo?._subplot;
    if (!geo || !geo.projection) return null;
    const box = div.getBoundingClientRect();
    const [x, y] = geo.projection([lon, lat]);
    return [box.left + x, box.top + y];
  }

  return {
    ready,
    div,
    stations: stationPoints,
    zones: zones.map((f) => ({ id: featureId(f), name: featureName(f), at: centreOf(f) })),
    ports: portList,
    update(state) {
      const forces = (state && state.forces) || [];
      // A redraw of the whole geo subplot costs ~0.5 s: skip it when nothing drawn changed.
      const key = JSON.stringify([forces, ((state && state.engagements) || []).map((e) =>
        [e.id, e.over, e.outcome?.how, e.lon, e.lat])]);
      if (key === lastKey) return drawing;
      lastKey = key;
      dynamic.forces = forceTraces(forces, "forces");
      dynamic.routes = routeTrace(forces);
      dynamic.engagements = engagementTrace((state && state.engagements) || [], forces);
      div.dataset.forces = forces.map((f) => f.id).sort().join(" ");
      div.dataset.routes = forces.filter((f) => f.route).map((f) => f.id).sort().join(" ");
      div.dataset.engagements = ((state && state.engagements) || []).map((e) => e.id).join(" ");
      return redraw();
    },
    setPreview(track, label) {
      dynamic.preview = track && track.length ? [{
        type: "scattergeo", mode: "lines+markers", name: "Planned (preview)", meta: "preview",
        lon: track.map((p) => p[0]), lat: track.map((p) => p[1]),
        line: { color: "#ff6f00", width: 3 }, marker: { size: 3, color: "#ff6f00" },
        hovertemplate: `${label || "preview"}<extra></extra>`, showlegend: true,
      }] : [];
      div.dataset.preview = dynamic.preview.length ? String(track.length) : "";
      return redraw();
    },
    setVoyage(legs, marker) {
      const palette = ["#ad1457", "#00838f", "#6a1b9a", "#2e7d32", "#ef6c00", "#283593"];
      dynamic.voyage = legs.map((leg, i) => ({
        type: "scattergeo", mode: "lines", name: `Leg ${i + 1}: ${leg.label}`, meta: `leg-${i}`,
        lon: leg.track.map((p) => p[0]), lat: leg.track.map((p) => p[1]),
        line: { color: palette[i % palette.length], width: 3 },
        hovertemplate: `Leg ${i + 1}: ${leg.label}<br>${Math.round(leg.distance_nm)} nm, `
          + `${leg.days.toFixed(1)} days<extra></extra>`,
      }));
      if (marker) {
        dynamic.voyage.push({
          type: "scattergeo", mode: "markers+text", name: "Ship", meta: "voyage-ship",
          lon: [marker.lon], lat: [marker.lat], text: [marker.text || ""],
          textposition: "top center",
          marker: { symbol: "triangle-up", size: 14, color: "#000" }, showlegend: false,
        });
      }
      return redraw();
    },
    setReplay(forces, engagements) {
      dynamic.replay = forces ? [
        ...forceTraces(forces, "replay").map((t) => ({ ...t, name: `${t.name} (replay)`,
          marker: { ...t.marker, opacity: 0.85, line: { color: "#ff6f00", width: 2 } } })),
        ...engagementTrace(engagements || [], forces),
      ] : [];
      return redraw();
    },
    view(name) {
      if (!VIEWS[name]) return Promise.resolve();
      const size = div.getBoundingClientRect();
      const v = fitRanges(...VIEWS[name], size.width, size.height);
      div.dataset.view = name;
      return window.Plotly.relayout(div, {
        "geo.lonaxis.range": v[0], "geo.lataxis.range": v[1],
        "geo.projection.scale": 1, "geo.center.lon": (v[0][0] + v[0][1]) / 2,
        "geo.center.lat": (v[1][0] + v[1][1]) / 2,
      });
    },
    /** Show every [lon, lat] of `points` (with a margin). */
    fitTo(points) {
      const ok = points.filter((p) => Array.isArray(p) && Number.isFinite(p[0]));
      if (!ok.length) return Promise.resolve();
      const lons = ok.map((p) => p[0]);
      const lats = ok.map((p) => p[1]);
      const pad = (a, b) => Math.max(1, (b - a) * 0.1);
      const [lo0, lo1, la0, la1] = [Math.min(...lons), Math.max(...lons), Math.min(...lats),
        Math.max(...lats)];
      const size = div.getBoundingClientRect();
      const v = fitRanges([lo0 - pad(lo0, lo1), lo1 + pad(lo0, lo1)],
        [Math.max(-80, la0 - pad(la0, la1)), Math.min(80, la1 + pad(la0, la1))],
        size.width, size.height);
      div.dataset.view = "fit";
      return window.Plotly.relayout(div, {
        "geo.lonaxis.range": v[0], "geo.lataxis.range": v[1], "geo.projection.scale": 1,
        "geo.center.lon": (v[0][0] + v[0][1]) / 2, "geo.center.lat": (v[1][0] + v[1][1]) / 2,
      });
    },
    /** Centre the map on [lon, lat] with about `span` degrees of longitude in view. */
    focus(lon, lat, span = 6) {
      const size = div.getBoundingClientRect();
      const half = span / 2;
      const v = fitRanges([lon - half, lon + half], [lat - half / 2, lat + half / 2],
        size.width, size.height);
      div.dataset.view = "focus";
      return window.Plotly.relayout(div, {
        "geo.lonaxis.range": v[0], "geo.lataxis.range": v[1], "geo.projection.scale": 1,
        "geo.center.lon": lon, "geo.center.lat": lat,
      });
    },
    onPick(cb) {
      pickers.add(cb);
      return () => pickers.delete(cb);
    },
    lonLatAt,
    pixelOf,
  };
}

/** The zoom buttons above the map. */
export function viewButtons(map) {
  return el("div", { class: "views", role: "group", "aria-label": "Map views" },
    Object.keys(VIEWS).map((name) => el("button", { type: "button",
      onclick: () => map.view(name) }, name)));
}
