// The chart's look: its colours, the offline MapLibre style (a paper sea and three GeoJSON
// sources, the static layers', the live layers' (each layer filtered on its features'
// `layer`) and the wind's: no tile server, no glyphs, no sprites), the graticule's lines and
// the chart's stylesheet.

import { ICON_W } from "./ships.js";

export const SQUADRON_COLOURS = {
  White: "#f4f1e8", Red: "#b3261e", Blue: "#1f4e9c", Blockade: "#6a1b9a",
};
/** A British force of no squadron (another station's, a ship detached). */
export const BRITISH_OTHER = "#f2c200";
export const NATION_COLOURS = {
  Britain: "#9c1c1c", France: "#1d3f8f", Spain: "#c79100", Netherlands: "#d9640b",
};
export const NEUTRAL = "#6d6d6d";
const SEA = "#dfe6df"; // the chart's paper sea
const LAND = "#eadcb4"; // its paper land
const COAST = "#7d6a43";
export const SAIL_COLOURS = {
  running: "#2e7d32", reaching: "#1565c0", "close-hauled": "#ef6c00", beating: "#b3261e",
};
export const WIND_COLOURS = { light: "#8fa3ad", fair: "#5b7685", fresh: "#2f4858" };
/** The static layers' strokes and fills (the legend shows the same). */
export const STATION_LINE = "rgba(30,70,130,0.5)";
export const STATION_MARK = "rgba(30,70,130,0.9)";
export const ZONE_LINE = "rgba(150,40,40,0.55)";
export const SHALLOWS_FILL = "rgba(110,160,110,0.35)";
export const SHALLOWS_LINE = "#4c7d4c";
export const ENGAGEMENT = "#ff3d00";
export const ENGAGEMENT_OVER = "#555";
export const PORT_STROKE = "#222";
/** A wind arrow's length on the screen (CSS pixels) at every zoom: an arrow, never a route. */
export const WIND_ARROW_PX = 26;
/** The wind arrows' images (map_wind.js draws them), one a strength. */
const WIND_ICON = "wind|";
export const windIcon = (strength) => `${WIND_ICON}${strength}`;
const STYLE_ID = "admiralty-chart";
/** The live layers (each a layer of the style, all drawn from ONE source, `LIVE_SOURCE`, its
 * features tagged with their layer): the game's state on the chart. */
export const LIVE = ["routes", "preview", "voyage", "engagements", "replay-engagements",
  "forces", "replay-forces", "voyage-ship"];
/** The live layers' one source: given new data with one setData when one of them changed. */
export const LIVE_SOURCE = "live";
/** The month's wind's source (600 arrows): apart from the live one, so that an event's
 * setData neither copies nor tiles the wind again; given when the month changes. */
export const WIND_SOURCE = "wind";
/** The ship symbols' scale by zoom: [zoom, scale] stops, linear between (as MapLibre's). */
const ICON_ZOOM = [[2, 0.85], [6, 1.25]];
/** The port dots' radius by zoom: [zoom, px] stops, linear between (as MapLibre's). */
const PORT_ZOOM = [[2, 2.2], [6, 4.5]];
const linear = ([[z0, s0], [z1, s1]], zoom) => s0 + (s1 - s0)
  * Math.min(1, Math.max(0, (zoom - z0) / (z1 - z0)));
export const iconScale = (zoom) => linear(ICON_ZOOM, zoom);
/** A port dot's radius on the screen at `zoom`, its stroke included. */
export const portRadius = (zoom) => linear(PORT_ZOOM, zoom) + PORT_STROKE_W;
const PORT_STROKE_W = 0.6;
/** The zooms at which a marker's spread is given (map_forces.js): each whole zoom from the
 * first to the last, the last kept beyond. */
export const SPREAD_ZOOMS = [0, 12];
/** A marker set aside is moved a whole number of SPREAD_STEPs (the symbol's width and a gap,
 * in the symbol's units) east or west, at most SPREAD_SLOTS: MapLibre gives a GeoJSON
 * feature's array property to an expression as a string, so the offsets are the style's. */
export const SPREAD_SLOTS = 6;
export const SPREAD_STEP = ICON_W + 4;

export function emptyFC() {
  return { type: "FeatureCollection", features: [] };
}

/** The one source of the static layers (land, coast, stations, shallows, blockade zones,
 * ports, station marks, graticule): each feature carries its layer's name (`layer`), and each
 * layer of the style draws its own. It is tiled with a smaller margin around each tile than
 * MapLibre's 128 px (its lines are thin), its lines simplified a little more than MapLibre's
 * default (0.375 px of a tile's 512) and no deeper than zoom 10 (the Solent's view; deeper
 * views draw zoom 10's tiles magnified): fewer vertices a frame, fewer tiles to make. */
export const CHART_SOURCE = "chart";
const CHART_TILING = { buffer: 32, tolerance: 0.6, maxzoom: 10 };

/** A layer of `source` drawing the features tagged `layer`. */
const only = (source, layer) => ({ source, filter: ["==", ["get", "layer"], layer] });

/**
 * The offline MapLibre style: a paper sea and three GeoJSON sources, each with its data in
 * the style the map is made with (MapLibre loads them with the style: nothing added after,
 * fewer renders while loading): `chart` (the static layers, `data[CHART_SOURCE]`), the
 * live layers' (`data[LIVE_SOURCE]`, the state as far as known then) and the wind's
 * (`data[WIND_SOURCE]`, the month's if known then), else empty.
 */
export function chartStyle(data = {}) {
  const chart = (layer) => only(CHART_SOURCE, layer);
  const live = (layer) => only(LIVE_SOURCE, layer);
  const nationColour = ["match", ["get", "nation"],
    ...Object.entries(NATION_COLOURS).flat(), NEUTRAL];
  return {
    version: 8, id: STYLE_ID, name: STYLE_ID,
    // no paint transitions: MapLibre would otherwise ease every layer's paint in from its
    // default over 300 ms as the style loads, rendering every frame meanwhile (nothing is
    // ever restyled after)
    transition: { duration: 0, delay: 0 },
    // the live and the wind's sources first: MapLibre's worker tiles the sources in this
    // order, and the frame after their ship symbols and arrows are laid out places them
    // again (their placement goes stale), a frame then spent while the static layers' large
    // source is still being tiled rather than after it, at the end of the load
    sources: {
      [LIVE_SOURCE]: { type: "geojson", data: data[LIVE_SOURCE] || emptyFC() },
      [WIND_SOURCE]: { type: "geojson", data: data[WIND_SOURCE] || emptyFC() },
      [CHART_SOURCE]: { type: "geojson", data: data[CHART_SOURCE] || emptyFC(),
        ...CHART_TILING },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": SEA } },
      { id: "graticule", type: "line", ...chart("graticule"),
        paint: { "line-color": "rgba(110,95,60,0.28)", "line-width": 0.6 } },
      // no antialiasing of the land's edge: the coast line is drawn over it (22 ms a frame
      // in software WebGL for an edge nobody sees)
      { id: "land", type: "fill", ...chart("land"),
        paint: { "fill-color": LAND, "fill-antialias": false } },
      { id: "coast", type: "line", ...chart("land"),
        paint: { "line-color": COAST, "line-width": 0.7 } },
      { id: "stations", type: "line", ...chart("stations"),
        paint: { "line-color": STATION_LINE, "line-width": 1, "line-dasharray": [2, 2] } },
      { id: "shallows", type: "fill", ...chart("shallows"),
        paint: { "fill-color": SHALLOWS_FILL, "fill-outline-color": SHALLOWS_LINE } },
      { id: "zones", type: "line", ...chart("zones"),
        paint: { "line-color": ZONE_LINE, "line-width": 1, "line-dasharray": [4, 2] } },
      // the wind: one arrow a point, of one screen size at every zoom, turned the way the
      // wind blows on the chart; arrows that would crowd one another are left out
      { id: "wind", type: "symbol", source: WIND_SOURCE,
        layout: { "icon-image": ["concat", WIND_ICON, ["get", "strength"]], "icon-size": 1,
          "icon-rotate": ["+", ["get", "from_deg"], 180], "icon-rotation-alignment": "map",
          "icon-allow-overlap": false, "icon-ignore-placement": true, "icon-padding": 12 },
        paint: { "icon-opacity": 0.8 } },
      { id: "station-marks", type: "circle", ...chart("station-marks"),
        paint: { "circle-radius": 3, "circle-color": "rgba(0,0,0,0)",
          "circle-stroke-color": STATION_MARK, "circle-stroke-width": 1.5 } },
      { id: "ports", type: "circle", ...chart("ports"),
        paint: { "circle-radius": ["interpolate", ["linear"], ["zoom"], ...PORT_ZOOM.flat()],
          "circle-color": nationColour, "circle-stroke-color": PORT_STROKE,
          "circle-stroke-width": PORT_STROKE_W } },
      // the live layers, over the static ones
      ...["routes", "preview", "voyage"].map((id) => ({ id, type: "line", ...live(id),
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": ["get", "colour"], "line-width": ["get", "width"] } })),
      ...["engagements", "replay-engagements"].map((id) => ({ id, type: "circle", ...live(id),
        paint: { "circle-radius": 12, "circle-color": ["get", "colour"], "circle-opacity": 0.6 } })),
      { id: "voyage-ship", type: "circle", ...live("voyage-ship"),
        paint: { "circle-radius": ["get", "radius"], "circle-color": ["get", "colour"],
          "circle-opacity": ["get", "opacity"], "circle-stroke-color": "#222",
          "circle-stroke-width": ["get", "stroke"] } },
      // a force is her ship symbol by rating (ships.js, registered with addImage): icons
      // only, so the style needs no glyphs and no sprite
      ...["forces", "replay-forces"].map((id) => ({ id, type: "symbol", ...live(id),
        layout: { "icon-image": ["get", "icon"], "icon-allow-overlap": true,
          "icon-ignore-placement": true, "icon-anchor": "bottom",
          // spread apart where markers would hide one another (map_forces.js): the offset
          // the feature gives for the whole zoom the map's tiles are laid out at
          "icon-offset": spreadOffset(),
          "icon-size": ["interpolate", ["linear"], ["zoom"], ...ICON_ZOOM.flat()] },
        paint: { "icon-opacity": ["get", "opacity"] } })),
    ],
  };
}

/** The icon-offset of the markers: at each whole zoom, their slot's. */
function spreadOffset() {
  const slots = (z) => {
    const out = ["match", ["get", `spread${z}`]];
    for (let k = -SPREAD_SLOTS; k <= SPREAD_SLOTS; k += 1) {
      if (k) out.push(k, ["literal", [k * SPREAD_STEP, 0]]);
    }
    return [...out, ["literal", [0, 0]]];
  };
  const out = ["step", ["zoom"], slots(SPREAD_ZOOMS[0])];
  for (let z = SPREAD_ZOOMS[0] + 1; z <= SPREAD_ZOOMS[1]; z += 1) out.push(z, slots(z));
  return out;
}

/** Graticule lines every `step` degrees as one MultiLineString feature. */
export function graticule(step) {
  const lines = [];
  for (let lon = -180; lon <= 180; lon += step) lines.push([[lon, -80], [lon, 84]]);
  for (let lat = -80; lat <= 80; lat += step) lines.push([[-180, lat], [180, lat]]);
  return { type: "FeatureCollection", features: [{ type: "Feature", properties: {},
    geometry: { type: "MultiLineString", coordinates: lines } }] };
}

/** The chart's stylesheet (css/chart.css), linked once. */
export function ensureStyles() {
  if (document.querySelector("link[data-chart-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("../css/chart.css", import.meta.url).href;
  link.dataset.chartCss = "1";
  document.head.append(link);
}
