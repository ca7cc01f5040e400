// What the chart draws over the game's live state, pure: an order's preview (coloured by
// point of sail), the GM's voyage and its ship, a replay of the log (the forces as they were).

import { SAIL_COLOURS } from "./map_style.js";
import { line, point } from "./map_geometry.js";
import { engagementFeatures, engagementSpots, forceFeatures } from "./map_forces.js";

const LEG_COLOURS = ["#ad1457", "#00838f", "#6a1b9a", "#2e7d32", "#ef6c00", "#283593"];

/** The pieces an order's preview is drawn in: `pieces` (the server's, each {track,
 * point_of_sail}) colour it by point of sail; without them the whole track is one piece. */
export function previewParts(track, pieces) {
  return Array.isArray(pieces) && pieces.length ? pieces : (track && track.length
    ? [{ track, point_of_sail: null }] : []);
}

/** The preview's lines, one a piece of at least two points. */
export function previewFeatures(parts, label) {
  return parts.filter((piece) => piece.track && piece.track.length > 1).map((piece,
    i) => line(piece.track, {
    tag: i === 0 ? "preview" : `preview-${i}`, width: 4,
    colour: SAIL_COLOURS[piece.point_of_sail] || "#ff6f00",
    hover: `${label || "preview"}${piece.point_of_sail ? ` – ${piece.point_of_sail}` : ""}`
      + `${piece.tack ? " (must beat)" : ""}`,
  }));
}

/** A voyage's legs, one line a leg in the palette's colours. */
export function voyageFeatures(legs) {
  return legs.map((leg, i) => line(leg.track, {
    tag: `leg-${i}`, width: 3, colour: LEG_COLOURS[i % LEG_COLOURS.length],
    hover: `Leg ${i + 1}: ${leg.label}, ${Math.round(leg.distance_nm)} nm, `
      + `${leg.days.toFixed(1)} days${leg.outlook && leg.outlook.worst > leg.outlook.best
        ? ` (with the sea ${leg.outlook.best.toFixed(1)} to ${leg.outlook.worst.toFixed(1)})`
        : ""}`,
  }));
}

/** The voyage's ship where the animation has her ({lon, lat, text}), or nothing. */
export function voyageShipFeatures(marker) {
  return marker ? [point(marker.lon, marker.lat, { tag: "voyage-ship",
    colour: "#000", radius: 7, opacity: 1, stroke: 1.5, hover: marker.text || "" })] : [];
}

/** A replay's forces and engagements as they were (none without forces). */
export function replayFeatures(forces, engagements) {
  return {
    forces: forces ? forceFeatures(forces, "replay") : [],
    engagements: forces ? engagementFeatures(engagementSpots(engagements || [], forces),
      "replay-engagements") : [],
  };
}
