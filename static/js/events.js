// The one reducer: an event applied to a seat's state, for the live page (store.js) and the
// replay (report.js) alike. Every event a seat receives carries its view's change as a JSON
// Patch (RFC 6902; docs/protocol.md, "Events"), computed on the server: `reduce` applies it,
// whatever the event's type. The browser works out no transition of its own.
//
// `reduce` never changes the state it is given: it returns a new one, sharing what did not
// change (immutable-json-patch), so a replay keeps every frame's state.

import { immutableJSONPatch } from "../vendor/immutable-json-patch/index.js";

/** `state` after `event`: its `patch` applied (an event with none changes nothing). */
export function reduce(state, event) {
  const patch = event?.patch;
  return Array.isArray(patch) && patch.length ? immutableJSONPatch(state, patch) : state;
}

/** Every event applied in turn from `base`: one frame (the event, the state after) each. */
export function replay(events, base) {
  const frames = [];
  let state = base;
  for (const event of events) {
    state = reduce(state, event);
    frames.push({ event, state });
  }
  return frames;
}
