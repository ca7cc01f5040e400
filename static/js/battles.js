// The Battles panel: every engagement this seat may see, streamed from the state and events.
// One being fought shows the round's choices first (the orders form of each ship the seat
// orders, battle_orders.js), then the odds bar, her officers and the damage tracks as boxes
// filling, then the log folded by round (cards as cards), each round drawn when opened; an
// ended one is a line (its outcome, each side named), drawn whole when opened.

import { musketWords, shipOrdersForm, standingForm } from "./battle_orders.js";
import {
  cardElement, deadlineText, el, fill, getJSON, looksLikeCard, newId, position, query,
  refusalText, show,
} from "./util.js";

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
  return show(value);
}

// -- the log in words ---------------------------------------------------------------------
// Every sentence is the event's own fields put into words: nothing is worked out here (no
// result, no distance, no hit): where an event says what happened, the sentence says it.

const cap = (text) => (text ? String(text)[0].toUpperCase() + String(text).slice(1) : "");
const words = (text) => String(text ?? "").replaceAll("_", " ");
const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (items) => (items.length < 2 ? items.join("")
  : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
/** A combat test's successes as the event counts them: "1 perfect, 2 ordinary". */
function successes(side) {
  const parts = ["perfect", "critical", "ordinary"].filter((k) => side[k] > 0)
    .map((k) => `${side[k]} ${k}`);
  return parts.length ? parts.join(", ") : "no success";
}
/** A chase test's score (strategy.cards' to_dict): its counts, or "no success". */
function score(s) {
  return s ? successes(s) : "";
}
const an = (word) => `${/^[aeiou]/i.test(String(word)) ? "an" : "a"} ${word}`;
const distanceWords = (d) => (d > 5 ? "out of range" : `Distance ${d}`);

/** A test's cards to show under its sentence: the Card of Fate and each side's hand. */
function combatHands(e, n) {
  if (Array.isArray(e.sides) && e.sides.length) {
    return { cof: e.cof, hands: e.sides.map((s) => ({ who: n(s.who), cards: s.cards || [],
      score: successes(s) })) };
  }
  if (Array.isArray(e.cards)) {
    return { cof: e.cof, hands: [{ who: e.officer || n(e.ship), cards: e.cards,
      score: e.result || "" }] };
  }
  return null;
}

function chaseHands(t, hunter, prey, staticTest) {
  if (!t) return null;
  const hands = [{ who: hunter, cards: t.a_cards || [], score: score(t.a_score) },
    { who: staticTest ? "the difficulty" : prey, cards: t.b_cards || [], score: score(t.b_score) }];
  return { cof: t.cof, hands };
}

function testSentence(e, n) {
  const what = cap(words(e.what));
  const by = [e.officer, e.ship ? n(e.ship) : null].filter(Boolean);
  const whose = e.area ? ` of the ${cap(e.area)}` : "";
  // the rain or fog's cards on each pool (the event's own number)
  const wet = e.weather ? `, ${e.weather} in the weather` : "";
  const head = `${what}${whose}${by.length ? ` (${by.join(", ")})` : ""}${wet}`;
  if (Array.isArray(e.sides)) {
    if (!e.sides.length) return `${head}: no cards on either side, no result`;
    const against = e.sides.map((s) => n(s.who)).join(" against ");
    const aim = e.target && !e.role ? `, aimed at ${n(e.target)}` : "";
    const skill = e.skill ? ` with ${cap(words(e.skill))}` : "";
    return `${head}${skill}: ${against}${aim}: ${e.winner ? `${n(e.winner)} wins`
      : "no result"}`;
  }
  const aim = e.target ? ` against ${n(e.target)}` : "";
  return `${head}${aim}: ${e.result === "failure" ? "failure" : e.result === "no cards"
    ? "no cards to test with" : `${e.result} success`}`;
}

// Overcoming Great Hardship ordered: [officer] (Guts) or {officer: Measure}, in words
const SPENT_FOR = { Guts: "to fight on hurt", Discipline: "to speak to her crew" };

function hardshipWords(given) {
  const spent = Array.isArray(given) ? given.map((who) => [who, "Guts"])
    : Object.entries(given || {});
  return spent.length ? spent.map(([who, m]) => `${who} ${SPENT_FOR[m] || `to spend ${m}`}`)
    .join(", ") : null;
}

function decisionSentence(e, n) {
  // The orders a reader cares about; the engine's defaults (range, continue) left out.
  const o = e.orders || {};
  const each = (m, how) => Object.entries(m || {}).map(([who, v]) => how(who, v)).join(", ");
  if (o.start_distance !== undefined) {
    return `${n(e.ship)} chooses to open at Distance ${o.start_distance}`;
  }
  if (o.surrender !== undefined) {
    return `${n(e.ship)} ${o.surrender ? "surrenders to the boarders" : "fights the boarders on"}`;
  }
  const parts = [o.strike ? "strike her colours" : o.move, o.shot,
    o.target ? `at ${n(o.target)}` : null,
    o.repair ? `repair the ${o.repair}${o.repair_by ? ` led by ${o.repair_by}` : ""}` : null,
    o.fire_by ? `${o.fire_by} to fight the fire` : null,
    o.hwyf && Object.keys(o.hwyf).length ? `how they fight: ${each(o.hwyf, (who, v) =>
      `${who} ${words(v)}`)}` : null,
    o.boarding && Object.keys(o.boarding).length ? `boarding: ${each(o.boarding, (who, v) =>
      `${who} ${v}`)}` : null,
    o.muskets ? musketWords(o.muskets) : null,
    hardshipWords(o.hardship)];
  return `${n(e.ship)}'s orders: ${parts.filter(Boolean).join(", ") || "as before"}`;
}

function musketsSentence(e, n) {
  const aim = e.aim && e.aim !== "crew" ? `, aiming at her ${words(e.aim)}` : "";
  return `${n(e.ship)}'s Marines ${e.returned ? "return the fire of" : "fire on"} ${
    n(e.target)}${aim}: muskets at ${e.range} range, ${count(e.pool, "card")}`;
}

function moveSentence(e, n) {
  const who = n(e.by);
  if (e.before === undefined) {
    return e.intent === "hold" ? `${who} holds at ${distanceWords(e.distance)}`
      : `${who} tries to ${e.intent}, but the ships stay at ${distanceWords(e.distance)}`;
  }
  if (e.intent === "flee") return `${who} flees: the range opens to ${distanceWords(e.distance)}`;
  if (e.intent === "board") return `${who} closes to board: ${distanceWords(e.distance)}`;
  return `${who} ${e.intent === "close" ? "closes" : `${e.intent}s`} to ${distanceWords(e.distance)}`;
}

/** A broadside and the hits it made (the `hit` events that follow it, by their fields). */
function broadsideSentence(e, hits, n) {
  const head = `${n(e.ship)}'s broadside (${words(e.shot)}, ${count(e.pool ?? (e.cards || [])
    .length, "card")}) at ${n(e.target)}`;
  const listedHits = e.hits || [];
  if (!listedHits.length) return `${head}: no hits`;
  if (!hits.length) {
    return `${head}: ${count(listedHits.length, "hit")} (${listedHits.map((h) => h.level)
      .join(", ")})`;
  }
  const groups = new Map();
  const spent = [];
  for (const h of hits) {
    if (h.note) {
      spent.push(h.note);
      continue;
    }
    const key = `${h.level}|${h.area}`;
    groups.set(key, (groups.get(key) || 0) + 1);
  }
  const parts = [...groups.entries()].map(([key, k], i) => {
    const [level, area] = key.split("|");
    return `${k} ${level}${i === 0 ? ` hit${k === 1 ? "" : "s"}` : ""} on the ${cap(area)}`;
  });
  if (spent.length) parts.push(`${count(spent.length, "hit")} ${spent[0]}`);
  return `${head}: ${parts.join(", ")}`;
}

function hitSentence(e, n) {
  const how = e.cause && e.cause !== "broadside" ? ` (${words(e.cause)})` : "";
  const from = e.by ? ` by ${n(e.by)}` : "";
  if (e.note) return `${n(e.ship)} takes ${an(e.level)} hit on the ${cap(e.area)}${from}, ${e.note}`;
  const left = e.crossed === null ? ", with no box left to cross" : "";
  return `${n(e.ship)} takes ${an(e.level)} hit on the ${cap(e.area)}${from}${how}${left}`;
}

function fireSentence(e, n) {
  const cards = count(e.after, "card");
  if (e.result === "started") {
    return `Fire breaks out aboard ${n(e.ship)}${e.by ? `, set by ${n(e.by)}` : ""} (${cards})`;
  }
  if (e.result === "spreads") return `The fire aboard ${n(e.ship)} spreads: ${cards}`;
  const who = e.officer ? `${e.officer} and ${n(e.ship)}'s men` : `${n(e.ship)}'s men`;
  if (e.result === "reduced") return `${who} beat the fire down: ${cards} left`;
  if (e.result === "held") return `${who} fail to check the fire: still ${cards}`;
  return `Fire aboard ${n(e.ship)}: ${words(e.result)}, ${e.before} → ${cards}`;
}

const FATE_WORDS = { sunk: "sinks", struck: "strikes her colours", taken: "is taken",
  decimated: "is decimated", escaped: "escapes" };

/** A combat event as a sentence; `null` for a kind it has no words for. */
function combatSentence(e, n, names) {
  switch (e.type) {
    case "conditions":
      return `Weather: ${e.weather}${e.precipitation ? `, ${e.precipitation}` : ""}${
        Array.isArray(e.ships) && e.ships.length ? `. In the fight: ${
        listed(e.ships.map((s) => n(s.id) || s.name))}` : ""}`;
    case "test": return testSentence(e, n);
    case "decision": return decisionSentence(e, n);
    case "distance": return `The ships open at ${distanceWords(e.distance)}`;
    case "chase":
      return e.result === "escaped" ? `${e.prey ? `${n(e.prey)} gets` : "The prey gets"} away in `
        + "the chase" : `After the chase the ships meet at ${distanceWords(e.distance)}`;
    case "move": return moveSentence(e, n);
    case "weather_gage": return `${n(e.ship)} takes the weather gage (bonus ${e.bonus})`;
    case "broadside": return broadsideSentence(e, [], n);
    case "muskets": return musketsSentence(e, n);
    case "hit": return hitSentence(e, n);
    case "damage_state": return `${n(e.ship)}'s ${cap(e.area)} is now ${e.state}`;
    case "repair":
      return `${n(e.ship)}'s men repair ${an(e.level)} box of the ${cap(e.area)}: it is now ${
        e.state}`;
    case "cannot_act":
      return `${e.officer ? `${e.officer} of ` : ""}${n(e.ship)} cannot act this round (${
        words(e.reason)})`;
    case "cannot_fire":
      return e.reason === "no cards" ? `${n(e.ship)} has no guns to bear: no cards to fire`
        : `${n(e.ship)} cannot fire this round (${words(e.reason)})`;
    case "cannot_position":
      return `${n(e.ship)} cannot manoeuvre this round (${words(e.reason)})`;
    case "contact_lost": return `${listed((e.ships || []).map(n))} lose contact`;
    case "disengage":
      return `${listed((e.ships || []).map(n))} disengage${e.reason ? ` (${e.reason})` : ""}`;
    case "discipline":
      return `${n(e.ship)}'s Discipline: ${Object.entries(e.cards || {}).map(([who, k]) =>
        `${who} ${count(k, "card")}`).join(", ") || "none"}`;
    case "end": return `The battle ends: ${outcomeText(e.outcome, names)}`;
    case "sunk": case "struck": case "taken": case "decimated": case "escaped":
      return `${n(e.ship) || e.name} ${FATE_WORDS[e.type]}${e.cause ? ` (${words(e.cause)})`
        : ""}`;
    case "fire": return fireSentence(e, n);
    case "fire_damage": return `The fire burns ${n(e.ship)} (${count(e.fire, "card")} of fire)`;
    case "shot_changed":
      return `${n(e.ship)} shifts from ${words(e.before)} to ${words(e.after)} shot`;
    case "boarding": return `${n(e.attacker)} boards ${n(e.defender)}`;
    case "boarding_over":
      return `The boarding of ${n(e.defender)} by ${n(e.attacker)} ends after ${count(e.rounds,
        "round")}`;
    case "approach": return `${e.officer} of ${n(e.ship)} goes for the enemy's ${words(e.target)}`;
    case "tide_turned":
      return `The tide turns: ${n(e.attacker)} now carries the fight to ${n(e.defender)}`;
    case "wounded":
      return `${/^[a-z]/.test(e.who) ? `The ${e.who}` : e.who} of ${n(e.ship)} is ${e.health}`;
    case "hardship":
      return e.measure === "Discipline"
        ? `${e.officer} of ${n(e.ship)} speaks to her crew: they fight on without her Ship `
          + `Morale's penalty (Discipline, ${e.left} left)`
        : `${e.officer} of ${n(e.ship)} fights on through his wounds (${e.measure}, ${e.left} left)`;
    case "joined":
      return `${listed((e.ships || []).map(n))} join${(e.ships || []).length === 1 ? "s" : ""} `
        + `the fight at ${distanceWords(e.distance)}`;
    default: return null;
  }
}

const GRADE = { "critical success": "a critical success", success: "a success",
  failure: "a failure", "critical failure": "a critical failure" };

/** A chase event (seed 002, `event` names its kind) as a sentence; `null` if unknown. */
function chaseSentence(e, who) {
  const { hunter, prey } = who;
  const contest = () => `${hunter}'s ${e.hunter_skill} against ${prey}'s ${e.prey_skill}: `
    + `${GRADE[e.result] || e.result} for ${hunter}${e.hunter_gage_spent || e.prey_gage_spent
      ? ` (gage spent: ${hunter} ${e.hunter_gage_spent}, ${prey} ${e.prey_gage_spent})` : ""}`;
  switch (e.event) {
    case "chase":
      return `${hunter} gives chase to ${prey}${e.hunter_gage || e.prey_gage ? ` (gage: ${hunter} `
        + `${e.hunter_gage}, ${prey} ${e.prey_gage})` : ""}`;
    case "opening":
      return `Opening: ${contest()}; ${e.kept_position ? `${hunter} keeps her place at`
        : `${hunter} starts at`} ${e.band} (${e.hunter_at}), ${prey} at ${e.prey_at}, with `
        + `${count(e.rounds, "pursuit round")}`;
    case "pursuit": {
      const won = e.result === "success" || e.result === "critical success";
      return `Pursuit round ${e.round} of ${e.of}: ${contest()}; ${hunter} ${won ? "closes to"
        : "stays at"} ${e.hunter_at}`;
    }
    case "prep_work": // seed 002, 2.1: an officer's one prep action ahead of the chase
      return `Before the chase, ${e.character} ${e.action ? `turns to ${e.action}` : "preps"} `
        + `(${e.skill}): ${e.success ? `a success, gage for ${hunter}` : "no gain"}`;
    case "ship_morale": // seed 002, 2.7: the Morale the moment of truth cost the hunter
      return `${hunter}'s Ship Morale falls from ${e.before} to ${e.after}`;
    case "ship_rations": // seed 002, 2.7: the Rations the moment of truth spent from her store
      return `${hunter} spends ${count(e.spent, "Ration")} of her store: ${e.before} to ${e.after}`;
    case "crew_action":
      return `${e.side === "hunter" ? hunter : prey}'s crew work for ${e.choice === "gage"
        ? "the gage" : "extra cards"} (${e.skill}): ${e.success ? "they get it" : "they fail"}`;
    case "prey":
      return e.choice === "move down" ? `${prey} moves down the track to ${e.prey_at}`
        : `${prey} banks her gage (now ${e.prey_gage})`;
    case "moment_of_truth": {
      // since rules version 4 the hunter's test alone, against a difficulty (seed 002, 2.7)
      const alone = () => `${hunter}'s ${e.hunter_skill} against ${e.difficulty}: `
        + `${GRADE[e.result] || e.result} for ${hunter}${e.hunter_gage_spent
          ? ` (gage spent: ${e.hunter_gage_spent})` : ""}`;
      return `The moment of truth: ${e.difficulty ? alone() : contest()}${e.paid?.length
        ? `; paid with ${listed(e.paid.map((p) => `a ${p === "ration" ? "ration"
          : "morale level"}`))}` : ""}`;
    }
    case "heads up":
      return `Heads up! The ships meet at ${e.band} (Distance ${e.distance})`;
    case "escaped": return `${prey} escapes`;
    case "nightfall": return `Night falls after ${count(e.renewals, "renewal")}: ${prey} escapes`;
    default: return null;
  }
}

/**
 * Who hunts and who runs in a chase, by name: the chase names their types (its `chase`
 * event); the ship of that type on each side where there is just one, else the type.
 */
export function chaseNames(log, sides = {}) {
  const first = (log || []).find((e) => e.phase === "chase" && e.event === "chase") || {};
  const named = (side, type, fallback) => {
    const same = (sides[side] || []).filter((s) => s.type === type);
    return same.length === 1 ? same[0].name : type ? `the ${type}` : fallback;
  };
  return { hunter: cap(named("a", first.hunter, "the hunter")),
    prey: cap(named("b", first.prey, "the prey")) };
}

/**
 * The log as lines to read: `{type, text, tests: {cof, hands: [{who, cards, score}]} | null,
 * words: bool}`, one an event, but a broadside with the hits it made and a move with the
 * weather gage it took read as one line. `words` is false for an event the panel has no
 * sentence for (then its kind and fields are listed).
 */
export function logLines(log, names = {}, who = chaseNames(log)) {
  // a ship's id, or a side of a test the engine labels by her id ("b0 crew", "b0 captain")
  const n = (id) => {
    if (names[id] !== undefined) return names[id];
    const [head, ...rest] = String(id ?? "").split(" ");
    if (rest.length && names[head] !== undefined) return `${names[head]}'s ${rest.join(" ")}`;
    return id === "difficulty" ? "the difficulty" : id;
  };
  const events = log || [];
  const used = new Set();
  const lines = [];
  for (let i = 0; i < events.length; i += 1) {
    if (used.has(i)) continue;
    const e = events[i];
    const type = e.phase === "chase" && e.event ? e.event : e.type || e.kind || "event";
    let text = null;
    let tests = null;
    if (e.phase === "chase" && e.event) {
      text = chaseSentence(e, who);
      tests = chaseHands(e.test, who.hunter, who.prey,
        e.event === "crew_action" || e.test?.kind === "static");
    } else if (e.type === "broadside") {
      // the hits that follow it in its round, from her on her target, one for each hit
      const wanted = (e.hits || []).map((h) => h.card);
      const hits = [];
      for (let j = i + 1; j < events.length && wanted.length; j += 1) {
        const h = events[j];
        if (h.round !== e.round || h.type === "decision") break;
        const k = wanted.indexOf(h.card);
        if (h.type === "hit" && h.by === e.ship && h.ship === e.target && k >= 0 && !used.has(j)) {
          used.add(j);
          wanted.splice(k, 1);
          hits.push(h);
        }
      }
      text = broadsideSentence(e, hits, n);
      tests = { cof: e.cof, hands: [{ who: n(e.ship), cards: e.cards || [], score:
        count((e.hits || []).length, "hit") }] };
    } else {
      text = combatSentence(e, n, names);
      if (e.type === "move" && events[i + 1]?.type === "weather_gage"
        && events[i + 1].ship === e.by && e.before !== undefined) {
        used.add(i + 1);
        text = `${text} and takes the weather gage (bonus ${events[i + 1].bonus})`;
      }
      if (e.type === "test") tests = combatHands(e, n);
      if (e.type === "fire_damage") tests = { cof: null, hands: [{ who: "the fire", cards:
        e.cards || [], score: "" }] };
    }
    if (text === null) {
      const rest = Object.entries(e).filter(([k]) => !["type", "round", "phase", "event"]
        .includes(k)).map(([k, v]) => `${words(k)} ${show(v)}`);
      lines.push({ type, text: `${cap(words(type))}${rest.length ? `: ${rest.join("; ")}` : ""}`,
        tests: null, words: false });
    } else {
      lines.push({ type, text, tests, words: true });
    }
  }
  return lines;
}

/** One line of the log as the panel shows it: the sentence, the test's cards under it. */
export function lineElement(line, names = {}) {
  const hands = line.tests?.hands || [];
  return el("li", { dataset: { type: line.type } }, el("span", { class: "sentence" }, line.text),
    line.tests ? el("div", { class: "test-cards" }, line.tests.cof ? el("span",
      { class: "cof" }, "Card of Fate ", rich(line.tests.cof, names)) : null,
    el("ul", {}, hands.map((h) => el("li", {}, `${h.who}: `, h.cards.length
      ? rich(h.cards, names) : "no cards", h.score ? el("span", { class: "muted" },
        ` – ${h.score}`) : null)))) : null);
}

/** One log event as its line's parts (a sentence, and the cards of a test under it). */
export function eventLine(event, names) {
  const line = logLines([event], names)[0];
  return [...lineElement(line, names).childNodes];
}

/** The nations of side `key` in words (the view's `nations`), else Britain or the enemy. */
function sideName(key, nations = {}) {
  const named = nations?.[key] || [];
  return named.length ? listed(named) : key === "a" ? "Britain" : "the enemy";
}

/**
 * An engagement's outcome in words, each side named by its nations (the view's `nations`,
 * docs/protocol.md "Engagements"): how it ended, then each side's ships that did not fight
 * on: "France won after 5 rounds. Britain: Fiddler's Green struck; France: no ship lost".
 * A ship's side is the engagement's `sides`, else her id's letter (`a0`.. British).
 */
export function outcomeText(outcome, names = {}, sides = {}, nations = {}) {
  if (!outcome) return "—";
  if (typeof outcome === "string") return outcome;
  const sideOf = (id) => Object.keys(sides || {}).find((k) => (sides[k] || [])
    .some((s) => s.id === id)) || String(id)[0];
  const ships = Object.entries(outcome.ships || {}).map(([id, v]) => ({ id, ...v,
    side: v.side || sideOf(id) }));
  // an escape is the side whose ship got away (the outcome's own fates say which)
  const fled = ships.find((v) => v.status === "escaped")?.side || "b";
  const how = { a_wins: `${sideName("a", nations)} won`, b_wins: `${sideName("b", nations)} won`,
    escaped: `${sideName(fled, nations)} got away`, disengaged: "both sides disengaged" }[
    outcome.how] || words(outcome.how || "");
  const lost = { a: [], b: [] };
  for (const v of ships) {
    if (v.status && v.status !== "active") {
      (lost[v.side] ||= []).push(`${names[v.id] || v.name || v.id} ${v.status}`);
    }
  }
  const each = Object.entries(lost).map(([k, fates]) => `${cap(sideName(k, nations))}: ${
    fates.length ? fates.join(", ") : "no ship lost"}`);
  return `${cap(how)}${outcome.rounds ? ` after ${count(outcome.rounds, "round")}` : ""}. ${
    each.join("; ")}`;
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
      officers.map((o) => el("li", { dataset: { officer: o.id, health: o.health || "healthy" } },
        `${o.name}`, el("span", { class: "muted" }, ` – ${o.role}`),
        // his wounds as the server says he came aboard (or as the fight left him)
        o.health ? el("span", { class: "wounded" }, ` – ${o.health}`) : null))) : null,
    damage.areas.map((a) => track(a, ship.boxes?.[a], boxes?.[a], damage.states)));
}

/** The odds as each outcome's own labelled part: its share of the bar, its name and
 * percentage beside it in the legend (every outcome, none left out at 0%). */
export function oddsParts(odds) {
  return [["a", "a_wins", "British win"], ["b", "b_wins", "Enemy wins"],
    ["e", "escaped", "Enemy escapes"], ["d", "disengaged", "Both disengage"]].map(([cls, key,
    label]) => ({ cls, key, label, share: odds[key] || 0,
    percent: Math.round((odds[key] || 0) * 100) }));
}

export function oddsBar(odds) {
  const parts = oddsParts(odds);
  return el("div", { class: "odds-box" }, el("div", { class: "odds", role: "img",
    dataset: { a: String(odds.a_wins) }, "aria-label": parts.map((p) =>
      `${p.label} ${p.percent}%`).join(", ") }, parts.filter((p) => p.share > 0).map((p) =>
    el("span", { class: p.cls, style: `width:${p.share * 100}%`, dataset: { outcome: p.key },
      title: `${p.label}: ${p.percent}%` }, p.share > 0.3 ? `${p.label} ${p.percent}%`
      : p.share > 0.1 ? `${p.percent}%` : ""))),
  el("ul", { class: "odds-legend", "aria-label": "Odds of each outcome" }, parts.map((p) =>
    el("li", { dataset: { outcome: p.key } }, el("span", { class: `swatch ${p.cls}` }),
      `${p.label}: ${p.percent}%`))),
  el("p", { class: "muted" }, `From ${odds.n} simulated battles.`));
}

export function createBattlesPanel(root, ctx) {
  const oddsCache = new Map();
  const shotChoice = new Map();
  const drafts = new Map(); // each ship's orders form, kept between renders
  // what the reader opened (a round's log, an ended engagement), kept open between renders
  const openLogs = new Set();
  const openEnded = new Set();
  let lastKey = null;
  let lastWaiting = 0;

  function myShips(engagement) {
    const seatId = ctx.store.seat?.id;
    return Object.entries(engagement.awaiting || {}).filter(([, holder]) => holder === seatId)
      .map(([ship]) => ship);
  }

  // The engagement's own odds: her ships as the fight has them, each with her drawn crew
  // (not the roster types' default crew of /api/odds).
  function fetchOdds(engagement) {
    if (oddsCache.has(engagement.id)) return;
    const sides = engagement.sides || {};
    if (!(sides.a || []).length || !(sides.b || []).length) return;
    oddsCache.set(engagement.id, { loading: true });
    getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/engagements/`
      + `${encodeURIComponent(engagement.id)}/odds?${query({ n: 400, seed: 1 })}`,
    { headers: { Authorization: `Bearer ${ctx.token}` } }).then((odds) => {
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
      if (!ack.ok) error.textContent = refusalText(ack.error);
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
          error.textContent = refusalText(ack.error);
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

  /**
   * The log by round, newest first, each round a <details> folded: its lines are built only
   * when it is opened (a folded round costs its summary alone), and kept open across the
   * panel's redraws. The log is the view's (it travels once, docs/protocol.md): nothing to
   * fetch, only to draw on demand.
   */
  function logRounds(engagement, names) {
    const log = engagement.log || [];
    const rounds = new Map();
    for (const e of log) {
      const key = e.phase === "chase" ? "Chase" : e.round ? `Round ${e.round}` : "Set-up";
      if (!rounds.has(key)) rounds.set(key, []);
      rounds.get(key).push(e);
    }
    const who = chaseNames(log, engagement.sides);
    return el("div", { class: "rounds", "aria-label": `Log (${log.length} events)` },
      [...rounds.entries()].reverse().map(([key, events]) => {
        const id = `${engagement.id}/${key}`;
        const box = el("details", { class: "round", dataset: { round: key } },
          el("summary", {}, `${key} (${count(events.length, "event")})`));
        const build = () => {
          if (!box.querySelector("ol.log")) {
            box.append(el("ol", { class: "log" }, logLines(events, names, who)
              .map((line) => lineElement(line, names))));
          }
        };
        box.addEventListener("toggle", () => {
          if (box.open) {
            openLogs.add(id);
            build();
          } else {
            openLogs.delete(id);
          }
        });
        if (openLogs.has(id)) {
          build();
          box.open = true;
        }
        return box;
      }));
  }

  function shipCards(engagement) {
    const caps = {};
    const types = {};
    const aboard = {};
    for (const side of Object.values(engagement.sides || {})) {
      for (const ship of side) {
        caps[ship.id] = ship.caps;
        types[ship.id] = ship.type;
        aboard[ship.id] = ship.officers;
      }
    }
    return (engagement.view?.ships || []).map((ship) => shipCard({ type: types[ship.id],
      ...ship }, caps[ship.id], ctx.rules, aboard[ship.id]));
  }

  function titleOf(engagement, forces) {
    const forceName = (id) => forces.find((f) => f.id === id)?.name || id;
    // each side's forces (squadrons that joined fight on their side): "A and B vs C"
    const sideForces = (k) => [...new Set((engagement.sides?.[k] || []).map((s) => s.force))]
      .map(forceName).join(" and ");
    return `${sideForces("a")} vs ${sideForces("b")}`;
  }

  const weatherLine = (engagement) => (engagement.weather?.words
    // the weather in the server's words (its rain or fog and what it does to the tests)
    ? el("p", { class: "weather" }, `Weather: ${engagement.weather.words}`) : null);

  const outcomeOf = (engagement, names) => outcomeText(engagement.outcome, names,
    engagement.sides, engagement.nations);

  function boxData(engagement, mine) {
    return { engagement: engagement.id, over: String(!!engagement.over),
      awaitingMe: String(mine.length > 0), rounds: String(engagement.view?.round ?? 0),
      logLength: String((engagement.log || []).length) };
  }

  /**
   * An ended engagement in one line (its forces, day and outcome, each side named); opened,
   * its weather, ships and log by round are drawn, and only then.
   */
  function endedBox(engagement, forces) {
    const names = shipNames(engagement);
    const body = el("div", { class: "ended-body" });
    const build = () => {
      if (!body.childNodes.length) {
        fill(body, weatherLine(engagement), shipCards(engagement), logRounds(engagement, names));
      }
    };
    const box = el("details", { class: "ended" }, el("summary", {}, `${engagement.id}: `
      + `${titleOf(engagement, forces)}, day ${engagement.day ?? "?"}: `,
    el("strong", { class: "outcome" }, `Over: ${outcomeOf(engagement, names)}`)), body);
    box.addEventListener("toggle", () => {
      if (box.open) {
        openEnded.add(engagement.id);
        build();
      } else {
        openEnded.delete(engagement.id);
      }
    });
    if (openEnded.has(engagement.id)) {
      build();
      box.open = true;
    }
    return el("article", { class: "engagement", dataset: boxData(engagement, []) }, box);
  }

  /**
   * An engagement being fought: the round's choices first (each of the seat's ships' orders
   * form, the GM's controls), then its state, odds and ships, then its log folded by round.
   */
  function engagementBox(engagement, forces) {
    const names = shipNames(engagement);
    const records = {};
    for (const side of Object.values(engagement.sides || {})) {
      for (const ship of side) records[ship.id] = ship;
    }
    const mine = myShips(engagement);
    const odds = oddsCache.get(engagement.id);
    if (mine.length) fetchOdds(engagement);
    const round = (engagement.view?.round ?? 0) + 1;
    return el("article", { class: "engagement open", dataset: boxData(engagement, mine) },
      el("h3", {}, `${engagement.id}: ${titleOf(engagement, forces)}`, el("span",
        { class: "muted" }, ` – day ${engagement.day ?? "?"}${typeof engagement.lon === "number"
          ? `, at ${position(engagement.lon, engagement.lat)}` : ""}`)),
      el("p", { class: "status" }, mine.length
        ? el("strong", {}, "Your ship is engaged: give your orders.")
        : "Being fought: awaiting the captains."),
      mine.map((sid) => shipOrdersForm(ctx, engagement, records[sid]
        || { id: sid, name: names[sid] || sid }, drafts, { several: mine.length > 1,
        pending: !!(engagement.pending && sid in engagement.pending), round })),
      ctx.store.seat?.role === "gm" ? gmControls(engagement) : null,
      engagement.deadline ? el("p", { class: "deadline", dataset: {
        deadline: engagement.deadline } }, `Round ${round} is fought at ${
        deadlineText(engagement.deadline)}, with the orders given then (standing orders for the`
        + " rest)") : null,
      weatherLine(engagement),
      odds && !odds.loading ? (odds.error ? el("p", { class: "error" }, `Odds: ${odds.error}`)
        : oddsBar(odds)) : null,
      shipCards(engagement),
      logRounds(engagement, names));
  }

  function render(store) {
    const state = store.state;
    if (!state) return;
    // the ones being fought first (their choices are the round's), then the ended, newest first
    const engagements = [...(state.engagements || [])].sort((x, y) => Number(!!x.over)
      - Number(!!y.over) || (y.day ?? 0) - (x.day ?? 0)
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
    const forces = state.forces || [];
    const fought = engagements.filter((e) => !e.over);
    const ended = engagements.filter((e) => e.over);
    // the round's choices first; the standing orders for the rounds not ordered; then the
    // ended engagements, a line each
    fill(root, el("h2", {}, "Battles"), fought.map((e) => engagementBox(e, forces)),
      role === "captain" || role === "admiral"
        ? standingForm(ctx, state.standing?.[store.seat.id]) : null, engagements.length
        ? null : el("p", { class: "muted" }, "No engagement yet. When a British force comes "
        + "within sight of the enemy, the chase and the fight appear here."),
      ended.length ? el("section", { class: "ended-engagements" }, el("h3", {},
        `Ended (${ended.length})`), ended.map((e) => endedBox(e, forces))) : null);
    root.dataset.count = String(engagements.length);
    if (firstAwaiting) {
      ctx.selectTab("battles");
      const e = engagements.find((x) => !x.over && myShips(x).length);
      if (e && typeof e.lon === "number") ctx.map.focus(e.lon, e.lat);
    }
  }

  return { render: (store) => render(store) };
}
