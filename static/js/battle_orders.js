// A captain's and an admiral's orders in battle: the round's orders form for each ship the
// seat orders (decision, shot, range, target, repair and who leads it, who fights a fire,
// her Marines' muskets, each officer's How Will You Fight? choice, boarding action and
// Overcoming Great Hardship: a wounded officer's Guts, her commander's Discipline against
// her Ship Morale), and the standing orders form. The choices are the server's words (GET
// /api/rules) and what the engagement says each officer may spend (its `hardship`); the
// server checks every order and says why it refuses one.

import { el, newId, refusalText } from "./util.js";

/** Her officers aboard, as the engagement record lists them (British ships). */
export function officersOf(engagement, shipId) {
  for (const side of Object.values(engagement.sides || {})) {
    const ship = side.find((s) => s.id === shipId);
    if (ship) return ship.officers || [];
  }
  return [];
}

/** The enemy ships of `shipId` in the battle, still fighting where the view says so. */
export function enemiesOf(engagement, shipId) {
  const sides = engagement.sides || {};
  const mine = Object.keys(sides).find((k) => sides[k].some((s) => s.id === shipId));
  const status = Object.fromEntries((engagement.view?.ships || []).map((s) => [s.id, s.status]));
  return Object.entries(sides).filter(([k]) => k !== mine).flatMap(([, ships]) => ships)
    .filter((s) => !status[s.id] || status[s.id] === "active");
}

/** Is she alongside an enemy (Distance 0 on the range chart)? */
export function alongside(engagement, shipId) {
  return (engagement.view?.distances || []).some((p) => p.distance === 0
    && (p.a === shipId || p.b === shipId));
}

/**
 * What each officer aboard `shipId` may spend on Overcoming Great Hardship next round, as the
 * engagement says (`hardship`: {ship id: {officer id: [Measure]}}): {officer id: [Measure]},
 * only for his own wounds and her Ship Morale (the server's reading). An engagement that
 * does not say offers nobody anything: the page knows no wound the server did not name.
 */
export function hardshipOffered(engagement, shipId) {
  return engagement.hardship?.[shipId] || {};
}

/** A Measure spent on Overcoming Great Hardship as its label: the Measure and its area. */
export function hardshipLabel(measure, areas) {
  return areas?.[measure] ? `${measure} (${areas[measure]})` : measure;
}

/**
 * The `engage_decision` action of a form's choices: the empty ones left out, `ship` when the
 * seat orders several ships. `draft`: {shot, range, target, repair, repair_by, fire_by,
 * hwyf: {id: choice}, boarding: {id: action}, hardship: {id: Measure} (or [ids]: Guts)}.
 */
export function orderAction(engagementId, shipId, decision, draft, several) {
  const action = { type: "engage_decision", engagement: engagementId, decision };
  if (several) action.ship = shipId;
  if (decision === "strike") return action;
  for (const key of ["shot", "target", "repair", "repair_by", "fire_by", "muskets"]) {
    if (draft[key]) action[key] = draft[key];
  }
  if (draft.range !== undefined && draft.range !== "") action.range = Number(draft.range);
  for (const key of ["hwyf", "boarding"]) {
    const given = Object.fromEntries(Object.entries(draft[key] || {}).filter(([, v]) => v));
    if (Object.keys(given).length) action[key] = given;
  }
  if (Array.isArray(draft.hardship)) {
    if (draft.hardship.length) action.hardship = [...draft.hardship];
  } else {
    const spent = Object.fromEntries(Object.entries(draft.hardship || {}).filter(([, v]) => v));
    if (Object.keys(spent).length) action.hardship = spent;
  }
  return action;
}

/** The `standing_orders` action of the form's choices ({} clears them). */
export function standingAction(draft) {
  const action = { type: "standing_orders" };
  // the prep work before a chase stands with or without a decision for the rounds
  if (draft.prep) action.prep = draft.prep;
  if (!draft.decision) return action;
  action.decision = draft.decision;
  for (const key of ["shot", "repair", "muskets"]) if (draft[key]) action[key] = draft[key];
  if (draft.range !== undefined && draft.range !== "") action.range = Number(draft.range);
  return action;
}

/**
 * Standing orders as the server keeps them (move, shot, range, repair, muskets; or strike;
 * and the prep work before a chase), in words.
 */
export function standingText(orders) {
  if (!orders) return "none: the NPC policy fights your rounds when you are away";
  const prep = orders.prep ? `before a chase, your officers at ${orders.prep}` : null;
  if (orders.strike) return ["strike her colours", prep].filter(Boolean).join("; ");
  const rounds = [orders.move || orders.decision, orders.shot, orders.range !== undefined
    && orders.range !== null ? `at distance ${orders.range}` : null,
  orders.repair ? `repair ${orders.repair} first` : null,
  orders.muskets ? musketWords(orders.muskets) : null].filter(Boolean).join(", ");
  return [rounds || (prep ? "the NPC policy fights your rounds" : ""), prep]
    .filter(Boolean).join("; ");
}

/** The Marines' order (the vocabulary's `muskets`) in words. */
export function musketWords(order) {
  return order === "hold" ? "her Marines hold their fire"
    : `her Marines fire at the enemy's ${String(order).replaceAll("_", " ")}`;
}

/** A How Will You Fight? choice as its label: the book's words and the skill tested. */
export function hwyfLabel(choice) {
  const diff = choice.difficulty ? `, ${choice.difficulty}` : "";
  const against = choice.against ? ` vs ${choice.against}` : "";
  return `${choice.book} (${choice.skill.replaceAll("_", " ")}${diff}${against})`;
}

function select(options, value, onchange, attrs = {}) {
  const node = el("select", { id: newId("o"), ...attrs }, options.map(([v, text]) =>
    el("option", { value: v }, text)));
  node.value = value ?? "";
  if (node.value !== String(value ?? "")) {
    // no longer offered (a target struck, a Measure spent): the choice shown is the one
    // sent, never a stale one behind "the nearest"
    node.value = "";
    onchange("");
  }
  node.addEventListener("change", () => onchange(node.value));
  return node;
}

function row(label, control) {
  return el("div", { class: "row" }, el("label", { for: control.id }, label), control);
}

/**
 * The round's orders for one ship. `drafts` keeps each ship's choices between renders (the
 * shot stays the last one sent). `opts`: {several, pending, round}.
 */
export function shipOrdersForm(ctx, engagement, ship, drafts, opts) {
  const key = `${engagement.id}/${ship.id}`;
  if (!drafts.has(key)) drafts.set(key, { hwyf: {}, boarding: {}, hardship: {} });
  const draft = drafts.get(key);
  const rules = ctx.rules || {};
  const choices = engagement.choices || {};
  const officers = officersOf(engagement, ship.id);
  const error = el("p", { class: "error", role: "alert" });
  const set = (k) => (v) => { draft[k] = v; };
  const shots = choices.shots || rules.shots || [];
  const loaded = (engagement.view?.ships || []).find((v) => v.id === ship.id)?.shot;
  const shot = select(shots.map((s) => [s, s]), draft.shot || loaded || shots[0], set("shot"),
    { dataset: { order: "shot" } });
  draft.shot = shot.value;
  const range = select([["", "her captain's choice"], ["0", "0 (alongside)"], ["1", "1"],
    ["2", "2"]], draft.range, set("range"), { dataset: { order: "range" } });
  const target = select([["", "the nearest"], ...enemiesOf(engagement, ship.id).map((s) =>
    [s.id, `${s.name} (${s.type})`])], draft.target, set("target"),
  { dataset: { order: "target" } });
  const repair = select([["", "nothing"], ...(rules.repairs || []).map((r) => [r, r])],
    draft.repair, set("repair"), { dataset: { order: "repair" } });
  const people = officers.map((o) => [o.id, `${o.name} (${o.role})`]);
  const repairBy = select([["", "her carpenter"], ...people], draft.repair_by, set("repair_by"),
    { dataset: { order: "repair_by" } });
  const fireBy = select([["", "whoever is nearest"], ...people], draft.fire_by, set("fire_by"),
    { dataset: { order: "fire_by" } });
  // her Marines' muskets (the vocabulary's orders); none given, they return fire
  const muskets = select([["", "return the enemy's fire"], ...(rules.muskets || []).map((m) =>
    [m, musketWords(m)])], draft.muskets, set("muskets"), { dataset: { order: "muskets" } });
  const boardingOn = alongside(engagement, ship.id);
  const offered = hardshipOffered(engagement, ship.id);
  const hwyf = [["", "his best skill"], ...(rules.hwyf || []).map((c) => [c.id, hwyfLabel(c)])];
  const officerRows = officers.map((o) => {
    const pick = select(hwyf, draft.hwyf[o.id], (v) => { draft.hwyf[o.id] = v; },
      { dataset: { order: "hwyf", officer: o.id }, "aria-label": `${o.name}: how will you fight` });
    const board = boardingOn ? select([["", "the melee"], ...(rules.boarding_actions || [])
      .map((a) => [a, a])], draft.boarding[o.id], (v) => { draft.boarding[o.id] = v; },
    { dataset: { order: "boarding", officer: o.id }, "aria-label": `${o.name}: boarding` }) : null;
    // the Measures the server says he may spend: none, or each against its area
    const measures = offered[o.id] || [];
    if (!measures.includes(draft.hardship[o.id])) delete draft.hardship[o.id];
    const hurt = measures.length ? select([["", "none"], ...measures.map((m) =>
      [m, `spend ${hardshipLabel(m, rules.hardship)}`])], draft.hardship[o.id], (v) => {
      draft.hardship[o.id] = v;
    }, { dataset: { order: "hardship", officer: o.id },
      "aria-label": `${o.name}: overcoming great hardship` }) : el("span", { class: "muted" },
      "none");
    // his wounds as the server says (what a Guts offered him is for)
    return el("tr", { dataset: { officer: o.id } }, el("th", { scope: "row" }, o.name,
      el("span", { class: "muted" }, ` ${o.role}${o.health ? `, ${o.health}` : ""}`)),
    el("td", {}, pick),
    boardingOn ? el("td", {}, board) : null, el("td", {}, hurt));
  });
  const decisions = choices.decisions || rules.decisions || [];
  const buttons = decisions.map((decision) => el("button", {
    type: "button", class: decision === decisions[0] ? "primary" : null,
    dataset: { decision }, disabled: opts.pending,
    onclick: async (ev) => {
      error.textContent = "";
      const group = ev.target.parentNode.querySelectorAll("button");
      for (const b of group) b.disabled = true;
      // the round they are for: orders given as the deadline has it fought are refused
      const ack = await ctx.act({ ...orderAction(engagement.id, ship.id, decision, draft,
        opts.several), round: opts.round });
      if (!ack.ok) {
        error.textContent = refusalText(ack.error);
        for (const b of group) b.disabled = false;
      } else {
        draft.hardship = {}; // spent: the engagement no longer offers it
      }
    },
  }, decision[0].toUpperCase() + decision.slice(1)));
  return el("fieldset", { class: "orders-round", dataset: { engagement: engagement.id,
    ship: ship.id } },
  el("legend", {}, `${opts.several ? `${ship.name}: orders` : "Your orders"} for round `
    + `${opts.round}`),
  row("Shot", shot), row("Range", range), row("Target", target), row("Repair", repair),
  row("Repair led by", repairBy), row("Fire fought by", fireBy), row("Muskets", muskets),
  officers.length ? el("table", { class: "officers-orders" }, el("caption", {},
    `${ship.name}'s officers`), el("tr", {}, el("th", {}, "Officer"),
    el("th", {}, "How will you fight?"), boardingOn ? el("th", {}, "Boarding") : null,
    el("th", {}, "Hardship")), officerRows) : null,
  el("div", { class: "decisions", role: "group", "aria-label": "Decision" }, buttons),
  opts.pending ? el("p", { class: "muted" }, "Orders given; waiting for the other captains.")
    : null, error);
}

/** The seat's standing orders: shown, and set or cleared with `standing_orders`. */
export function standingForm(ctx, current) {
  const rules = ctx.rules || {};
  const draft = current?.strike ? { decision: "strike" } : { decision: current?.move || "",
    shot: current?.shot || "", range: current?.range ?? "", repair: current?.repair || "",
    muskets: current?.muskets || "" };
  draft.prep = current?.prep || "";
  const error = el("p", { class: "error", role: "alert" });
  const set = (k) => (v) => { draft[k] = v; };
  const decision = select([["", "none (clear them)"], ...(rules.decisions
    || ["close", "hold", "flee", "board", "strike"]).map((d) => [d, d])], draft.decision,
  set("decision"), { dataset: { standing: "decision" } });
  const shot = select([["", "as loaded"], ...(rules.shots || []).map((s) => [s, s])],
    draft.shot, set("shot"), { dataset: { standing: "shot" } });
  const range = select([["", "any"], ["0", "0"], ["1", "1"], ["2", "2"]], draft.range,
    set("range"), { dataset: { standing: "range" } });
  const repair = select([["", "nothing first"], ...(rules.repairs || []).map((r) => [r, r])],
    draft.repair, set("repair"), { dataset: { standing: "repair" } });
  const muskets = select([["", "return the enemy's fire"], ...(rules.muskets || []).map((m) =>
    [m, musketWords(m)])], draft.muskets, set("muskets"), { dataset: { standing: "muskets" } });
  // the prep work before a chase (seed 002, 2.1): the server's actions and their skills
  const prep = select([["", "each to his best skill"], ...(rules.prep || []).map((p) =>
    [p.action, `${p.action} (${p.skill})`])], draft.prep, set("prep"),
  { dataset: { standing: "prep" } });
  const save = el("button", { type: "button", dataset: { standingSave: "1" }, onclick:
    async () => {
      error.textContent = "";
      const ack = await ctx.act(standingAction(draft));
      if (!ack.ok) error.textContent = refusalText(ack.error);
    } }, "Set standing orders");
  return el("fieldset", { class: "standing-orders" }, el("legend", {}, "Standing orders"),
    el("p", { class: "current" }, `For the rounds you do not order yourself: `
      + `${standingText(current)}.`),
    row("Decision", decision), row("Shot", shot), row("Range", range),
    row("Repair first", repair), row("Muskets", muskets),
    row("Prep before a chase", prep), save, error);
}
