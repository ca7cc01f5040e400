// The Orders panel: each seat's own controls, built from its role in the join ack.
// Every control sends one protocol action; the ack's error is shown next to that control.
// The GM's "Act as" choice gives him the controls of any seat (sent with the protocol's
// `as`), of any British force (his own `sail` / `deploy`: the unseated ones are his to
// order) and of any enemy force (`move_enemy`).

import { afloatShips, shipWords } from "./map_forces.js";
import { ownForces, ownSeat } from "./store.js";
import {
  el, fill, labelled, onOrder, orderText, placeNames, placeText, position, refusalText, roleName,
  round, seasonTitle,
} from "./util.js";

/** The acts of the panel's buttons awaiting their ack, by the button's action and label: a
 * form drawn anew meanwhile (its event came before its ack) holds its button too. */
const flying = new Map();
const AWAITING = "sent; awaiting the server's answer…";

/** A button that sends an action and shows the ack's error beside itself. A late answer is
 * pending, not failed: the act is sent again with its action id until the server answers
 * (net.js), the button held meanwhile (a second click is no second act), and so is the
 * same button of a form drawn anew before the answer. */
export function actionButton(ctx, label, makeAction, opts = {}) {
  const error = el("p", { class: "error", role: "alert" });
  const done = el("span", { class: "ok-text", "aria-live": "polite" });
  const button = el("button", { type: "button", class: opts.primary ? "primary" : null,
    dataset: { action: opts.name || "" } }, label);
  const key = `${opts.name || ""}|${label}`;

  /** This button shows `sending` (its act's ack, and whether it is late) until answered. */
  function follow(sending) {
    button.disabled = true;
    if (sending.late) done.textContent = AWAITING;
    sending.told.push(() => { done.textContent = AWAITING; });
    sending.ack.then((ack) => {
      button.disabled = false;
      done.textContent = "";
      if (ack.ok) {
        done.textContent = opts.okText || "done";
        setTimeout(() => { done.textContent = ""; }, 2500);
      } else {
        error.textContent = refusalText(ack.error);
      }
    });
  }

  if (flying.has(key)) follow(flying.get(key));
  button.addEventListener("click", async () => {
    error.textContent = "";
    done.textContent = "";
    let action;
    try {
      action = makeAction();
    } catch (err) {
      error.textContent = err.message;
      return;
    }
    if (!action) return;
    const sending = { late: false, told: [], ack: null };
    sending.ack = ctx.act(action, () => {
      sending.late = true;
      sending.told.forEach((tell) => tell());
    });
    flying.set(key, sending);
    follow(sending);
    const ack = await sending.ack;
    if (flying.get(key) === sending) flying.delete(key);
    if (ack.ok && opts.after) opts.after(ack);
  });
  return { button, error, done, nodes: [button, done, error] };
}

function select(options, value) {
  const node = el("select", {});
  for (const [v, text] of options) node.append(el("option", { value: v }, text));
  if (value !== undefined && value !== null) node.value = String(value);
  return node;
}

/** A minister's Table F digit: the digits the rules give (GET /api/rules `table_f`), each
 * with what it chooses in words beside it (`words`: the rules' `ships` or `deployments`). */
function digitSection(ctx, title, type, digits, current, words, what) {
  const meaning = (d) => words?.[String(d)] || "";
  const digit = select(digits.map((d) => [d, String(d)]), current);
  const send = actionButton(ctx, "Choose", () => ({ type, digit: Number(digit.value) }),
    { primary: true, name: type });
  const range = digits.length ? ` (${digits[0]}–${digits[digits.length - 1]})` : "";
  const chosen = el("p", { class: "digit-meaning", "aria-live": "polite",
    dataset: { meaning: type } });
  const showChosen = () => { chosen.textContent = `${digit.value}: ${meaning(digit.value)}`; };
  digit.addEventListener("change", showChosen);
  showChosen();
  return el("fieldset", { class: "digit", dataset: { digits: type } }, el("legend", {}, title),
    el("div", { class: "row" }, labelled(`${what}${range}`, digit), send.nodes), chosen,
    el("details", {}, el("summary", {}, "What each digit chooses"),
      el("ul", { class: "plain digit-meanings" }, digits.map((d) => el("li",
        { dataset: { digit: String(d) } }, `${d}: ${meaning(d)}`)))),
    el("p", { class: "muted", dataset: { current: type } },
      current ? `Your choice: ${current} — ${meaning(current)}`
        : "Not chosen yet: the GM rolls for you if you don't."));
}

/** The cabinet's digits as the GM sees them, each with what it chooses, and the roll
 * they make in words when both are chosen (/api/rules `table_f`). */
function cabinetWords(rules, cabinet) {
  const f = rules?.table_f || {};
  const ships = cabinet?.ships_digit;
  const deploy = cabinet?.deployment_digit;
  const roll = ships && deploy ? f.rolls?.[String(10 * ships + deploy)] : null;
  return [
    el("p", { class: "muted", dataset: { cabinet: "ships" } }, `Prime Minister's digit: `
      + `${ships ? `${ships} — ${f.ships?.[String(ships)] || ""}` : "— (rolled if not chosen)"}`),
    el("p", { class: "muted", dataset: { cabinet: "deployment" } }, `First Sea Lord's digit: `
      + `${deploy ? `${deploy} — ${f.deployments?.[String(deploy)] || ""}`
        : "— (rolled if not chosen)"}`),
    roll ? el("p", { dataset: { cabinet: "roll" } }, `Roll ${10 * ships + deploy} sends: ${roll}`)
      : null];
}

/** Whether `seat` may send an action of `type` in this phase, by the server's table of who
 * may do what (`/api/rules` `actions`): the panels offer nothing else. */
export function may(rules, type, role, phase) {
  const grant = rules?.actions?.[type]?.[role];
  return Boolean(grant && grant.phases.includes(phase));
}

// -- the GM's controls -----------------------------------------------------------------------
function gmSections(ctx, state) {
  const out = [];
  if (may(ctx.rules, "roll_force", "gm", state.phase)) {
    // irreversible: the cabinet's choices end and the summer begins (as "Resolve the summer")
    const roll = actionButton(ctx, "Roll the force (Table F)", () => (
      window.confirm("Roll the force now? The cabinet's choices end and the summer begins.")
        ? { type: "roll_force" } : null), { primary: true, name: "roll_force" });
    out.push(el("fieldset", {}, el("legend", {}, "Cabinet"),
      cabinetWords(ctx.rules, state.cabinet), el("div", { class: "row" }, roll.nodes)));
  }
  if (may(ctx.rules, "next_season", "gm", state.phase)) {
    const after = ctx.rules.next_phase[state.phase];
    const words = after === "cabinet" ? "the next summer" : after ? `the ${after}` : "";
    const label = `On to ${words || "the next season"}`;
    // irreversible: the season ends (as "Resolve the summer")
    const next = actionButton(ctx, label, () => (
      window.confirm(`${label}? The ${state.phase} ends.`) ? { type: "next_season" } : null),
    { primary: true, name: "next_season" });
    out.push(el("fieldset", {}, el("legend", {}, seasonTitle(state.phase, state.date)),
      el("div", { class: "row" }, next.nodes)));
  }
  if (may(ctx.rules, "advance", "gm", state.phase)) {
    // At most the days left of the season (the server also caps one advance).
    const left = (state.season_days ?? ctx.rules?.season_days ?? state.day) - state.day;
    const days = el("input", { type: "number", min: 1, max: Math.max(1, left), value: 1 });
    const advance = actionButton(ctx, "Advance", () => ({ type: "advance",
      days: Number(days.value) }), { primary: true, name: "advance" });
    const resolve = actionButton(ctx, "Resolve the summer", () => (
      window.confirm("Resolve the season now? The summer ends.") ? { type: "resolve_summer" }
        : null), { name: "resolve_summer" });
    out.push(el("fieldset", {}, el("legend", {}, "The clock"),
      el("div", { class: "row" }, labelled("Days", days), advance.nodes),
      may(ctx.rules, "resolve_summer", "gm", state.phase)
        ? el("div", { class: "row" }, resolve.nodes) : null));
    const enemies = (state.forces || []).filter((f) => f.side !== "Britain" && f.afloat !== false);
    if (enemies.length) out.push(enemySection(ctx, enemies));
  }
  if (may(ctx.rules, "volunteer", "gm", state.phase)) out.push(gmVolunteerSection(ctx, state));
  const pause = state.paused
    ? actionButton(ctx, "Resume", () => ({ type: "resume" }), { name: "resume" })
    : actionButton(ctx, "Pause", () => ({ type: "pause" }), { name: "pause" });
  const when = el("input", { type: "datetime-local" });
  const setDeadline = actionButton(ctx, "Set", () => {
    if (!when.value) throw new Error("pick a date and time first");
    return { type: "set_deadline", deadline: new Date(when.value).toISOString() };
  }, { name: "set_deadline" });
  const clear = actionButton(ctx, "Clear", () => ({ type: "set_deadline", deadline: null }),
    { name: "clear_deadline" });
  const clock = state.clock || {};
  const minutes = (seconds) => (seconds == null ? "" : String(seconds / 60));
  const turnDays = el("input", { type: "number", min: 1, max: ctx.rules.limits.turn_days,
    value: clock.turn_days || 1 });
  const turnMinutes = el("input", { type: "number", min: 0.25, step: 0.25,
    value: minutes(clock.turn_seconds), placeholder: "none" });
  const roundMinutes = el("input", { type: "number", min: 0.25, step: 0.25,
    value: minutes(clock.round_seconds), placeholder: "none" });
  const seconds = (input) => (input.value === "" ? null : Math.round(Number(input.value) * 60));
  const setClock = actionButton(ctx, "Set clock", () => ({ type: "set_clock",
    turn_days: Number(turnDays.value), turn_seconds: seconds(turnMinutes),
    round_seconds: seconds(roundMinutes) }), { name: "set_clock" });
  const note = el("input", { type: "text", maxlength: 4000, placeholder: "seen by you only" });
  const addNote = actionButton(ctx, "Note", () => ({ type: "note", text: note.value }),
    { name: "note", after: () => { note.value = ""; } });
  out.push(el("fieldset", {}, el("legend", {}, "Running the game"),
    el("div", { class: "row" }, pause.nodes),
    el("div", { class: "row" }, labelled("Deadline", when), setDeadline.nodes, clear.nodes),
    el("div", { class: "row" }, labelled("Game days a turn", turnDays),
      labelled("Turn lasts (minutes)", turnMinutes), labelled("Round waits (minutes)",
        roundMinutes), setClock.nodes),
    el("div", { class: "row" }, labelled("GM note", note), addNote.nodes)));
  return out;
}


/** How long a cruise may be committed for from this season: one, or (autumn and winter,
 * winter and spring) two, with the book's price in words. */
function seasonsSelect(phase, rules) {
  const options = [["1", `the ${phase}`]];
  const next = rules.next_phase[phase];
  if (next in rules.next_phase) { // a season after the summer follows: two may be committed
    options.push(["2", `the ${phase} and the ${next} (committed up front: `
      + "+1 to death, −1 to MiD)"]);
  }
  return select(options, "1");
}

/** The cruises volunteered (the state's `cruises`), in words. */
function cruiseList(ctx, state) {
  const cruises = state.cruises || [];
  if (!cruises.length) return el("p", { class: "muted" }, "No ship has volunteered yet.");
  const name = (code) => (ctx.rules?.fleet || []).find((s) => s.code === code)?.name || code;
  const places = placeNames(ctx.ports, ctx.map?.stations);
  return el("ul", { class: "cruises" }, cruises.map((c) => el("li", { dataset: { cruise: c.id } },
    `${c.ships.map(name).join(", ")}, ${onOrder(ctx.rules, c.order)}, `
      + `for the ${c.seasons.join(" and ")}; `
      + (c.missions.length ? `missions: ${c.missions.map((m) => placeText(m, places)).join(", ")}`
        : "missions not planned yet (the GM's voyage planner)"))));
}

/** Volunteering (Briny, VOLUNTEERS): outside the summer a captain volunteers his ship, an
 * admiral ships of his squadron (all, or those ticked: on Blockade Duty), for a cruise. */
function volunteerSection(ctx, seat, state) {
  const seasons = seasonsSelect(state.phase, ctx.rules);
  const ships = seat.role === "admiral"
    ? (ctx.rules?.fleet || []).filter((s) => s.squadron === seat.squadron) : [];
  const boxes = ships.map((s) => el("input", { type: "checkbox", value: s.code,
    dataset: { volunteer: s.code } }));
  const send = actionButton(ctx, "Volunteer", () => {
    if (seat.role !== "admiral") {
      return { type: "volunteer", ship: seat.ship, seasons: Number(seasons.value) };
    }
    const ticked = boxes.filter((b) => b.checked).map((b) => b.value);
    return { type: "volunteer", squadron: seat.squadron, seasons: Number(seasons.value),
      ...(ticked.length ? { ships: ticked } : {}) };
  }, { primary: true, name: "volunteer", okText: "volunteered" });
  return el("fieldset", { class: "volunteer" }, el("legend", {}, "Volunteer for a cruise"),
    el("p", { class: "muted" }, seat.role === "admiral"
      ? "Your squadron's ships ticked (none ticked: all of them) go on Blockade Duty."
      : `${seat.ship || "Your ship"} goes on independent action; a volunteer stays at sea `
        + "to the season's end."),
    boxes.length ? el("div", { class: "row seat-choices" }, ships.map((s, i) =>
      labelled(s.name, boxes[i]))) : null,
    el("div", { class: "row" }, labelled("For", seasons), send.nodes), cruiseList(ctx, state));
}

/** The GM's own volunteering: any ship of the fleet (an NPC captain answers on the die). */
function gmVolunteerSection(ctx, state) {
  const ship = select((ctx.rules?.fleet || []).map((s) => [s.code, `${s.name} (${s.squadron})`]));
  const seasons = seasonsSelect(state.phase, ctx.rules);
  const send = actionButton(ctx, "Ask her captain", () => ({ type: "volunteer",
    ship: ship.value, seasons: Number(seasons.value) }), { name: "volunteer" });
  return el("fieldset", { class: "volunteer" }, el("legend", {}, "Volunteers"),
    el("div", { class: "row" }, labelled("Ship", ship), labelled("For", seasons), send.nodes),
    el("p", { class: "muted" }, "Plan a cruise's missions on the Voyage tab."),
    cruiseList(ctx, state));
}

/** The GM's orders to enemy forces (`move_enemy`). */
function enemySection(ctx, enemies, title = "The enemy") {
  const force = select(enemies.map((f) => [f.id, `${f.name} (${f.side})`]));
  const to = select(ctx.map.ports.map((p) => [p.id, `${p.name} (${p.nation})`]));
  const move = actionButton(ctx, "Move", () => ({ type: "move_enemy", force: force.value,
    to: to.value }), { name: "move_enemy" });
  return el("fieldset", {}, el("legend", {}, title),
    el("div", { class: "row" }, labelled("Force", force)),
    el("div", { class: "row" }, labelled("To", to), move.nodes));
}

// -- the GM's "Act as" ---------------------------------------------------------------------
/**
 * The choices of the GM's "Act as": himself, each seat, each British force afloat and each
 * enemy force afloat, as `[value, text, group]` (value `""`, `seat:<id>`, `force:<id>`,
 * `enemy:<id>`).
 */
export function actAsChoices(state) {
  const out = [["", "Yourself (Games Master)", null]];
  for (const s of state.seats || []) {
    if (s.role === "gm") continue;
    const own = s.squadron ? ` (${s.squadron})` : s.ship ? ` (${s.ship})` : "";
    out.push([`seat:${s.id}`, `${roleName(s.role)} ${s.name || ""}${own}`.trim(), "Seats"]);
  }
  for (const f of state.forces || []) {
    if (f.afloat === false) continue;
    const group = f.side === "Britain" ? "British forces" : "Enemy forces";
    const kind = f.side === "Britain" ? "force" : "enemy";
    out.push([`${kind}:${f.id}`, `${f.name}${f.side === "Britain" ? "" : ` (${f.side})`}`, group]);
  }
  return out;
}

/** A ctx that acts for `seat` (each action sent with `as`), its store showing that seat. */
function actingAs(ctx, seat) {
  const store = { get seat() { return seat; }, get state() { return ctx.store.state; } };
  return { ...ctx, store, act: (action) => ctx.act({ ...action, as: seat.id }) };
}

/** The "Act as" select's options, rebuilt only when the choices change. */
function fillActAs(node, state) {
  const choices = actAsChoices(state);
  const key = JSON.stringify(choices);
  if (node.dataset.choices === key) return;
  node.dataset.choices = key;
  const value = node.value;
  const groups = new Map();
  const nodes = [];
  for (const [v, text, group] of choices) {
    const option = el("option", { value: v }, text);
    if (!group) {
      nodes.push(option);
      continue;
    }
    if (!groups.has(group)) {
      groups.set(group, el("optgroup", { label: group }));
      nodes.push(groups.get(group));
    }
    groups.get(group).append(option);
  }
  fill(node, nodes);
  node.value = [...node.options].some((o) => o.value === value) ? value : "";
}

// -- deploy / sail with a routed preview -----------------------------------------------------
/**
 * The `sail` action of `seat` for `force`: a captain sails his ship, and so does a force of
 * one ship (a ship on her own, or one already detached from her squadron), which the server
 * moves as it is; a force of several ships sails as its squadron.
 */
export function sailAction(seat, force, to) {
  if (seat.ship || !force.squadron || (force.ships || []).length === 1) {
    return { type: "sail", ship: seat.ship || force.ships[0].code, to };
  }
  return { type: "sail", squadron: force.squadron, to };
}

/** The orders form of an admiral (deploy + sail) or a captain (sail); the GM's for one force
 * (deploy for a squadron's force of several ships, sail for any). */
function movementSection(ctx, forces, role, phase, title = null) {
  const deploys = may(ctx.rules, "deploy", role, phase)
    && (role !== "gm" || forces.every((f) => f.squadron && (f.ships || []).length > 1));
  const forceSel = select(forces.map((f) => [f.id, `${f.name} (${(f.ships || []).length} ship`
    + `${(f.ships || []).length === 1 ? "" : "s"})`]));
  const kinds = deploys
    ? [["station", "Deploy to a station"], ["blockade", "Blockade an enemy port"],
      ["patrol", "Patrol a sea position"], ["sail", "Sail to a port"]]
    : [["sail", "Sail to a port"], ["sail-sea", "Sail to a sea position"]];
  const kind = select(kinds);
  const station = select(ctx.map.stations.map((s) => [s.id, s.name]));
  // The enemy ports a squadron may blockade: the server's blockade zones (GET /api/map).
  const blockade = select(ctx.map.zones.map((z) => [z.id, z.name]));
  const port = select(ctx.map.ports.map((p) => [p.id, `${p.name} (${p.nation})`]));
  const lon = el("input", { type: "number", step: "0.01", min: -180, max: 180, value: -6 });
  const lat = el("input", { type: "number", step: "0.01", min: -90, max: 90, value: 48.5 });
  const previewBox = el("div", { class: "preview", "aria-live": "polite", hidden: true });
  // the position typed or clicked, written as every position is (util.position)
  const where = el("output", { class: "muted position" });
  const showWhere = () => {
    where.textContent = position(Number(lon.value), Number(lat.value));
  };
  lon.addEventListener("input", showWhere);
  lat.addEventListener("input", showWhere);
  showWhere();
  const rows = {
    station: el("div", { class: "row" }, labelled("Station", station)),
    blockade: el("div", { class: "row" }, labelled("Enemy port", blockade)),
    sail: el("div", { class: "row" }, labelled("Port", port)),
    sea: el("div", { class: "row" }, labelled("Lon", lon), labelled("Lat", lat), where),
  };

  function chosen() {
    const k = kind.value;
    const fresh = ownForces(ctx.store);
    const force = fresh.find((f) => f.id === forceSel.value) || fresh[0];
    const position = [Number(lon.value), Number(lat.value)];
    if (k === "station") return { force, kind: k, target: station.value };
    if (k === "blockade") return { force, kind: k, target: blockade.value };
    if (k === "patrol") return { force, kind: k, target: position };
    if (k === "sail-sea") return { force, kind: "sail", target: position };
    return { force, kind: "sail", target: port.value };
  }

  function action() {
    const { force, kind: k, target } = chosen();
    if (!force) throw new Error("you have no force afloat to order");
    if (k === "sail") return sailAction(ctx.store.seat, force, target);
    return { type: "deploy", squadron: force.squadron, [k]: target };
  }

  function showRows() {
    const k = kind.value;
    rows.station.hidden = k !== "station";
    rows.blockade.hidden = k !== "blockade";
    rows.sail.hidden = k !== "sail";
    rows.sea.hidden = !(k === "patrol" || k === "sail-sea");
  }

  let previewSeq = 0;
  /** The server decides the order without logging it and answers with its routed track. */
  async function preview() {
    const mine = ++previewSeq;
    previewBox.hidden = false;
    let order;
    try {
      order = action();
    } catch (err) {
      previewBox.textContent = err.message;
      return;
    }
    previewBox.textContent = "Routing…";
    previewBox.dataset.pending = "1";
    const ack = await ctx.act({ ...order, preview: true });
    if (mine !== previewSeq) return;
    delete previewBox.dataset.pending;
    previewBox.dataset.order = JSON.stringify(order);
    if (!ack.ok) {
      previewBox.textContent = `No route: ${refusalText(ack.error)}`;
      delete previewBox.dataset.distance;
      ctx.map.setPreview(null);
      return;
    }
    const route = ack.preview?.route || {};
    const risks = (route.risks || []).map((r) => (typeof r === "string" ? r : r.name || r.kind
      || JSON.stringify(r)));
    // the sea's chances (seed 003: irons, calms, currents), thrown only as she sails
    const sea = route.outlook;
    const seaText = sea && (sea.best !== sea.worst || sea.mean !== route.days)
      ? `with the sea ${round(sea.best, 1)} to ${round(sea.worst, 1)} days, `
        + `about ${round(sea.mean, 1)}` : null;
    fill(previewBox, el("strong", {}, "Route preview: "),
      `${round(route.distance_nm, 0)} nm, ${round(route.days, 1)} days under the month's wind`,
      seaText ? el("div", { class: "muted sea" }, seaText) : null,
      risks.length ? el("div", { class: "muted" }, `Risks: ${risks.join("; ")}`) : null);
    previewBox.dataset.distance = String(route.distance_nm);
    previewBox.dataset.days = String(route.days);
    if (sea) previewBox.dataset.outlook = `${sea.best},${sea.mean},${sea.worst}`;
    else delete previewBox.dataset.outlook;
    ctx.map.setPreview(route.track || [], `${round(route.distance_nm, 0)} nm, `
      + `${round(route.days, 1)} days`, route.sails);
  }

  const confirm = actionButton(ctx, "Confirm orders", action, { primary: true, name: "orders",
    okText: "orders given", after: () => ctx.map.setPreview(null) });
  const previewButton = el("button", { type: "button", dataset: { action: "preview" },
    onclick: preview }, "Preview route");
  for (const control of [forceSel, kind, station, blockade, port, lon, lat]) {
    control.addEventListener("change", () => {
      showRows();
      preview();
    });
  }
  showRows();

  // A click on the map fills the form: a station, an enemy port (blockade), a port, the sea.
  const unpick = ctx.map.onPick((pick) => {
    if (!document.body.contains(kind)) {
      unpick();
      return;
    }
    const has = (sel, v) => [...sel.options].some((o) => o.value === v);
    if (deploys && pick.kind === "station" && has(station, pick.id)) {
      kind.value = "station";
      station.value = pick.id;
    } else if (deploys && pick.kind === "port" && has(blockade, pick.id)) {
      kind.value = "blockade";
      blockade.value = pick.id;
    } else if (pick.kind === "port" && has(port, pick.id)) {
      kind.value = "sail";
      port.value = pick.id;
    } else if (pick.kind === "sea") {
      if (deploys && pick.station && has(station, pick.station)
        && kind.value === "station") {
        station.value = pick.station;
      } else {
        kind.value = deploys ? "patrol" : "sail-sea";
        lon.value = pick.lon;
        lat.value = pick.lat;
        showWhere();
      }
    } else {
      return;
    }
    showRows();
    preview();
  });

  return el("fieldset", { class: "movement" },
    el("legend", {}, title || (deploys ? "Orders for your squadron" : "Orders for your ship")),
    el("p", { class: "muted" }, "Pick the order, or click a station, a port or the sea on the "
      + "map; check the routed preview, then confirm."),
    el("div", { class: "row" }, labelled(deploys ? "Force" : "Ship", forceSel)),
    el("div", { class: "row" }, labelled("Order", kind)),
    Object.values(rows), el("div", { class: "row" }, previewButton, confirm.nodes), previewBox);
}

/** A force's row of the forces table, its places by their names (`placeNames`). */
function forceRow(f, places) {
  return el("tr", { dataset: { force: f.id } }, el("td", {}, f.name),
    el("td", { class: "ships" }, afloatShips(f).map(shipWords).join("; ")),
    el("td", {}, f.port ? placeText(f.port, places) : position(f.lon, f.lat)),
    el("td", {}, f.orders ? `${f.orders.kind} ${placeText(f.orders.target, places)}`
      + (f.route ? ` (${round(f.route.days, 1)} d)` : "") : "—"));
}

/**
 * The forces table, kept up to date row by row: update(forces) builds a row only for a force
 * whose record changed (the reducer shares an unchanged force's object between states, so
 * an event that moved one force rebuilds one row, and one that moved none rebuilds nothing);
 * every row anew when the places' lists (the ports, the chart's stations) are new.
 */
function createForcesTable() {
  const none = el("p", { class: "muted" }, "No forces of yours at sea yet.");
  const table = el("table", {}, el("tr", {}, el("th", {}, "Force"), el("th", {}, "Ships"),
    el("th", {}, "Where"), el("th", {}, "Orders")));
  const node = el("div", { class: "forces-table" }, none);
  let rows = new Map(); // force id -> {force, tr}
  let lists = [];
  let places = new Map();
  return {
    node,
    update(forces, ports, stations) {
      if (ports !== lists[0] || stations !== lists[1]) {
        lists = [ports, stations];
        places = placeNames(ports, stations);
        rows = new Map();
      }
      const next = new Map();
      for (const f of forces) {
        const had = rows.get(f.id);
        next.set(f.id, had && had.force === f ? had : { force: f, tr: forceRow(f, places) });
      }
      const order = [...next.values()].map((r) => r.tr);
      const now = [...table.children].slice(1);
      if (order.length !== now.length || order.some((tr, i) => tr !== now[i])) {
        for (const tr of now) if (!order.includes(tr)) tr.remove();
        order.forEach((tr, i) => {
          if (table.children[i + 1] !== tr) table.insertBefore(tr, table.children[i + 1] || null);
        });
      }
      rows = next;
      const shown = forces.length ? table : none;
      if (node.firstChild !== shown) node.replaceChildren(shown);
    },
  };
}

function deploymentTable(deployment, rules) {
  if (!deployment || !deployment.length) return null;
  return el("details", {}, el("summary", {}, `Force organisation (${deployment.length} ships)`),
    el("table", {}, el("tr", {}, ["Fleet", "Squadron", "Ship", "Order"].map((h) =>
      el("th", {}, h))), deployment.map((d) => el("tr", {}, el("td", {}, d.fleet),
      el("td", {}, d.squadron || "—"), el("td", {}, d.name ? `${d.name} (${d.ship})` : d.ship),
      el("td", { dataset: { order: d.order } }, orderText(rules, d.order))))));
}

/** His officer's investments (Briny, INVESTMENT): the form, in blocks of 1000 guineas by
 * the first of June (`canInvest`), and those awaiting their summer (the state's
 * `investments`), each to be liquidated for what it `fetches` until then. */
function investSection(ctx, seat, state, canInvest) {
  const kind = select([["arms", "Arms"], ["finance", "Finance"], ["commerce", "Commerce"]]);
  const guineas = el("input", { type: "number", min: "1000", step: "1000", value: "1000" });
  const send = actionButton(ctx, "Invest", () => ({ type: "invest", kind: kind.value,
    guineas: Number(guineas.value) }), { name: "invest", okText: "invested" });
  const held = (state.investments || []).filter((i) => i.officer === seat.officer);
  const line = (i) => {
    const text = `${i.kind}: ${i.guineas} guineas`;
    if (i.liquidated !== undefined) {
      return el("li", { dataset: { investment: i.id, liquidated: String(i.liquidated) } },
        `${text}, liquidated for ${i.liquidated} guineas`);
    }
    const sell = actionButton(ctx, `Liquidate for ${i.fetches} guineas`,
      () => ({ type: "liquidate", investment: i.id }), { name: "liquidate", okText: "sold" });
    return el("li", { dataset: { investment: i.id } },
      `${text}, paid after the summer of ${i.year} `, sell.nodes);
  };
  return el("fieldset", { class: "invest" }, el("legend", {}, "Investments"),
    canInvest ? el("div", { class: "row" }, labelled("In", kind), labelled("Guineas", guineas),
      send.nodes) : null,
    held.length ? el("ul", {}, held.map(line))
      : el("p", { class: "muted" }, "No investments awaiting a summer."));
}

/** A Victualling Board Supervisor's or a Chancellor's favour (Briny, INVESTMENT): the
 * investments of his post's kind paid this summer (the state's `favourable`), one named. */
function favourSection(ctx, state) {
  const choices = state.favourable || [];
  const now = choices.find((i) => i.favoured);
  const which = select(choices.map((i) => [i.id, investmentWords(i, choices, i.officer)]),
    now?.id);
  const send = actionButton(ctx, "Favour", () => ({ type: "favour_investor",
    investment: which.value }), { name: "favour_investor", okText: "favoured" });
  return el("fieldset", { class: "favour" }, el("legend", {}, "Favour an investor"),
    el("div", { class: "row" }, labelled("Investment", which), send.nodes),
    el("p", { class: "muted", dataset: { favoured: now?.id || "" } },
      now ? `Favoured this summer: ${investmentWords(now, choices, now.officer)}.`
        : "No investor favoured yet."));
}

/** An investment in words among `all` (the form's list), never by its id: its investor's
 * name `whose` (if any) and its kind, numbered when `all` holds more than one such
 * ("Jack Aubrey's finance investment (2)"). */
export function investmentWords(i, all, whose = "") {
  const same = all.filter((j) => j.kind === i.kind && j.officer === i.officer);
  const nth = same.length > 1 ? ` (${same.findIndex((j) => j.id === i.id) + 1})` : "";
  return `${whose ? `${whose}'s ` : ""}${i.kind} investment${nth}`;
}

/** His officer's weeks at the Royal Naval Academy this season (Briny, NAVAL ABILITY): his
 * NA and the record's study as the server keeps them; the fee and the NA it gives are the
 * server's to work out (the event's notice says them). */
function academySection(ctx, seat, state) {
  const officer = (state.officers || []).find((o) => o.id === seat.officer);
  const study = officer?.academy;
  const book = ctx.rules?.limits?.academy || {};
  const weeks = el("input", { type: "number", min: 1, max: book.weeks ?? 1, name: "weeks",
    value: "1" });
  const send = actionButton(ctx, "Study", () => ({ type: "study", weeks: Number(weeks.value) }),
    { name: "study", okText: "studied" });
  const now = `Naval Ability ${officer?.na ?? "?"}`
    + (study ? `; ${study.quarters} week(s) towards the next level; ${study.weeks} week(s)`
      + ` studied in ${study.season}` : "; no weeks at the Academy yet");
  return el("fieldset", { class: "academy" }, el("legend", {}, "Royal Naval Academy"),
    el("p", { class: "muted" }, `A week ashore at the Academy: ${book.guineas_a_week} guineas; `
      + `${book.weeks_a_level} weeks make a level of Naval Ability, up to NA ${book.most_na}.`),
    el("div", { class: "row" }, labelled("Weeks", weeks), send.nodes),
    el("p", { class: "muted", dataset: { na: String(officer?.na ?? "") } }, now + "."));
}

/** The courts-martial the players' characters face (Briny 001:1101, 001:1164), for the GM to
 * sit: each officer's charges as his record has them (reason and season), in the order they
 * were made; the first is sat next (its verdict from /api/rules, BtQ "Punishments"), the
 * others wait their turn. */
function courtsSection(ctx, state) {
  const facing = (state.officers || []).filter((o) => (o.courts_martial || []).length && !o.dead);
  const charge = (c) => `${c.reason}, ${c.season}`;
  const rows = facing.map((o) => {
    const [first, ...later] = o.courts_martial;
    const verdict = select((ctx.rules?.limits?.verdicts || []).map((v) => [v, v]));
    verdict.name = "verdict";
    const send = actionButton(ctx, "Sit the court",
      () => ({ type: "court_martial", officer: o.id, verdict: verdict.value }),
      { name: "court_martial", okText: "sat" });
    return el("div", { class: "row", dataset: { court: o.id } },
      el("span", {}, `${o.rank} ${o.name} (${charge(first)})`), labelled("Verdict", verdict),
      send.nodes, later.length ? el("span", { class: "muted", dataset: { later: o.id } },
        ` then: ${later.map(charge).join("; then: ")}`) : null);
  });
  return el("fieldset", { class: "courts" }, el("legend", {}, "Courts-martial"),
    rows.length ? rows : el("p", { class: "muted" }, "No officer faces a court-martial."));
}

/** Disgrace (Briny 001:335, 001:357-359), for the GM to declare for a player's character:
 * the causes from /api/rules (a debt, a duel, or a debt's disgrace "cleared"); each
 * character's disgrace as his record has it. The server says who may be disgraced. */
function disgraceSection(ctx, state) {
  const players = (state.officers || []).filter((o) => o.player && !o.dead);
  if (!players.length) {
    return el("fieldset", { class: "disgrace" }, el("legend", {}, "Disgrace"),
      el("p", { class: "muted" }, "No player's character to disgrace."));
  }
  const officer = select(players.map((o) => [o.id, `${o.rank} ${o.name}`
    + (o.disgrace ? ` (disgraced: ${o.disgrace.cause}, ${o.disgrace.season})` : "")]));
  officer.name = "officer";
  const cause = select((ctx.rules?.limits?.disgrace || []).map((c) => [c, c]));
  cause.name = "cause";
  const send = actionButton(ctx, "Declare",
    () => ({ type: "disgrace", officer: officer.value, cause: cause.value }),
    { name: "disgrace", okText: "declared" });
  return el("fieldset", { class: "disgrace" }, el("legend", {}, "Disgrace"),
    el("p", { class: "muted" }, "A debt he cannot pay or a duel with a shipmate: he joins "
      + "a Blockade ship, his seat with him, till he pays (cleared) or is mentioned in "
      + "despatches."),
    el("div", { class: "row" }, labelled("Officer", officer), labelled("Cause", cause),
      send.nodes));
}

/** His application for a post (Briny, APPOINTMENTS: "Naval Appointments are made in
 * September", "Civil Appointments are made in March"), from the state's
 * `appointment_posts`: the posts of this season's table he may apply for, each its
 * appointee and the roll it needs, or the post he holds already. */
function appointmentSection(ctx, mine) {
  const parts = [];
  if (mine.held) {
    parts.push(el("p", { class: "muted", dataset: { held: mine.held } },
      `You hold ${mine.held}: one appointment at a time.`));
  } else if (mine.announced) {
    parts.push(el("p", { class: "muted", dataset: { announcedPost: mine.announced } },
      `Your application for ${mine.announced} is announced: rolled when the season moves on.`));
  } else if (mine.posts.length) {
    const post = select(mine.posts.map((p) => [p.appointment, `${p.appointment} (the `
      + `${p.appointee}'s: ${p.by === "player" ? "his choice"
        : `announced, needs ${p.needed} on a die`})`]));
    post.name = "appointment";
    const send = actionButton(ctx, "Apply", () => ({ type: "apply_appointment",
      appointment: post.value }), { name: "apply_appointment", okText: "applied" });
    parts.push(el("div", { class: "row" }, labelled("Apply for", post), send.nodes));
  } else {
    parts.push(el("p", { class: "muted" }, "No post of this season's table to apply for."));
  }
  return el("fieldset", { class: "appointments" }, el("legend", {}, "Appointments"), parts);
}

/** His post's embezzlement (Briny, APPOINTMENTS 001:1164-1206), from the state's
 * `embezzlement`: the most he may take, the discovery roll and whose influence moves it,
 * this year's if made; and, for a player captain, his ship's embezzlers found out, each his
 * to ignore or to court-martial. The server judges and rolls; the notices tell the result. */
function embezzleSection(ctx, mine, favours, allowed) {
  const parts = [];
  const post = mine.post;
  if (post && allowed("embezzle")) {
    const roll = `${post.dice}d6 x ${post.times}`;
    const judge = post.captain ? `Captain ${post.captain} judges the offence found out.`
      : `Influence with ${post.with} moves the roll (a class ${post.favour} favour by one).`;
    parts.push(el("p", { class: "muted" }, `${post.appointment}: up to ${post.most} guineas `
      + `once a year; found out when the discovery roll (${roll}) is below the sum. ${judge}`));
    if (post.made) {
      const fate = post.made.found_out ? "found out" : "not found out";
      parts.push(el("p", { class: "muted", dataset: { made: String(post.made.guineas),
        found: String(post.made.found_out) } },
      `This year: ${post.made.guineas} guineas (${post.made.season}), ${fate}.`));
    } else if (!post.now) {
      parts.push(el("p", { class: "muted" }, "Not during the campaign season (the summer)."));
    } else {
      const guineas = el("input", { type: "number", min: 1, max: post.most, name: "guineas",
        value: String(post.most) });
      const boxes = post.favour === null ? [] : (favours?.held || []).map((c) =>
        el("label", {}, el("input", { type: "checkbox", name: "favour", value: String(c),
          dataset: { favour: String(c) } }), ` class ${c}`));
      const send = actionButton(ctx, "Embezzle", () => {
        const chosen = boxes.map((b) => b.querySelector("input")).filter((b) => b.checked)
          .map((b) => Number(b.value));
        return { type: "embezzle", guineas: Number(guineas.value),
          ...(chosen.length ? { favours: chosen } : {}) };
      }, { name: "embezzle", okText: "done: see the notices" });
      parts.push(el("div", { class: "row" }, labelled("Guineas", guineas), ...boxes,
        send.nodes));
    }
  }
  if (allowed("ignore_offence")) {
    for (const o of mine.offences || []) {
      const choose = (ignore) => actionButton(ctx, ignore ? "Ignore the offence"
        : "Court-martial him", () => ({ type: "ignore_offence", officer: o.officer, ignore }),
      { name: "ignore_offence", okText: ignore ? "ignored" : "reported" });
      parts.push(el("div", { class: "row", dataset: { offence: o.officer } },
        el("span", {}, `${o.name}, ${o.post}, found out embezzling ${o.guineas} guineas. `),
        choose(true).nodes, choose(false).nodes));
    }
  }
  return el("fieldset", { class: "embezzle" }, el("legend", {}, "Embezzlement"), parts);
}

/** The announced applications and resignations (Briny 001:509-512: "Influence may be used
 * to seek or block appointments"; "NPCs will resign on a 7 on 1d6, so influence is
 * needed!"), from the state's `announced`: favours his officer holds brought to bear for or
 * against each, an NPC in a post asked to resign, and an NPC favourer asked to favour an
 * investment of his officer's (001:1305); all rolled when the season moves on. */
function announcedSection(ctx, announced, favours, allowed, officer) {
  const parts = [];
  const held = favours?.held || [];
  const items = [
    ...announced.applications.map((a) => ({ ...a, what: `${a.name}'s application for `
      + `${a.appointment} (the NPC ${a.appointee}'s, needs ${a.needed})` })),
    ...announced.resignations.map((r) => ({ ...r, what: `${r.rank} ${r.name} asked to resign `
      + `as ${r.appointment} (needs ${r.needed}${r.status === "waiting" ? "; at sea" : ""})` })),
    ...(announced.favours_asked || []).map((f) => ({ ...f, what: `${f.name} asks the `
      + `${f.post} to favour his ${f.kind} investment (needs ${f.needed})` })),
    ...(announced.transfers || []).map((t) => ({ ...t, what: `${t.rank} ${t.name} requests `
      + `a change of ship from ${t.ship} (the Brigadier-General of Marines'; needs ${t.needed}`
      + `${t.status === "waiting" ? "; at sea" : ""})` })),
  ];
  for (const item of items) {
    const row = [el("span", {}, `${item.what}; Table B's class ${item.favour}. `)];
    const mine = item.influence.map((i) => `${i.wish} ${i.modifier}`);
    if (mine.length) row.push(el("span", { class: "muted" }, `Favours: ${mine.join(", ")}. `));
    if (allowed("influence_appointment") && held.length) {
      const wish = select([["for", "For"], ["against", "Against"]], "for");
      wish.name = "wish";
      const boxes = held.map((c) => el("label", {}, el("input", { type: "checkbox",
        name: "favour", value: String(c) }), ` class ${c}`));
      const send = actionButton(ctx, "Bring favours to bear", () => {
        const chosen = boxes.map((b) => b.querySelector("input")).filter((b) => b.checked)
          .map((b) => Number(b.value));
        if (!chosen.length) throw new Error("Tick the favours to bring to bear.");
        return { type: "influence_appointment", announcement: item.id, wish: wish.value,
          favours: chosen };
      }, { name: "influence_appointment", okText: "favours spent" });
      row.push(labelled("Wish", wish), ...boxes, ...send.nodes);
    }
    parts.push(el("div", { class: "row", dataset: { announcement: item.id } }, row));
  }
  if (!items.length) parts.push(el("p", { class: "muted" }, "Nothing is announced."));
  if (allowed("ask_resignation") && announced.npcs.length) {
    const npc = select(announced.npcs.map((n) => [n.officer, `${n.rank} ${n.name}, `
      + `${n.appointment}${n.at_sea ? " (at sea)" : ""}`]));
    npc.name = "npc";
    const ask = actionButton(ctx, "Ask him to resign", () => ({ type: "ask_resignation",
      officer: npc.value }), { name: "ask_resignation", okText: "announced" });
    parts.push(el("div", { class: "row" }, labelled("An NPC in a post", npc), ask.nodes));
  }
  // his investments an NPC favourer may be asked to favour (Briny 001:1305)
  const own = (announced.investments || []).filter((i) => i.officer === officer);
  if (allowed("ask_favour") && own.length) {
    const inv = select(own.map((i) => [i.id, `${investmentWords(i, own)}: the ${i.post}`]));
    inv.name = "investment";
    const ask = actionButton(ctx, "Ask him to favour it", () => ({ type: "ask_favour",
      investment: inv.value }), { name: "ask_favour", okText: "announced" });
    parts.push(el("div", { class: "row" }, labelled("Your investment", inv), ask.nodes));
  }
  // his Marine's change of ship (Briny 001:940), when the server offers it
  if (allowed("ask_transfer") && announced.transfer) {
    const ask = actionButton(ctx, "Request a change of ship", () => ({ type: "ask_transfer" }),
      { name: "ask_transfer", okText: "announced" });
    parts.push(el("div", { class: "row", dataset: { transfer: announced.transfer.ship } },
      el("span", {}, `From ${announced.transfer.ship}: the Brigadier-General of Marines decides `
        + `(needs ${announced.transfer.needed}; Table B's class ${announced.transfer.favour}). `),
      ask.nodes));
  }
  return el("fieldset", { class: "announced" }, el("legend", {}, "Announcements"),
    el("p", { class: "muted" }, "Rolled when the season moves on: an NPC resigns, or favours "
      + "an investment, on 7 on a die; favours for or against move the die."), parts);
}

/** His ship and rank by Ship Tables A and B (Briny 001:548-628), from the state's
 * `ship_tables`: the ships he may apply for (each the roll her NPC captain needs and the
 * favour class he takes, with the favours held to bring to bear), the
 * captaincies he may buy (each its price) and his month's pay. */
function shipTablesSection(ctx, mine, allowed, favours) {
  const names = Object.fromEntries((ctx.rules?.fleet || []).map((s) => [s.code, s.name]));
  const named = (code) => names[code] || code;
  const parts = [el("p", { class: "muted" }, `Social Level ${mine.social_level}.`)];
  if (allowed("apply_ship")) {
    const ships = mine.ships || [];
    if (ships.length) {
      const ship = select(ships.map((s) => [s.ship, `${named(s.ship)} (`
        + `${s.needed === null ? "accepted without a die"
          : `needs ${s.needed} on a die; her captain takes a class ${s.favour} favour`})`]));
      ship.name = "ship";
      // the favours he holds this season, any of them brought to bear on her captain's die
      const boxes = (favours?.held || []).map((c) => el("label", {}, el("input", {
        type: "checkbox", name: "ship_favour", value: String(c) }), ` class ${c}`));
      const send = actionButton(ctx, "Apply", () => {
        const chosen = boxes.map((b) => b.querySelector("input")).filter((b) => b.checked)
          .map((b) => Number(b.value));
        return { type: "apply_ship", ship: ship.value,
          ...(chosen.length ? { favours: chosen } : {}) };
      }, { name: "apply_ship", okText: "applied" });
      parts.push(el("div", { class: "row" }, labelled("Apply for the command of", ship),
        ...boxes, send.nodes));
    } else {
      parts.push(el("p", { class: "muted" }, "No ship of your row to apply for this month."));
    }
    if (mine.rejections) {
      parts.push(el("p", { class: "muted", dataset: { rejections: String(mine.rejections) } },
        `Refused ${mine.rejections} time(s) this month: only ships of a lower standing now.`));
    }
  }
  if (allowed("buy_rank") && (mine.buy || []).length) {
    const buy = select(mine.buy.map((b) => [b.ship,
      `${b.row} (${named(b.ship)}'s row): ${b.price} guineas`]));
    buy.name = "buy";
    const send = actionButton(ctx, "Buy", () => ({ type: "buy_rank", ship: buy.value }),
      { name: "buy_rank", okText: "bought" });
    parts.push(el("div", { class: "row" }, labelled("Buy the captaincy", buy), send.nodes));
  }
  if (allowed("draw_pay") && mine.pay) {
    const pay = mine.pay;
    const words = `Pay as a ${pay.row}: ${pay.pay} guineas and ${pay.status} Status Points`
      + " a month";
    const draw = actionButton(ctx, "Draw this month's pay", () => ({ type: "draw_pay" }),
      { name: "draw_pay", okText: "drawn" });
    parts.push(el("div", { class: "row", dataset: { drawn: String(pay.drawn) } },
      el("span", {}, pay.drawn ? `${words} (drawn this month).` : `${words}. `),
      pay.drawn ? null : draw.nodes));
  }
  return el("fieldset", { class: "ship-tables" }, el("legend", {}, "Your ship and rank"),
    parts);
}

/** A substitution before the fleet sails (Briny 001:903-907): a ship not going on campaign
 * (the rules' `fleet` less the state's `deployment`) in place of one that is; the server
 * judges the petition (the same rate, the NPC Captain of the Fleet's die) or the player
 * Captain of the Fleet's choice. */
function substituteSection(ctx, state, favours) {
  const going = new Set((state.deployment || []).map((d) => d.ship));
  const fleet = ctx.rules?.fleet || [];
  const idle = select(fleet.filter((s) => !going.has(s.code)).map((s) => [s.code, s.name]));
  idle.name = "ship";
  const out = select((state.deployment || []).map((d) => [d.ship, d.name || d.ship]));
  out.name = "replaces";
  // the favours he holds this season, any of them brought to bear on the die
  const boxes = (favours?.held || []).map((c) => el("label", {}, el("input", {
    type: "checkbox", name: "favour", value: String(c) }), ` class ${c}`));
  const send = actionButton(ctx, "Petition", () => {
    const chosen = boxes.map((b) => b.querySelector("input")).filter((b) => b.checked)
      .map((b) => Number(b.value));
    return { type: "substitute", ship: idle.value, replaces: out.value,
      ...(chosen.length ? { favours: chosen } : {}) };
  }, { name: "substitute", okText: "sent" });
  return el("fieldset", { class: "substitute" }, el("legend", {}, "Substitution"),
    el("p", { class: "muted" }, "Before the fleet sails: a ship not going on campaign in "
      + "place of one that is (a petition: the same rate, granted on a 7; favours "
      + "brought to bear move the die)."),
    el("div", { class: "row" }, labelled("Send", idle), labelled("In place of", out),
      ...boxes, send.nodes));
}

/** His officer's favours this season (Briny, INFLUENCE: the state's `favours`, or the
 * GM's `favours_of` the seat he acts as), and the form that brings some to bear on the
 * non-player Prime Minister's number of ships, more or fewer; his influences this cabinet,
 * each with its die and what came of it. */
function influenceSection(ctx, favours) {
  const [low, high] = ctx.rules?.limits?.favours || [1, 9];
  const wish = select([["more", "More ships"], ["fewer", "Fewer ships"]], "more");
  wish.name = "wish";
  const boxes = favours.held.filter((c) => c >= low && c <= high).map((c, i) =>
    el("label", {}, el("input", { type: "checkbox", name: "favour", value: String(c),
      dataset: { favour: String(c), index: String(i) } }), ` class ${c}`));
  const send = actionButton(ctx, "Influence the Prime Minister", () => {
    const chosen = boxes.map((b) => b.querySelector("input")).filter((b) => b.checked)
      .map((b) => Number(b.value));
    if (!chosen.length) throw new Error("Tick the favours to bring to bear.");
    return { type: "influence", wish: wish.value, favours: chosen };
  }, { name: "influence", okText: "favours spent" });
  const moved = (n) => (n === 0 ? "he was not swayed"
    : `${Math.abs(n) === 1 ? "one ship" : "two ships"} ${n > 0 ? "more" : "fewer"}`);
  const done = favours.influence || [];
  const list = (xs) => (xs.length ? xs.join(", ") : "none");
  return el("fieldset", { class: "influence" }, el("legend", {}, "Influence"),
    el("p", { class: "muted" }, `Favours this season (${favours.season}): received `
      + `${list(favours.received)}; held ${list(favours.held)}. The Prime Minister takes a `
      + `class ${favours.prime_minister} favour (two of a class make one of the next).`),
    boxes.length ? el("div", { class: "row" }, labelled("For", wish), ...boxes, send.nodes)
      : el("p", { class: "muted" }, "No favours left to spend this season."),
    el("ul", { dataset: { influences: String(done.length) } }, done.map((i) =>
      el("li", { dataset: { ships: String(i.ships) } }, `For ${i.wish} ships: die ${i.die} + `
        + `${i.modifier}, ${moved(i.ships)}.`))));
}

/** His officer's conditional orders for the summer (Briny, POLTROONERY, RECKLESS BRAVERY,
 * PROMOTION): to hide below or play the hero by so many on the death roll, and whether he
 * would decline a promotion; those given show until the summer is rolled. */
function conditionalOrdersSection(ctx, seat, state) {
  const officer = (state.officers || []).find((o) => o.id === seat.officer);
  const given = officer?.orders || {};
  const now = given.poltroonery ? "poltroonery" : given.bravery ? "bravery" : "";
  const way = select([["", "As the dice have it"], ["poltroonery", "Poltroonery"],
    ["bravery", "Reckless bravery"]], now);
  const most = ctx.rules?.limits?.orders ?? 1;
  const by = el("input", { type: "number", min: 1, max: most, name: "by",
    value: String(given.poltroonery || given.bravery || 1) });
  const decline = el("input", { type: "checkbox", name: "decline_promotion",
    checked: Boolean(given.decline_promotion) });
  const send = actionButton(ctx, "Give orders", () => {
    const orders = { type: "conditional_orders", decline_promotion: decline.checked };
    if (way.value) orders[way.value] = Number(by.value);
    return orders;
  }, { name: "conditional_orders", okText: "orders given" });
  return el("fieldset", { class: "conditional-orders" },
    el("legend", {}, "Conditional orders for the summer"),
    el("p", { class: "muted" }, "Poltroonery: so many more needed on the death roll (a d6 "
      + "then tells whether he was found out). Reckless bravery: so many less needed for "
      + "death, and for mention, promotion and plunder if he lives."),
    el("div", { class: "row" }, labelled("Orders", way), labelled("By", by),
      labelled("Decline a promotion for a mention", decline), send.nodes),
    el("p", { class: "muted", dataset: { given: now || "none" } },
      officer?.orders_words ? `Given: ${officer.orders_words}` : "No orders given."));
}

/** A task of a skirmish in words, as the rules give it (`/api/rules` `skirmishes`). */
function taskWords(t) {
  const with_ = t.weapon ? `${t.weapon}${t.range ? ` at ${t.range}` : ""}, ${t.cards} cards`
    : `${t.skill}`;
  return `${t.book} (${with_}; the foe ${t.foe} cards)`;
}

/** A ship's boats sent away (BtQ "The Skirmish Rules"): a cutting-out expedition or a
 * landing party from a ship lying off an enemy port, as the view offers it (`skirmish`,
 * the GM's `skirmish_of`: the ports within sight, her officers in the order of command,
 * her last skirmish); the missions and their tasks are the rules'. The first officer given
 * a task commands; the cards are his Discipline cards to the others (the server checks
 * them). */
function skirmishSection(ctx, boats) {
  const missions = ctx.rules?.skirmishes || [];
  const last = boats.last ? `Her last: day ${boats.last.day}, ${boats.last.text}.`
    : "Her boats have not been away this season.";
  const parts = [el("p", { class: "muted", dataset: { morale: boats.morale } },
    `Ship Morale ${boats.morale}. ${last}`)];
  if (!(boats.ports || []).length) {
    parts.push(el("p", { class: "muted" }, "She lies off no enemy port: her boats may go "
      + "away only within sight of one."));
    return el("fieldset", { class: "skirmish" }, el("legend", {},
      `${boats.name}: cutting out and landing parties`), parts);
  }
  const mission = select(missions.map((m) => [m.id, m.book]));
  const port = select(boats.ports.map((p) => [p.id, p.name]));
  const rows = el("div", { class: "party" });
  const picks = [];
  function drawRows() {
    const m = missions.find((x) => x.id === mission.value);
    picks.length = 0;
    fill(rows, (boats.officers || []).map((o) => {
      const task = select([["", "stays aboard"], ...(m?.tasks || []).map((t) => [t.id,
        taskWords(t)])]);
      const cards = el("input", { type: "number", min: 0, max: o.discipline, value: "0" });
      picks.push({ id: o.id, task, cards });
      return el("div", { class: "row", dataset: { officer: o.id } },
        labelled(`${o.rank} ${o.name} (${o.health}; Discipline ${o.discipline})`, task),
        labelled("Cards", cards));
    }));
  }
  mission.addEventListener("change", drawRows);
  drawRows();
  const send = actionButton(ctx, "Send the boats away", () => {
    const party = {};
    const cards = {};
    for (const p of picks) {
      if (!p.task.value) continue;
      const first = !Object.keys(party).length;
      party[p.id] = p.task.value;
      if (!first && Number(p.cards.value)) cards[p.id] = Number(p.cards.value);
    }
    if (!Object.keys(party).length) throw new Error("Give at least one officer a task.");
    return { type: "skirmish", ship: boats.ship, mission: mission.value, port: port.value,
      party, cards };
  }, { primary: true, name: "skirmish", okText: "fought: see the notices" });
  parts.push(el("div", { class: "row" }, labelled("Mission", mission), labelled("Off", port)),
    rows, el("p", { class: "muted" }, "The first officer given a task commands; his "
      + "Discipline cards go to the others."), el("div", { class: "row" }, send.nodes));
  if (boats.today) parts.push(el("p", { class: "muted" }, "Her boats have been away today."));
  return el("fieldset", { class: "skirmish" }, el("legend", {},
    `${boats.name}: cutting out and landing parties`), parts);
}

/** A seat's own sections (its role's), sent through `ctx` (the GM's acting-as ctx too). */
function seatSections(ctx, seat, state, mine) {
  const sections = [];
  const allowed = (type) => may(ctx.rules, type, seat.role, state.phase);
  if (allowed("set_ships")) {
    sections.push(digitSection(ctx, "Number of ships (Table F)", "set_ships",
      ctx.rules?.table_f?.ships_digits || [], state.cabinet?.ships_digit,
      ctx.rules?.table_f?.ships, "Ships sent"));
  }
  if (allowed("set_deployment")) {
    sections.push(digitSection(ctx, "Deployment (Table F)", "set_deployment",
      ctx.rules?.table_f?.deployment_digits || [], state.cabinet?.deployment_digit,
      ctx.rules?.table_f?.deployments, "Deployment"));
  }
  if (seat.role !== "gm" && allowed("sail")) {
    const afloat = mine.filter((f) => f.afloat !== false);
    sections.push(afloat.length ? movementSection(ctx, afloat, seat.role, state.phase)
      : el("p", { class: "muted" }, state.phase === "summer"
        ? "Your command is not at sea this summer." : "Your command is not on a cruise."));
  }
  if (seat.role !== "gm" && allowed("volunteer")) {
    sections.push(volunteerSection(ctx, seat, state));
  }
  const invested = (state.investments || []).some((i) => i.officer === seat.officer);
  if (allowed("invest") || (allowed("liquidate") && invested)) {
    sections.push(investSection(ctx, seat, state, allowed("invest")));
  }
  if (allowed("favour_investor") && (state.favourable || []).length) {
    sections.push(favourSection(ctx, state));
  }
  if (allowed("conditional_orders") && seat.officer) {
    sections.push(conditionalOrdersSection(ctx, seat, state));
  }
  if (allowed("study") && seat.officer) {
    sections.push(academySection(ctx, seat, state));
  }
  // his own favours; the GM acting as a seat reads that seat's (`favours_of`)
  const favours = seat.role === "gm" ? null : (state.favours_of?.[seat.id] ?? state.favours);
  if (allowed("substitute") && seat.officer && state.day === 0
    && (state.deployment || []).length) {
    sections.push(substituteSection(ctx, state, favours));
  }
  // his own character's, or (the GM acting as his seat) the GM's copy of it
  const tables = state.ship_tables_of?.[seat.id] ?? state.ship_tables;
  if (tables && ["apply_ship", "buy_rank", "draw_pay"].some(allowed)) {
    sections.push(shipTablesSection(ctx, tables, allowed, favours));
  }
  if (allowed("court_martial")) {
    sections.push(courtsSection(ctx, state));
  }
  if (allowed("disgrace")) {
    sections.push(disgraceSection(ctx, state));
  }
  // his own character's posts to apply for, or (the GM acting as his seat) the GM's copy
  const posts = state.appointment_posts_of?.[seat.id] ?? state.appointment_posts;
  if (posts && allowed("apply_appointment")) {
    sections.push(appointmentSection(ctx, posts));
  }
  // his post's embezzlement, his ship's embezzlers found out (the GM's copy for the seat)
  const theft = state.embezzlement_of?.[seat.id] ?? state.embezzlement;
  if (theft && (allowed("embezzle") || allowed("ignore_offence"))) {
    sections.push(embezzleSection(ctx, theft, favours, allowed));
  }
  // what is announced, for favours for or against (the GM's copy lists everyone's)
  if (state.announced && seat.officer
    && ["ask_resignation", "ask_favour", "ask_transfer", "influence_appointment"].some(allowed)) {
    const held = state.favours_of?.[seat.id] ?? state.favours;
    sections.push(announcedSection(ctx, state.announced, held, allowed, seat.officer));
  }
  if (allowed("influence") && favours) {
    sections.push(influenceSection(ctx, favours));
  }
  // his ship's boats (the GM acting as his seat: the GM's copy of the ship's, `skirmish_of`)
  const boats = seat.role === "gm" ? null
    : (state.skirmish_of?.[seat.ship] ?? state.skirmish);
  if (allowed("skirmish") && boats) {
    sections.push(skirmishSection(ctx, boats));
  }
  const sends = Object.values(ctx.rules?.actions || {}).some((grants) => grants[seat.role]);
  if (!sends) {
    sections.push(el("p", { class: "muted" }, "You are watching: no orders to give."));
  }
  if (allowed("ready")) {
    const toggle = actionButton(ctx, seat.ready ? "Not ready" : "Ready",
      () => ({ type: "ready", ready: !ownSeat(ctx.store).ready }), { name: "ready" });
    sections.push(el("fieldset", {}, el("legend", {}, "Turn"),
      el("div", { class: "row" }, toggle.nodes)));
  }
  return sections;
}

/** What the GM's "Act as" gives him: `{actor, sections}` (actor: the seat whose ready
 * button shows, or null). */
function actAsSections(ctx, state, choice) {
  const [kind, id] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
  if (kind === "seat") {
    const seat = (state.seats || []).find((s) => s.id === id);
    if (!seat) return { actor: null, sections: [] };
    const sub = actingAs(ctx, seat);
    const head = el("p", { class: "muted", dataset: { acting: seat.id } }, `Acting as the `
      + `${roleName(seat.role)} ${seat.name || ""}: every order is sent for his seat.`);
    return { actor: seat, sections: [head, ...seatSections(sub, seat, state, ownForces(sub.store))] };
  }
  const force = (state.forces || []).find((f) => f.id === id);
  if (!force) return { actor: null, sections: [] };
  if (kind === "enemy") {
    return { actor: null, sections: [enemySection(ctx, [force], `Orders for ${force.name}`)] };
  }
  if (!may(ctx.rules, "sail", "gm", state.phase)) {
    return { actor: null, sections: [el("p", { class: "muted" }, "Forces sail in the summer.")] };
  }
  // an NPC captain's boats: the ships of the force lying off an enemy port
  const boats = may(ctx.rules, "skirmish", "gm", state.phase)
    ? (force.ships || []).map((sh) => state.skirmish_of?.[sh.code]).filter(Boolean) : [];
  return { actor: null, sections: [movementSection(ctx, [force], "gm", state.phase,
    `Orders for ${force.name}`), ...boats.map((b) => skirmishSection(ctx, b))] };
}

/** The Orders panel; render() rebuilds its forms only when what they offer changes. */
export function createOrdersPanel(root, ctx) {
  let key = null;
  const live = el("div", {});
  const forms = el("div", {});
  const actAs = el("select", { dataset: { control: "act-as" } });
  actAs.addEventListener("change", () => {
    key = null;
    if (ctx.store.state) createdPanel.render(ctx.store);
  });
  root.append(forms, live);
  // The panel's parts below the forms, each redrawn only when what it shows changed: the
  // forces table row by row, the force organisation when the deployment is new.
  const liveHead = el("h2", {});
  const forcesTable = createForcesTable();
  const organisation = el("div", {});
  live.append(liveHead, forcesTable.node, organisation);
  let deploymentShown;
  // What the forms were drawn from, by identity (the reducer shares what an event did not
  // change): an event that touched none of it skips the forms' key altogether.
  let inputs = null;
  const createdPanel = {
    render(store) {
      const state = store.state;
      const seat = ownSeat(store);
      if (!state || !seat) return;
      const mine = ownForces(store);
      const gm = seat.role === "gm";
      if (gm) fillActAs(actAs, state);
      const choice = gm ? actAs.value : "";
      const nextInputs = [seat, state.phase, state.paused, state.cabinet, state.cruises,
        state.officers, state.investments, state.favourable, state.ship_tables,
        state.ship_tables_of, state.appointment_posts, state.appointment_posts_of,
        state.embezzlement, state.embezzlement_of, state.favours, state.favours_of,
        state.day === 0, state.announced, state.deployment, state.skirmish, state.skirmish_of,
        state.forces, state.seats, choice, key];
      const same = inputs && nextInputs.every((v, i) => v === inputs[i]);
      inputs = nextInputs;
      if (!same) {
        const forceIds = (state.forces || []).map((f) => [f.id, f.afloat, (f.ships || []).length]);
        const cruises = (state.cruises || []).map((c) => [c.id, c.missions]);
        // his officer's orders, investments and weeks of study: the forms drawn anew with them
        const own = (state.officers || []).find((o) => o.id === seat.officer);
        const held = [own?.orders ?? null, own?.academy ?? null,
          (state.investments || []).map((i) => [i.id, i.liquidated ?? null]),
          state.favourable ?? null, state.ship_tables ?? null, state.ship_tables_of ?? null,
          state.appointment_posts ?? null, state.appointment_posts_of ?? null,
          state.embezzlement ?? null, state.embezzlement_of ?? null,
          state.favours ?? null, state.favours_of ?? null, state.day === 0,
          state.announced ?? null,
          (state.deployment || []).map((d) => d.ship), state.skirmish ?? null,
          state.skirmish_of ?? null,
          // the courts-martial the GM may sit: the form drawn anew as they are faced and sat
          (state.officers || []).filter((o) => o.courts_martial).map((o) => [o.id,
            o.courts_martial]),
          // the players' characters the GM may disgrace, and their disgrace
          (state.officers || []).filter((o) => o.player && !o.dead)
            .map((o) => [o.id, o.disgrace?.cause ?? null])];
        const nextKey = JSON.stringify([seat.role, state.phase, state.paused, state.cabinet, cruises,
          held,
          mine.map((f) => f.id), gm ? [forceIds, state.seats.map((s) => [s.id, s.role,
            s.squadron, s.ship])] : 0, choice]);
        let actor = seat;
        if (choice) actor = (state.seats || []).find((s) => `seat:${s.id}` === choice) || null;
        if (nextKey !== key) {
          key = nextKey;
          const sections = [];
          if (gm) {
            sections.push(el("div", { class: "row act-as" }, labelled("Act as", actAs)));
          }
          if (choice) {
            sections.push(...actAsSections(ctx, state, choice).sections);
          } else {
            if (gm) sections.push(...gmSections(ctx, state));
            sections.push(...seatSections(ctx, seat, state, mine));
            if (gm && may(ctx.rules, "sail", "gm", state.phase)) {
              sections.push(el("p", { class: "muted" }, "To order a squadron, a ship or an "
                + "enemy force, or to give a seat's orders, choose it in Act as."));
            }
          }
          if (state.phase === "over") {
            sections.push(el("p", {}, "The war is over: see the Report tab."));
          } else if (["autumn", "winter", "spring"].includes(state.phase)) {
            sections.push(el("p", {}, `The summer of ${state.year ?? ""} is over (see the Report`
              + ` tab); it is ${state.phase}.`));
          }
          fill(forms, el("h2", {}, "Orders"), sections);
          inputs[inputs.length - 1] = key;
        }
        const readyButton = forms.querySelector("button[data-action=ready]");
        if (readyButton && actor) readyButton.textContent = actor.ready ? "Not ready" : "Ready";
      }
      liveHead.textContent = gm ? "British forces" : "Your forces";
      forcesTable.update(mine, ctx.ports, ctx.map?.stations);
      if (state.deployment !== deploymentShown) {
        deploymentShown = state.deployment;
        fill(organisation, deploymentTable(state.deployment, ctx.rules));
      }
    },
  };
  return createdPanel;
}
