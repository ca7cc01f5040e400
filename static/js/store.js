// The client's copy of what its seat may see, kept up to date from the server's events.
// Each event goes through the one reducer (events.js), which the replay uses too. Where an
// event lacks what the page shows, the store asks its owner to refetch the state rather than
// re-deriving any rule in the browser.

import { reduce } from "./events.js";

/** A new empty store. */
export function createStore() {
  return {
    seat: null,
    seq: 0, // the last sequence number seen (event or snapshot)
    state: null,
    base: null, // the state of the join snapshot, where the page's replay starts
    events: [], // every event this page received since that snapshot, in order
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

/** Take a whole snapshot (join ack): the page's replay starts from it. */
export function setSnapshot(store, seat, seq, state) {
  store.seat = seat;
  store.state = state;
  store.base = state;
  store.events = [];
  if (seq !== undefined && seq !== null) store.seq = seq;
}

/** Take a fresh state (REST refetch) in place of what the events built, if not older. */
export function refresh(store, seq, state) {
  if (seq < store.seq) return false;
  store.state = state;
  store.seq = seq;
  return true;
}

/**
 * Apply one event to the store. Returns true when the state needs a refetch (the event
 * lacked what the page shows, such as the forces it moved).
 */
export function applyEvent(store, event) {
  if (!event || typeof event.seq !== "number") return false;
  if (event.seq <= store.seq && store.events.some((e) => e.seq === event.seq)) return false;
  store.events.push(event);
  store.seq = Math.max(store.seq, event.seq);
  if (!store.state) return true;
  const { state, refetch } = reduce(store.state, event);
  store.state = state;
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
