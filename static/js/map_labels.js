// The chart's labels: HTML over the map (MapLibre would need a glyph server for text), placed
// by priority so that none overlaps another, once a move settles, never per frame; and the
// graticule's degree labels along the top and left edges.

import { el } from "./util.js";
import { graticule, iconScale } from "./map_style.js";
import { ICON_H } from "./ships.js";

/** Label priorities: own forces first, then engagements, enemy forces, stations, ports. */
export const PRIORITY = { own: 0, engagement: 1, british: 2, enemy: 3, station: 4, port: 5 };

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

const fmtDeg = (v, pos, neg) => `${Math.abs(Math.round(v))}°${v >= 0 ? pos : neg}`;

/**
 * The labels of the chart in `div` on the map `maplibre()` gives: `overlay` and `gratLabels`
 * (their layers, appended by the chart), setLive(list) and setStatic(list) (labels: {text,
 * lon, lat, cls, priority, minZoom, dy}), place() now or schedule() it for the next frame,
 * placeGraticule(map) (its lines given through `setSource`), boxes() placed.
 */
export function createLabels(div, maplibre, setSource) {
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

  let placed = [];
  let frame = 0;
  function place() {
    frame = 0;
    const m = maplibre();
    if (!m) return;
    const zoom = m.getZoom();
    const w = div.clientWidth;
    const h = div.clientHeight;
    const all = [...lists.live, ...lists.static].filter((l) => zoom >= (l.minZoom || 0));
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

  let gratStep = 10;
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
  };
}
