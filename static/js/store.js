// The client's copy of what its seat may see, kept up to date from the server's events.
// Each event's change goes through the one reducer (events.js), which the replay uses too.

import { reduce } from "./events.js";

/** A new empty store. */
export function createStore() {
  return {
    seat: null,
    seq: 0, // the last sequence number seen (event or snapshot)
    state: null,
    base: null, // the state of the join snapshot, where the page's replay starts
    events: [], // every event this page received since that snapshot, in order
    pending: new Map(), // events that came before an earlier one, by seq, held till it comes
    listeners: new Set(),
    presence: {}, // seat id -> connected now (the join ack's, then `presence` events)
  };
}

export function subscribe(store, listener) {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

export function notify(store, reason) {
  for (const listener of store.listeners) listener(store, reason);
}

/** Take a whole snapshot (join ack): the page's replay starts from it. */
export function setSnapshot(store, seat, seq, state) {
  store.seat = seat;
  store.state = state;
  store.base = state;
  store.events = [];
  if (seq !== undefined && seq !== null) store.seq = seq;
  return settle(store);
}

/** Take a fresh state (REST refetch) in place of what the events built, if not older. */
export function refresh(store, seq, state) {
  if (seq < store.seq) return false;
  store.state = state;
  store.seq = seq;
  return true;
}

/**
 * Apply one event to the store, whatever came before it (a catch-up's list, which holds only
 * the events this seat may see). Returns true when the state needs a refetch (there is no
 * state yet to apply its change to).
 */
export function applyEvent(store, event) {
  if (!event || typeof event.seq !== "number" || event.seq <= store.seq) return false;
  store.seq = event.seq;
  if (!event.type) return false; // an event this seat may not see: its seq alone
  store.events.push(event);
  if (!store.state) return true;
  store.state = reduce(store.state, event);
  return false;
}

/** Apply the held events that now follow on; drop those already seen. */
function settle(store) {
  let refetch = false;
  for (const seq of [...store.pending.keys()]) if (seq <= store.seq) store.pending.delete(seq);
  while (store.pending.has(store.seq + 1)) {
    const next = store.pending.get(store.seq + 1);
    store.pending.delete(next.seq);
    refetch = applyEvent(store, next) || refetch;
  }
  return refetch;
}

/**
 * Take one live event: applied in seq order. The server sends every seat every seq (a bare
 * `{seq}` for an event it may not see), so an event past the next one is held until those
 * before it arrive (or a catch-up fetches them). Returns `{refetch, gap}`: `gap` while
 * an earlier event is still awaited.
 */
export function receive(store, event) {
  if (event && typeof event.seq === "number" && event.seq > store.seq) {
    store.pending.set(event.seq, event);
  }
  const refetch = store.state ? settle(store) : false;
  return { refetch, gap: store.pending.size > 0 };
}

/** After a catch-up (the events since the page's seq, then the campaign's seq). */
export function caughtUp(store, events, seq) {
  let refetch = false;
  for (const event of events) refetch = applyEvent(store, event) || refetch;
  store.seq = Math.max(store.seq, seq);
  return settle(store) || refetch;
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
  // (an admiral's seat ashore, with no squadron, commands no force)
  if (seat.role === "admiral") {
    return seat.squadron ? forces.filter((f) => f.squadron === seat.squadron) : [];
  }
  if (seat.role === "captain") {
    return forces.filter((f) => (f.ships || []).some((s) => s.code === seat.ship));
  }
  return [];
}
