// Picking on the chart: a click on a force (or a stack of them, opened as a list), an
// engagement, a port, a station or the open sea, told to the chart's listeners; and a
// marker's words in a tooltip on hover.

import { el } from "./util.js";
import { contains, featureId } from "./map_geometry.js";
import { afloatShips } from "./map_forces.js";

const PICKABLE = ["forces", "replay-forces", "engagements", "replay-engagements", "ports",
  "station-marks"];
/** The layers whose markers tell their words on hover. */
const HOVER = ["forces", "replay-forces", "engagements", "routes", "preview", "voyage",
  "voyage-ship"];

/** The topmost pickable feature within `r` pixels of a map point. */
function hitAt(m, pt, r) {
  const hits = m.queryRenderedFeatures([[pt.x - r, pt.y - r], [pt.x + r, pt.y + r]],
    { layers: PICKABLE });
  const rank = (f) => PICKABLE.indexOf(f.layer.id);
  return hits.sort((a, b) => rank(a) - rank(b))[0] || null;
}

/**
 * The picking of the chart in `div` on the map `maplibre()` gives: `ports` (the chart's port
 * list), `stations` (the station features), `stackOf(key)` (the forces of a stack drawn now).
 * wire(map) listens to its clicks and hovers once; onPick(callback) adds a listener (and
 * returns its removal); `tip` is the tooltip's node (appended by the chart).
 */
export function createPicking(div, maplibre, { ports, stations, stackOf }) {
  const pickers = new Set();
  const tip = el("div", { class: "map-tip", role: "tooltip", hidden: true });
  let stackBox = null;

  function emitPick(pick) {
    for (const cb of pickers) cb(pick);
  }

  function openStack(key, lon, lat) {
    const forces = stackOf(key);
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

  function wire(m) {
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
        const p = ports.find((x) => x.id === props.id);
        emitPick({ kind: "port", id: props.id, nation: p?.nation, lon: p?.lon, lat: p?.lat });
        return;
      }
      const lonlat = [Math.round(lng * 1000) / 1000, Math.round(lat * 1000) / 1000];
      const station = stations.find((f) => contains(f, lonlat));
      emitPick({ kind: "sea", lon: lonlat[0], lat: lonlat[1],
        station: station ? featureId(station) : null });
    });
    // A marker's words on hover: only when the pointer enters or leaves a marker layer.
    for (const id of HOVER) {
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

  return {
    tip,
    wire,
    onPick(cb) {
      pickers.add(cb);
      return () => pickers.delete(cb);
    },
  };
}
