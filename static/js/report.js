// The season report (state.report after resolve_summer) as plotly charts, and the event log
// as a step-through replay on the map. The GM replays the whole log (/api/campaigns/<id>/log);
// a player steps through the events his page received.

import { replay } from "./events.js";
import { el, fill, gameDate, labelled, placeText, plotly, roleName, show, refusalText } from "./util.js";

const RESULT_COLOURS = ["#1b5e20", "#66bb6a", "#bdbdbd", "#ffb74d", "#e53935", "#6d1b1b"];

/** `squadrons` in the rules' order (GET /api/rules), any others after them. */
function inRulesOrder(squadrons, rules) {
  const order = rules?.squadrons || [];
  const rank = (sq) => (order.includes(sq) ? order.indexOf(sq) : order.length);
  return [...squadrons].sort((a, b) => rank(a) - rank(b));
}

/**
 * Where a result came from: "fought" (her fights on the map, the record's `fought`), "rolled"
 * (none: the book's Battle Result Table, an action off the chart), or null where the report
 * does not say (an officer's outcome resolved before fights were recorded); a ship of such a
 * report by her `preset` (her result earned on the map).
 */
export function sourceOf(rec) {
  if (Array.isArray(rec?.fought)) return rec.fought.length ? "fought" : "rolled";
  if (typeof rec?.preset === "boolean") return rec.preset ? "fought" : "rolled";
  return null;
}

/** A source in words, long (tables, lists) and short (a chart's axis). */
export const SOURCE_WORDS = { fought: "fought on the chart", rolled: "rolled off the chart" };
const SOURCE_AXIS = { fought: "fought", rolled: "off the chart" };
const sourceWords = (source) => SOURCE_WORDS[source] || "not recorded";
const sourceAxis = (source) => SOURCE_AXIS[source] || "not recorded";
const SOURCE_ORDER = ["fought", "rolled", null];

/** A ship's fights on the map in words: "12 June 1805 against Intrepid, Minerve; …". */
export function foughtWords(fought) {
  return (fought || []).map((f) => [f.date ? gameDate(f.date) : null,
    (f.against || []).length ? `against ${f.against.join(", ")}` : null]
    .filter(Boolean).join(" ") || "a fight on the map").join("; ");
}

/**
 * An officer by rank and name, his squadron, `what` came to him (" to Post Captain") and,
 * when told, where the result he rolled against came from (" — rolled off the chart").
 */
export function officerLine(o, what = "") {
  const source = sourceOf(o);
  return `${o.rank} ${o.name}${o.squadron ? ` (${o.squadron})` : ""}${what}`
    + `${source ? ` — ${SOURCE_WORDS[source]}` : ""}`;
}

/** `groups` ({squadron, source, ...}) in the rules' squadron order, fought before rolled. */
function inGroupOrder(groups, rules) {
  const order = inRulesOrder([...new Set(groups.map((g) => g.squadron))], rules);
  return [...groups].sort((a, b) => order.indexOf(a.squadron) - order.indexOf(b.squadron)
    || SOURCE_ORDER.indexOf(a.source) - SOURCE_ORDER.indexOf(b.source));
}

/**
 * Each officer's squadron and source, as a report of a summer resolved before officers were
 * kept tells it: the ship whose company he rolled his personal outcome with (his context's
 * ship; the flagship for an admiral and his staff), that ship's squadron and where her result
 * came from. An officer who rolled with no ship is the Admiralty's, his source untold.
 */
function squadronsOfOfficers(report) {
  const byName = {};
  for (const ship of Object.values(report.ships || {})) byName[ship.name] = ship;
  const contexts = report.contexts || [];
  const out = {};
  for (const p of report.personal_outcomes || []) {
    const ship = byName[contexts[p.context]?.modifier_ship];
    out[p.officer] = ship ? { squadron: ship.squadron || "Independent", source: sourceOf(ship) }
      : { squadron: "Admiralty", source: null };
  }
  return out;
}

/**
 * The officers' outcomes the seat's report holds, by officer id, each with his `squadron`,
 * `dead`, `mentioned`, `wound`, `promoted` and `fought`: the GM's `outcomes`; a player's own
 * (`yours`) and the Gazette's (`gazette`). Null for a report without them (resolved before
 * officers were kept), whose `personal_outcomes` are counted instead.
 */
export function outcomesOf(report) {
  if (!report) return null;
  if (report.outcomes && typeof report.outcomes === "object") return report.outcomes;
  if (report.gazette || report.yours) return { ...(report.gazette || {}), ...(report.yours || {}) };
  return null;
}

/**
 * The Briny battle results 1..6 counted per squadron and source: [{squadron, source, counts}],
 * a ship's result fought on the chart apart from one rolled off it.
 */
export function resultsBySquadron(report, rules) {
  const groups = {};
  for (const ship of Object.values(report.ships || {})) {
    const squadron = ship.squadron || "Independent";
    const source = sourceOf(ship);
    const group = groups[`${squadron}|${source}`] ||= { squadron, source,
      counts: [0, 0, 0, 0, 0, 0] };
    const r = Number(ship.battle_result);
    if (r >= 1 && r <= 6) group.counts[r - 1] += 1;
  }
  return inGroupOrder(Object.values(groups), rules);
}

/**
 * Deaths, mentions, wounds, promotions and courts martial per squadron and source:
 * [{squadron, source, deaths, ...}], what came of a fight on the chart apart from what came
 * of a result rolled off it (each officer's by the result his outcome was rolled against).
 */
export function peopleBySquadron(report, rules) {
  const outcomes = outcomesOf(report);
  const whereOf = outcomes
    ? Object.fromEntries(Object.entries(outcomes).map(([id, o]) => [id,
      { squadron: o.squadron, source: sourceOf(o) }]))
    : squadronsOfOfficers(report);
  const rows = {};
  const row = (officer) => {
    const squadron = whereOf[officer]?.squadron || "Admiralty";
    const source = whereOf[officer]?.source ?? null;
    return (rows[`${squadron}|${source}`] ||= { squadron, source, deaths: 0, mentions: 0,
      wounded: 0, promotions: 0, courts: 0 });
  };
  if (outcomes) {
    for (const [id, o] of Object.entries(outcomes)) {
      const r = row(id);
      if (o.dead) r.deaths += 1;
      r.mentions += Number(o.mentioned || 0);
      if (o.wound) r.wounded += 1;
      if (o.promoted) r.promotions += 1;
    }
  } else {
    for (const p of report.personal_outcomes || []) {
      const r = row(p.officer);
      if (p.dead) r.deaths += 1;
      r.mentions += Number(p.mids || 0);
      if (p.nelson_touch?.wounded) r.wounded += 1;
    }
    for (const p of report.promotions || []) {
      if (p.from !== p.to) row(p.officer).promotions += 1;
    }
  }
  for (const c of report.courts_martial || []) row(c.officer).courts += 1;
  return inGroupOrder(Object.values(rows), rules);
}

/** The Gazette's lists (deaths, mentions, promotions), each officer by rank and name. */
export function gazetteLists(gazette) {
  const all = Object.values(gazette || {});
  return {
    deaths: all.filter((o) => o.dead).map((o) => officerLine(o)),
    mentions: all.filter((o) => !o.dead && o.mentioned).map((o) => officerLine(o,
      o.mentioned > 1 ? `, ${o.mentioned} times` : "")),
    promotions: all.filter((o) => !o.dead && o.promoted)
      .map((o) => officerLine(o, ` to ${o.promoted}`)),
  };
}

/** The report's opening: each line of `words` in the server's order (the seat's own first). */
function wordsSection(report) {
  const words = Array.isArray(report.words) ? report.words : [];
  if (!words.length) return null;
  const own = report.yours ? Object.keys(report.yours).length : 0;
  return el("ol", { class: "words", "aria-label": "The officers' summer" },
    words.map((line, i) => el("li", { class: i < own ? "yours" : null }, line)));
}

/**
 * The `year_of_service` action from a card's offer (the server's `service.offer`: its
 * `rows`, each with the Measures it may raise and whether it gives a skill, and the
 * `skills`) and what the form picked: the joker's `card` (a row's) only when it offers
 * more than one row, the `measure` and `skill` only when the row gives them.
 */
export function serviceAction(offer, picked) {
  const rows = offer?.rows || [];
  const row = rows.find((r) => r.card === picked.card) || rows[0];
  const action = { type: "year_of_service" };
  if (!row) return action;
  if (rows.length > 1) action.card = row.card;
  if (row.measures.length && picked.measure) action.measure = picked.measure;
  if (row.skill && (offer.skills || []).length && picked.skill) action.skill = picked.skill;
  return action;
}

/**
 * The seat's own card of a year of service still his to choose (seed 000, Appendix II:
 * "of your choice"): a form of what the server's offer allows, sent as `year_of_service`.
 */
function serviceSection(report, ctx) {
  const waiting = Object.entries(report.yours || {}).filter(([, o]) => o.service?.offer);
  if (!waiting.length) return null;
  return waiting.map(([id, o]) => {
    const { offer } = o.service;
    const rows = offer.rows || [];
    const card = el("select", { name: "card" }, rows.map((r) => el("option", { value: r.card },
      `${r.card}: ${r.text}`)));
    const measure = el("select", { name: "measure" });
    const skill = el("select", { name: "skill" });
    const measureRow = el("div", { class: "row" }, labelled("Measure", measure));
    const skillRow = el("div", { class: "row" }, labelled("Skill", skill));
    const error = el("p", { class: "error", role: "alert" });
    const choose = el("button", { type: "submit", class: "primary" }, "Choose");
    const update = () => {
      const row = rows.find((r) => r.card === card.value) || rows[0];
      fill(measure, (row?.measures || []).map((m) => el("option", { value: m }, `+1 ${m}`)));
      fill(skill, (row?.skill ? offer.skills || [] : []).map((k) => el("option", { value: k },
        `+1 ${k}`)));
      measureRow.hidden = !measure.options.length;
      skillRow.hidden = !skill.options.length;
    };
    card.addEventListener("change", update);
    update();
    const form = el("form", { class: "year-of-service", dataset: { officer: id },
      onsubmit: async (ev) => {
        ev.preventDefault();
        error.textContent = "";
        choose.disabled = true;
        const ack = await ctx.act(serviceAction(offer, { card: card.value,
          measure: measure.value, skill: skill.value }));
        choose.disabled = false;
        if (!ack.ok) error.textContent = refusalText(ack.error);
      } },
    el("h3", {}, `${o.name}: a year of service (${o.service.card})`),
    el("p", { class: "muted" }, rows.length > 1 ? "A joker: choose any card of the chart."
      : rows[0]?.text || ""),
    rows.length > 1 ? el("div", { class: "row" }, labelled("Card", card)) : null,
    measureRow, skillRow,
    el("p", { class: "muted" }, "Choose before the autumn's turn moves on, or the dice choose."),
    el("div", { class: "row" }, choose), error);
    return form;
  });
}

/** What else the seat reads of the officers: the GM every player's officer, the others the Gazette. */
function officersSection(report) {
  if (report.outcomes && typeof report.outcomes === "object") {
    const players = Object.entries(report.outcomes).filter(([, o]) => o.player);
    if (!players.length) return null;
    return el("details", { open: true, class: "outcomes" }, el("summary", {},
      "The players' officers"), el("table", {}, el("tr", {}, ["Officer", "Squadron", "Result",
      "Outcome", "Guineas", "NA"].map((h) => el("th", {}, h))), players.map(([id, o]) => el("tr", {
      dataset: { officer: id, dead: String(!!o.dead), source: String(sourceOf(o)) } },
    el("td", {}, `${o.rank} ${o.name}`), el("td", {}, o.squadron || "—"),
    el("td", {}, sourceOf(o) ? sourceWords(sourceOf(o)) : "—"), el("td", {}, o.dead ? el("span", { class: "dead-mark" },
      "dead") : [o.wound ? `wounded (${o.wound}) ` : "", o.mentioned ? `mentioned ${o.mentioned} `
      : "", o.promoted ? `promoted to ${o.promoted}` : ""].join("").trim() || "—"),
    el("td", {}, show(o.guineas)), el("td", {}, Array.isArray(o.na) ? o.na.join(" → ")
      : show(o.na))))));
  }
  if (!report.gazette) return null;
  const g = gazetteLists(report.gazette);
  const part = (title, items) => (items.length ? [el("h4", {}, title),
    el("ul", { class: "plain" }, items.map((i) => el("li", {}, i)))] : null);
  return el("details", { class: "gazette" }, el("summary", {}, `The London Gazette (`
    + `${g.deaths.length} killed, ${g.mentions.length} mentioned, ${g.promotions.length} `
    + "promoted)"),
    part("Killed", g.deaths), part("Mentioned in despatches", g.mentions),
    part("Promoted", g.promotions), g.deaths.length + g.mentions.length + g.promotions.length
      ? null : el("p", { class: "muted" }, "Nothing was gazetted."));
}

/** The side panel's inner width, also while the panel is hidden (plotly needs a width). */
export function panelWidth() {
  const side = document.getElementById("side");
  return Math.max(260, (side ? side.clientWidth : 380) - 28);
}

/** A chart's margins under a title of two lines. */
const TWO_LINE_TITLE = { l: 40, r: 8, t: 52, b: 110 };

/** A chart's two-level axis of `groups`: each squadron, then where its results came from. */
function axis(groups) {
  return [groups.map((g) => g.squadron), groups.map((g) => sourceAxis(g.source))];
}

function chart(id, traces, layout) {
  const node = el("div", { class: "chart", id });
  plotly().then((Plotly) => requestAnimationFrame(() => Plotly.newPlot(node, traces, {
    width: panelWidth(), height: 320,
    margin: { l: 40, r: 8, t: 28, b: 110 }, font: { size: 11 }, barmode: "stack",
    legend: { orientation: "h", y: -0.18, yanchor: "top", font: { size: 10 } }, ...layout,
  }, { displaylogo: false, responsive: true, displayModeBar: false })));
  return node;
}

export function createReportPanel(root, ctx) {
  let shown = null;
  return {
    render(store, reason) {
      const report = store.state?.report;
      if (report === shown) return;
      if (report && !shown && reason === "resolve_summer") ctx.selectTab("report");
      shown = report;
      if (!report) {
        fill(root, el("h2", {}, "Season report"), el("p", { class: "muted" },
          "The report appears here when the GM resolves the summer."));
        return;
      }
      const results = resultsBySquadron(report, ctx.rules);
      const people = peopleBySquadron(report, ctx.rules);
      const plunder = report.plunder_shares || [];
      const invasion = report.invasion || {};
      const ships = Object.entries(report.ships || {});
      const fought = ships.filter(([, s]) => sourceOf(s) === "fought").length;
      fill(root, el("h2", {}, "Season report"), wordsSection(report),
        serviceSection(report, ctx), officersSection(report),
        el("p", { class: "invasion", dataset: { invaded: String(!!invasion.invaded) } },
          el("strong", {}, "Invasion check: "), invasion.invaded ? "England is INVADED."
            : "no invasion this summer.", invasion.results ? ` Results ${show(invasion.results)}`
            : ""),
        el("p", { class: "muted sources" }, "A result fought on the chart is what her fights "
          + "on the map earned her; one rolled off the chart is the book's Battle Result Table, "
          + "for actions too small for the map. The charts count them apart."),
        chart("chart-results", [1, 2, 3, 4, 5, 6].map((r) => ({
          type: "bar", name: `Result ${r}`, x: axis(results),
          y: results.map((g) => g.counts[r - 1]), marker: { color: RESULT_COLOURS[r - 1] },
        })), { title: { text: "Battle results by squadron (1 best, 6 worst):<br>fought on "
          + "the chart, or rolled off it" }, margin: TWO_LINE_TITLE,
        yaxis: { title: { text: "ships" }, dtick: 1 } }),
        chart("chart-people", [["deaths", "Deaths", "#6d1b1b"], ["wounded", "Wounded", "#e57373"],
          ["mentions", "Mentions in despatches", "#1565c0"], ["promotions", "Promotions",
            "#2e7d32"], ["courts", "Courts martial", "#6d6d6d"]].map(([k, name, colour]) => ({
          type: "bar", name, x: axis(people), y: people.map((g) => g[k]),
          marker: { color: colour },
        })), { title: { text: "Deaths, mentions and promotions:<br>of fights on the chart, "
          + "or of results rolled off it" }, margin: TWO_LINE_TITLE, barmode: "group" }),
        plunder.length ? chart("chart-plunder", [{
          type: "bar", x: plunder.map((p) => p.admiral), y: plunder.map((p) => p.guineas),
          text: plunder.map((p) => p.fraction), marker: { color: "#c9a227" },
          hovertemplate: "%{x}: %{y} guineas (%{text})<extra></extra>",
        }], { title: { text: "Plunder: admirals' shares (guineas)" } }) : null,
        ships.length ? el("details", { class: "ships" }, el("summary", {}, `Ships (${fought} `
          + `fought on the chart, ${ships.length - fought} rolled off it)`), el("table", {},
          el("tr", {}, ["Ship", "Squadron", "Result", "Where", ""].map((h) => el("th", {}, h))),
          ships.map(([code, s]) => el("tr", { dataset: { ship: code,
            source: String(sourceOf(s)) } }, el("td", {}, `${s.name} (${code})`),
          el("td", {}, s.squadron || "—"), el("td", {}, s.battle_result),
          el("td", {}, sourceOf(s) === "fought" && s.fought?.length
            ? `${SOURCE_WORDS.fought}: ${foughtWords(s.fought)}` : sourceWords(sourceOf(s))),
          el("td", {}, s.interpretation || ""))))) : null);
      root.dataset.report = "1";
    },
  };
}

// -- the event log and its replay -------------------------------------------------------------

/**
 * The names of what a state holds by id (its seats, officers by rank and name, forces, the
 * ports of /api/ports and the stations of /api/map), for the log's lines: a person reads
 * names, never ids.
 */
export function namesById(state, ports = [], stations = []) {
  const names = new Map();
  for (const p of [...ports, ...stations]) names.set(p.id, p.name);
  for (const f of state?.forces || []) names.set(f.id, f.name);
  for (const o of state?.officers || []) names.set(o.id, [o.rank, o.name].filter(Boolean).join(" "));
  for (const s of state?.seats || []) names.set(s.id, s.name || roleName(s.role));
  return names;
}

/** `value` with each id in it that `names` knows given as its name. */
function named(value, names) {
  if (typeof value === "string") return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => named(v, names));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [names.get(k) ?? k,
      named(v, names)]));
  }
  return value;
}

function describe(event, names) {
  const d = event.data || {};
  const who = (id) => names.get(id) || id;
  switch (event.type) {
    case "deploy":
    case "sail":
    case "move_enemy":
      return `${event.type.replace("_", " ")}: ${who(d.force)} → ${d.orders ? `${d.orders.kind} `
        + `${placeText(d.orders.target, names)}` : ""}${d.route ? ` (${Math.round(d.route.distance_nm)} nm, `
        + `${Number(d.route.days).toFixed(1)} days)` : ""}`;
    case "advance":
      return `the clock advances ${d.days} day${d.days === 1 ? "" : "s"} to day ${d.day}`
        + (d.groundings || []).filter((g) => g.result !== "clear").map((g) => `; ${g.text}`)
          .join("")
        + [...(d.storms || []), ...(d.rations || [])].map((x) => `; ${x.text}`).join("");
    case "ready":
      return `${who(d.seat)} is ${d.ready ? "ready" : "not ready"}`;
    case "seat_created":
    case "seat_reissued":
      return `${roleName(d.seat?.role)} ${d.seat?.name || ""} seated${d.officer
        ? ` as ${d.officer.rank} ${d.officer.name}` : ""}`;
    case "officer_created":
      return `a new officer: ${d.officer?.rank || ""} ${d.officer?.name || ""}${d.officer?.player
        ? ` for ${who(d.officer.player)}` : ""}`;
    case "roll_force":
      return `the force is rolled: ${d.roll ?? ""}`;
    case "engage_decision": {
      const order = d.args?.decision || d.orders?.move || (d.orders?.strike ? "strike" : "");
      const shot = d.args?.shot || d.orders?.shot;
      return `battle: ${who(d.as || event.seat) || "a captain"} orders `
        + `${order || "the round"}${shot ? ` (${shot})` : ""}`;
    }
    case "set_ships":
      return `the Prime Minister's digit: ${d.digit}`;
    case "set_deployment":
      return `the First Sea Lord's digit: ${d.digit}`;
    case "campaign_created":
      return `the campaign "${d.name}" of ${d.year} is created`;
    case "note":
      return `GM note: ${d.text}`;
    case "resolve_summer":
      return "the summer is resolved";
    case "show_voyage":
      return `the GM shows a voyage (${(d.shown?.stops || []).map(who).join(" → ")}, `
        + `${d.shown?.ship})`
        + ` to ${d.shown?.to === "all" ? "every seat" : (d.shown?.to || []).map(who).join(", ")}`;
    case "say":
      return `${d.name || who(d.seat)} to ${d.to === "all" ? "all" : d.to === "gm" ? "the GM"
        : who(d.to)}: ${d.text}`;
    default:
      return `${event.type.replaceAll("_", " ")} ${Object.keys(d).length ? show(named(
        Object.fromEntries(Object.entries(d).filter(([k]) => !["forces", "engagements", "view",
          "args"].includes(k))), names)) : ""}`;
  }
}

/**
 * The state after each event, by the one reducer the live page uses (events.js), from `base`:
 * the page's join snapshot, or the campaign's start for the GM's whole log.
 */
export function replayFrames(events, base) {
  return replay(events, base).map(({ event, state }) => ({ event, state,
    forces: state.forces || [], engagements: state.engagements || [] }));
}

export function createLogPanel(root, ctx) {
  let frames = [];
  let index = -1;
  let fromServer = false;
  const list = el("ol", { class: "events", "aria-label": "Events" });
  const position = el("span", { class: "muted", "aria-live": "polite" });
  const slider = el("input", { type: "range", min: 0, max: 0, value: 0 });
  const error = el("p", { class: "error", role: "alert" });
  const step = (i) => {
    if (!frames.length) return;
    index = Math.max(0, Math.min(frames.length - 1, i));
    slider.value = String(index);
    const frame = frames[index];
    position.textContent = `event ${index + 1} of ${frames.length} (seq ${frame.event.seq})`;
    root.dataset.step = String(index);
    ctx.map.setReplay(frame.forces || [], frame.engagements);
    for (const [i2, li] of [...list.children].entries()) {
      li.classList.toggle("current", i2 === index);
    }
    list.children[index]?.scrollIntoView({ block: "nearest" });
  };
  const buttons = [["« First", () => step(0)], ["◀ Back", () => step(index - 1)],
    ["Next ▶", () => step(index + 1)], ["Last »", () => step(frames.length - 1)],
    ["End replay", () => { index = -1; ctx.map.setReplay(null); position.textContent = "";
      for (const li of list.children) li.classList.remove("current"); }]]
    .map(([label, fn]) => el("button", { type: "button", onclick: fn }, label));
  slider.addEventListener("input", () => step(Number(slider.value)));

  const item = (f, names) => el("li", { dataset: { seq: f.event.seq } },
    el("span", { class: "muted" }, `#${f.event.seq} `), describe(f.event, names));

  /** Replay `events` from `base`, or, with `more`, carry the replay on by those events. */
  function load(events, base, more = false) {
    const from = more && frames.length ? frames[frames.length - 1].state : base;
    const added = replayFrames(events, from);
    frames = more ? [...frames, ...added] : added;
    slider.max = String(Math.max(0, frames.length - 1));
    const names = namesById(ctx.store.state, ctx.ports, ctx.map?.stations);
    if (more) list.append(...added.map((f) => item(f, names)));
    else fill(list, added.map((f) => item(f, names)));
    root.dataset.events = String(frames.length);
  }

  // The GM's whole log: every event as his view changed with it, from the first
  const fetchLog = el("button", { type: "button", hidden: true, onclick: async () => {
    error.textContent = "";
    try {
      const log = await ctx.history(true);
      fromServer = true;
      load(log.events, log.base);
      step(0);
    } catch (err) {
      error.textContent = err.message;
    }
  } }, "Load the whole log");

  fill(root, el("h2", {}, "Event log and replay"),
    el("p", { class: "muted" }, "Step through the campaign's events; the map shows the forces "
      + "as they were after each (orange outlines)."),
    el("div", { class: "row" }, fetchLog), error,
    el("div", { class: "row", role: "group", "aria-label": "Replay" }, buttons),
    el("div", { class: "row" }, labelled("Step", slider), position), list);

  // The seat's whole visible history from the server (GET .../events?since=0), then the
  // page's live events after it; until it comes (or if it fails), the page's own events.
  let history = null;
  let lastSeq = 0;
  ctx.history().then(({ events, base }) => {
    history = events;
    if (fromServer) return;
    load(events, base);
    lastSeq = events.length ? events[events.length - 1].seq : 0;
    root.dataset.history = "1";
    carryOn(ctx.store);
  }).catch((err) => { error.textContent = `The history could not be loaded: ${err.message}`; });

  function carryOn(store) {
    const fresh = store.events.filter((e) => e.seq > lastSeq);
    if (!fresh.length) return;
    load(fresh, null, true);
    lastSeq = fresh[fresh.length - 1].seq;
    if (index >= 0) step(index);
  }

  return {
    render(store) {
      fetchLog.hidden = store.seat?.role !== "gm";
      if (fromServer) return;
      if (history !== null) {
        carryOn(store);
      } else if (store.events.length !== frames.length) {
        // The page's events since its snapshot: new ones carry the replay on.
        const more = frames.length > 0 && frames.length < store.events.length
          && frames[0].event === store.events[0];
        load(more ? store.events.slice(frames.length) : store.events,
          store.base, more);
        if (index >= 0) step(index);
      }
      root.dataset.date = gameDate(store.state?.date);
    },
  };
}
