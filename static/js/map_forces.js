// The forces on the chart, pure: which are on it, their stacks (forces at one place), their
// ship symbols, routes and labels, and the engagements' spots. Each builder returns GeoJSON
// features for a live source (map_sources.js); the tag of each is what the tests read.

import { BRITISH_OTHER, ENGAGEMENT, ENGAGEMENT_OVER, NATION_COLOURS, NEUTRAL, SPREAD_SLOTS,
  SPREAD_STEP, SPREAD_ZOOMS, SQUADRON_COLOURS, iconScale } from "./map_style.js";
import { line, point } from "./map_geometry.js";
import { PRIORITY } from "./map_labels.js";
import { ICON_H, ICON_W, iconId } from "./ships.js";

export function forceColour(force) {
  if (force.side === "Britain") return SQUADRON_COLOURS[force.squadron] || BRITISH_OTHER;
  return NATION_COLOURS[force.side] || NEUTRAL;
}

const GONE = new Set(["sunk", "taken", "struck", "decimated", "captured", "wrecked", "lost"]);
export const afloatShips = (force) => (force.ships || []).filter((s) => !GONE.has(s.status));

/** A ship in words: her name, type and the sea's damage points she bears, of her Strength
 * Points, with the Hull boxes they cross in her next fight, the Rigging boxes a storm
 * crossed, her Rations left of her store once spent into, and her Ship Morale as her last
 * fight or chase left it (all the view's). */
export function shipWords(ship) {
  const struck = ship.hull_struck;
  const damage = ship.damage ? `, ${ship.damage} of ${ship.strength} damage points: `
    + `${struck} Hull box${struck === 1 ? "" : "es"} struck in her next fight` : "";
  const aloft = ship.rigging_struck || [];
  const rigging = aloft.length ? `, storm damage: Rigging box${aloft.length === 1 ? "" : "es"} `
    + `${aloft.join(", ")} in her next fight` : "";
  const rations = ship.rations_store ? `, Rations ${ship.rations} of ${ship.rations_store}` : "";
  const morale = ship.morale ? `, Ship Morale ${ship.morale}` : "";
  return `${ship.name} (${ship.type}${damage}${rigging}${rations}${morale})`;
}

/** A force's label: a squadron by its colour, a ship on her own (or enemy) by her name. */
function shortName(force) {
  const ships = afloatShips(force);
  if (force.side === "Britain" && force.squadron && ships.length !== 1) return force.squadron;
  if (ships.length === 1 && String(force.id).startsWith("ship-")) return ships[0].name;
  return force.name || force.id;
}

/** Is this force on the map? Sunk, taken, struck and decimated ships have left it. */
export function onMap(force) {
  return force.afloat !== false && afloatShips(force).length > 0
    && Number.isFinite(force.lon) && Number.isFinite(force.lat);
}

/** Is this force the seat's own (the admiral's squadron, the captain's ship)? */
export function isOwn(force, seat) {
  if (!seat || force.side !== "Britain") return false;
  if (seat.role === "admiral" && seat.squadron) return force.squadron === seat.squadron;
  if (seat.ship) return afloatShips(force).some((s) => s.code === seat.ship || s.name === seat.ship);
  return false;
}

/** Forces within a hundredth of a degree of each other are one stack on the map. */
export function stacks(forces) {
  const byKey = new Map();
  for (const f of forces) {
    const key = `${Math.round(f.lon * 100)},${Math.round(f.lat * 100)}`;
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(f);
  }
  return [...byKey.entries()].map(([key, group]) => ({ key, forces: group,
    lon: group[0].lon, lat: group[0].lat }));
}

/** The key of a marker: a stack of one side's forces at one place. */
const markerKey = (british, key) => `${british ? "british" : "enemy"}@${key}`;

/** The force markers (one a stack, British and enemy apart): `tag` "forces" or "replay";
 * each stack's forces are put in `stacksByKey` (a Map) when it is given. */
export function forceFeatures(forces, tag, stacksByKey = null) {
  const seen = forces.filter(onMap);
  const out = [];
  for (const british of [true, false]) {
    const group = stacks(seen.filter((f) => (f.side === "Britain") === british));
    for (const s of group) {
      const ships = s.forces.reduce((n, f) => n + afloatShips(f).length, 0);
      const one = s.forces.length === 1;
      // the stack shows its largest ship's rating (the server's), and all its ships
      const rating = s.forces.map((f) => f.rating).filter(Boolean)
        .sort((a, b) => (b.size ?? 0) - (a.size ?? 0))[0] || null;
      const icon = iconId(rating, forceColour(s.forces[0]), ships);
      out.push(point(s.lon, s.lat, {
        icon, rating: rating?.label || "", marker: markerKey(british, s.key),
        tag: `${tag}-${british ? "circle" : "diamond"}`, kind: one ? "force" : "stack",
        id: one ? s.forces[0].id : s.key, ids: s.forces.map((f) => f.id).join(" "),
        side: s.forces[0].side, colour: forceColour(s.forces[0]),
        radius: 5 + Math.min(6, ships), opacity: tag === "replay" ? 0.7 : british ? 0.95 : 0.85,
        stroke: british ? 1 : 1.6,
        hover: s.forces.map((f) => `${f.name} (${f.side}${f.rating ? `, ${f.rating.label}`
          : ""}): ${afloatShips(f).map(shipWords).join(", ")}`).join("\n"),
      }));
      if (stacksByKey) stacksByKey.set(s.key, s.forces);
    }
  }
  spread(out);
  return out;
}

/** Web Mercator world pixels of [lon, lat] at `zoom` (MapLibre's 512-pixel world at 0). */
export function worldPixel(lon, lat, zoom) {
  const size = 512 * 2 ** zoom;
  const y = Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360));
  return [((lon + 180) / 360) * size, (0.5 - y / (2 * Math.PI)) * size];
}

/** Pixels kept between two markers' boxes before they count as one group. */
const SPREAD_GAP = 3;

/**
 * Markers that would hide one another (a blockaded port: the squadron off it, the enemy in
 * it) are set side by side, west to east, at each whole zoom of SPREAD_ZOOMS: each feature
 * gets `spread<z>`, the whole number of SPREAD_STEPs the forces layer moves it east (MapLibre
 * lays a tile's symbols out at its whole zoom, and scales the step by the icon-size). In
 * west-to-east order each is a step further east than the one before, so none meets
 * another, and their places only draw apart as the map zooms in.
 */
export function spread(features) {
  for (let z = SPREAD_ZOOMS[0]; z <= SPREAD_ZOOMS[1]; z += 1) {
    const s = iconScale(z);
    const w = ICON_W * s;
    const h = ICON_H * s;
    const at = features.map((f) => worldPixel(...f.geometry.coordinates, z));
    // groups of markers whose boxes touch, merged until no two groups' boxes do
    let groups = features.map((f, i) => [i]);
    let slots = at.map(() => 0);
    for (let round = 0; round < 8; round += 1) {
      const boxes = groups.map((g) => groupBox(g, at, slots, w, h, s));
      const merged = [];
      const used = new Set();
      groups.forEach((g, i) => {
        if (used.has(i)) return;
        let members = [...g];
        let box = boxes[i];
        for (let j = i + 1; j < groups.length; j += 1) {
          if (used.has(j) || !touch(box, boxes[j])) continue;
          used.add(j);
          members = members.concat(groups[j]);
          box = union(box, boxes[j]);
        }
        merged.push(members);
      });
      const done = merged.length === groups.length;
      groups = merged;
      slots = at.map(() => 0);
      for (const g of groups) layOut(g, at, slots);
      if (done) break;
    }
    features.forEach((f, i) => {
      f.properties[`spread${z}`] = slots[i];
    });
  }
}

/** A group's markers a slot apart, west to east, about the middle one. */
function layOut(group, at, slots) {
  if (group.length < 2) return;
  const order = [...group].sort((a, b) => at[a][0] - at[b][0] || at[a][1] - at[b][1] || a - b);
  const first = -Math.floor((order.length - 1) / 2);
  order.forEach((i, k) => {
    slots[i] = Math.max(-SPREAD_SLOTS, Math.min(SPREAD_SLOTS, first + k));
  });
}

function groupBox(group, at, slots, w, h, s) {
  return group.map((i) => markerBox(at[i], [slots[i] * SPREAD_STEP * s, 0], w, h))
    .reduce(union);
}

/** A marker's box: its icon anchored at its foot on the place, moved by its offset. */
export function markerBox([x, y], [dx, dy], w, h) {
  return { x: x + dx - w / 2, y: y + dy - h, w, h };
}

const union = (a, b) => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};
const touch = (a, b) => a.x < b.x + b.w + SPREAD_GAP && b.x < a.x + a.w + SPREAD_GAP
  && a.y < b.y + b.h + SPREAD_GAP && b.y < a.y + a.h + SPREAD_GAP;

/** The screen boxes of the force markers `features` on the map `m` (as the forces layer
 * draws them: its icon-offset stepped by whole zoom, its icon-size by zoom). */
export function symbolBoxes(features, m) {
  const zoom = m.getZoom();
  const z = Math.max(SPREAD_ZOOMS[0], Math.min(SPREAD_ZOOMS[1], Math.floor(zoom + 1e-9)));
  const s = iconScale(zoom);
  return features.map((f) => {
    const p = m.project(f.geometry.coordinates);
    const slot = f.properties[`spread${z}`] || 0;
    return { id: f.properties.id, marker: f.properties.marker, ...markerBox([p.x, p.y],
      [slot * SPREAD_STEP * s, 0], ICON_W * s, ICON_H * s) };
  });
}

/** What the sea did to a passage as she put to sea (seed 003: irons, calms, currents). */
export function seaWords(sailed) {
  if (!sailed) return "";
  const parts = [];
  if (sailed.irons) parts.push(`${sailed.irons} in irons`);
  if (sailed.calms) parts.push(`${sailed.calms} calm day${sailed.calms === 1 ? "" : "s"} swept`);
  if (Object.keys(sailed.currents || {}).length) parts.push("in a current");
  return parts.length ? ` (the sea: ${parts.join(", ")})` : "";
}

/** The routes the forces on the map sail. */
export function routeFeatures(forces) {
  return forces.filter((f) => onMap(f) && f.route && Array.isArray(f.route.track)
    && f.route.track.length > 1).map((f) => line(f.route.track, {
    tag: `route-${f.id}`, id: f.id, width: 2,
    colour: forceColour(f) === SQUADRON_COLOURS.White ? "#555" : forceColour(f),
    hover: `${f.name}: ${Math.round(f.route.distance_nm ?? 0)} nm, `
      + `${(f.route.days ?? 0).toFixed(1)} days${seaWords(f.route.sailed)}`,
  }));
}

/** Where each engagement is: its first force's place, else its own. */
export function engagementSpots(engagements, forces) {
  const byId = Object.fromEntries(forces.map((f) => [f.id, f]));
  const spots = [];
  for (const e of engagements) {
    const at = (e.forces || []).map((id) => byId[id]).find(Boolean)
      || (Array.isArray(e.at) ? { lon: e.at[0], lat: e.at[1] } : null)
      || (typeof e.lon === "number" ? e : null);
    if (at) spots.push({ e, lon: at.lon, lat: at.lat });
  }
  return spots;
}

export function engagementFeatures(spots, tag = "engagements") {
  return spots.map((s) => point(s.lon, s.lat, {
    tag, kind: "engagement", id: s.e.id, colour: s.e.over ? ENGAGEMENT_OVER : ENGAGEMENT,
    hover: `Engagement ${s.e.id}, day ${s.e.day ?? "?"}`
      + (s.e.over ? ` – over${s.e.outcome ? `: ${typeof s.e.outcome === "string"
        ? s.e.outcome : s.e.outcome.result ?? ""}` : ""}` : " – being fought"),
  }));
}

/** The live labels: each stack of the forces on the map (the seat's own first) and each
 * engagement being fought. */
export function forceLabels(seen, spots, seat) {
  const markers = [true, false].flatMap((british) => stacks(seen.filter((f) => (f.side
    === "Britain") === british)).map((s) => ({ ...s, british })));
  return [
    ...markers.map((s) => {
      const own = s.forces.some((f) => isOwn(f, seat));
      const first = shortName(s.forces[0]);
      return { text: s.forces.length > 1 ? `${first} +${s.forces.length - 1}` : first,
        // beside its own ship symbol (map_labels.js places it round the marker's box)
        lon: s.lon, lat: s.lat, marker: markerKey(s.british, s.key),
        cls: own ? "own" : s.british ? "british" : "enemy",
        priority: own ? PRIORITY.own : s.british ? PRIORITY.british : PRIORITY.enemy };
    }),
    ...spots.map((s) => ({ text: `Battle ${s.e.id}`, lon: s.lon, lat: s.lat, dy: 12,
      cls: "engagement", priority: PRIORITY.engagement })),
  ];
}
