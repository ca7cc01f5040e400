// The one reducer: an event applied to a seat's state. The live page (store.js) and the
// replay (report.js) both go through `reduce`, so they cannot drift apart.
//
// Events are applied as the protocol describes them (docs/protocol.md): public events set
// public fields; an event that moves forces carries the seat's whole `forces` and
// `engagements` after it (a player's in `data`, the GM's under `data.view`), which replace
// the state's. Only the GM's log export (GET /api/campaigns/<id>/log) holds such events
// without those lists: their logged data is applied as it is written (every consequence and
// draw is in the data; no rule is worked out here), and the live page is told to refetch.
//
// The officers of the fleet (`state.officers`, each as this seat may see him) come with the
// seats' and officers' events (`seat_created`, `officer_created`), the force's roll (the
// NPCs of every berth) and the summer (those it changed).
//
// `reduce` never changes the state it is given: it returns a new one, sharing what did not
// change, so a replay keeps every frame's state.

/** The event types that move forces (and carry the seat's lists of forces and engagements). */
export const FORCE_EVENTS = new Set(["roll_force", "deploy", "sail", "advance",
  "engage_decision", "move_enemy", "volunteer", "plan_cruise"]);

const ORDER_EVENTS = new Set(["deploy", "sail", "move_enemy"]);

/** The state of a campaign before its first event (what the GM's whole log starts from). */
export function initialState() {
  return {
    phase: "cabinet", day: 0, paused: false, deadline: null, seats: [],
    clock: { turn_days: 1, turn_seconds: null, round_seconds: null },
    cabinet: { ships_digit: null, deployment_digit: null, roll: null }, deployment: [],
    forces: [], engagements: [], results: {}, report: null, notes: [], officers: [],
    voyages: [],
  };
}

function withSeat(seats, seat) {
  if (!seat || !seat.id) return seats;
  const list = seats || [];
  const index = list.findIndex((s) => s.id === seat.id);
  if (index < 0) return [...list, seat];
  return list.map((s, i) => (i === index ? { ready: false, ...s, ...seat } : s));
}

function nobodyReady(seats) {
  return (seats || []).map((s) => (s.ready ? { ...s, ready: false } : s));
}

/** `list` with each of `incoming` in place of the item of its id, or added at the end. */
function upsert(list, incoming) {
  const byId = new Map(incoming.map((x) => [x.id, x]));
  const out = (list || []).map((x) => byId.get(x.id) ?? x);
  const have = new Set(out.map((x) => x.id));
  return [...out, ...incoming.filter((x) => !have.has(x.id))];
}

/** `records` as a list: the seats' events send lists, the GM's logged summer a map by id. */
function recordList(records) {
  if (Array.isArray(records)) return records.filter((o) => o && o.id);
  if (!records || typeof records !== "object") return [];
  return Object.entries(records).map(([id, o]) => ({ id, ...o }));
}

/**
 * The officers after a seat's or an officer's event: the officer it names (as this seat may
 * see him, laid over what the state held of him: a public line never drops a whole record),
 * and the NPC he put ashore (`ashore`), whose berth is then empty.
 */
function withOfficer(state, data) {
  let officers = state.officers || [];
  const officer = data.officer && typeof data.officer === "object" ? data.officer : null;
  if (officer?.id) {
    const old = officers.find((o) => o.id === officer.id);
    officers = upsert(officers, [{ ...old, ...officer }]);
  }
  if (data.ashore) {
    officers = officers.map((o) => (o.id === data.ashore ? { ...o, berth: null,
      ...("ship" in o ? { ship: null } : {}), ...("squadron" in o ? { squadron: null } : {}) }
      : o));
  }
  let seats = state.seats;
  if (officer?.id && officer.player) {
    seats = (seats || []).map((s) => (s.id === officer.player ? { ...s, officer: officer.id }
      : s));
  }
  return { ...state, officers, seats };
}

/** The lists an event carries: the GM's `view`, or a player's `forces` and `engagements`. */
function listsOf(data) {
  const lists = data.view || data;
  return Array.isArray(lists.forces) && Array.isArray(lists.engagements) ? lists : null;
}

/**
 * A logged order (deploy, sail, move_enemy) on the forces: the route and orders go to the
 * force that sails, which, when the order detaches one ship (`detach`, her code), is a new
 * force of that ship alone, split off `force` as the server splits it. The event names the
 * new force's id in `detached` where the server sends it; until then she is held under a
 * key of the client's own (`provisional`), replaced by the server's force carrying her as
 * soon as a later event brings it.
 */
function withOrders(forces, data) {
  let list = forces || [];
  let id = data.force;
  if (data.detach) {
    const parent = list.find((f) => f.id === data.force);
    const ship = parent?.ships?.find((s) => s.code === data.detach);
    if (!ship) return list;
    id = data.detached ?? `${parent.id}/${ship.code}`;
    const alone = { ...parent, id, name: ship.name, ships: [ship] };
    if (!data.detached) alone.provisional = true;
    list = [...list.map((f) => (f === parent
      ? { ...parent, ships: parent.ships.filter((s) => s !== ship) } : f)), alone];
  }
  return list.map((f) => (f.id === id ? { ...f, orders: data.orders, route: data.route } : f));
}

/** Forces changed by a logged event (keyed by the server's ids) merged into `forces`. */
function withForces(forces, changed) {
  const codes = new Set(changed.flatMap((f) => (f.ships || []).map((s) => s.code)));
  const held = (forces || []).filter((f) => !(f.provisional
    && (f.ships || []).some((s) => codes.has(s.code))));
  return upsert(held, changed);
}

/** The GM's logged data of an event that moves forces, as it is written. */
function applyLogged(state, type, data) {
  if (type === "roll_force" && Array.isArray(data.forces)) {
    return { ...state, forces: data.forces, engagements: [] };
  }
  if (type === "advance" && data.forces && typeof data.forces === "object") {
    return { ...state, forces: withForces(state.forces, Object.values(data.forces)),
      engagements: upsert(state.engagements, data.engagements || []) };
  }
  if (ORDER_EVENTS.has(type) && data.force) {
    return { ...state, forces: withOrders(state.forces, data) };
  }
  return state;
}

function publicFields(state, type, data) {
  switch (type) {
    case "campaign_created":
      return { ...state, seats: withSeat(state.seats, data.gm && { ...data.gm, ready: false }) };
    case "seat_created":
      return withOfficer({ ...state, seats: withSeat(state.seats, data.seat && { ...data.seat,
        ready: false }) }, data);
    case "seat_reissued":
      return { ...state, seats: withSeat(state.seats, data.seat && { ...data.seat,
        ready: false }) };
    case "officer_created":
      return withOfficer(state, data);
    case "seat_revoked":
      return { ...state, seats: (state.seats || []).map((s) => (s.id === data.seat
        ? { ...s, vacant: true, ready: false } : s)) };
    case "reassign": // the officers' berths come with the refetch
      return { ...state, seats: (state.seats || []).map((s) => (s.id === data.seat
        ? { ...s, squadron: data.squadron ?? null, ship: data.ship ?? null } : s)) };
    case "ready":
      return { ...state, seats: (state.seats || []).map((s) => (s.id === data.seat
        ? { ...s, ready: data.ready } : s)) };
    case "pause":
      return { ...state, paused: true };
    case "resume":
      return { ...state, paused: false };
    case "set_deadline":
      return { ...state, deadline: data.deadline ?? null };
    case "set_clock":
      return { ...state, clock: data.clock || state.clock };
    case "set_ships":
      return state.cabinet ? { ...state, cabinet: { ...state.cabinet, ships_digit: data.digit } }
        : state;
    case "set_deployment":
      return state.cabinet ? { ...state, cabinet: { ...state.cabinet,
        deployment_digit: data.digit } } : state;
    case "standing_orders": {
      // a seat's own standing orders (sent to him and the GM only); null clears them
      if (!data.seat) return state;
      const standing = { ...(state.standing || {}) };
      if (data.orders) standing[data.seat] = data.orders;
      else delete standing[data.seat];
      return { ...state, standing };
    }
    case "note":
      return { ...state, notes: [...(state.notes || []), data] };
    case "show_voyage": // a voyage the GM showed this seat (only those seats receive it)
      return data.shown ? { ...state, voyages: [...(state.voyages || []), data.shown] } : state;
    case "volunteer": // a cruise volunteered (or an NPC captain's refusal: nothing)
      return data.cruise ? { ...state, cruises: [...(state.cruises || []), data.cruise] } : state;
    case "plan_cruise":
      return { ...state, cruises: (state.cruises || []).map((c) => (c.id === data.cruise
        ? { ...c, missions: data.missions } : c)) };
    case "next_season":
      return { ...state, phase: data.phase || state.phase, year: data.year ?? state.year,
        seats: nobodyReady(state.seats) };
    case "resolve_summer":
      return { ...state, phase: "autumn", report: data.report ?? state.report,
        officers: upsert(state.officers, recordList(data.officers)) };
    case "roll_force": {
      const cabinet = state.cabinet ? { ...state.cabinet } : state.cabinet;
      for (const key of ["ships_digit", "deployment_digit", "roll"]) {
        if (cabinet && key in data) cabinet[key] = data[key];
      }
      return { ...state, phase: "summer", cabinet, seats: nobodyReady(state.seats),
        deployment: Array.isArray(data.deployment) ? data.deployment : state.deployment,
        officers: upsert(state.officers, recordList(data.officers)) };
    }
    case "advance":
      return { ...state, day: typeof data.day === "number" ? data.day : state.day,
        date: data.date || state.date, seats: nobodyReady(state.seats) };
    default:
      return state;
  }
}

/**
 * One event applied to `state`: `{state, refetch}`, the new state and whether the live page
 * should take a fresh snapshot (the event lacked what the page shows: a date, a report, the
 * lists of forces and engagements).
 */
export function reduce(state, event) {
  const data = event.data || {};
  let next = publicFields(state, event.type, data);
  // (a new season: the date, and for a new year the fleet rolled anew, the summer gone by)
  let refetch = event.type === "reassign" || event.type === "next_season"
    || (event.type === "advance" && !data.date)
    || event.type === "resolve_summer";
  if (data.results && typeof data.results === "object") next = { ...next, results: data.results };
  // the events that start a turn say the turn clock's next deadline
  if ("deadline" in data) next = { ...next, deadline: data.deadline ?? null };
  if (FORCE_EVENTS.has(event.type)) {
    const lists = listsOf(data);
    if (lists) {
      next = { ...next, forces: lists.forces, engagements: lists.engagements };
    } else {
      next = applyLogged(next, event.type, data);
      refetch = true;
    }
  }
  return { state: next, refetch };
}

/** Every event applied in turn from `base`: one frame (the event, the state after) each. */
export function replay(events, base = initialState()) {
  const frames = [];
  let state = base;
  for (const event of events) {
    state = reduce(state, event).state;
    frames.push({ event, state });
  }
  return frames;
}
