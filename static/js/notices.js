// The Talk panel: the seat's notices (built on the server from the events it may see:
// GET /api/campaigns/<id>/notices and the join ack's `notices`), an unread badge on its tab,
// a toast for each new notice, the browser's Notification API while the tab is hidden
// (permission asked on a click, never on load), and the table talk (`say`) with its form.
// Every text from the server or a player is set as text (el() makes text nodes), never HTML.

import { el, fill, getJSON, labelled, roleName, refusalText } from "./util.js";

const TOAST_MS = 6000;
const FETCH_DELAY_MS = 150; // events come in bursts: one notices request for the burst

/** Who a message is to, in words (`to`: "all", "gm" or a seat id). */
export function addressee(to, seats, ownId) {
  if (to === "all") return "all";
  if (to === "gm") return "the GM";
  if (to === ownId) return "you";
  return seats.find((s) => s.id === to)?.name || to;
}

/** The seats a seat may write to privately: not itself, not observers, not the GM (his own
 * choice in the list). */
export function recipients(seats, ownId) {
  return (seats || []).filter((s) => s.id !== ownId && !["observer", "gm"].includes(s.role));
}

export function createTalkPanel(root, tab, ctx) {
  const { store } = ctx;
  const key = `admiralty.read.${ctx.campaign}.${ctx.token.slice(0, 8)}`;
  const notices = []; // in seq order, each once
  const seen = new Set();
  const messages = new Map(); // seq -> say event
  let lastSeq = 0;
  let lastRead = Number(localStorage.getItem(key) || 0);
  let timer = null;
  const debug = window.__admiralty || {};
  debug.feed = notices;
  debug.toasts = 0;
  debug.desktop = 0;

  const badge = el("span", { id: "talk-badge", class: "badge", hidden: true });
  tab.append(" ", badge);
  const toasts = el("div", { id: "toasts", "aria-live": "polite" });
  document.body.append(toasts);

  const feed = el("ol", { class: "notices", "aria-label": "Notices" });
  const chat = el("ol", { class: "messages", "aria-label": "Messages" });
  const to = el("select", { name: "to" });
  const text = el("textarea", { name: "text", rows: 2, maxlength: ctx.rules.limits.say,
    placeholder: "A message to the table" });
  const error = el("p", { class: "error", role: "alert" });
  const send = el("button", { type: "submit" }, "Send");
  const form = el("form", { class: "talk", onsubmit: async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    send.disabled = true;
    const ack = await ctx.act({ type: "say", to: to.value, text: text.value });
    send.disabled = false;
    if (ack.ok) text.value = "";
    else error.textContent = refusalText(ack.error);
  } }, el("div", { class: "row" }, labelled("To", to)), text, el("div", { class: "row" }, send),
  error);
  const silent = el("p", { class: "muted", hidden: true },
    "Observers read the public messages and send none.");
  // the server's talk audience: a private message reaches its sender, its recipient and the
  // GM (docs/protocol.md, `say`); every player is told so where he writes
  const overheard = el("p", { class: "muted", id: "talk-gm-reads" });
  const desktop = el("button", { type: "button", onclick: async () => {
    if (!("Notification" in window)) return;
    const answer = await Notification.requestPermission();
    desktop.textContent = answer === "granted" ? "Desktop notices on" : "Desktop notices refused";
  } }, "Desktop notices");

  fill(root, el("h2", {}, "Notices"), el("div", { class: "row" }, desktop), feed,
    el("h2", {}, "Table talk"), overheard, chat, form, silent);

  function renderBadge() {
    const unread = notices.filter((n) => n.seq > lastRead).length;
    badge.textContent = String(unread);
    badge.hidden = unread === 0;
    tab.dataset.unread = String(unread);
  }

  function markRead() {
    if (!notices.length) return;
    lastRead = Math.max(lastRead, notices[notices.length - 1].seq);
    localStorage.setItem(key, String(lastRead));
    renderBadge();
  }

  function toast(n) {
    const box = el("div", { class: "toast", role: "status", dataset: { type: n.type } }, n.text);
    toasts.append(box);
    debug.toasts += 1;
    setTimeout(() => box.remove(), TOAST_MS);
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      debug.desktop += 1;
      new Notification("Admiralty", { body: n.text, tag: `admiralty-${n.seq}-${n.type}` });
    }
  }

  /** Take notices (from a join ack or the endpoint); `fresh`: toast each new one. */
  function add(list, fresh) {
    for (const n of list || []) {
      const id = `${n.seq}:${n.type}:${n.text}`;
      lastSeq = Math.max(lastSeq, n.seq);
      if (seen.has(id)) continue;
      seen.add(id);
      notices.push(n);
      feed.append(el("li", { dataset: { seq: n.seq, type: n.type } },
        el("span", { class: "muted" }, `#${n.seq} `), n.text));
      if (fresh) toast(n);
    }
    if (!root.hidden) markRead();
    renderBadge();
  }

  let paged = Promise.resolve(); // a first join's later pages of notices, fetched in turn
  /** The notices after `since`, a page at a time (each answer says if more follow). */
  function fetchFrom(since, fresh) {
    return getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/notices?since=${since}`,
      { headers: { Authorization: `Bearer ${ctx.token}` } })
      .then((body) => {
        add(body.notices, fresh);
        if (typeof body.next === "number") lastSeq = Math.max(lastSeq, body.next);
        return body.more === true && body.next > since ? fetchFrom(body.next, fresh) : null;
      });
  }

  function fetchNew() {
    timer = null;
    paged = paged.then(() => fetchFrom(lastSeq, true))
      .catch((err) => { error.textContent = `Notices could not be loaded: ${err.message}`; });
  }

  function renderMessage(event) {
    const d = event.data;
    const seats = store.state?.seats || [];
    const own = store.seat?.id;
    const priv = d.to !== "all";
    chat.append(el("li", { class: priv ? "private" : "", dataset: { seq: event.seq } },
      el("span", { class: "muted" }, `day ${d.day} `),
      el("strong", {}, d.seat === own ? "you" : d.name),
      el("span", { class: "muted" }, ` to ${addressee(d.to, seats, own)}: `),
      el("span", { class: "text" }, d.text)));
    chat.scrollTop = chat.scrollHeight;
  }

  function addMessages(events) {
    const fresh = (events || []).filter((e) => e.type === "say" && !messages.has(e.seq))
      .sort((a, b) => a.seq - b.seq);
    for (const e of fresh) {
      messages.set(e.seq, e);
      renderMessage(e);
    }
  }

  function renderForm() {
    const seat = store.seat;
    const observer = seat?.role === "observer";
    form.hidden = observer;
    silent.hidden = !observer;
    overheard.textContent = seat?.role === "gm"
      ? "You read every message, the private ones between players included."
      : "The Games Master reads every message, private ones included.";
    const options = [["all", "Everyone"]];
    if (seat?.role !== "gm") options.push(["gm", "The Games Master"]);
    for (const s of recipients(store.state?.seats, seat?.id)) {
      options.push([s.id, `${s.name} (${roleName(s.role)})`]);
    }
    const wanted = to.value || "all";
    const now = [...to.options].map((o) => `${o.value}=${o.textContent}`).join("|");
    if (now !== options.map(([v, t]) => `${v}=${t}`).join("|")) {
      fill(to, options.map(([v, t]) => el("option", { value: v }, t)));
      to.value = options.some(([v]) => v === wanted) ? wanted : "all";
    }
  }

  tab.addEventListener("click", markRead);
  ctx.history().then(({ events }) => addMessages(events)).catch(() => {});

  return {
    /** The join ack's notices: on a first join all of them, after a drop those missed. */
    joined(ack, first) {
      add(ack.notices, !first);
      if (typeof ack.next === "number") lastSeq = Math.max(lastSeq, ack.next); // all up to it
      if (first && ack.more === true) { // a long log: its later notices page by page
        paged = paged.then(() => fetchFrom(ack.next, false))
          .catch((err) => { error.textContent = `Notices could not be loaded: ${err.message}`; });
      }
    },
    /** A live event: fetch the notices it made for this seat (soon, once a burst). */
    event() {
      if (!timer) timer = setTimeout(fetchNew, FETCH_DELAY_MS);
    },
    render(s) {
      renderForm();
      addMessages(s.events);
      if (!root.hidden) markRead();
    },
  };
}
