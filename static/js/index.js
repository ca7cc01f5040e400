// The landing page: open a seat (a link or a bare token, checked against the server before
// the page goes there), the campaigns this browser created or joined (js/recent.js, each
// refreshed from its snapshot), and the GM's "New campaign" form. A module of its own: the
// pages allow no inline script (the Content-Security-Policy in server/web/app.py).
// window.__landing exposes a few hooks for the browser tests.

import { ago, durationSeconds, parseSeatInput, refusedField } from "./lobby.js";
import { forget, playPath, recentCampaigns, remember, update } from "./recent.js";
import { el, fill, gameDate, getJSON, roleName } from "./util.js";

const $ = (id) => document.getElementById(id);
const debug = { config: null, refreshed: 0, errors: [] };
window.__landing = debug;

function bearer(token) {
  return { headers: { Authorization: `Bearer ${token}` } };
}

/** Show `message` beside the control that sent the request (the form's own line else). */
function showError(form, field, message) {
  const box = form.querySelector(`[data-error-for="${field}"]`)
    || form.querySelector('[data-error-for="form"]') || $("open-error");
  box.textContent = message;
  debug.errors.push(message);
  const control = box.closest(".field")?.querySelector("input, select");
  if (control) control.setAttribute("aria-invalid", "true");
}

function clearErrors(form) {
  for (const box of form.querySelectorAll(".error")) box.textContent = "";
  for (const control of form.querySelectorAll("[aria-invalid]")) {
    control.removeAttribute("aria-invalid");
  }
}

// -- open a seat ----------------------------------------------------------------------------
/** Why the server would not open this seat, in words. */
function refusalText(err, campaign) {
  if (err.code === "not_found") return `There is no campaign ${campaign} on this server.`;
  if (err.code === "forbidden") {
    return campaign
      ? `That token opens no seat in campaign ${campaign}: it may have been reissued. `
        + "Ask your Games Master for your link."
      : "That token opens no seat on this server: it may have been reissued. "
        + "Ask your Games Master for your link.";
  }
  if (err.code === "invalid") return `The server refused it: ${err.message}`;
  return `The server could not be asked (${err.message}); try again.`;
}

let vocabulary = null;
/** The server's words and limits (GET /api/rules), fetched once. */
function rules() {
  vocabulary ??= getJSON("/api/rules");
  return vocabulary;
}

async function openSeat(ev) {
  ev.preventDefault();
  const form = $("open-seat");
  clearErrors(form);
  const limits = (await rules()).limits;
  const parsed = parseSeatInput($("seat-link").value, location.origin, limits);
  if (parsed.error) {
    showError(form, "link", parsed.error);
    $("seat-link").setAttribute("aria-invalid", "true");
    return;
  }
  const button = $("open-button");
  button.disabled = true;
  try {
    let campaign = parsed.campaign;
    if (!campaign) {
      campaign = (await getJSON("/api/seat", bearer(parsed.token))).campaign;
    }
    const body = await getJSON(
      `/api/campaigns/${encodeURIComponent(campaign)}/state`, bearer(parsed.token));
    remember(entryFrom(campaign, parsed.token, body));
    location.href = playPath(campaign, parsed.token);
  } catch (err) {
    showError(form, "link", refusalText(err, parsed.campaign));
    $("seat-link").setAttribute("aria-invalid", "true");
  } finally {
    button.disabled = false;
  }
}

// -- the campaigns of this browser ---------------------------------------------------------
/** What the landing page keeps of a seat's snapshot (`GET .../state`). */
function entryFrom(campaign, token, body) {
  const state = body.state || {};
  return {
    campaign, token, role: body.seat?.role, seat: body.seat?.id, seatName: body.seat?.name,
    name: state.campaign?.name, phase: state.phase, date: state.date, seq: body.seq,
    lastActivity: body.last_activity, gone: false,
  };
}

function seatText(entry) {
  const role = entry.role ? roleName(entry.role) : "seat";
  return entry.seatName && entry.seatName !== role ? `${role} (${entry.seatName})` : role;
}

function campaignItem(entry) {
  const facts = entry.gone
    ? [el("span", { class: "error" }, "this link no longer opens a seat")]
    : [
      el("span", { class: "phase" }, entry.phase || "—"),
      entry.date ? ` · ${gameDate(entry.date)}` : "",
      " · last activity ",
      el("span", { class: "activity", title: entry.lastActivity || "" },
        entry.lastActivity ? ago(entry.lastActivity) : "—"),
    ];
  return el("li", { dataset: { campaign: entry.campaign, role: entry.role || "" } },
    el("div", { class: "campaign-head" },
      el("a", { href: playPath(entry.campaign, entry.token), class: "campaign-name" },
        entry.name || entry.campaign),
      el("span", { class: "role" }, seatText(entry))),
    el("div", { class: "muted" }, facts),
    el("button", { type: "button", class: "link forget", onclick: () => {
      forget(entry.token);
      renderCampaigns();
    } }, "Forget"));
}

function renderCampaigns() {
  const list = recentCampaigns();
  $("mine-empty").hidden = list.length > 0;
  fill($("campaigns"), list.map(campaignItem));
}

/** Ask the server for each campaign's phase and last activity, with its seat's token. */
async function refreshCampaigns() {
  await Promise.all(recentCampaigns().map(async (entry) => {
    try {
      const body = await getJSON(
        `/api/campaigns/${encodeURIComponent(entry.campaign)}/state`, bearer(entry.token));
      update(entry.token, entryFrom(entry.campaign, entry.token, body));
    } catch (err) {
      if (err.code === "forbidden" || err.code === "not_found") {
        update(entry.token, { gone: true });
      }
    }
  }));
  debug.refreshed += 1;
  renderCampaigns();
}

// -- a new campaign ------------------------------------------------------------------------
/** The form as the body of `POST /api/campaigns`, or the field and words of what is wrong. */
function campaignBody() {
  const body = {};
  const name = $("nc-name").value.trim();
  if (!name) return { field: "name", error: "Give the campaign a name." };
  body.name = name;
  for (const [field, id] of [["year", "nc-year"], ["turn_days", "nc-turn-days"],
    ["seed", "nc-seed"]]) {
    const text = $(id).value.trim();
    if (!text) continue;
    const n = Number(text);
    if (!Number.isInteger(n)) return { field, error: "give a whole number" };
    body[field] = n;
  }
  for (const [field, id] of [["turn_seconds", "nc-turn"], ["round_seconds", "nc-round"]]) {
    const got = durationSeconds($(id).value, $(`${id}-unit`).value);
    if (got.error) return { field, error: got.error };
    body[field] = got.seconds;
  }
  return { body };
}

async function createCampaign(ev) {
  ev.preventDefault();
  const form = $("new-campaign");
  clearErrors(form);
  const { body, field, error } = campaignBody();
  if (error) {
    showError(form, field, error);
    return;
  }
  const headers = { "Content-Type": "application/json" };
  const operator = $("nc-admin").value.trim();
  if (operator) headers.Authorization = `Bearer ${operator}`;
  const button = $("nc-create");
  button.disabled = true;
  try {
    const made = await getJSON("/api/campaigns",
      { method: "POST", headers, body: JSON.stringify(body) });
    remember({ campaign: made.id, token: made.token, role: "gm", name: body.name,
      phase: "cabinet" });
    location.href = made.link;
  } catch (err) {
    if (err.code === "forbidden") {
      $("nc-admin-field").hidden = false;
      showError(form, "admin_token", operator
        ? "The server refused that admin token."
        : "This server asks for its admin token to create a campaign.");
    } else {
      showError(form, refusedField(err.message) || "form", err.message);
    }
  } finally {
    button.disabled = false;
  }
}

async function start() {
  $("open-seat").addEventListener("submit", openSeat);
  $("new-campaign").addEventListener("submit", createCampaign);
  renderCampaigns();
  try {
    debug.config = await getJSON("/api/config");
    $("nc-admin-field").hidden = !debug.config.admin_token_required;
  } catch {
    debug.config = null; // the form still works; a refusal says what it needs
  }
  await refreshCampaigns();
}

start();
