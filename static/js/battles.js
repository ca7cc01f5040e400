// The Battles panel: every engagement this seat may see, streamed from the state and events:
// the chase and each combat round (cards as cards), the damage tracks as boxes filling, the
// orders form of each ship the seat orders (battle_orders.js), her officers, the odds bar.

import { shipOrdersForm, standingForm } from "./battle_orders.js";
import { cardElement, el, fill, getJSON, looksLikeCard, newId, query, show } from "./util.js";

// The words of combat (decisions, shots, damage areas and states, each ship type's boxes)
// come from the server: an engagement record's own `choices`, else the rules' vocabulary
// (GET /api/rules, `ctx.rules`).

function shipNames(engagement) {
  const names = {};
  for (const side of Object.values(engagement.sides || {})) {
    for (const ship of side) names[ship.id] = ship.name;
  }
  for (const ship of engagement.view?.ships || []) names[ship.id] ||= ship.name;
  return names;
}

/** A value with any cards in it drawn as cards. */
function rich(value, names) {
  if (looksLikeCard(value)) return cardElement(value);
  if (Array.isArray(value)) {
    if (value.length && value.every(looksLikeCard)) {
      return el("span", { class: "cards" }, value.map(cardElement));
    }
    return el("span", {}, value.map((v, i) => [i ? ", " : "", rich(v, names)]));
  }
  if (typeof value === "string" && names[value]) return names[value];
  if (value && typeof value === "object") {
    return el("span", {}, Object.entries(value).map(([k, v], i) => [i ? "; " : "", `${k}: `,
      rich(v, names)]));
  }
  return show(value);
}

/** One log event as a line of text and cards. */
export function eventLine(event, names) {
  const n = (id) => names[id] || id;
  const t = event.type || event.kind || event.phase || "event";
  switch (t) {
    case "conditions":
      return [`Weather: ${event.weather}`];
    case "test": {
      const head = [`${event.what} test`, event.officer ? ` by ${event.officer}` : "",
        event.ship && event.officer ? ` (${n(event.ship)})` : "",
        event.target ? ` against ${n(event.target)}` : ""];
      if (Array.isArray(event.sides) && event.sides.length) {
        return [head, ", Card of Fate ", rich(event.cof, names), ": ",
          event.sides.map((s, i) => [i ? " vs " : "", `${n(s.who)} `, rich(s.cards, names)]),
          event.winner ? ` → ${n(event.winner)}` : " → no result"];
      }
      return [head, event.ship && !event.officer ? ` (${n(event.ship)})` : "", event.cof ? [", Card of Fate ",
        rich(event.cof, names)] : "", event.cards ? [" ", rich(event.cards, names)] : "",
      event.result ? ` → ${event.result}` : ""];
    }
    case "decision": {
      // The orders a reader cares about; the engine's defaults (range, continue) left out.
      const o = event.orders || {};
      const each = (m, how) => Object.entries(m || {}).map(([who, v]) => how(who, v)).join(", ");
      const parts = [o.strike ? "strikes her colours" : o.move, o.shot,
        o.target ? `at ${n(o.target)}` : null,
        o.repair ? `repairs ${o.repair}${o.repair_by ? ` led by ${o.repair_by}` : ""}` : null,
        o.fire_by ? `${o.fire_by} fights the fire` : null,
        o.hwyf && Object.keys(o.hwyf).length ? `how they fight: ${each(o.hwyf, (who, v) =>
          `${who} ${String(v).replaceAll("_", " ")}`)}` : null,
        o.boarding && Object.keys(o.boarding).length ? `boarding: ${each(o.boarding, (who, v) =>
          `${who} ${v}`)}` : null,
        o.hardship?.length ? `${o.hardship.join(", ")} fight on hurt` : null,
        o.surrender !== undefined ? (o.surrender ? "surrenders" : "fights on") : null,
        o.start_distance !== undefined ? `opens at distance ${o.start_distance}` : null];
      return [`${n(event.ship)}: ${parts.filter(Boolean).join(", ") || show(o)}`];
    }
    case "distance":
      return [`Distance ${event.distance}`];
    case "move":
      return [`${n(event.by)} ${event.intent}s: distance `, event.before !== undefined
        ? `${event.before} → ${event.distance}` : `${event.distance}`];
    case "broadside":
      return [`${n(event.ship)} fires ${event.shot || ""} at ${n(event.target)}: Card of Fate `,
        rich(event.cof, names), " ", rich(event.cards || [], names),
        ` → ${(event.hits || []).length} hit${(event.hits || []).length === 1 ? "" : "s"}`];
    case "hit":
      return [`${n(event.ship)} hit in the ${event.area} (${event.level})`,
        event.card ? [" by ", rich(event.card, names)] : "", event.by ? ` from ${n(event.by)}`
          : "", event.cause && event.cause !== "broadside" ? ` (${event.cause})` : ""];
    case "wounded":
      return [`${event.who} of ${n(event.ship)} wounded: ${event.health}`];
    case "hardship":
      return [`${event.officer} of ${n(event.ship)} fights on through his wounds `
        + `(${event.measure}, ${event.left} left)`];
    case "fire":
      return [`Fire aboard ${n(event.ship)}: ${event.result}${event.by ? ` (by ${n(event.by)})`
        : ""}, ${event.before} → ${event.after} card${event.after === 1 ? "" : "s"}`];
    case "fire_damage":
      return [`The fire burns ${n(event.ship)}: `, rich(event.cards || [], names)];
    case "boarding":
      return [`${n(event.attacker)} boards ${n(event.defender)}`];
    case "boarding_over":
      return [`The boarding of ${n(event.defender)} by ${n(event.attacker)} ends after `
        + `${event.rounds} round${event.rounds === 1 ? "" : "s"}`];
    case "discipline":
      return [`Discipline of ${n(event.ship)}: `, rich(event.cards, names)];
    case "damage_state":
      return [`${n(event.ship)}'s ${event.area} now ${event.state}`];
    case "end":
      return [`The battle ends: ${outcomeText(event.outcome, names)}`];
    default: {
      const rest = Object.entries(event).filter(([k]) => !["type", "round", "phase"].includes(k));
      return [`${t.replaceAll("_", " ")}`, rest.length ? ": " : "",
        rest.map(([k, v], i) => [i ? "; " : "", `${k} `, rich(v, names)])];
    }
  }
}

export function outcomeText(outcome, names = {}) {
  if (!outcome) return "—";
  if (typeof outcome === "string") return outcome;
  const how = { a_wins: "British victory", b_wins: "enemy victory", escaped: "escaped",
    disengaged: "both disengaged" }[outcome.how] || outcome.how || "";
  const fates = Object.entries(outcome.ships || {}).filter(([, v]) => v.status
    && v.status !== "active").map(([id, v]) => `${names[id] || id} ${v.status}`);
  return `${how}${outcome.rounds ? ` after ${outcome.rounds} round${outcome.rounds === 1 ? ""
    : "s"}` : ""}${fates.length ? ` (${fates.join(", ")})` : ""}`;
}

/**
 * One damage area as boxes: per damage state (`states`, least to worst), its boxes (`caps`,
 * the ship's own or her type's), the crossed ones filled.
 */
export function track(area, crossed, caps, states) {
  const boxes = [];
  for (let i = 0; i < states.length; i += 1) {
    const hit = crossed?.[i] || 0;
    const cap = caps ? caps[i] || 0 : Math.max(hit, 1);
    for (let j = 0; j < Math.max(cap, hit); j += 1) {
      boxes.push(el("span", { class: `box${j < hit ? " hit" : ""}`,
        title: `${states[i]} ${j + 1}` }));
    }
    if (i < states.length - 1) boxes.push(el("span", { class: "sep" }, " "));
  }
  const total = (crossed || []).reduce((a, b) => a + b, 0);
  return el("div", { class: "track", dataset: { area, crossed: String(total) } },
    el("span", { class: "area" }, area), el("span", { role: "img",
      "aria-label": `${area}: ${total} boxes crossed` }, boxes));
}

/** A ship's boxes per area: her own (the engagement's), else her type's in the rules. */
export function shipCaps(ship, caps, rules) {
  return caps || ship.caps || (rules?.ship_types || []).find((t) => t.name === ship.type)?.boxes;
}

function shipCard(ship, caps, rules, officers) {
  const damage = rules?.damage || { areas: [], states: [] };
  const boxes = shipCaps(ship, caps, rules);
  return el("div", { class: "ship", dataset: { ship: ship.id, status: ship.status } },
    el("strong", {}, ship.name), ` (${ship.side === "a" ? "British" : "enemy"}) – `,
    ship.status, ship.fire ? ` – on fire (${ship.fire})` : "",
    ship.shot ? el("span", { class: "muted" }, ` – ${ship.shot}`) : null,
    officers?.length ? el("ul", { class: "officers-aboard", "aria-label": `${ship.name}'s officers` },
      officers.map((o) => el("li", { dataset: { officer: o.id } }, `${o.name}`,
        el("span", { class: "muted" }, ` – ${o.role}`)))) : null,
    damage.areas.map((a) => track(a, ship.boxes?.[a], boxes?.[a], damage.states)));
}

function oddsBar(odds) {
  const parts = [["a", "a_wins", "British win"], ["b", "b_wins", "Enemy wins"],
    ["e", "escaped", "Escape"], ["d", "disengaged", "Disengage"]];
  return el("div", {}, el("div", { class: "odds", role: "img", dataset: {
    a: String(odds.a_wins) }, "aria-label": parts.map(([, k, label]) =>
    `${label} ${Math.round((odds[k] || 0) * 100)}%`).join(", ") }, parts.map(([cls, k, label]) =>
    el("span", { class: cls, style: `width:${(odds[k] || 0) * 100}%`,
      title: `${label}: ${Math.round((odds[k] || 0) * 100)}%` },
    (odds[k] || 0) > 0.12 ? `${Math.round(odds[k] * 100)}%` : ""))),
  el("p", { class: "muted" }, `Odds from ${odds.n} simulated battles: British `
    + `${Math.round((odds.a_wins || 0) * 100)}%, enemy ${Math.round((odds.b_wins || 0) * 100)}%, `
    + `escape ${Math.round((odds.escaped || 0) * 100)}%, disengage `
    + `${Math.round((odds.disengaged || 0) * 100)}%.`));
}

export function createBattlesPanel(root, ctx) {
  const oddsCache = new Map();
  const shotChoice = new Map();
  const drafts = new Map(); // each ship's orders form, kept between renders
  let lastKey = null;
  let lastWaiting = 0;

  function myShips(engagement) {
    const seatId = ctx.store.seat?.id;
    return Object.entries(engagement.awaiting || {}).filter(([, holder]) => holder === seatId)
      .map(([ship]) => ship);
  }

  function fetchOdds(engagement) {
    if (oddsCache.has(engagement.id)) return;
    const sides = engagement.sides || {};
    const a = (sides.a || []).map((s) => s.type);
    const b = (sides.b || []).map((s) => s.type);
    if (!a.length || !b.length) return;
    oddsCache.set(engagement.id, { loading: true });
    getJSON(`/api/odds?${query({ a, b, n: 400, seed: 1 })}`).then((odds) => {
      oddsCache.set(engagement.id, odds);
      lastKey = null;
      render(ctx.store);
    }).catch((err) => {
      oddsCache.set(engagement.id, { error: err.message });
      lastKey = null;
      render(ctx.store);
    });
  }

  /** The GM fights for absent captains: one set of buttons per awaited seat, and "NPC". */
  function gmControls(engagement) {
    const holders = [...new Set(Object.values(engagement.awaiting || {}))];
    const seats = ctx.store.state?.seats || [];
    const error = el("p", { class: "error", role: "alert" });
    const npc = el("button", { type: "button", dataset: { decision: "npc" }, onclick: async () => {
      error.textContent = "";
      const ack = await ctx.act({ type: "engage_decision", engagement: engagement.id,
        decision: "npc" });
      if (!ack.ok) error.textContent = `${ack.error.message} (${ack.error.code})`;
    } }, "Fight this round by NPC policies");
    return el("div", {}, el("fieldset", {}, el("legend", {}, "Games Master"),
      el("p", { class: "muted" }, `Awaiting: ${holders.map((h) => seats.find((s) => s.id === h)
        ?.name || h).join(", ") || "nobody"}`), npc, error),
    holders.map((holder) => decisionControls(engagement, Object.entries(engagement.awaiting)
      .filter(([, h]) => h === holder).map(([sid]) => sid), holder)));
  }

  function decisionControls(engagement, ships, as = null) {
    const error = el("p", { class: "error", role: "alert" });
    const choices = engagement.choices || {};
    const shots = choices.shots || ctx.rules?.shots || [];
    const shot = el("select", { id: newId("shot") },
      shots.map((s) => el("option", { value: s }, s)));
    shot.value = shotChoice.get(engagement.id) || ships.map((sid) => (engagement.view?.ships
      || []).find((v) => v.id === sid)?.shot).find(Boolean) || shots[0];
    shot.addEventListener("change", () => shotChoice.set(engagement.id, shot.value));
    const pending = ships.every((sid) => engagement.pending && sid in engagement.pending);
    const decisions = choices.decisions || ctx.rules?.decisions || [];
    const buttons = decisions.map((decision) => el("button", {
      type: "button", class: decision === decisions[0] ? "primary" : null,
      dataset: { decision }, disabled: pending,
      onclick: async (ev) => {
        error.textContent = "";
        const action = { type: "engage_decision", engagement: engagement.id, decision };
        if (decision !== "strike") action.shot = shot.value;
        if (as) action.as = as;
        for (const b of ev.target.parentNode.querySelectorAll("button")) b.disabled = true;
        const ack = await ctx.act(action);
        if (!ack.ok) {
          error.textContent = `${ack.error.message} (${ack.error.code})`;
          for (const b of ev.target.parentNode.querySelectorAll("button")) b.disabled = false;
        }
      },
    }, decision[0].toUpperCase() + decision.slice(1)));
    return el("fieldset", { class: "orders-round", dataset: { engagement: engagement.id } },
      el("legend", {}, `${as ? `For ${(ctx.store.state?.seats || []).find((x) => x.id === as)
        ?.name || as}: orders` : "Your orders"} for round ${(engagement.view?.round ?? 0) + 1}`),
      el("div", { class: "row" }, el("label", { for: shot.id }, "Shot"), shot),
      el("div", { class: "decisions", role: "group", "aria-label": "Decision" }, buttons),
      pending ? el("p", { class: "muted" }, "Orders given; waiting for the other captains.")
        : null, error);
  }

  function engagementBox(engagement, forces) {
    const names = shipNames(engagement);
    const caps = {};
    const types = {};
    const aboard = {};
    const records = {};
    for (const side of Object.values(engagement.sides || {})) {
      for (const ship of side) {
        caps[ship.id] = ship.caps;
        types[ship.id] = ship.type;
        aboard[ship.id] = ship.officers;
        records[ship.id] = ship;
      }
    }
    const mine = myShips(engagement);
    const forceName = (id) => forces.find((f) => f.id === id)?.name || id;
    // each side's forces (squadrons that joined fight on their side): "A and B vs C"
    const sideForces = (k) => [...new Set((engagement.sides?.[k] || []).map((s) => s.force))]
      .map(forceName).join(" and ");
    const title = `${sideForces("a")} vs ${sideForces("b")}`;
    const log = engagement.log || [];
    const rounds = new Map();
    for (const e of log) {
      const key = e.phase === "chase" ? "Chase" : e.round ? `Round ${e.round}` : "Set-up";
      if (!rounds.has(key)) rounds.set(key, []);
      rounds.get(key).push(e);
    }
    const odds = oddsCache.get(engagement.id);
    if (!engagement.over && mine.length) fetchOdds(engagement);
    const groups = [...rounds.entries()];
    return el("article", { class: `engagement${engagement.over ? "" : " open"}`, dataset: {
      engagement: engagement.id, over: String(!!engagement.over), awaitingMe: String(mine.length
        > 0), rounds: String(engagement.view?.round ?? 0), logLength: String(log.length) } },
    el("h3", {}, `${engagement.id}: ${title}`, el("span", { class: "muted" },
      ` – day ${engagement.day ?? "?"}`)),
    el("p", { class: "status" }, engagement.over
      ? el("strong", { class: "outcome" }, `Over: ${outcomeText(engagement.outcome, names)}`)
      : mine.length ? el("strong", {}, "Your ship is engaged: give your orders.")
        : "Being fought: awaiting the captains."),
    odds && !odds.loading ? (odds.error ? el("p", { class: "error" }, `Odds: ${odds.error}`)
      : oddsBar(odds)) : null,
    !engagement.over ? mine.map((sid) => shipOrdersForm(ctx, engagement, records[sid]
      || { id: sid, name: names[sid] || sid }, drafts, { several: mine.length > 1,
      pending: !!(engagement.pending && sid in engagement.pending),
      round: (engagement.view?.round ?? 0) + 1 })) : null,
    !engagement.over && ctx.store.seat?.role === "gm" ? gmControls(engagement) : null,
    // The newest round first and open; the older ones folded; then the ships' damage.
    el("div", { class: "rounds", "aria-label": `Log (${log.length} events)` },
      [...groups].reverse().map(([key, events], i) => el("details", { open: i === 0 || null },
        el("summary", {}, `${key} (${events.length})`), el("ol", { class: "log" },
          events.map((e) => el("li", { dataset: { type: e.type || e.phase || "" } },
            eventLine(e, names))))))),
    (engagement.view?.ships || []).map((ship) => shipCard({ type: types[ship.id], ...ship },
      caps[ship.id], ctx.rules, aboard[ship.id])));
  }

  function render(store) {
    const state = store.state;
    if (!state) return;
    const engagements = [...(state.engagements || [])].sort((x, y) => (y.day ?? 0) - (x.day ?? 0)
      || String(y.id).localeCompare(String(x.id), undefined, { numeric: true }));
    const key = JSON.stringify([engagements.map((e) => [e.id, (e.log || []).length, e.over,
      e.awaiting, e.pending, e.view?.round]), store.seat?.id, state.standing?.[store.seat?.id]]);
    const badge = document.getElementById("battle-badge");
    const waiting = engagements.filter((e) => !e.over && myShips(e).length).length;
    const open = engagements.filter((e) => !e.over).length;
    if (badge) {
      badge.hidden = !(waiting || open);
      badge.textContent = String(waiting || open);
    }
    if (key === lastKey) return;
    const firstAwaiting = waiting > 0 && lastWaiting === 0;
    lastWaiting = waiting;
    lastKey = key;
    const role = store.seat?.role;
    fill(root, el("h2", {}, "Battles"), role === "captain" || role === "admiral"
      ? standingForm(ctx, state.standing?.[store.seat.id]) : null, engagements.length
      ? engagements.map((e) => engagementBox(e, state.forces || []))
      : el("p", { class: "muted" }, "No engagement yet. When a British force comes within "
        + "sight of the enemy, the chase and the fight appear here."));
    root.dataset.count = String(engagements.length);
    if (firstAwaiting) {
      ctx.selectTab("battles");
      const e = engagements.find((x) => !x.over && myShips(x).length);
      if (e && typeof e.lon === "number") ctx.map.focus(e.lon, e.lat);
    }
  }

  return { render: (store) => render(store) };
}
