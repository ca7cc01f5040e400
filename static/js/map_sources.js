// The chart's sources: the static layers' one source (filled in the style, again only with
// the detailed coast), the live layers' one source (forces, routes, engagements, the
// preview, a voyage, a replay), given all its data with ONE setData when (and only when) one
// of its layers changed, and the month's wind's (given when the month changes).

import { LIVE, LIVE_SOURCE, WIND_SOURCE } from "./map_style.js";
import { ensureIcon } from "./ships.js";

/** During a replay the map shows the forces as they were, not as they are. */
const HIDDEN_IN_REPLAY = ["routes", "engagements", "forces"];

/**
 * The sources of the map `maplibre()` gives: `live` (each live layer's features now, set by
 * the chart; `wind` the month's arrows), data() (the live and wind sources' data now, for the
 * style the map is made with: what they hold counts as given; icons(map) registers the ship
 * symbols), push(names) (if those changed, the live source given its new data, the wind's
 * its own; resolved once drawn, and `changed()` told), hold() (pushes wait, until release()),
 * setReplaying(on), drawn() and drawnIds() (what the live layers draw), setSource(id, data).
 * `counts` counts the live and wind sources' setData calls (`live`) and each layer's changes
 * (`sources`; the tests read them).
 */
export function createSources(maplibre, counts, changed) {
  // What each live layer holds now, and the JSON of what it was last given.
  const live = Object.fromEntries([...LIVE, "wind"].map((name) => [name, []]));
  const given = new Map();
  let replaying = false;
  let held = false;
  const hidden = (name) => replaying && HIDDEN_IN_REPLAY.includes(name);
  const shown = (name) => (hidden(name) ? [] : live[name]);

  // each layer's features tagged with their layer, made again only when the layer changed
  const tagged = new Map();
  /** The live source's data: each layer's features tagged with their layer. */
  function collect() {
    const features = [];
    for (const name of LIVE) {
      const list = shown(name);
      let done = tagged.get(name);
      if (!done || done.from !== list) {
        done = { from: list, features: list.map((f) => ({ ...f,
          properties: { ...f.properties, layer: name } })) };
        tagged.set(name, done);
      }
      features.push(...done.features);
    }
    return { type: "FeatureCollection", features };
  }

  /** Note the layers `names` as given; true if one of them changed since last given. */
  function note(names) {
    let n = 0;
    for (const name of names) {
      const json = JSON.stringify(shown(name));
      if (given.get(name) === json) continue;
      given.set(name, json);
      counts.sources[name] = (counts.sources[name] || 0) + 1;
      n += 1;
    }
    return n > 0;
  }

  /** The ship symbols the forces show, drawn and registered before they are asked for. */
  function icons(m) {
    for (const name of ["forces", "replay-forces"]) {
      for (const f of shown(name)) if (f.properties.icon) ensureIcon(m, f.properties.icon);
    }
  }

  const windData = () => ({ type: "FeatureCollection", features: live.wind });

  /** The live and wind sources' data for the style the map is made with (counted as given;
   * the ship symbols registered by icons(map) once the map is made). */
  function data() {
    note([...LIVE, "wind"]);
    return { [LIVE_SOURCE]: collect(), [WIND_SOURCE]: windData() };
  }

  /** If the layers `names` changed, the live source given all its data (one setData), and
   * the wind's its own if it changed (in the same task: drawn in the same frame). */
  function push(names = [...LIVE, "wind"]) {
    const m = maplibre();
    // (before the style has loaded there is no source yet: given once it is, push())
    const source = m?.getSource(LIVE_SOURCE);
    if (!source || held) return Promise.resolve();
    let n = 0;
    const state = names.filter((name) => name !== "wind");
    if (state.length && note(state)) {
      icons(m);
      source.setData(collect());
      counts.live += 1;
      n += 1;
    }
    if (names.includes("wind") && note(["wind"])) {
      m.getSource(WIND_SOURCE).setData(windData());
      counts.live += 1;
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
      for (const f of shown(name)) {
        if (!tags.includes(f.properties.tag)) tags.push(f.properties.tag);
      }
    }
    return tags;
  }

  /** The force ids the live force markers stand for. */
  const drawnIds = () => (replaying ? [] : live.forces.flatMap((f) => f.properties.ids
    .split(" ")));

  /** A static source's new data (the detailed coast), given once the style has loaded. */
  function setSource(id, data) {
    const m = maplibre();
    const source = m?.getSource(id);
    if (source) source.setData(data);
    else if (m) m.once("load", () => m.getSource(id)?.setData(data));
  }

  return {
    live,
    data,
    icons,
    push,
    drawn,
    drawnIds,
    setSource,
    /** Pushes wait (the first state waits for its month's wind: both in one setData). */
    hold() {
      held = true;
    },
    /** Pushes go again: everything that changed meanwhile given now, in one setData. */
    release() {
      held = false;
      return push();
    },
    setReplaying(on) {
      replaying = on;
    },
  };
}
