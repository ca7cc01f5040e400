// The month's prevailing wind on the chart: its arrows (one a point of /api/wind, drawn by the
// style's `wind` symbol layer at one screen size at every zoom, turned the way the wind
// blows) and the wind nearest the view's centre, which the corner's rose shows.

import { WIND_ARROW_PX, WIND_COLOURS, windIcon } from "./map_style.js";
import { PIXEL_RATIO, sharpCanvas } from "./ships.js";


/** Draw a wind arrow pointing up (north: MapLibre turns it by the wind) on a 2D context, in
 * a square of WIND_ARROW_PX CSS pixels: a shaft and a head, in the strength's colour. */
export function drawWindArrow(g, strength) {
  const n = WIND_ARROW_PX;
  const colour = WIND_COLOURS[strength] || WIND_COLOURS.fair;
  const weight = { fresh: 2.4, fair: 1.8, light: 1.3 }[strength] || 1.8;
  g.strokeStyle = colour;
  g.fillStyle = colour;
  g.lineWidth = weight;
  g.lineCap = "round";
  g.beginPath();
  g.moveTo(n / 2, n - 2);
  g.lineTo(n / 2, n * 0.3);
  g.stroke();
  g.beginPath();
  g.moveTo(n / 2, 1);
  g.lineTo(n / 2 + n * 0.2, n * 0.36);
  g.lineTo(n / 2 - n * 0.2, n * 0.36);
  g.closePath();
  g.fill();
}

/** A canvas of a wind arrow, for the legend (CSS size `size`). */
export function windCanvas(strength, size = WIND_ARROW_PX) {
  return sharpCanvas(WIND_ARROW_PX, WIND_ARROW_PX, "wind-icon",
    (g) => drawWindArrow(g, strength), size, size);
}

/** Register the three arrows (one a strength) with a MapLibre map unless it has them. */
export function ensureWindIcons(map) {
  for (const strength of Object.keys(WIND_COLOURS)) {
    if (map.hasImage(windIcon(strength))) continue;
    const canvas = windCanvas(strength);
    const g = canvas.getContext("2d");
    if (!g) continue;
    map.addImage(windIcon(strength), g.getImageData(0, 0, canvas.width, canvas.height),
      { pixelRatio: PIXEL_RATIO });
  }
}

const asked = new Map(); // month -> the promise of its /api/wind answer (null if it failed)
const known = new Map(); // month -> its /api/wind answer, once in

/** The month's wind from /api/wind, asked once: the page asks for it as soon as the join
 * tells the month, in parallel with the map's loading, and the chart takes it when ready.
 * A failed answer is asked again next time. */
export function windOf(month) {
  if (!asked.has(month)) {
    asked.set(month, fetch(`/api/wind?month=${month}`).then((r) => (r.ok ? r.json() : null))
      .catch(() => null).then((wind) => {
        if (wind) known.set(month, wind);
        else asked.delete(month);
        return wind;
      }));
  }
  return asked.get(month);
}

/**
 * The wind of the chart in `div` on the map `maplibre()` gives: setMonth(month) fetches the
 * month's wind once and gives its arrows to `give(features)` (the live source's `wind`
 * layer), at once if already in; best() is the wind nearest the view's centre ({from_deg,
 * strength} or null), recentred() after a move; `changed()` is told when best() may have
 * changed.
 */
export function createWind(div, maplibre, give, changed) {
  let month = null;
  let summary = null;

  function summarise(features) {
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

  let pending = false;
  /** The month's wind in: its arrows given, told once the map has drawn them. */
  function arrived(m, wind) {
    pending = false;
    if (!wind) {
      changed();
      return;
    }
    const lib = maplibre();
    if (lib) ensureWindIcons(lib);
    const drawn = give(wind.features);
    // told once the map has drawn them (its worker tiles a source's data asynchronously)
    Promise.resolve(drawn).then(() => {
      if (month !== m) return;
      div.dataset.windMonth = String(m);
      div.dataset.windArrows = String(wind.features.length);
    });
    summary = summarise(wind.features);
    changed();
  }

  function setMonth(m) {
    if (!m || m === month) return;
    month = m;
    pending = true;
    if (known.has(m)) {
      arrived(m, known.get(m));
      return;
    }
    windOf(m).then((wind) => {
      if (month === m) arrived(m, wind);
    });
  }

  return {
    setMonth,
    /** A month's wind asked for and not given yet. */
    pending: () => pending,
    best: () => summary?.best,
    /** The view moved: the wind nearest its new centre. */
    recentred() {
      if (!summary) return;
      summary = summarise(summary.features);
      changed();
    },
  };
}
