// The sea chart: MapLibre GL (maplibre-gl.js, drawn on the GPU) with an offline style built
// from the game's own layers (/api/map): no tile server, no glyphs, no sprites (the ship
// symbols are drawn on a canvas here, ships.js). plotly.js is not the map's host: it is
// loaded only when a panel draws a chart (util.plotly), so the map never waits for it.
// The static layers (land, stations, shallows, blockade zones, ports, the graticule) are one
// source of the style, its data in the style the map is made with and never touched by an
// event; the live layers (forces, routes, engagements, the preview, a voyage, a replay) are
// one other source of the style, given all its data with one setData when (and only when)
// one of them changed, and the month's wind a third: the first state and its month's wind
// in the style the map is made with if known by then, else given together. Labels are HTML over the map, placed by priority so that none overlaps another,
// nor a ship symbol, a port dot or a control (MapLibre would need a glyph server for
// text), once a move settles, never per frame.
//
// This module puts the chart together; its parts are modules of their own:
//   map_style.js     colours, the offline style, the graticule's lines, the stylesheet
//   map_geometry.js  cameras, polygons, GeoJSON builders (pure)
//   map_static.js    the static layers given once, their labels, the detailed coast
//   map_sources.js   the live source: one setData when a layer changed; the replay's hiding
//   map_forces.js    forces, stacks, routes, engagements and their labels as features (pure)
//   map_overlays.js  an order's preview, the GM's voyage, a replay as features (pure)
//   map_labels.js    the HTML labels, decluttered; the graticule's labels
//   map_wind.js      the month's wind arrows and the wind at the view's centre
//   map_corner.js    the compass rose, the date and its season
//   map_legend.js    the legend, drawn from the layers' own colours and images
//   map_camera.js    the views, fitting, focusing, pixels and lon/lat; the view buttons
//   map_picking.js   clicks on forces, stacks, engagements, ports, stations, the sea; hovers

import { gameDate } from "./util.js";
import { chartStyle, ensureStyles } from "./map_style.js";
import { createStatic } from "./map_static.js";
import { createSources } from "./map_sources.js";
import { engagementFeatures, engagementSpots, forceFeatures, forceLabels, isOwn, onMap,
  routeFeatures, symbolBoxes } from "./map_forces.js";
import { previewFeatures, previewParts, replayFeatures, voyageFeatures, voyageShipFeatures }
  from "./map_overlays.js";
import { createLabels } from "./map_labels.js";
import { createWind, ensureWindIcons } from "./map_wind.js";
import { createCorner, seasonOf } from "./map_corner.js";
import { legendBox } from "./map_legend.js";
import { createCamera, startCamera } from "./map_camera.js";
import { createPicking } from "./map_picking.js";
import { ensureIcon } from "./ships.js";

export { NATION_COLOURS, SAIL_COLOURS, SQUADRON_COLOURS, iconScale } from "./map_style.js";
export { cameraFor, centreOf, contains, featureId, featureName, fitRanges, signedArea }
  from "./map_geometry.js";
export { DETAIL_ZOOM } from "./map_static.js";
export { onMap, stacks } from "./map_forces.js";
export { PRIORITY, declutter, overlaps } from "./map_labels.js";
export { drawWindArrow, windOf } from "./map_wind.js";
export { seasonOf } from "./map_corner.js";
export { VIEWS, viewButtons } from "./map_camera.js";

/**
 * The map. `layers` is /api/map's answer, `ports` /api/ports', `initial` ({state, seat}) the
 * state known when it is made, if any (drawn from the style it is made with). Returns a
 * controller with
 * update(state, seat), setPreview(track, label, pieces), setVoyage(legs, marker),
 * setReplay(forces), view(name), fitTo(points), focus(lon, lat), onPick(callback) (a click on
 * a force, a station, a port or the sea), and for tests labelBoxes(), counts, maplibre().
 */
export function createMap(div, layers, ports, initial = null) {
  ensureStyles();
  let map = null; // MapLibre's map, made as soon as the page starts (createMap)
  const maplibre = () => map;
  const counts = { static: 0, live: 0, land: 0, sources: {} };
  const sources = createSources(maplibre, counts, () => labels.schedule());
  const labels = createLabels(div, maplibre, (m) => symbolBoxes(sources.live.forces, m));
  const statics = createStatic(div, layers, ports, maplibre, sources.setSource, counts);
  const camera = createCamera(div, maplibre, statics.maybeDetail);
  let lastStacks = new Map();
  const picking = createPicking(div, maplibre, { ports: statics.ports,
    stations: statics.stationFeatures, stackOf: (key) => lastStacks.get(key) || [] });
  // the map's first idle once loaded (what was given before it loaded is drawn by then)
  let firstIdle = null;
  const firstDrawn = new Promise((resolve) => { firstIdle = resolve; });
  // the arrows given to the live source; the first state's push waits for them (hold()), so
  // that both come in one setData (a failed answer releases it too); drawn once the map is
  const wind = createWind(div, maplibre, (features) => {
    if (features) sources.live.wind = features;
    const drawn = sources.release();
    return loaded ? drawn : firstDrawn;
  }, () => {
    corner.draw();
    settle();
  });
  const corner = createCorner(() => wind.best());
  const legend = legendBox();
  const { live } = sources;
  let seatNow = null;
  let drawing = Promise.resolve();
  let lastKey = null;
  let lastSame = null;

  let state = null;
  /** The game's state (and the seat) on the chart: the live layers that changed given in one
   * setData (the first state's held until its month's wind is in, while the map loads). */
  function show(newState, seat) {
    state = newState;
    if (seat !== undefined) seatNow = seat;
    const forces = (state && state.forces) || [];
    const engagements = (state && state.engagements) || [];
    // the game's month is the server's (the state view's), never reckoned here
    const month = Number.isInteger(state?.month) ? state.month : null;
    if (month) {
      wind.setMonth(month);
      if (wind.pending() && div.dataset.mapReady !== "1") sources.hold();
    }
    let dateText = state?.date ? gameDate(String(state.date)) : (state && typeof state.day
      === "number" ? `Day ${state.day}` : "");
    if (month) dateText += ` · ${seasonOf(month)}`;
    // the corner follows the date (and the rose the month's wind) whatever else changed
    if (corner.setDate(dateText)) corner.draw();
    div.dataset.season = month ? seasonOf(month) : "";
    if (!updated) {
      updated = true;
      Promise.resolve().then(settle);
    }
    // the store's state is patched immutably: forces and engagements that are the very same
    // arrays as last time are unchanged (no need to compare their JSON)
    const same = [forces, engagements, seatNow?.id];
    if (lastSame && same.every((v, i) => v === lastSame[i])) return drawing;
    lastSame = same;
    const key = JSON.stringify([forces, engagements.map((e) =>
      [e.id, e.over, e.outcome?.how, e.lon, e.lat]), seatNow?.id]);
    if (key === lastKey) return drawing;
    lastKey = key;
    lastStacks = new Map();
    const seen = forces.filter(onMap);
    live.forces = forceFeatures(forces, "forces", lastStacks);
    live.routes = routeFeatures(forces);
    const spots = engagementSpots(engagements.filter((e) => !e.over), forces);
    live.engagements = engagementFeatures(spots);
    labels.setLive(forceLabels(seen, spots, seatNow));
    div.dataset.forces = seen.map((f) => f.id).sort().join(" ");
    div.dataset.routes = seen.filter((f) => f.route).map((f) => f.id).sort().join(" ");
    div.dataset.engagements = engagements.map((e) => e.id).join(" ");
    drawing = sources.push(["forces", "routes", "engagements"]);
    return drawing;
  }

  let loaded = false;
  let updated = false;
  // The state known already (a join answered before the map's layers came) is in the style
  // the map is made with, with its month's wind if that is in too.
  if (initial?.state) show(initial.state, initial.seat);

  // The map is made at once, its style holding the static layers' data and the live ones'
  // as far as known (MapLibre loads them with the style: no source added after it). The ready
  // flag (`data-map-ready`) means the map has drawn everything the page had to show: the
  // style and both sources loaded, the seat's forces and the month's wind given, and the map
  // idle (its `idle` after the last of them).
  const start = startCamera(div);
  const m = new window.maplibregl.Map({ container: div,
    style: chartStyle({ ...statics.data(), ...sources.data() }),
    center: [start.center.lon, start.center.lat], zoom: start.zoom,
    attributionControl: false, dragRotate: false, pitchWithRotate: false, touchPitch: false,
    doubleClickZoom: false, boxZoom: false, renderWorldCopies: true, fadeDuration: 0 });
  map = m;
  // the wind's arrows and the forces' ship symbols the style's data asks for, registered now
  ensureWindIcons(m);
  sources.icons(m);
  m.touchZoomRotate.disableRotation();
  performance.mark("admiralty:map-made");
  counts.renders = 0;
  const counting = () => {
    counts.renders += 1;
    if (div.dataset.mapReady === "1") m.off("render", counting);
  };
  m.on("render", counting);
  /** Raise the ready flag on the map's next idle, once all it waits for was given. */
  function settle() {
    if (div.dataset.mapReady === "1" || !loaded || !updated || wind.pending()) return;
    const raise = () => {
      if (div.dataset.mapReady === "1" || wind.pending()) return;
      div.dataset.mapReady = "1";
      performance.mark("admiralty:map-ready");
    };
    // drawn already (no data on its way to the worker, no tile loading): no render to wait
    // for, and none forced
    if (m.loaded() && !m.isMoving()) raise();
    else m.once("idle", raise);
  }
  const ready = new Promise((resolve, reject) => {
    m.once("load", () => resolve(m));
    m.once("error", (ev) => (m.loaded() ? null : reject(ev.error)));
  }).then(() => {
    div.append(labels.gratLabels, labels.overlay, legend, corner.node, picking.tip);
    // a symbol the style asks for before a force brought it (a restyle): drawn on demand
    m.on("styleimagemissing", (ev) => (String(ev.id).startsWith("wind|") ? ensureWindIcons(m)
      : ensureIcon(m, ev.id)));
    labels.setStatic(statics.labels());
    drawing = sources.push();
    // Labels, the graticule's labels and the rose's wind follow the view once it settles:
    // nothing is done per frame while the map moves.
    m.on("movestart", () => {
      labels.gratLabels.hidden = true;
      labels.overlay.hidden = true;
      picking.tip.hidden = true;
    });
    m.on("moveend", () => {
      statics.maybeDetail();
      labels.placeGraticule(m);
      labels.gratLabels.hidden = false;
      labels.overlay.hidden = false;
      labels.place();
      wind.recentred();
    });
    labels.placeGraticule(m);
    picking.wire(m);
    corner.draw();
    labels.place();
    loaded = true;
    if (m.loaded() && !m.isMoving()) firstIdle();
    else m.once("idle", firstIdle);
    settle();
    return m;
  });

  let previewTrack = [];
  let voyageTrack = [];
  let voyageLegs = null;
  const controller = {
    ready,
    /** Resolves on the map's first idle once loaded: its first load drawn. */
    firstDrawn,
    div,
    counts,
    stations: statics.stations,
    zones: statics.zones,
    ports: statics.ports,
    update: show,
    /** The preview of an order: `pieces` (the server's, each {track, point_of_sail}) colour
     * it by point of sail; without them the whole track is one line. */
    setPreview(track, label, pieces) {
      previewTrack = track || [];
      const parts = previewParts(track, pieces);
      live.preview = previewFeatures(parts, label);
      div.dataset.preview = live.preview.length ? String(previewTrack.length) : "";
      div.dataset.previewSails = parts.map((p) => p.point_of_sail || "").join(" ");
      drawing = sources.push(["preview"]);
      return drawing;
    },
    setVoyage(legs, marker) {
      // The animation moves the ship every frame: the legs are given again only if new.
      if (legs !== voyageLegs) {
        voyageLegs = legs;
        voyageTrack = legs.flatMap((l) => l.track);
        live.voyage = voyageFeatures(legs);
      }
      live["voyage-ship"] = voyageShipFeatures(marker);
      drawing = sources.push(["voyage", "voyage-ship"]);
      return drawing;
    },
    setReplay(forces, engagements) {
      sources.setReplaying(!!forces);
      const replay = replayFeatures(forces, engagements);
      live["replay-forces"] = replay.forces;
      live["replay-engagements"] = replay.engagements;
      drawing = sources.push(["replay-forces", "replay-engagements", "forces", "routes",
        "engagements"]);
      return drawing;
    },
    /** The tags of what the live layers draw now (the tests read it). */
    drawn: sources.drawn,
    /** Each force marker's ship symbol: {ids, icon, rating} (the tests read it). */
    symbols: () => live.forces.map((f) => ({ ids: f.properties.ids.split(" "),
      icon: f.properties.icon, rating: f.properties.rating })),
    drawnIds: sources.drawnIds,
    view: camera.view,
    fitTo: camera.fitTo,
    focus: camera.focus,
    /** Go to: "forces" (the seat's own, else every British), "preview", "battle", "voyage". */
    goTo(what) {
      const forces = ((state && state.forces) || []).filter(onMap);
      if (what === "forces") {
        const own = forces.filter((f) => isOwn(f, seatNow));
        const mine = own.length ? own : forces.filter((f) => f.side === "Britain");
        return camera.fitTo(mine.map((f) => [f.lon, f.lat]), "forces");
      }
      if (what === "preview") return camera.fitTo(previewTrack, "preview");
      if (what === "voyage") return camera.fitTo(voyageTrack, "voyage");
      if (what === "battle") {
        const spots = engagementSpots(((state && state.engagements) || []).filter((e) => !e.over),
          (state && state.forces) || []);
        if (spots.length) return camera.jump([spots[0].lon - 2, spots[0].lon + 2],
          [spots[0].lat - 1, spots[0].lat + 1], "battle");
      }
      return Promise.resolve();
    },
    bounds: camera.bounds,
    /** The label boxes drawn now (tests check that none overlaps another). */
    labelBoxes: labels.boxes,
    /** What the labels keep clear of: the force markers' boxes as drawn, the port dots and
     * the map's controls ({kind, x, y, w, h}; tests check that no label box meets one). */
    obstacleBoxes: labels.obstacles,
    maplibre,
    onPick: picking.onPick,
    lonLatAt: camera.lonLatAt,
    pixelOf: camera.pixelOf,
  };
  return controller;
}
