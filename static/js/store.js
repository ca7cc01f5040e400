// The client's copy of what its seat may see, kept up to date from the server's events.
// Events are applied as the protocol describes them (docs/protocol.md): public events set
// public fields; force-changing events carry snapshots of the forces and engagements this
// seat may see (the GM's under `data.view`). Where an event carries no snapshot, the store
// asks its owner to refetch the state rather than re-deriving any rule in the browser.

export const FORCE_EVENTS = new Set(["roll_force", "deploy", "sail", "advance",
  "engage_decision", "move_enemy"]);

/** A new empty store. */
export function createStore() {
  return {
    seat: null,
    seq: 0, // the last sequence number seen (event or snapshot)
    state: null,
    events: [], // every event this page received, in order (for the replay)
    listeners: new Set(),
  };
}

export function subscribe(store, listener) {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

export function notify(store, reason) {
  for (const listener of store.listeners) listener(store, reason);
}

/** Take a whole snapshot (join ack or REST state). */
export function setSnapshot(store, seat, seq, state) {
  store.seat = seat;
  store.state = state;
  store.seq = Math.max(store.seq, seq || 0);
  if (seq !== undefined && seq !== null) store.seq = seq;
}

function upsertSeat(state, seat) {
  if (!seat || !seat.id) return;
  state.seats = state.seats || [];
  const index = state.seats.findIndex((s) => s.id === seat.id);
  const merged = { ready: false, ...(index >= 0 ? state.seats[index] : {}), ...seat };
  if (index >= 0) state.seats[index] = merged;
  else state.seats.push(merged);
}

/**
 * Apply one event to the store. Returns true when the state needs a refetch (the event
 * changed forces but carried no snapshot of them).
 */
export function applyEvent(store, event) {
  if (!event || typeof event.seq !== "number") return false;
  if (event.seq <= store.seq && store.events.some((e) => e.seq === event.seq)) return false;
  store.events.push(event);
  store.seq = Math.max(store.seq, event.seq);
  const state = store.state;
  if (!state) return true;
  const data = event.data || {};
  let refetch = false;
  switch (event.type) {
    case "seat_created":
    case "seat_reissued":
      upsertSeat(state, { ...data.seat, ready: false });
      break;
    case "ready": {
      const seat = (state.seats || []).find((s) => s.id === data.seat);
      if (seat) seat.ready = data.ready;
      break;
    }
    case "pause":
      state.paused = true;
      break;
    case "resume":
      state.paused = false;
      break;
    case "set_deadline":
      state.deadline = data.deadline ?? null;
      break;
    case "set_ships":
      if (state.cabinet) state.cabinet.ships_digit = data.digit;
      break;
    case "set_deployment":
      if (state.cabinet) state.cabinet.deployment_digit = data.digit;
      break;
    case "note":
      state.notes = [...(state.notes || []), data];
      break;
    case "resolve_summer":
      state.phase = "over";
      if (data.report !== undefined) state.report = data.report;
      else refetch = true;
      break;
    default:
      break;
  }
  if (event.type === "roll_force") {
    state.phase = "summer";
    if (state.cabinet) {
      for (const key of ["ships_digit", "deployment_digit", "roll"]) {
        if (key in data) state.cabinet[key] = data[key];
      }
    }
    if (Array.isArray(data.deployment)) state.deployment = data.deployment;
    for (const seat of state.seats || []) seat.ready = false;
  }
  if (event.type === "advance") {
    if (typeof data.day === "number") state.day = data.day;
    if (data.date) state.date = data.date;
    else refetch = true;
    for (const seat of state.seats || []) seat.ready = false;
  }
  if (data.results && typeof data.results === "object") state.results = data.results;
  if (FORCE_EVENTS.has(event.type)) {
    // Players' events carry the lists they may see; the GM's carry them under `view`.
    const view = data.view && Array.isArray(data.view.forces) ? data.view
      : store.seat?.role !== "gm" ? data : null;
    if (view && Array.isArray(view.forces) && Array.isArray(view.engagements)) {
      state.forces = view.forces;
      state.engagements = view.engagements;
    } else {
      refetch = true;
    }
  }
  return refetch;
}

/** The seat's own record in the state (with its ready flag). */
export function ownSeat(store) {
  if (!store.seat || !store.state) return store.seat;
  return (store.state.seats || []).find((s) => s.id === store.seat.id) || store.seat;
}

/** The forces this seat commands: an admiral's squadron, a captain's ship's force. */
export function ownForces(store) {
  const seat = store.seat;
  const forces = store.state?.forces || [];
  if (!seat) return [];
  if (seat.role === "gm") return forces.filter((f) => f.side === "Britain");
  if (seat.role === "admiral") return forces.filter((f) => f.squadron === seat.squadron);
  if (seat.role === "captain") {
    return forces.filter((f) => (f.ships || []).some((s) => s.code === seat.ship));
  }
  return [];
}
