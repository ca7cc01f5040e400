// The month's prevailing wind on the chart: its arrows (one line feature a strength, from
// /api/wind) and the wind nearest the view's centre, which the corner's rose shows.

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

const asked = new Map(); // month -> the promise of its /api/wind answer (null if it failed)

/** The month's wind from /api/wind, asked once: the page asks for it as soon as the join
 * tells the month, in parallel with the map's loading, and the chart takes it when ready.
 * A failed answer is asked again next time. */
export function windOf(month) {
  if (!asked.has(month)) {
    asked.set(month, fetch(`/api/wind?month=${month}`).then((r) => (r.ok ? r.json() : null))
      .catch(() => null).then((wind) => {
        if (!wind) asked.delete(month);
        return wind;
      }));
  }
  return asked.get(month);
}

/**
 * The wind of the chart in `div` on the map `maplibre()` gives: setMonth(month) fetches the
 * month's wind once and gives its arrows through `setSource`; best() is the wind nearest the
 * view's centre ({from_deg, strength} or null), recentred() after a move; `changed()` is told
 * when best() may have changed.
 */
export function createWind(div, maplibre, setSource, changed) {
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
  function setMonth(m) {
    if (!m || m === month) return;
    month = m;
    pending = true;
    windOf(m).then((wind) => {
      if (month !== m) return;
      pending = false;
      if (!wind) {
        changed();
        return;
      }
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
      summary = summarise(wind.features);
      changed();
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
