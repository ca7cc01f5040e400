// The chart's static layers (land, stations, shallows, blockade zones, ports, the graticule):
// /api/map's overview in the style the map is made with, never touched by an event, their
// labels, and the detailed coast (/api/map/land) fetched once the view zooms in.

import { centreOf, featureId, featureName } from "./map_geometry.js";
import { PRIORITY } from "./map_labels.js";
import { CHART_SOURCE, NATION_COLOURS, graticule } from "./map_style.js";

/** Zoom from which the coast is drawn in detail (/api/map/land, fetched once). */
export const DETAIL_ZOOM = 4.5;

/**
 * The static layers of the chart in `div`: `layers` is /api/map's answer, `ports` /api/ports'
 * (else the layers' ports). `stations` (each {id, name, at, bases, point}), `stationFeatures`,
 * `zones` ({id, name, at}) and `ports`; data() is their sources' data (for the style the map
 * is made with), labels() their labels; maybeDetail() fetches the detailed coast once zoomed in far enough.
 * `counts` counts the land's and the static layers' draws (the tests read it).
 */
export function createStatic(div, layers, ports, maplibre, setSource, counts) {
  const fc = (name) => (layers && layers[name] && layers[name].features) || [];
  const stations = fc("stations");
  const zones = fc("blockade_zones");
  const portFeatures = fc("ports");
  const portList = ports && ports.length ? ports : portFeatures.map((f) => ({
    id: featureId(f), name: featureName(f), nation: f.properties?.nation,
    kind: f.properties?.kind, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1],
  }));
  const portKind = Object.fromEntries(portFeatures.map((f) => [featureId(f), f.properties?.kind]));
  const stationPoints = stations.map((f) => ({ id: featureId(f), name: featureName(f),
    at: centreOf(f), bases: f.properties?.bases || [],
    point: f.properties?.patrol_point || null })).filter((s) => s.at);

  /** Each static layer's features (the land's, the overview or the detailed coast). */
  function parts(land) {
    return {
      land: land?.features || [],
      stations: stations,
      shallows: fc("shallows"),
      zones: zones,
      ports: portList.map((p) => ({ type: "Feature", properties: { id: p.id,
        nation: NATION_COLOURS[p.nation] ? p.nation : "other", name: p.name },
      geometry: { type: "Point", coordinates: [p.lon, p.lat] } })),
      "station-marks": stationPoints.map((s) => ({ type: "Feature",
        properties: { id: s.id, name: s.name }, geometry: { type: "Point", coordinates: s.at } })),
      graticule: graticule(10).features,
    };
  }

  /** The static layers as ONE source's data (`CHART_SOURCE`), each feature tagged with its
   * layer (`properties.layer`, each layer of the style filtered on it): one source is tiled
   * once, so the map renders once as its tiles come, not once for each layer's. */
  function chart(land) {
    return { type: "FeatureCollection", features: Object.entries(parts(land)).flatMap(
      ([layer, features]) => features.map((f) => ({ ...f,
        properties: { ...(f.properties || {}), layer } }))) };
  }

  /** The static source's data, given to the style when the map is made (MapLibre loads it
   * with the style: one render for all, none added after). */
  function data() {
    counts.static += 1;
    counts.land += 1;
    div.dataset.coast = "overview";
    return { [CHART_SOURCE]: chart(layers?.land) };
  }

  /** The static layers' labels: the stations', the ports' (minor ports from closer in). */
  function labels() {
    return [
      ...stationPoints.map((s) => ({ text: s.name, lon: s.at[0], lat: s.at[1],
        cls: "station", priority: PRIORITY.station, minZoom: 0 })),
      ...portList.map((p) => {
        const kind = p.kind || portKind[p.id] || "";
        const major = kind === "british-base" || kind === "enemy-arsenal";
        return { text: p.name, lon: p.lon, lat: p.lat, cls: "port", dy: 6,
          priority: PRIORITY.port + (major ? 0 : 0.5), minZoom: major ? 3 : 4.5 };
      }),
    ];
  }

  let detail = null;
  function maybeDetail() {
    const m = maplibre();
    if (!m || detail || m.getZoom() < DETAIL_ZOOM) return;
    detail = fetch("/api/map/land").then((r) => (r.ok ? r.json() : null)).then((land) => {
      if (land) {
        setSource(CHART_SOURCE, chart(land));
        counts.land += 1;
        div.dataset.coast = "detail";
      }
    }).catch((err) => {
      detail = null;
      div.dataset.coastError = String(err);
    });
  }

  return {
    stations: stationPoints,
    stationFeatures: stations,
    zones: zones.map((f) => ({ id: featureId(f), name: featureName(f), at: centreOf(f) })),
    ports: portList,
    data,
    labels,
    maybeDetail,
  };
}
