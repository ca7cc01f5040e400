// The page at /play/<campaign>?token=...: loads the map, joins the campaign over Socket.IO,
// keeps the store live and renders the status line and the panels.
// window.__admiralty exposes the store and a few hooks for the browser tests.

import { createMap, viewButtons, windOf } from "./map.js";
import { connect } from "./net.js";
import { remember } from "./recent.js";
import {
  caughtUp, createStore, notify, ownSeat, receive, refresh, setSnapshot, subscribe,
} from "./store.js";
import { deadlineText, el, fill, gameDate, getJSON, roleName, seatTitle } from "./util.js";

// The panels' modules, asked for at once but not waited for: the map and the join need none
// of them, so the chart is made while they load (they are most of the page's script).
const panelModules = Promise.all([import("./battles.js"), import("./history.js"),
  import("./notices.js"), import("./officers.js"), import("./orders.js"), import("./report.js"),
  import("./seats.js"), import("./voyage.js")]);

const campaign = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = new URLSearchParams(location.search).get("token") || "";
const store = createStore();
const $ = (id) => document.getElementById(id);
/** How long the map's making waits for the join's state (and its wind) after its layers. */
const JOIN_WAIT_MS = 1500;
const GAP_WAIT_MS = 1000; // how long an out-of-order event waits for the one before it
/** How long the panels' making waits for the map's first load to be drawn, at most. */
const PANELS_WAIT_MS = 3000;

const debug = {
  store, joined: false, connection: "connecting", reconnects: 0, caughtUp: null,
  notices: [], errors: [], partMs: {}, renders: 0, gaps: 0, pending: 0, resent: 0,
};
window.__admiralty = debug;

function notice(text) {
  debug.notices.push(text);
  const box = $("map-notice");
  box.textContent = text;
  box.hidden = !text;
}

function setConnection(text, kind) {
  debug.connection = text;
  const node = $("st-conn");
  node.textContent = text;
  node.className = `item conn ${kind || ""}`;
}

/** The status line's word for the acts sent and not answered within the ack's time (net.js
 * sends each again with its action id until it is answered): pending, never failed. */
function setPending(n) {
  debug.pending = n;
  if (n) debug.resent += 1;
  const node = $("st-pending");
  node.textContent = n ? `${n} order${n === 1 ? "" : "s"} sent, awaiting the server's answer`
    : "";
  node.hidden = !n;
}

// -- the status line: always visible -------------------------------------------------------
function renderStatus() {
  const state = store.state;
  const seat = ownSeat(store);
  if (!state || !seat) return;
  $("st-campaign").textContent = state.campaign?.name || campaign;
  $("st-seat").textContent = seatTitle(seat);
  $("st-phase").textContent = state.phase;
  $("st-date").textContent = `${gameDate(state.date)} (day ${state.day ?? 0})`;
  $("st-deadline").textContent = deadlineText(state.deadline);
  const paused = $("st-paused");
  paused.textContent = state.paused ? "PAUSED" : "running";
  paused.className = `item${state.paused ? " paused" : ""}`;
  const players = (state.seats || []).filter((s) => !["gm", "observer"].includes(s.role));
  // a vacant seat (revoked) is nobody's: the server waits for it no more, nor does this line
  fill($("st-ready"), players.length ? players.map((s, i) => [i ? ", " : "",
    s.vacant ? el("span", { class: "ready-vacant vacant", dataset: { seat: s.id },
      title: `${roleName(s.role)}: vacant, not waited for` }, `– ${s.name} (vacant)`)
      : el("span", { class: s.ready ? "ready-yes" : "ready-no", dataset: { seat: s.id },
        title: roleName(s.role) }, `${s.ready ? "✔" : "…"} ${s.name}`)]) : "no players seated");
  document.body.dataset.phase = state.phase;
  document.body.dataset.role = seat.role;
}

// -- tabs -----------------------------------------------------------------------------------
function selectTab(name) {
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    const on = tab.id === `tab-${name}`;
    tab.setAttribute("aria-selected", String(on));
    tab.tabIndex = on ? 0 : -1;
    $(tab.getAttribute("aria-controls")).hidden = !on;
  }
}
function wireTabs() {
  const tabs = [...document.querySelectorAll("#tabs [role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => selectTab(tab.id.slice(4)));
    tab.addEventListener("keydown", (ev) => {
      if (ev.key !== "ArrowRight" && ev.key !== "ArrowLeft") return;
      const shown = tabs.filter((t) => !t.hidden);
      const i = shown.indexOf(tab) + (ev.key === "ArrowRight" ? 1 : -1);
      const next = shown[(i + shown.length) % shown.length];
      next.focus();
      selectTab(next.id.slice(4));
    });
  }
  selectTab("orders");
}

// -- the sheet (a phone's layout) ------------------------------------------------------------
/** The panels' heights on a phone (css: body[data-sheet]): collapsed to the tab bar, lowered
 * over the chart's lower part, raised over most of it. A desktop shows the side panel
 * whatever the word. */
const SHEET = ["collapsed", "lowered", "raised"];
function setSheet(where) {
  document.body.dataset.sheet = where;
  const i = SHEET.indexOf(where);
  $("sheet-lower").disabled = i === 0;
  $("sheet-raise").disabled = i === SHEET.length - 1;
  $("sheet-grip").setAttribute("aria-label", i === SHEET.length - 1 ? "Collapse the panels"
    : "Raise the panels");
  $("side").dataset.sheet = where;
}
function wireSheet() {
  const step = (by) => setSheet(SHEET[Math.max(0, Math.min(SHEET.length - 1,
    SHEET.indexOf(document.body.dataset.sheet) + by))]);
  $("sheet-lower").addEventListener("click", () => step(-1));
  $("sheet-raise").addEventListener("click", () => step(1));
  // the grip: up a step at a time, and from the top back down to the tab bar
  $("sheet-grip").addEventListener("click", () => {
    const i = SHEET.indexOf(document.body.dataset.sheet);
    setSheet(SHEET[i === SHEET.length - 1 ? 0 : i + 1]);
  });
  // a tab chosen under a collapsed sheet shows its panel
  $("tabs").addEventListener("click", () => {
    if (document.body.dataset.sheet === "collapsed") setSheet("lowered");
  });
  setSheet("lowered");
}

/** The chart's view buttons: a row on a desktop, on a phone a "Views" button that opens them
 * (css) and closes once one is chosen. */
function wireViews() {
  const box = $("views");
  const toggle = $("views-toggle");
  const show = (open) => {
    box.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => show(!box.classList.contains("open")));
  box.addEventListener("click", (ev) => {
    if (ev.target !== toggle && ev.target.closest(".views")) show(false);
  });
}

// -- start ----------------------------------------------------------------------------------
/** The map layers, the ports and the rules' vocabulary (the words the panels use), asked
 * together (play.html preloads them): each a promise, so that the map is made as soon as
 * its layers and ports are in, while the rules and the join are still on their way. */
function loadWorld() {
  return {
    layers: getJSON("/api/map").catch((err) => {
      notice(`The map layers could not be loaded: ${err.message}`);
      return {};
    }),
    ports: getJSON("/api/ports").then((b) => b.ports).catch(() => []),
    rules: getJSON("/api/rules").catch((err) => {
      notice(`The rules could not be loaded: ${err.message}`);
      return {};
    }),
  };
}

/** A panel built only when its tab is first shown (the Officers tab: 750 elements for the
 * GM; the History tab's pages and charts), and kept up to date from then on; while hidden, the events only mark it stale. */
function lazyPanel(root, make) {
  let panel = null;
  let stale = null; // the [store, reason] of the last render asked while hidden
  const shown = () => {
    if (root.hidden || !stale) return;
    panel ??= make();
    const [store, reason] = stale;
    stale = null;
    panel.render(store, reason);
  };
  new MutationObserver(shown).observe(root, { attributes: true, attributeFilter: ["hidden"] });
  return {
    render(store, reason) {
      stale = [store, reason];
      shown();
    },
  };
}

let gapTimer = null;
/** An event came before an earlier one: give the earlier a moment, then `resync()`. */
function awaitGap(resync) {
  if (gapTimer) return;
  gapTimer = setTimeout(() => {
    gapTimer = null;
    if (store.pending.size > 0) {
      debug.gaps += 1;
      resync();
    }
  }, GAP_WAIT_MS);
}

/** An act's ack says it is logged as `seq`: its event comes on the socket (after the ack,
 * under load); should it not come while the socket stays up, the page joins again from its
 * seq and the ack of that join brings it (the true state, no reload). */
function awaitSeq(seq, resync) {
  setTimeout(() => {
    if (store.seq < seq) {
      debug.gaps += 1;
      resync();
    }
  }, GAP_WAIT_MS);
}

let refetching = null;
/** A fresh snapshot, when the store has no state to apply an event's change to. */
function refetchState() {
  if (refetching) {
    refetching.again = true;
    return;
  }
  refetching = { again: false };
  getJSON(`/api/campaigns/${encodeURIComponent(campaign)}/state`, {
    headers: { Authorization: `Bearer ${token}` },
  }).then((body) => {
    refresh(store, body.seq, body.state);
    notify(store, "refetch");
  }).catch((err) => notice(`Could not refresh the state: ${err.message}`)).finally(() => {
    const again = refetching.again;
    refetching = null;
    if (again) refetchState();
  });
}

/** Run `fn`, noting its time as the part `name`'s for the last change (ms; the bench and
 * profile read it). */
function timed(name, fn) {
  const t = performance.now();
  fn();
  debug.partMs[name] = performance.now() - t;
}

async function start() {
  wireTabs();
  wireSheet();
  wireViews();
  if (!campaign || !token) {
    setConnection("no seat token in the link", "warn");
    notice("Open this page with the link your Games Master gave you (it carries ?token=...).");
    return;
  }
  const t0 = performance.now();
  performance.mark("admiralty:start");
  const world = loadWorld();
  let map = null; // the sea chart, made as soon as its layers are in (below)
  let talk = null; // the Talk panel (notices and table talk), made below
  const toTalk = []; // what the Talk panel is told before it is made (a fast join)
  const tellTalk = (fn) => (talk ? fn(talk) : toTalk.push(fn));
  let seated = null; // resolves on the first join accepted (a refused token fetches nothing)
  const joined = new Promise((resolve) => { seated = resolve; });
  // The join goes at once, in parallel with the map's layers and the rules: the panels are
  // drawn from its snapshot once they are made (below).
  const net = connect({
    campaign, token, lastSeq: () => store.seq,
    hooks: {
      status: setConnection,
      snapshot(ack) {
        // the month's wind asked now, while the map loads (the chart takes it when made)
        if (Number.isInteger(ack.state?.month)) windOf(ack.state.month);
        store.presence = { ...(ack.presence || {}) };
        if (setSnapshot(store, ack.seat, ack.seq, ack.state)) refetchState();
        // the landing page lists the campaigns this browser opened (js/recent.js)
        remember({ campaign, token, role: ack.seat?.role, seat: ack.seat?.id,
          seatName: ack.seat?.name, name: ack.state?.campaign?.name, phase: ack.state?.phase,
          date: ack.state?.date, seq: ack.seq, gone: false });
        debug.joined = true;
        performance.mark("admiralty:joined");
        setConnection("connected", "ok");
        tellTalk((t) => t.joined(ack, true));
        seated();
        notify(store, "snapshot");
      },
      caughtUp(ack) {
        store.seat = ack.seat;
        store.presence = { ...(ack.presence || {}) };
        const refetch = caughtUp(store, ack.events, ack.seq);
        debug.reconnects += 1;
        debug.caughtUp = ack.events.length;
        const n = ack.events.length;
        setConnection(`reconnected, caught up ${n} event${n === 1 ? "" : "s"}`, "ok");
        if (refetch) refetchState();
        tellTalk((t) => t.joined(ack, false));
        notify(store, "caught-up");
      },
      event(payload) {
        const { refetch, gap } = receive(store, payload);
        if (refetch) refetchState();
        if (gap) awaitGap(() => net.resync());
        if (payload.type) {
          tellTalk((t) => t.event(payload));
          notify(store, payload.type);
        }
      },
      pending: setPending,
      presence(payload) {
        store.presence = { ...store.presence, [payload.seat]: !!payload.online };
        notify(store, "presence");
      },
      failed(error) {
        setConnection(`refused: ${error.message}`, "warn");
        notice(`The server refused this seat: ${error.message}`);
        debug.joinError = error;
      },
      revoked() {
        setConnection("this seat's link was reissued; ask your GM for the new one", "warn");
      },
    },
  });
  debug.net = net;
  const [layers, ports] = await Promise.all([world.layers, world.ports]);
  // The map is made with the join's state and its month's wind in its style when they come
  // soon after the layers (one load draws all: no setData while loading, fewer renders);
  // a slow or refused join does not hold it longer than JOIN_WAIT_MS.
  await Promise.race([joined.then(() => (Number.isInteger(store.state?.month)
    ? windOf(store.state.month) : null)), new Promise((r) => { setTimeout(r, JOIN_WAIT_MS); })]);
  const t1 = performance.now();
  performance.mark("admiralty:world");
  // a join answered already: its state is in the style the map is made with
  map = createMap($("map"), layers, ports, store.state ? { state: store.state, seat: store.seat }
    : null);
  map.ready.then(() => {
    performance.mark("admiralty:map");
    debug.timings = { layers_ms: Math.round(t1 - t0), plot_ms: Math.round(performance.now() - t1) };
  });
  debug.map = map;
  $("views").append(viewButtons(map));
  const [rules, [{ createBattlesPanel }, { createHistoryPanel }, { createTalkPanel },
    { createOfficersPanel }, { createOrdersPanel }, { createLogPanel, createReportPanel },
    { createSeatsPanel }, { createVoyagePanel }]] = await Promise.all([world.rules,
    panelModules]);
  debug.rules = rules;
  // The status line and the map follow the store at once; the panels are made once the map
  // has drawn its first load (PANELS_WAIT_MS at most: a map that cannot draw holds them no
  // longer), so that their making and first render (the Orders table, the Report) take no
  // main-thread time from MapLibre's load: its frames, and its worker's calls for the ship
  // symbols' and wind arrows' images.
  const early = () => {
    timed("status", renderStatus);
    timed("map", () => map.update(store.state, store.seat));
  };
  subscribe(store, early);
  if (store.state) early();
  await Promise.race([map.firstDrawn, new Promise((r) => { setTimeout(r, PANELS_WAIT_MS); })]);
  let history = null;
  /** The seat's visible history after `since`, a page at a time (each says if more follow):
   * `{events, base}`, each event's change from the view before (from `since=0`, the first's
   * from `base`, the seat's view before the campaign's first event). */
  const pages = async (since) => {
    const events = [];
    let base = null;
    for (let from = since, more = true; more;) {
      const body = await getJSON(
        `/api/campaigns/${encodeURIComponent(campaign)}/events?since=${from}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      if (from === 0) base = body.base;
      events.push(...body.events);
      more = body.more === true && body.next > from;
      from = body.next;
    }
    return { events, base };
  };
  /** The seat's whole visible history from the server (fetched once, for Log and Talk;
   * `fresh`: fetched again, up to now). */
  const fetchHistory = (fresh = false) => {
    if (fresh) history = null;
    history ??= joined.then(() => pages(0));
    return history;
  };
  /** One act (net.js: sent again with its action id until answered; `onPending` told when
   * its answer is late); once logged, its event awaited. */
  const act = async (action, onPending) => {
    const ack = await net.act(action, onPending);
    if (ack.ok && typeof ack.seq === "number" && ack.seq > store.seq) {
      awaitSeq(ack.seq, () => net.resync());
    }
    return ack;
  };
  const ctx = { store, map, rules, ports, campaign, token, act, notice,
    selectTab, history: fetchHistory };
  talk = createTalkPanel($("panel-talk"), $("tab-talk"), ctx);
  for (const fn of toTalk.splice(0)) fn(talk);
  const PANEL_NAMES = ["orders", "battles", "voyage", "report", "history", "officers", "seats",
    "log", "talk"];
  const panels = [
    createOrdersPanel($("panel-orders"), ctx),
    createBattlesPanel($("panel-battles"), ctx),
    createVoyagePanel($("panel-voyage"), $("tab-voyage"), ctx),
    createReportPanel($("panel-report"), ctx),
    lazyPanel($("panel-history"), () => createHistoryPanel($("panel-history"), ctx)),
    lazyPanel($("panel-officers"), () => createOfficersPanel($("panel-officers"), ctx)),
    createSeatsPanel($("panel-seats"), $("tab-seats"), ctx),
    createLogPanel($("panel-log"), ctx),
    talk,
  ];
  subscribe(store, (_store, reason) => {
    panels.forEach((panel, i) => {
      try {
        timed(PANEL_NAMES[i], () => panel.render(store, reason));
      } catch (err) {
        debug.errors.push(String(err));
        throw err;
      }
    });
    debug.renders += 1;
    debug.seq = store.seq;
  });
  // a join answered before the panels were made: they draw its snapshot now
  if (store.state) notify(store, "snapshot");
  // the deadline's time left, counted down each second (a turn may be a minute long)
  setInterval(() => {
    if (!store.state) return;
    const text = deadlineText(store.state.deadline);
    if ($("st-deadline").textContent !== text) $("st-deadline").textContent = text;
  }, 1000);
}

start();
