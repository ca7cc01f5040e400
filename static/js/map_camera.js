// The chart's views: the named ones its buttons offer, a box fitted to points, a place
// focused, and the conversions between lon/lat and the page's pixels.

import { el } from "./util.js";
import { cameraFor } from "./map_geometry.js";

/** Views the zoom buttons offer: [lon range, lat range]. */
export const VIEWS = {
  Atlantic: [[-100, 42], [-42, 68]],
  Europe: [[-20, 32], [34, 64]],
  Channel: [[-7, 3], [48, 52.5]],
  Solent: [[-1.75, -0.95], [50.6, 50.95]],
  World: [[-180, 180], [-60, 80]],
};

/** The camera the chart in `div` opens on: the Atlantic. */
export function startCamera(div) {
  const box = div.getBoundingClientRect();
  return cameraFor(...VIEWS.Atlantic, box.width, box.height);
}

/**
 * The camera of the chart in `div` on the map `maplibre()` gives: jump, fitTo, focus, view
 * (each resolved once there, its name in `div.dataset.view`; `jumped()` told after each),
 * bounds, lonLatAt and pixelOf.
 */
export function createCamera(div, maplibre, jumped) {
  function jump(lonRange, latRange, name) {
    const m = maplibre();
    div.dataset.view = name;
    if (!m) return Promise.resolve();
    const cam = cameraFor(lonRange, latRange, div.clientWidth, div.clientHeight);
    m.jumpTo({ center: [cam.center.lon, cam.center.lat], zoom: cam.zoom });
    jumped();
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

  return {
    jump,
    fitTo,
    view(name) {
      if (!VIEWS[name]) return Promise.resolve();
      return jump(...VIEWS[name], name);
    },
    /** Centre the map on [lon, lat] with about `span` degrees of longitude in view. */
    focus(lon, lat, span = 6) {
      const half = span / 2;
      return jump([lon - half, lon + half], [lat - half / 2, lat + half / 2], "focus");
    },
    bounds() {
      const m = maplibre();
      if (!m) return null;
      const b = m.getBounds();
      return [[b.getWest(), b.getSouth()], [b.getEast(), b.getNorth()]];
    },
    /** The lon/lat under a client pixel. */
    lonLatAt(clientX, clientY) {
      const m = maplibre();
      if (!m) return null;
      const b = div.getBoundingClientRect();
      const p = m.unproject([clientX - b.left, clientY - b.top]);
      return [Math.round(p.lng * 1000) / 1000, Math.round(p.lat * 1000) / 1000];
    },
    /** The client pixel of a lon/lat (tests and keyboard users use it). */
    pixelOf(lon, lat) {
      const m = maplibre();
      if (!m) return null;
      const b = div.getBoundingClientRect();
      const p = m.project([lon, lat]);
      return [b.left + p.x, b.top + p.y];
    },
  };
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
