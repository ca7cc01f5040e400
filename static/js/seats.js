// The GM's Seats panel: add a seat of any role with its officer (POST .../seats), each seat's
// invite link with a copy button, reissue (POST .../seats/<seat>/token) and revoke
// (POST .../seats/<seat>/revoke), hand a seat to another squadron or ship (`reassign`), the
// server's warnings (GET .../seats: vacant seats, seats ashore, idle seats, unseated
// commands) and a dot per seat for who is connected now (the join ack's `presence`, then
// `presence` events). What is vacant, ashore, idle or unseated is the server's to say: this
// module shows its words.

import { ownSeat } from "./store.js";
import { el, fill, getJSON, labelled, roleName, refusalText } from "./util.js";

/** A link as the GM hands it on: absolute, from this page's origin if the API's is relative. */
export function absoluteLink(link, origin = location.origin) {
  return new URL(link, origin).href;
}

const LINKS_KEY = "admiralty.links";

/** The invite links this browser was given, by campaign then seat (tokens are stored hashed
 * on the server, so a link is known only where it was issued). */
function storedLinks(campaign) {
  try {
    return JSON.parse(localStorage.getItem(LINKS_KEY) || "{}")[campaign] || {};
  } catch {
    return {};
  }
}

function keepLink(campaign, seat, link) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(LINKS_KEY) || "{}");
  } catch {
    all = {};
  }
  all[campaign] = { ...(all[campaign] || {}), [seat]: link };
  try {
    localStorage.setItem(LINKS_KEY, JSON.stringify(all));
  } catch {
    // a browser without storage: the link is shown until the page closes
  }
}

/**
 * The body of POST /api/campaigns/<id>/seats from the form's fields: a squadron for an
 * admiral, a ship for a captain, and their officer (an officer's id, or an officer object
 * of the fields filled in: the rest is rolled); empty fields left out.
 */
export function seatBody(fields) {
  const body = { role: fields.role };
  const name = String(fields.name ?? "").trim();
  if (name) body.name = name;
  if (fields.role === "admiral") body.squadron = fields.squadron;
  if (fields.role === "captain") body.ship = fields.ship;
  if (fields.role === "admiral" || fields.role === "captain") {
    if (fields.officer && fields.officer !== "new") {
      body.officer = fields.officer;
    } else if (fields.officer === "new") {
      const officer = {};
      const oname = String(fields.officerName ?? "").trim();
      const rank = String(fields.rank ?? "").trim();
      const na = String(fields.na ?? "").trim();
      if (oname) officer.name = oname;
      if (rank) officer.rank = rank;
      if (na) officer.na = Number(na);
      body.officer = officer;
    }
  }
  return body;
}

function select(options, value) {
  const node = el("select", {});
  for (const [v, text] of options) node.append(el("option", { value: v }, text));
  if (value !== undefined && value !== null) node.value = String(value);
  return node;
}

/** Copy `text`: the Clipboard API, else the field selected for the GM to copy himself. */
async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    field.focus();
    field.select();
    try {
      if (document.execCommand("copy")) return "copied";
    } catch {
      // no clipboard at all
    }
    return "selected: press Ctrl+C";
  }
}

export function createSeatsPanel(root, tab, ctx) {
  const links = { ...storedLinks(ctx.campaign) }; // seat id -> link as the API gave it
  const notes = new Map(); // seat id -> {error, done} of its row's last request
  let seating = null; // GET .../seats
  let fetchedAt = -1;
  let loading = false;
  let lastKey = null;
  let form = null;
  const api = (path) => `/api/campaigns/${encodeURIComponent(ctx.campaign)}${path}`;
  const auth = { Authorization: `Bearer ${ctx.token}` };

  function load() {
    if (loading) return;
    loading = true;
    const seq = ctx.store.seq;
    getJSON(api("/seats"), { headers: auth })
      .then((body) => { seating = body; fetchedAt = seq; })
      .catch((err) => { seating = { error: err.message, seats: [], warnings: [] }; fetchedAt = seq; })
      .finally(() => {
        loading = false;
        render(ctx.store);
      });
  }

  async function post(path, body) {
    return getJSON(api(path), { method: "POST", headers: { ...auth,
      "Content-Type": "application/json" }, body: body === undefined ? undefined
      : JSON.stringify(body) });
  }

  function noted(seatId, note) {
    notes.set(seatId, note);
    lastKey = null;
    render(ctx.store);
  }

  function addForm() {
    const roles = (ctx.rules?.roles || []).filter((r) => r !== "gm");
    const role = select(roles.map((r) => [r, roleName(r)]), "captain");
    role.dataset.field = "role";
    const name = el("input", { type: "text", maxlength: 200, autocomplete: "off",
      placeholder: "the role", dataset: { field: "name" } });
    const squadron = select((ctx.rules?.squadrons || []).map((s) => [s, s]));
    squadron.dataset.field = "squadron";
    const ship = select((ctx.rules?.fleet || []).map((s) => [s.code, `${s.name} (${s.code})`]));
    ship.dataset.field = "ship";
    const officer = el("select", { dataset: { field: "officer" } });
    const officerName = el("input", { type: "text", maxlength: 200, autocomplete: "off",
      placeholder: "rolled", dataset: { field: "officer-name" } });
    const rank = el("input", { type: "text", autocomplete: "off", placeholder: "the berth's",
      dataset: { field: "rank" } });
    const na = el("input", { type: "number", step: 1, placeholder: "rolled",
      dataset: { field: "na" } });
    const error = el("p", { class: "error", role: "alert" });
    const done = el("span", { class: "ok-text", "aria-live": "polite" });
    const rows = {
      squadron: el("div", { class: "row" }, labelled("Squadron", squadron)),
      ship: el("div", { class: "row" }, labelled("Ship", ship)),
      officer: el("div", { class: "row" }, labelled("Officer", officer)),
      fresh: el("div", { class: "row" }, labelled("His name", officerName),
        labelled("Rank", rank), labelled("NA", na)),
    };
    function fillOfficers() {
      const value = officer.value || "new";
      const free = (ctx.store.state?.officers || []).filter((o) => !o.player && !o.dead);
      fill(officer, el("option", { value: "new" }, "a new character"),
        el("option", { value: "" }, "none yet"),
        free.map((o) => el("option", { value: o.id }, `${o.rank} ${o.name}`)));
      officer.value = [...officer.options].some((o) => o.value === value) ? value : "new";
    }
    function showRows() {
      const r = role.value;
      rows.squadron.hidden = r !== "admiral";
      rows.ship.hidden = r !== "captain";
      rows.officer.hidden = !(r === "admiral" || r === "captain");
      rows.fresh.hidden = rows.officer.hidden || officer.value !== "new";
    }
    role.addEventListener("change", showRows);
    officer.addEventListener("change", showRows);
    const button = el("button", { type: "button", class: "primary",
      dataset: { action: "add-seat" } }, "Add the seat");
    button.addEventListener("click", async () => {
      error.textContent = "";
      done.textContent = "";
      button.disabled = true;
      try {
        const answer = await post("/seats", seatBody({ role: role.value, name: name.value,
          squadron: squadron.value, ship: ship.value, officer: officer.value,
          officerName: officerName.value, rank: rank.value, na: na.value }));
        links[answer.seat] = answer.link;
        keepLink(ctx.campaign, answer.seat, answer.link);
        name.value = officerName.value = rank.value = na.value = "";
        done.textContent = "seated: copy the link below";
        lastKey = null;
        load();
      } catch (err) {
        error.textContent = refusalText(err);
      } finally {
        button.disabled = false;
      }
    });
    fillOfficers();
    showRows();
    const node = el("fieldset", { class: "new-seat" }, el("legend", {}, "Add a seat"),
      el("div", { class: "row" }, labelled("Role", role), labelled("Name", name)),
      Object.values(rows), el("div", { class: "row" }, button, done), error);
    return { node, fillOfficers };
  }

  function linkCell(seat) {
    const link = links[seat.id];
    if (!link) {
      return el("span", { class: "muted" }, seat.vacant ? "vacant: reissue to seat someone"
        : "not issued in this browser: reissue for a new link");
    }
    const url = absoluteLink(link);
    const field = el("input", { type: "text", readonly: true, value: url, size: 28,
      dataset: { link: seat.id }, "aria-label": `Invite link of ${seat.name}` });
    const said = el("span", { class: "ok-text", "aria-live": "polite" });
    const copy = el("button", { type: "button", dataset: { action: "copy-link" } }, "Copy");
    copy.addEventListener("click", async () => {
      said.textContent = await copyText(url, field);
    });
    return [field, copy, said];
  }

  function reassignControl(seat) {
    let options = null;
    if (seat.role === "admiral") {
      options = (ctx.rules?.squadrons || []).filter((s) => s !== seat.squadron).map((s) => [s, s]);
    } else if (seat.role === "captain") {
      options = (ctx.rules?.fleet || []).filter((s) => s.code !== seat.ship)
        .map((s) => [s.code, `${s.name} (${s.code})`]);
    }
    if (!options) return null;
    const to = select(options);
    to.dataset.field = "reassign-to";
    const button = el("button", { type: "button", dataset: { action: "reassign" } }, "Hand over");
    button.addEventListener("click", async () => {
      button.disabled = true;
      const field = seat.role === "admiral" ? "squadron" : "ship";
      const ack = await ctx.act({ type: "reassign", seat: seat.id, [field]: to.value });
      button.disabled = false;
      noted(seat.id, ack.ok ? { done: `handed to ${to.value}` }
        : { error: refusalText(ack.error) });
      if (ack.ok) load();
    });
    return [labelled("To", to), button];
  }

  function rowButtons(seat) {
    const reissue = el("button", { type: "button", dataset: { action: "reissue" } }, "Reissue");
    reissue.addEventListener("click", async () => {
      try {
        const answer = await post(`/seats/${encodeURIComponent(seat.id)}/token`, {});
        links[seat.id] = answer.link;
        keepLink(ctx.campaign, seat.id, answer.link);
        noted(seat.id, { done: "new link issued; the old one is dead" });
        load();
      } catch (err) {
        noted(seat.id, { error: refusalText(err) });
      }
    });
    const revoke = el("button", { type: "button", dataset: { action: "revoke" },
      disabled: seat.vacant || null }, "Revoke");
    revoke.addEventListener("click", async () => {
      if (!window.confirm(`Revoke ${seat.name}'s seat? Its link stops working.`)) return;
      try {
        await post(`/seats/${encodeURIComponent(seat.id)}/revoke`);
        delete links[seat.id];
        keepLink(ctx.campaign, seat.id, undefined);
        noted(seat.id, { done: "revoked: the seat is vacant" });
        load();
      } catch (err) {
        noted(seat.id, { error: refusalText(err) });
      }
    });
    return [reissue, revoke];
  }

  /** His character's disgrace (Briny 001:335, 001:359), as the state's officer has it. */
  function disgraceNote(seat) {
    const officer = (ctx.store.state?.officers || []).find((o) => o.id === seat.officer);
    if (!officer?.disgrace) return null;
    return el("span", { class: "disgrace", dataset: { disgrace: seat.id } },
      ` disgraced (${officer.disgrace.cause}, ${officer.disgrace.season})`);
  }

  function seatRow(seat, online) {
    const note = notes.get(seat.id) || {};
    // an admiral's or captain's seat with no command is ashore with its character
    const ashore = ["admiral", "captain"].includes(seat.role) ? "ashore" : "";
    const command = seat.squadron ? `${seat.squadron} squadron` : seat.ship || ashore;
    return el("tr", { dataset: { seat: seat.id, online: String(online),
      vacant: String(!!seat.vacant) } },
    el("td", {}, el("span", { class: `presence ${online ? "online" : "offline"}`,
      title: online ? "connected" : "not connected", dataset: { presence: seat.id } },
    online ? "●" : "○")),
    el("td", {}, `${roleName(seat.role)} ${seat.name || ""}`.trim(),
      command ? el("span", { class: "muted" }, ` – ${command}`) : null,
      seat.vacant ? el("span", { class: "vacant" }, " (vacant)") : null,
      disgraceNote(seat)),
    el("td", {}, seat.role === "gm" ? el("span", { class: "muted" }, "you") : linkCell(seat)),
    el("td", {}, seat.role === "gm" ? null : [rowButtons(seat), reassignControl(seat)],
      note.done ? el("span", { class: "ok-text" }, ` ${note.done}`) : null,
      note.error ? el("p", { class: "error", role: "alert" }, note.error) : null));
  }

  function render(store) {
    const state = store.state;
    const seat = ownSeat(store);
    if (!state || !seat || seat.role !== "gm") return;
    tab.hidden = false;
    if (!form) form = addForm();
    if (fetchedAt !== store.seq) load();
    form.fillOfficers();
    const seats = state.seats || [];
    const presence = store.presence || {};
    const disgraced = (state.officers || []).filter((o) => o.disgrace)
      .map((o) => [o.id, o.disgrace]);
    const key = JSON.stringify([seats, presence, seating, links, disgraced]);
    if (key === lastKey) return;
    lastKey = key;
    const warnings = seating?.warnings || [];
    fill(root, el("h2", {}, "Seats"), form.node,
      seating?.error ? el("p", { class: "error", role: "alert" }, seating.error) : null,
      el("table", { class: "seats seat-admin" }, el("tr", {}, el("th", {}, ""),
        el("th", {}, "Seat"), el("th", {}, "Invite link"), el("th", {}, "")),
      seats.map((s) => seatRow(s, !!presence[s.id]))),
      el("h3", {}, "Warnings"),
      warnings.length ? el("ul", { class: "plain warnings" }, warnings.map((w) => el("li", {
        dataset: { kind: w.kind, seat: w.seat || "", squadron: w.squadron || "",
          ship: w.ship || "" } }, w.text)))
        : el("p", { class: "muted" }, state.phase === "cabinet"
          ? "Warnings come when the force is rolled." : "Every seat has a command at sea."));
    root.dataset.seq = String(fetchedAt);
  }

  return { render: (store) => render(store) };
}
