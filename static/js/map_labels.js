// The chart's labels: HTML over the map (MapLibre would need a glyph server for text), placed
// by priority so that none overlaps another, nor a ship symbol, a port dot or the map's
// controls, and none is cut at the map's edge (each tries its places round its point in
// turn), once a move settles, never per frame; and the graticule's degree labels along the
// top and left edges.

import { el } from "./util.js";
import { portRadius } from "./map_style.js";

/** Label priorities: own forces first, then engagements, enemy forces, stations, ports. */
export const PRIORITY = { own: 0, engagement: 1, british: 2, enemy: 3, station: 4, port: 5 };

/** Do two boxes {x, y, w, h} overlap? */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * Greedy decluttering: `items` ({boxes, priority}: each label's places to stand, best
 * first) in priority order (then as given); each is kept at its first place that overlaps
 * no label kept before it and no `obstacles` box (ship symbols, port dots, the map's
 * controls). Returns [index, box] of the kept items.
 */
export function declutter(items, obstacles = []) {
  const order = items.map((it, i) => i).sort((a, b) => items[a].priority - items[b].priority
    || a - b);
  const cell = 64;
  const grid = new Map();
  const cellsOf = (box) => {
    const cells = [];
    for (let cx = Math.floor(box.x / cell); cx <= Math.floor((box.x + box.w) / cell); cx += 1) {
      for (let cy = Math.floor(box.y / cell); cy <= Math.floor((box.y + box.h) / cell); cy += 1) {
        cells.push(`${cx},${cy}`);
      }
    }
    return cells;
  };
  const add = (box) => {
    for (const c of cellsOf(box)) {
      if (!grid.has(c)) grid.set(c, []);
      grid.get(c).push(box);
    }
  };
  const free = (box) => !cellsOf(box).some((c) => (grid.get(c) || []).some((b) => overlaps(b,
    box)));
  for (const box of obstacles) add(box);
  const kept = [];
  for (const i of order) {
    const box = (items[i].boxes || []).find(free);
    if (!box) continue;
    add(box);
    kept.push([i, box]);
  }
  return kept;
}

/** The overlays a label must never hide under (their boxes in the chart's pixels). */
const CONTROLS = ".views, .map-legend, .map-corner";

const fmtDeg = (v, pos, neg) => `${Math.abs(Math.round(v))}°${v >= 0 ? pos : neg}`;

/**
 * The labels of the chart in `div` on the map `maplibre()` gives: `overlay` and `gratLabels`
 * (their layers, appended by the chart), setLive(list) and setStatic(list) (labels: {text,
 * lon, lat, cls, priority, minZoom, dy, marker}), place() now or schedule() it for the next
 * frame, placeGraticule(map) (the degrees along the edges), boxes() placed and
 * obstacles() (what labels keep clear of). `markerBoxes(map)` gives the force markers'
 * screen boxes ({marker, x, y, w, h}); a label with a `marker` stands beside its own.
 */
export function createLabels(div, maplibre, markerBoxes = () => []) {
  const overlay = el("div", { class: "map-labels", "aria-hidden": "true" });
  const gratLabels = el("div", { class: "map-graticule", "aria-hidden": "true" });
  const lists = { live: [], static: [] };
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

  /** What labels keep clear of: the ship symbols, the port dots and the map's controls. */
  function obstacles(m = maplibre()) {
    if (!m) return [];
    const zoom = m.getZoom();
    const r = portRadius(zoom);
    const dots = lists.static.filter((l) => l.cls === "port").map((l) => {
      const p = m.project([l.lon, l.lat]);
      return { kind: "port", text: l.text, x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r };
    });
    const ships = markerBoxes(m).map((b) => ({ kind: "ship", ...b }));
    const root = div.getBoundingClientRect();
    const controls = [...(div.parentElement || div).querySelectorAll(CONTROLS)].map((node) => {
      const c = node.getBoundingClientRect();
      return { kind: "control", x: c.left - root.left - 2, y: c.top - root.top - 2,
        w: c.width + 4, h: c.height + 4 };
    }).filter((b) => b.w > 4 && b.h > 4);
    return [...ships, ...dots, ...controls];
  }

  /** A label's places to stand, best first: above its marker or point, then below, right
   * and left of it. */
  function candidates(l, p, bw, bh, zoom, markers) {
    const mark = l.marker ? markers.get(l.marker) : null;
    if (mark) {
      const cx = mark.x + mark.w / 2 - bw / 2;
      const cy = mark.y + mark.h / 2 - bh / 2;
      return [{ x: cx, y: mark.y - bh - 1 }, { x: cx, y: mark.y + mark.h + 1 },
        { x: mark.x + mark.w + 2, y: cy }, { x: mark.x - bw - 2, y: cy }];
    }
    const r = l.cls === "port" ? portRadius(zoom) + 1 : l.cls === "engagement" ? 12 : 4;
    const first = l.dy === undefined ? { x: p.x - bw / 2, y: p.y - bh - 8 }
      : { x: p.x - bw / 2, y: p.y + l.dy };
    return [first, { x: p.x - bw / 2, y: p.y + r }, { x: p.x - bw / 2, y: p.y - r - bh },
      { x: p.x + r + 1, y: p.y - bh / 2 }, { x: p.x - r - 1 - bw, y: p.y - bh / 2 }];
  }

  let placed = [];
  let frame = 0;
  function place() {
    frame = 0;
    const m = maplibre();
    if (!m) return;
    const zoom = m.getZoom();
    const w = div.clientWidth;
    const h = div.clientHeight;
    const blocked = obstacles(m);
    const markers = new Map(blocked.filter((b) => b.marker).map((b) => [b.marker, b]));
    const all = [...lists.live, ...lists.static].filter((l) => zoom >= (l.minZoom || 0));
    const items = [];
    for (const l of all) {
      const p = m.project([l.lon, l.lat]);
      const bw = textWidth(l.text, l.cls);
      const bh = 14;
      // never cut at the map's edge: only places wholly inside it
      const boxes = candidates(l, p, bw, bh, zoom, markers).map((c) => ({ ...c, w: bw, h: bh }))
        .filter((b) => b.x >= 0 && b.y >= 0 && b.x + bw <= w && b.y + bh <= h);
      items.push({ l, priority: l.priority, boxes });
    }
    const kept = new Map(declutter(items, blocked));
    placed = [];
    const used = new Set();
    items.forEach((it, i) => {
      const key = `${it.l.cls}|${it.l.text}|${it.l.lon}|${it.l.lat}`;
      let node = labelNodes.get(key);
      const box = kept.get(i);
      if (!box) {
        if (node) node.hidden = true;
        return;
      }
      if (!node) {
        node = el("span", { class: `map-label ${it.l.cls}` }, it.l.text);
        overlay.append(node);
        labelNodes.set(key, node);
      }
      node.hidden = false;
      node.style.transform = `translate(${Math.round(box.x)}px, ${Math.round(box.y)}px)`;
      placed.push({ text: it.l.text, cls: it.l.cls, ...box });
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
  }

  function schedule() {
    if (!frame) frame = requestAnimationFrame(place);
  }

  return {
    overlay,
    gratLabels,
    /** The forces' and engagements' labels (replaced on each update). */
    setLive(list) {
      lists.live = list;
    },
    /** The stations' and ports' labels (given once). */
    setStatic(list) {
      lists.static = list;
    },
    place,
    schedule,
    placeGraticule,
    /** The label boxes drawn now (tests check that none overlaps another). */
    boxes: () => placed.map((p) => ({ ...p })),
    /** The boxes labels keep clear of: {kind: "ship" | "port" | "control", ...box}. */
    obstacles: () => obstacles(),
  };
}
