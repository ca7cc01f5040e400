// A client nobody here wrote (issue 30, item 8): one summer of a campaign played through
// the official JavaScript Socket.IO client, from docs/protocol.md's shapes alone.
//
//   node tests/js/summer_client.mjs <base url> [seed]
//
// It creates a campaign over REST, seats the ministers, an admiral, a captain and an
// observer, joins every seat over WebSocket, and plays the summer as the doc's flow has it
// (the cabinet's digits, readies that move the turn clock, orders, the GM's own advance,
// every open fight's rounds) to the summer's last day, and the GM resolves it. Each seat
// keeps its view from its join's state by applying every event's JSON Patch (RFC 6902,
// fast-json-patch) in seq order, live and from a catch-up (the observer is away for most
// of the summer); at the end a fresh join's state must equal it. Every ack must be `ok` or
// the documented refusal the act was sent to draw. Prints one JSON summary on stdout;
// exits 1 when anything went wrong (the summary's `problems`).

import { isDeepStrictEqual } from "node:util";
import { applyPatch, compare } from "fast-json-patch/index.mjs";
import { io } from "socket.io-client";

const BASE = process.argv[2];
const SEED = Number(process.argv[3] ?? 918273645);
const WAIT = 120_000; // ms an ack or an awaited event may take (a shared, noisy machine)
const GAP = 2_000; // ms a missing seq is waited for live before it is fetched with `join`
const USHANT = [-5.6, 48.7];
// docs/protocol.md: the error codes a refused act may carry (`internal` is no refusal)
const REFUSALS = new Set([
  "invalid", "forbidden", "not_found", "wrong_phase", "conflict", "not_ready", "too_many",
]);

const problems = [];
const acts = { sent: 0, ok: 0, refused: {} };
const refusals = [];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const count = (tally, key) => (tally[key] = (tally[key] ?? 0) + 1);

/** A REST call: the answer's JSON; anything but `status` is a problem, thrown. */
async function rest(method, path, { token, body, status = 200 } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(WAIT),
  });
  const answer = await r.json();
  if (r.status !== status) {
    throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** The refusal's shape, as the doc gives it: `{ok: false, error: {code, message}}`. */
function wellRefused(ack) {
  const e = ack?.error;
  return (
    ack?.ok === false && REFUSALS.has(e?.code)
    && typeof e.message === "string" && e.message.length > 0 && !e.message.includes("\n")
  );
}

/** One seat's socket and its view of the campaign, kept by the events' patches. */
class Seat {
  constructor(name, campaign, token) {
    Object.assign(this, { name, campaign, token });
    this.view = null; // the join's state, then every event's patch applied in seq order
    this.seq = 0;
    this.held = new Map(); // events come before the one they follow: seq -> payload
    this.joining = null; // the (re)join on its way
    this.waiters = new Set();
    this.gapTimer = null;
    this.counts = {
      events: 0, bare: 0, unseen: 0, ops: 0, again: 0, gap_fetches: 0, catch_up_pages: 0, types: {},
    };
  }

  /** Connect over WebSocket (Socket.IO's default path and namespace) and join. */
  async open() {
    this.socket = io(BASE, { transports: ["websocket"], reconnectionDelayMax: 2_000 });
    this.socket.on("event", (p) => this.receive(p));
    this.socket.on("events", (list) => list.forEach((p) => this.receive(p)));
    this.socket.on("connect", () => {
      if (this.view !== null) this.rejoin(); // a reconnection: catch up from our seq
    });
    await new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`${this.name}: no connection`)), WAIT);
      this.socket.once("connect", () => done(clearTimeout(timer)));
    });
    const ack = await this.call("join", { campaign: this.campaign, token: this.token, since: 0 });
    if (!ack?.ok) throw new Error(`${this.name}: join refused ${JSON.stringify(ack)}`);
    Object.assign(this, { seat: ack.seat, view: ack.state, seq: ack.seq, first: ack });
    this.drain();
    return this;
  }

  /** Emit and wait for the ack (every `join` and `act` gets one, the doc says). */
  async call(name, data) {
    try {
      return await this.socket.timeout(WAIT).emitWithAck(name, data);
    } catch (error) {
      throw new Error(`${this.name}: ${name} ${data.type ?? ""} got no ack (${error.message})`);
    }
  }

  /** An act: its ack. `expected`, a refusal's code the act is sent to draw. A `not_ready`
   * is sent again after the seconds it says (the doc's retry). */
  async act(type, args = {}, expected = null) {
    let ack;
    for (let attempt = 0; attempt < 10; attempt++) {
      acts.sent += 1;
      ack = await this.call("act", { type, ...args });
      if (ack?.ok !== false || ack.error?.code !== "not_ready") break;
      await sleep(1_000 * (ack.error.retry_after ?? 1));
    }
    const ok = ack?.ok === true && (Number.isInteger(ack.seq) || (args.preview && ack.preview));
    if (ok) acts.ok += 1;
    else if (wellRefused(ack)) count(acts.refused, ack.error.code);
    else problems.push(`${this.name} ${type}: an ack off the doc's shapes ${JSON.stringify(ack)}`);
    if (expected !== null) {
      refusals.push({ seat: this.name, type, expected, got: ack?.error?.code ?? "ok" });
      if (ack?.error?.code !== expected) {
        problems.push(`${this.name} ${type}: expected ${expected}, got ${JSON.stringify(ack)}`);
      }
    } else if (!ok) {
      problems.push(`${this.name} ${type} ${JSON.stringify(args)}: refused ${JSON.stringify(ack)}`);
    }
    if (ok && ack.seq) await this.until(() => this.seq >= ack.seq, `its ${type} (seq ${ack.seq})`);
    return ack;
  }

  /** A live event (or one of an `events` list): held until every seq before it is in. */
  receive(payload) {
    if (payload.seq <= this.seq || this.held.has(payload.seq)) {
      this.counts.again += 1; // one that came both ways (catch-up and live): applied once
      return;
    }
    this.held.set(payload.seq, payload);
    if (this.view !== null && !this.joining) this.drain();
  }

  /** Apply the held events that follow on; a gap still open after a while is fetched. */
  drain() {
    this.follow();
    clearTimeout(this.gapTimer);
    if (this.held.size) {
      this.gapTimer = setTimeout(() => {
        this.counts.gap_fetches += 1;
        this.rejoin();
      }, GAP);
    }
    for (const waiter of this.waiters) waiter();
  }

  /** Apply the held events that follow on from this seat's seq, in order. */
  follow() {
    while (this.held.has(this.seq + 1)) {
      const payload = this.held.get(this.seq + 1);
      this.held.delete(payload.seq);
      this.apply(payload);
    }
    for (const seq of this.held.keys()) {
      if (seq > this.seq) continue;
      this.held.delete(seq); // it came live and in a catch-up as well: applied once
      this.counts.again += 1;
    }
  }

  apply(payload) {
    this.counts.events += 1;
    if (payload.type === undefined) this.counts.bare += 1; // a seq this seat may not see
    else count(this.counts.types, payload.type);
    if (payload.patch) {
      try {
        applyPatch(this.view, payload.patch, true); // validated: a path must resolve
        this.counts.ops += payload.patch.length;
      } catch (error) {
        problems.push(`${this.name} seq ${payload.seq}: its patch fails: ${error.message}`);
      }
    }
    this.seq = payload.seq;
  }

  /** `join {since}` again until no `more`: the events missed, in order. */
  rejoin() {
    if (this.joining) return this.joining;
    this.joining = (async () => {
      for (let page = 0; page < 1_000; page++) {
        const since = this.seq;
        const ack = await this.call("join", { campaign: this.campaign, token: this.token, since });
        if (!ack?.ok) throw new Error(`${this.name}: re-join refused ${JSON.stringify(ack)}`);
        this.counts.catch_up_pages += 1;
        // the events this seat may see, each patched from the one before; the seqs between
        // them (and up to the page's end, the ack's seq) are ones it may not see
        for (const e of ack.events) {
          if (e.seq <= this.seq) continue;
          this.counts.unseen += e.seq - this.seq - 1;
          this.apply(e);
        }
        if (ack.seq > this.seq) {
          this.counts.unseen += ack.seq - this.seq;
          this.seq = ack.seq;
        }
        this.follow();
        if (!ack.more) break;
      }
    })()
      .catch((error) => problems.push(error.message))
      .finally(() => {
        this.joining = null;
        this.drain();
      });
    return this.joining;
  }

  /** Wait until `check()` holds of this seat's view, tried after every event applied. */
  until(check, what, ms = WAIT) {
    if (check()) return Promise.resolve();
    return new Promise((done, fail) => {
      const waiter = () => {
        if (!check()) return;
        this.waiters.delete(waiter);
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        fail(new Error(`${this.name}: waited in vain for ${what} (at seq ${this.seq})`));
      }, ms);
      this.waiters.add(waiter);
    });
  }

  close() {
    clearTimeout(this.gapTimer);
    this.socket?.close();
  }
}

/** A new campaign over REST, its seats made by the GM and joined over Socket.IO. */
async function seatTable() {
  const made = await rest("POST", "/api/campaigns", {
    status: 201,
    body: { name: "A client nobody here wrote", seed: SEED, turn_days: 15, turn_seconds: 604800 },
  });
  const bodies = {
    pm: { role: "prime-minister" },
    fsl: { role: "first-sea-lord" },
    red: { role: "admiral", name: "Sir Richard", squadron: "Red" },
    fg: { role: "captain", name: "Jack Aubrey", ship: "FG" },
    obs: { role: "observer" },
  };
  const tokens = { gm: made.token };
  for (const [name, body] of Object.entries(bodies)) {
    const path = `/api/campaigns/${made.id}/seats`;
    tokens[name] = (await rest("POST", path, { token: made.token, status: 201, body })).token;
  }
  const seats = {};
  for (const [name, token] of Object.entries(tokens)) {
    seats[name] = await new Seat(name, made.id, token).open();
  }
  return { campaign: made.id, seats };
}

/** The summer played out: the cabinet, the turns, the fights, the GM's resolve. */
async function play(seats, rules, flow) {
  const { gm, pm, fsl, red, fg, obs } = seats;
  const players = [pm, fsl, red, fg];
  const bySeat = Object.fromEntries(Object.values(seats).map((s) => [s.seat.id, s]));
  // the cabinet: refusals first (nothing changes), then the ministers' digits
  await red.act("deploy", { squadron: "Red", station: "channel" }, "wrong_phase");
  await obs.act("ready", { ready: true }, "forbidden");
  await pm.act("set_ships", { digit: 8 }, "invalid");
  await gm.act("advance", { days: 2 }, "wrong_phase");
  await pm.act("set_ships", { digit: 3 });
  await fsl.act("set_deployment", { digit: 5 });
  await gm.act("say", { to: "all", text: "Gentlemen, the summer of 1805." });
  await gm.act("note", { text: "the observer hears nothing of this" });
  await readies(gm, players, flow); // every player ready: the clock rolls the force
  if (gm.view.phase !== "summer") throw new Error(`the force rolled, phase ${gm.view.phase}`);

  // the summer: orders, a refusal or two, the GM's hand on the clock once
  const preview = await red.act("deploy", { squadron: "Red", patrol: USHANT, preview: true });
  if (!preview.preview?.route) problems.push(`a preview, no route: ${JSON.stringify(preview)}`);
  await red.act("deploy", { squadron: "Red", patrol: USHANT });
  await red.act("sail", { squadron: "Red", to: "atlantis" }, "not_found");
  await fg.act("sail", { ship: "DR", to: "plymouth" }, "forbidden");
  await gm.act("move_enemy", { force: "fr-brest", to: USHANT });
  await gm.act("advance", { days: 2 });
  obs.socket.disconnect(); // away for the rest of the summer: a catch-up when he is back
  for (let step = 0; step < 2_000 && gm.view.phase === "summer"; step++) {
    const fights = gm.view.engagements.filter((e) => !e.over);
    if (!fights.length && gm.view.day >= rules.season_days) {
      flow.resolved_on_day = gm.view.day;
      await gm.act("resolve_summer"); // the summer's last day: the GM ends the season
      break;
    }
    if (!fights.length) {
      await readies(gm, players, flow); // the turn moves on when all are ready
      continue;
    }
    for (const fight of fights) {
      if (!flow.fights.includes(fight.id)) {
        flow.fights.push(fight.id);
        await gm.act("advance", { days: 1 }, "wrong_phase"); // a fight holds the turn
        await fg.act("engage_decision", { engagement: fight.id, decision: "sail away" }, "invalid");
        await fsl.act("engage_decision", { engagement: fight.id, decision: "close" }, "forbidden");
      }
      const awaited = [...new Set(Object.values(fight.awaiting ?? {}))];
      const ours = awaited.map((id) => bySeat[id]).filter((s) => s && s !== gm);
      for (const seat of ours) {
        const orders = { engagement: fight.id, decision: "close", shot: "roundshot" };
        await seat.act("engage_decision", orders);
        flow.rounds += 1;
      }
      if (!ours.length) {
        await gm.act("engage_decision", { engagement: fight.id, decision: "npc" });
        flow.npc_rounds += 1;
      }
    }
  }
  // the season is over: the observer back (his socket re-joins from his seq, a page at a
  // time), and one last public word, which every seat must reach
  obs.socket.connect();
  const last = await gm.act("say", { to: "all", text: "The summer is over." });
  for (const s of Object.values(seats)) await s.until(() => s.seq >= last.seq, `seq ${last.seq}`);
  await sleep(GAP); // anything logged after it would show in the fresh joins' seq
  return last.seq;
}

/** A JSON Patch operation in a line: what differs, not the whole of it. */
function brief(op) {
  return `${op.op} ${op.path} ${JSON.stringify(op.value) ?? ""}`.slice(0, 200);
}

/** Each seat's patched view against a fresh join's state (also after a failed play: its
 * differences say where the views parted). */
async function compareViews(campaign, seats) {
  const report = {};
  for (const [name, s] of Object.entries(seats)) {
    const fresh = await new Seat(`${name} (fresh)`, campaign, s.token).open();
    fresh.close();
    const equal = isDeepStrictEqual(fresh.view, s.view);
    report[name] = {
      role: s.seat.role,
      seq: s.seq,
      first_seq: s.first.seq,
      fresh_seq: fresh.seq,
      equal,
      differences: equal ? [] : compare(fresh.view, s.view).slice(0, 10).map(brief),
      held: s.held.size,
      ...s.counts,
    };
    if (!equal || fresh.seq !== s.seq) problems.push(`${name}: its view is not a fresh join's`);
  }
  return report;
}

async function main() {
  const rules = await rest("GET", "/api/rules");
  const { campaign, seats } = await seatTable();
  const flow = { fights: [], rounds: 0, npc_rounds: 0, readies: 0, turns: 0 };
  const summary = { campaign, seed: SEED, season_days: rules.season_days, acts, refusals, flow };
  try {
    try {
      summary.final_seq = await play(seats, rules, flow);
    } catch (error) {
      problems.push(`the play stopped: ${error.message}`);
    }
    Object.assign(summary, { phase: seats.gm.view.phase, day: seats.gm.view.day });
    summary.seats = await compareViews(campaign, seats);
    return summary;
  } finally {
    Object.values(seats).forEach((s) => s.close());
  }
}

/** Each player the GM's view shows not ready says so; then wait for the clock to move the
 * turn (the day or the phase changes). Tried again a few times: a view read just before a
 * turn moved may have named players who were ready already. */
async function readies(gm, players, flow) {
  const before = `${gm.view.phase}/${gm.view.day}`;
  const moved = () => `${gm.view.phase}/${gm.view.day}` !== before;
  for (let attempt = 0; attempt < 3 && !moved(); attempt++) {
    const waiting = new Set(gm.view.seats.filter((s) => s.ready === false).map((s) => s.id));
    for (const p of players) {
      if (waiting.has(p.seat.id) && !moved()) {
        await p.act("ready", { ready: true });
        flow.readies += 1;
      }
    }
    try {
      await gm.until(moved, `the turn after ${before}`, WAIT / 4);
    } catch {
      // not yet: read who is still not ready, and try again
    }
  }
  if (!moved()) throw new Error(`the turn did not move from ${before} with every player ready`);
  flow.turns += 1;
}

let summary;
try {
  summary = await main();
} catch (error) {
  summary = { fatal: String(error?.stack ?? error) };
  problems.push(String(error?.message ?? error));
}
summary.problems = problems;
// exit once the summary is written out: a pipe takes it asynchronously
process.stdout.write(JSON.stringify(summary) + "\n", () => process.exit(problems.length ? 1 : 0));
