// The Socket.IO half of the protocol: join (and re-join after a drop), act, event.
// The pinned client (static/vendor/socket.io.min.js) provides the global `io`.
//
// A late ack is never taken for a failure: the server may be slow, or its answer lost with
// the connection, after it did what it was asked. A join with no answer is sent again (the
// socket still connected; else the reconnect joins); an act is sent with an action id
// (docs/protocol.md, "Action ids") and sent again with the same id until an answer comes:
// the server answers it as it answered the first, and logs it once. Meanwhile it is pending.

/** How long an ack may take before the page asks again: 15 s (a test may shorten it by
 * setting `window.__admiraltyAckMs` before the page loads). */
const ACK_TIMEOUT_MS = Number(globalThis.__admiraltyAckMs) || 15000;

/** This page's prefix of its action ids: unique among the seat's pages (each act's id is
 * unique among the seat's acts, as the protocol asks). */
function pagePrefix() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return `p${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Connect and join `campaign` with `token`.
 * hooks: snapshot(ack) on the first join, caughtUp(ack) after a reconnect (ack.events),
 * event(payload) for each live event, status(text, kind) for the connection line,
 * failed(error) when the join is refused, revoked() when the GM reissues this seat,
 * presence({seat, online}) when a seat's first socket joins or its last leaves,
 * pending(n) when the number of acts sent and not yet answered past the ack's time changes.
 * `lastSeq()` tells the join which sequence number this page has seen.
 * A catch-up comes a page at a time (ack.more): the next page is a join from ack.next,
 * each page handed to caughtUp in turn.
 */
export function connect({ campaign, token, lastSeq, hooks }) {
  // eslint-disable-next-line no-undef
  const socket = io({ reconnectionDelay: 300, reconnectionDelayMax: 3000 });
  const prefix = pagePrefix();
  let actions = 0; // the acts this page sent: each one's id is the prefix and its number
  let joinedOnce = false;
  let joined = false; // this connection's join answered: an act may go (the server's rule)
  let waiting = []; // the acts waiting for a join before they are sent (again)
  const late = new Set(); // the ids of the acts not answered within the ack's time
  let paging = false; // a catch-up's pages are being fetched: a resync waits for them

  function opened() {
    joined = true;
    const go = waiting;
    waiting = [];
    go.forEach((resolve) => resolve());
  }

  /** Resolves once this socket is joined (now, or after the reconnect's join). */
  function whenJoined() {
    return joined && socket.connected ? Promise.resolve()
      : new Promise((resolve) => waiting.push(resolve));
  }

  function join(from) {
    const since = from ?? (joinedOnce ? lastSeq() : 0);
    socket.timeout(ACK_TIMEOUT_MS).emit("join", { campaign, token, since }, (err, ack) => {
      paging = false;
      if (err) {
        // no answer (yet): ask again while connected; a lost connection joins on reconnect
        if (socket.connected) {
          hooks.status("no answer from the server yet; joining again…", "warn");
          paging = from !== undefined;
          join(from);
        } else {
          hooks.status("no answer from the server; reconnecting…", "warn");
        }
        return;
      }
      if (ack && !ack.ok && ack.error && ack.error.code === "not_ready") {
        // the server is starting up: join again after the seconds it asks for
        hooks.status(`the server is starting; joining in ${ack.error.retry_after} s`, "warn");
        setTimeout(() => socket.connected && join(from), 1000 * ack.error.retry_after);
        return;
      }
      if (!ack || !ack.ok) {
        hooks.failed(ack && ack.error ? ack.error : { code: "invalid", message: "join failed" });
        return;
      }
      if (since > 0 && Array.isArray(ack.events)) {
        hooks.caughtUp(ack);
      } else {
        hooks.snapshot(ack);
      }
      joinedOnce = true;
      opened();
      if (since > 0 && ack.more === true && ack.next > since) {
        paging = true; // the log goes on past this page: the next one from where it ended
        join(Math.max(ack.next, lastSeq()));
      }
    });
  }

  socket.on("connect", () => {
    hooks.status(joinedOnce ? "reconnecting…" : "connected", "ok");
    join();
  });
  socket.on("disconnect", (reason) => {
    joined = false;
    hooks.status(`connection lost (${reason}); reconnecting…`, "warn");
  });
  socket.io.on("reconnect_attempt", (n) => {
    hooks.status(`reconnecting (attempt ${n})…`, "warn");
  });
  socket.on("event", (payload) => hooks.event(payload));
  // the events the server logged together, in log order: one message for them all
  socket.on("events", (payloads) => payloads.forEach((payload) => hooks.event(payload)));
  socket.on("presence", (payload) => hooks.presence?.(payload));
  socket.on("revoked", () => {
    hooks.revoked();
    socket.disconnect();
  });

  /** One sending of `payload`: [err, ack] (err: no answer within the ack's time). */
  function sendOnce(payload) {
    return new Promise((resolve) => {
      socket.timeout(ACK_TIMEOUT_MS).emit("act", payload, (err, ack) => resolve([err, ack]));
    });
  }

  function lateness(id, on) {
    const before = late.size;
    if (on) late.add(id);
    else late.delete(id);
    if (late.size !== before) hooks.pending?.(late.size);
  }

  /**
   * Send one action; resolves with its ack ({ok, seq}, {ok: true, preview} or {ok: false,
   * error}), however long the server takes: sent again with its action id after each
   * ack's time without an answer (`onPending()` told, the first time), and after a
   * reconnect once joined. Not connected when it is asked, it is not sent: `offline`.
   */
  async function act(action, onPending) {
    if (!socket.connected || !joinedOnce) {
      return { ok: false, error: { code: "offline", message: "not connected to the server" } };
    }
    actions += 1;
    const id = `${prefix}-${actions}`;
    const payload = { ...action, action_id: id };
    try {
      for (;;) {
        await whenJoined();
        const [err, ack] = await sendOnce(payload);
        if (!err && ack && !ack.ok && ack.error?.code === "not_ready") {
          // a server starting or leaving did nothing of it: the same act after its seconds
          lateness(id, true);
          await new Promise((resolve) => setTimeout(resolve, 1000 * (ack.error.retry_after || 1)));
          continue;
        }
        if (!err) return ack || { ok: false, error: { code: "invalid", message: "no answer" } };
        if (!late.has(id)) onPending?.();
        lateness(id, true);
      }
    } finally {
      lateness(id, false);
    }
  }

  /** Drop the transport as a network failure would (tests use it); the client reconnects. */
  function drop() {
    socket.io.engine.close();
  }

  /** Join again from the page's seq: the events it missed come in the ack (a gap). */
  function resync() {
    if (socket.connected && joinedOnce && !paging) join();
  }

  return { socket, act, drop, resync, pending: () => late.size };
}
