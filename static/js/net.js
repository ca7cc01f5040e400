// The Socket.IO half of the protocol: join (and re-join after a drop), act, event.
// The pinned client (static/vendor/socket.io.min.js) provides the global `io`.

const ACK_TIMEOUT_MS = 15000;

/**
 * Connect and join `campaign` with `token`.
 * hooks: snapshot(ack) on the first join, caughtUp(ack) after a reconnect (ack.events),
 * event(payload) for each live event, status(text, kind) for the connection line,
 * failed(error) when the join is refused, revoked() when the GM reissues this seat,
 * presence({seat, online}) when a seat's first socket joins or its last leaves.
 * `lastSeq()` tells the join which sequence number this page has seen.
 * A catch-up comes a page at a time (ack.more): the next page is a join from ack.next,
 * each page handed to caughtUp in turn.
 */
export function connect({ campaign, token, lastSeq, hooks }) {
  // eslint-disable-next-line no-undef
  const socket = io({ reconnectionDelay: 300, reconnectionDelayMax: 3000 });
  let joinedOnce = false;
  let paging = false; // a catch-up's pages are being fetched: a resync waits for them

  function join(from) {
    const since = from ?? (joinedOnce ? lastSeq() : 0);
    socket.timeout(ACK_TIMEOUT_MS).emit("join", { campaign, token, since }, (err, ack) => {
      paging = false;
      if (err) {
        hooks.status("no answer from the server; retrying", "warn");
        return;
      }
      if (ack && !ack.ok && ack.error && ack.error.code === "not_ready") {
        // the server is starting up: join again after the seconds it asks for
        hooks.status(`the server is starting; joining in ${ack.error.retry_after} s`, "warn");
        setTimeout(() => socket.connected && join(), 1000 * ack.error.retry_after);
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

  /** Send one action; resolves with the ack ({ok, seq} or {ok: false, error}). */
  function act(action) {
    return new Promise((resolve) => {
      if (!socket.connected) {
        resolve({ ok: false, error: { code: "offline", message: "not connected to the server" } });
        return;
      }
      socket.timeout(ACK_TIMEOUT_MS).emit("act", action, (err, ack) => {
        if (err) {
          resolve({ ok: false, error: { code: "timeout", message: "the server did not answer" } });
        } else {
          resolve(ack || { ok: false, error: { code: "invalid", message: "no answer" } });
        }
      });
    });
  }

  /** Drop the transport as a network failure would (tests use it); the client reconnects. */
  function drop() {
    socket.io.engine.close();
  }

  /** Join again from the page's seq: the events it missed come in the ack (a gap). */
  function resync() {
    if (socket.connected && joinedOnce && !paging) join();
  }

  return { socket, act, drop, resync };
}
