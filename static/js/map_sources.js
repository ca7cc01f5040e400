// The chart's sources: the static ones filled once (setSource), the live ones (forces,
// routes, engagements, the preview, a voyage, a replay) each given new data with one setData
// when (and only when) it changed.

import { LIVE } from "./map_style.js";
import { collection } from "./map_geometry.js";
import { ensureIcon } from "./ships.js";

/** During a replay the map shows the forces as they were, not as they are. */
const HIDDEN_IN_REPLAY = ["routes", "engagements", "forces"];

/**
 * The sources of the map `maplibre()` gives: `live` (each live source's features now, set by
 * the chart), push(names) (those that changed given their data; resolved once drawn, and
 * `changed()` told), setReplaying(on), drawn() and drawnIds() (what the live layers draw),
 * setSource(id, data). `counts` counts the setData calls (the tests read it).
 */
export function createSources(maplibre, counts, changed) {
  // What each live source holds now, and the JSON of what it was last given.
  const live = Object.fromEntries(LIVE.map((name) => [name, []]));
  const given = new Map();
  let replaying = false;
  const hidden = (name) => replaying && HIDDEN_IN_REPLAY.includes(name);

  /** Give the live sources that changed their new data: one setData each, nothing else. */
  function push(names = LIVE) {
    const m = maplibre();
    if (!m) return Promise.resolve();
    let n = 0;
    for (const name of names) {
      const data = collection(hidden(name) ? [] : live[name]);
      const json = JSON.stringify(data);
      if (given.get(name) === json) continue;
      // (before the style has loaded there is no source yet: given once it is, push())
      const source = m.getSource(name);
      if (!source) continue;
      given.set(name, json);
      // the ship symbols these forces show, drawn and registered before they are asked for
      for (const f of data.features) if (f.properties.icon) ensureIcon(m, f.properties.icon);
      source.setData(data);
      counts.live += 1;
      counts.sources[name] = (counts.sources[name] || 0) + 1;
      n += 1;
    }
    if (!n) return Promise.resolve();
    changed();
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
      if (hidden(name)) continue;
      for (const f of live[name]) {
        if (!tags.includes(f.properties.tag)) tags.push(f.properties.tag);
      }
    }
    return tags;
  }

  /** The force ids the live force markers stand for. */
  const drawnIds = () => (replaying ? [] : live.forces.flatMap((f) => f.properties.ids
    .split(" ")));

  /** A static source's new data (the wind's, the detailed coast); asked before the style
   * has loaded (the wind may come first), given once it has. */
  function setSource(id, data) {
    const m = maplibre();
    const source = m?.getSource(id);
    if (source) source.setData(data);
    else if (m) m.once("load", () => m.getSource(id)?.setData(data));
  }

  return {
    live,
    push,
    drawn,
    drawnIds,
    setSource,
    setReplaying(on) {
      replaying = on;
    },
  };
}
