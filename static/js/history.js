// The year in pictures (the History tab): a season page for each summer (what sailed, what
// was fought, who rose and who fell), a career page for each officer the seat may see (plotly
// charts of rank, NA, wealth and wounds across the years) and, for the GM, the campaign's
// whole log as a JSON file. Only rendering: the server cut each year for the seat
// (state.years, docs/protocol.md "State"); no rule is decided here.

import { outcomeText } from "./battles.js";
import { officerLine, outcomesOf, panelWidth, sourceOf } from "./report.js";
import {
  el, fill, getJSON, labelled, onOrder, orderText, plotly, position, show,
} from "./util.js";

/**
 * The seasons the seat can read, oldest first: each summer gone by (`state.years`) and the
 * current one once its report is in (its deployment, engagements and officers as they are now).
 */
export function seasonsOf(state) {
  if (!state) return [];
  const out = (state.years || []).map((y) => ({ ...y, current: y.year === state.year }));
  if (state.report && !out.some((y) => y.year === state.year)) {
    out.push({
      year: state.year, current: true, report: state.report, results: state.results || {},
      deployment: state.deployment, engagements: state.engagements,
      officers: Object.fromEntries((state.officers || []).map((o) => [o.id, o])),
    });
  }
  return out;
}

/** The deployment's ships by squadron (`squadrons` order first, then any others). */
export function sailedBySquadron(deployment, squadrons = []) {
  const groups = {};
  for (const ship of deployment || []) {
    const sq = ship.squadron || "Independent";
    (groups[sq] ||= []).push(ship);
  }
  const rank = (sq) => (squadrons.includes(sq) ? squadrons.indexOf(sq) : squadrons.length);
  return Object.keys(groups).sort((a, b) => rank(a) - rank(b)).map((sq) => [sq, groups[sq]]);
}

/** Who rose and who fell in a report: its officers promoted, killed, wounded, mentioned. */
export function roseAndFell(report) {
  const all = Object.entries(outcomesOf(report) || {});
  const pick = (test, text) => all.filter(([, o]) => test(o)).map(([id, o]) => ({ id,
    text: text(o), player: !!o.player, source: sourceOf(o) }));
  return {
    promoted: pick((o) => !o.dead && o.promoted, (o) => officerLine(o, ` to ${o.promoted}`)),
    killed: pick((o) => o.dead, (o) => officerLine(o)),
    wounded: pick((o) => !o.dead && o.wound, (o) => officerLine(o, `: ${o.wound}`)),
    mentioned: pick((o) => !o.dead && o.mentioned, (o) => officerLine(o,
      o.mentioned > 1 ? `, ${o.mentioned} times` : "")),
  };
}

/** An engagement's outcome in words, from the server's record of it: the battle panel's
 * words (Britain or the enemy won, each side's ships lost), its ships by their names. */
function fightOutcome(outcome) {
  if (!outcome) return "not fought out";
  const names = Object.fromEntries(Object.entries(outcome.ships || {})
    .map(([id, ship]) => [id, ship.name || id]));
  return outcomeText(outcome, names);
}

/** The ranks in the order of the ladders /api/rules gives (Navy, then Royal Marines). */
export function rankOrder(rules) {
  return [...(rules?.ranks?.navy || []), ...(rules?.ranks?.marines || [])];
}

/**
 * An officer's career, one point a year (each summer gone by, as it left him) and one for
 * him now: {x, rank, na, funds, wounds, health, experiences}; a figure the seat may not see
 * is null. His Health is the server's (a year's ``health``, his sheet's state now), and
 * so are his Experiences (a year's ``experiences``, his sheet's now: one more each summer
 * he sails, a year of service).
 */
export function careerPoints(state, id) {
  const num = (v) => (typeof v === "number" ? v : null);
  const point = (label, o) => ({
    x: label, rank: o.rank ?? null, dead: !!o.dead, na: num(o.na), funds: num(o.funds),
    wounds: Array.isArray(o.wounds) ? o.wounds.length : num(o.wounds),
    health: o.health ?? o.sheet?.state ?? null, experiences: num(o.experiences ?? o.sheet?.experiences),
  });
  const points = (state?.years || []).filter((y) => y.officers?.[id])
    .map((y) => point(String(y.year), y.officers[id]));
  const now = (state?.officers || []).find((o) => o.id === id);
  if (now) points.push(point(`${state.year} (now)`, now));
  return points;
}

/** The charts a career's points hold: rank always, NA, wealth, wounds, health and
 * Experiences where seen. */
export function careerCharts(points) {
  return ["rank", "na", "funds", "wounds", "health", "experiences"]
    .filter((k) => points.some((p) => p[k] !== null));
}


function plot(id, traces, layout) {
  const node = el("div", { class: "chart", id });
  plotly().then((Plotly) => requestAnimationFrame(() => Plotly.newPlot(node, traces, {
    width: panelWidth(), height: 240, margin: { l: 110, r: 28, t: 28, b: 40 },
    font: { size: 11 }, showlegend: false, ...layout,
  }, { displaylogo: false, responsive: true, displayModeBar: false }).then(() => {
    node.dataset.drawn = "1";
  })));
  return node;
}

const CHARTS = {
  rank: { title: "Rank", colour: "#1a237e" },
  na: { title: "NA (Naval Ability)", colour: "#1565c0" },
  funds: { title: "Wealth (guineas)", colour: "#c9a227" },
  wounds: { title: "Wounds", colour: "#e53935" },
  health: { title: "Health", colour: "#6d4c41" },
  experiences: { title: "Experiences (BtQ sheet)", colour: "#2e7d32" },
};

/** The career page's charts: step lines across the years, rank on the ladder's order. */
function careerSection(points, rules) {
  const order = rankOrder(rules);
  const held = [...new Set(points.map((p) => p.rank).filter(Boolean))];
  const ladder = held.sort((a, b) => {
    const ia = order.indexOf(a); const ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib);
  });
  return careerCharts(points).map((key) => {
    const shown = points.filter((p) => p[key] !== null);
    const { title, colour } = CHARTS[key];
    const node = plot(`career-${key}`, [{
      type: "scatter", mode: "lines+markers", x: shown.map((p) => p.x),
      y: shown.map((p) => p[key]), line: { shape: "hv", color: colour },
      marker: { size: 8, color: shown.map((p) => (p.dead ? "#000" : colour)) },
      hovertemplate: `%{x}: %{y}<extra>${title}</extra>`,
    }], {
      title: { text: title },
      xaxis: { type: "category", categoryorder: "array", categoryarray: points.map((p) => p.x) },
      yaxis: key === "rank" || key === "health"
        ? { type: "category", categoryorder: "array",
          categoryarray: key === "rank" ? ladder : rules?.health || [] }
        : { rangemode: "tozero", ...(["wounds", "experiences"].includes(key) ? { dtick: 1 } : {}) },
    });
    node.dataset.chart = key;
    node.dataset.points = String(shown.length);
    return node;
  });
}

function list(title, items, kind) {
  return el("div", { dataset: { list: kind } }, el("h4", {}, `${title} (${items.length})`),
    items.length ? el("ul", { class: "plain" }, items.map((i) => el("li", {
      class: i.player ? "yours" : null, dataset: { officer: i.id, source: String(i.source) } },
    i.text)))
      : el("p", { class: "muted" }, "None."));
}

function sailedSection(season, rules) {
  if (!season.deployment) {
    return el("p", { class: "muted" }, "What sailed is not shown to this seat.");
  }
  const groups = sailedBySquadron(season.deployment, rules?.squadrons || []);
  return [el("h3", {}, "What sailed"), groups.length ? groups.map(([sq, ships]) =>
    el("details", { dataset: { squadron: sq } }, el("summary", {}, `${sq}: ${ships.length} `
      + `ship${ships.length === 1 ? "" : "s"}`), el("ul", { class: "plain" }, ships.map((s) =>
      el("li", {}, `${s.name} (${s.ship}), ${s.type}${s.fleet ? `, ${s.fleet}` : ""}`
        + `${s.order ? `, order ${orderText(rules, s.order)}` : ""}`)))))
    : el("p", { class: "muted" }, "No ship sailed.")];
}

function foughtSection(season) {
  if (!season.engagements) return null;
  const fights = [...season.engagements].sort((a, b) => (a.day ?? 0) - (b.day ?? 0));
  const side = (ships) => (ships || []).map((s) => `${s.name} (${s.type})`).join(", ") || "—";
  return [el("h3", {}, "What was fought"), fights.length ? el("table", { class: "fights" },
    el("tr", {}, ["Day", "Where", "British", "Enemy", "Outcome"].map((h) => el("th", {}, h))),
    fights.map((e) => el("tr", { dataset: { engagement: e.id } }, el("td", {}, show(e.day)),
      el("td", {}, position(e.lon, e.lat)), el("td", {}, side(e.sides?.a)),
      el("td", {}, side(e.sides?.b)), el("td", {}, fightOutcome(e.outcome)))))
    : el("p", { class: "muted" }, "No engagement was fought.")];
}

function peopleSection(report, what) {
  const people = roseAndFell(report);
  return [el("h3", {}, "Who rose and who fell"), report ? [
    list("Promoted", people.promoted, "promoted"), list("Killed", people.killed, "killed"),
    list("Wounded", people.wounded, "wounded"),
    list("Mentioned in despatches", people.mentioned, "mentioned")]
    : el("p", { class: "muted" }, `No report for this ${what}.`)];
}

/** A season after the summer: the volunteers' cruises, what they fought, their outcomes. */
function offSeasonPage(page, year, rules) {
  const name = (code) => (rules?.fleet || []).find((s) => s.code === code)?.name || code;
  const results = page.results || {};
  return el("div", { class: "off-season", dataset: { season: page.season } },
    el("h3", {}, `The ${page.season} of ${year}: the volunteers`),
    el("section", { dataset: { section: "cruised" } }, el("h3", {}, "What cruised"),
      el("ul", { class: "plain" }, (page.cruises || []).map((c) => el("li", {
        dataset: { cruise: c.id } }, `${c.ships.map(name).join(", ")}: `
        + `${onOrder(rules, c.order)}${c.seasons.length > 1
        ? ` (committed for the ${c.seasons.join(" and ")})` : ""}${c.missions.length
        ? `; missions ${c.missions.join(", ")}` : ""}${c.ships.filter((x) => results[x])
        .map((x) => `; ${name(x)}: ${results[x].interpretation}`).join("")}`)))),
    el("section", { dataset: { section: "fought" } }, foughtSection(page)),
    el("section", { dataset: { section: "people" } }, peopleSection(page.report, "season")));
}

function seasonPage(season, rules) {
  return el("div", { class: "season", dataset: { year: String(season.year) } },
    el("h3", {}, `The summer of ${season.year}${season.current ? " (this year)" : ""}`),
    el("section", { dataset: { section: "sailed" } }, sailedSection(season, rules)),
    el("section", { dataset: { section: "fought" } }, foughtSection(season)),
    el("section", { dataset: { section: "people" } }, peopleSection(season.report, "summer")),
    (season.seasons || []).map((page) => offSeasonPage(page, season.year, rules)));
}

/** The officers the seat may see, players' officers first (his own first of all). */
function officerChoices(state, seat) {
  const officers = [...(state.officers || [])];
  const key = (o) => (o.player === seat?.id ? 0 : o.player ? 1 : 2);
  return officers.sort((a, b) => key(a) - key(b) || String(a.name).localeCompare(b.name));
}

/** The GM's export: the whole log (GET /api/campaigns/<id>/log) saved as a JSON file. */
async function exportLog(ctx, status) {
  status.textContent = "Exporting…";
  try {
    const log = await getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/log`,
      { headers: { Authorization: `Bearer ${ctx.token}` } });
    const blob = new Blob([JSON.stringify(log, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = el("a", { href: url, download: `admiralty-${ctx.campaign}-log.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    status.textContent = `Exported ${log.events?.length ?? 0} events.`;
  } catch (err) {
    status.textContent = `The log could not be exported: ${err.message}`;
  }
}

export function createHistoryPanel(root, ctx) {
  let shownKey = null;
  let year = null; // the chosen season (null: the latest)
  let officer = null; // the chosen career (null: the seat's own officer, else none)
  const status = el("span", { class: "muted", role: "status" });
  const exportButton = el("button", { type: "button", id: "export-log",
    onclick: () => exportLog(ctx, status) }, "Export the campaign");
  const yearSelect = el("select", { id: "history-year" });
  const officerSelect = el("select", { id: "history-officer" });
  const seasonBox = el("div", { id: "season-page" });
  const careerBox = el("div", { id: "career-page" });
  yearSelect.addEventListener("change", () => { year = yearSelect.value; draw(ctx.store); });
  officerSelect.addEventListener("change", () => { officer = officerSelect.value; draw(ctx.store); });

  function drawSeason(seasons) {
    fill(yearSelect, seasons.map((s) => el("option", { value: String(s.year) },
      `${s.year}${s.current ? " (this year)" : ""}`)));
    if (!seasons.length) {
      fill(seasonBox, el("p", { class: "muted" }, "A season page appears here once a summer "
        + "is resolved."));
      return;
    }
    const chosen = seasons.find((s) => String(s.year) === year) || seasons[seasons.length - 1];
    yearSelect.value = String(chosen.year);
    fill(seasonBox, seasonPage(chosen, ctx.rules));
    root.dataset.year = String(chosen.year);
  }

  function drawCareer(store) {
    const state = store.state;
    const choices = officerChoices(state, store.seat);
    fill(officerSelect, el("option", { value: "" }, "— choose an officer —"), choices.map((o) =>
      el("option", { value: o.id }, `${o.rank} ${o.name}${o.player ? " (a player's)" : ""}`
        + `${o.dead ? " †" : ""}`)));
    const id = officer ?? store.seat?.officer ?? "";
    officerSelect.value = choices.some((o) => o.id === id) ? id : "";
    const chosen = choices.find((o) => o.id === officerSelect.value);
    if (!chosen) {
      fill(careerBox, el("p", { class: "muted" }, "Choose an officer to see his career."));
      return;
    }
    const points = careerPoints(state, chosen.id);
    fill(careerBox, el("h3", {}, `${chosen.rank} ${chosen.name}${chosen.dead ? " (dead)" : ""}`),
      el("p", { class: "muted" }, `${points.length} point${points.length === 1 ? "" : "s"}: `
        + "each summer as it left him, and now."), careerSection(points, ctx.rules));
    root.dataset.officer = chosen.id;
  }

  function draw(store) {
    drawSeason(seasonsOf(store.state));
    drawCareer(store);
  }

  fill(root, el("h2", {}, "History"),
    el("div", { class: "row", dataset: { gmOnly: "1" } }, exportButton, status),
    el("h3", {}, "Season pages"), el("div", { class: "row" }, labelled("Year", yearSelect)),
    seasonBox, el("h3", {}, "Careers"),
    el("div", { class: "row" }, labelled("Officer", officerSelect)), careerBox);

  return {
    render(store) {
      const state = store.state;
      if (!state) return;
      exportButton.hidden = store.seat?.role !== "gm";
      // (each year's pages: its summer, then each season after it as it ends)
      const pages = (state.years || []).map((y) => (y.seasons || []).length).join(",");
      const key = `${pages}|${!!state.report}|${state.year}|${state.phase}`
        + `|${(state.officers || []).length}`;
      if (key === shownKey) return;
      shownKey = key;
      draw(store);
      root.dataset.history = "1";
    },
  };
}
