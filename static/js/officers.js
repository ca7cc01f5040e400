// The Officers panel: the seats and each seat's officer, the British fleet's officers by berth
// (the state's `officers`, each as this seat may see him), the Character sheet of the seat's
// own officer (GET /api/campaigns/<id>/officers/<officer>; the GM opens anyone's), and the
// GM's form that gives a seat whose officer is dead, or who has none, a new character
// (POST /api/campaigns/<id>/officers). What an officer is and may be is the server's: this
// module shows the records it sends and sends what the GM types.

import { ownSeat } from "./store.js";
import { el, fill, getJSON, labelled, newId, roleName, show } from "./util.js";

/** Where an officer serves: his `berth` (a ship's code or a squadron), or null ashore. */
export function berthOf(officer) {
  if (!officer) return null;
  if ("berth" in officer) return officer.berth ?? null;
  return officer.ship || officer.squadron || null; // a record as logged, before his berth
}

/** A berth in words: a ship by her name in the rules' fleet, a squadron, or "ashore". */
export function berthName(berth, rules) {
  if (!berth) return "ashore";
  const ship = (rules?.fleet || []).find((s) => s.code === berth);
  return ship ? `${ship.name} (${berth})` : berth;
}

/** What every seat may read of an officer: "Captain Jack Aubrey, Fiddler's Green (FG)". */
export function officerLine(officer, rules) {
  return `${officer.rank} ${officer.name}, ${berthName(berthOf(officer), rules)}`
    + `${officer.dead ? ", dead" : ""}`;
}

/**
 * The seats as the panel lists them, each with its officer (or null): the page's own seat
 * first, then in the state's order; the GM's seat has no berth and is left out.
 */
export function seatRows(seats, officers, ownId) {
  const byId = new Map((officers || []).map((o) => [o.id, o]));
  const rows = (seats || []).filter((s) => s.role !== "gm").map((seat) => ({ seat,
    officer: seat.officer ? byId.get(seat.officer) || null : null }));
  return [...rows.filter((r) => r.seat.id === ownId), ...rows.filter((r) => r.seat.id !== ownId)];
}

/**
 * Whether the GM may give `seat` a new character: a seat with a berth (an admiral's
 * squadron, a captain's ship) whose officer is dead or who has none.
 */
export function needsCharacter(seat, officers) {
  // a marine's seat has no ship till his character enrols (its ship is drawn then)
  if (!seat || !(seat.ship || seat.squadron || seat.role === "marine")) return false;
  if (!seat.officer) return true;
  const officer = (officers || []).find((o) => o.id === seat.officer);
  return !!officer?.dead;
}

/** The officers by berth, `[berth, officers]` in the order the state lists them, ashore last. */
export function officersByBerth(officers) {
  const groups = new Map();
  for (const officer of officers || []) {
    const berth = berthOf(officer);
    if (!groups.has(berth)) groups.set(berth, []);
    groups.get(berth).push(officer);
  }
  const out = [...groups.entries()].filter(([berth]) => berth !== null);
  if (groups.has(null)) out.push([null, groups.get(null)]);
  return out;
}

/**
 * The body of POST /api/campaigns/<id>/officers from the form's fields: the fields left
 * empty are left out (the server rolls them by the books).
 */
export function characterBody(seat, fields) {
  const officer = {};
  const name = String(fields.name ?? "").trim();
  const rank = String(fields.rank ?? "").trim();
  const na = String(fields.na ?? "").trim();
  if (name) officer.name = name;
  if (rank) officer.rank = rank;
  if (na) officer.na = Number(na);
  // his birth's Strength, Constitution and Expertise, where typed (a Marine's enrolment)
  const birth = {};
  for (const key of ["strength", "constitution", "expertise"]) {
    const value = String(fields[key] ?? "").trim();
    if (value) birth[key] = Number(value);
  }
  if (Object.keys(birth).length) officer.birth = birth;
  return { officer, seat };
}

function pairs(rows) {
  return el("dl", { class: "sheet" }, rows.map(([key, value]) => [el("dt", {}, key),
    el("dd", {}, value instanceof Node ? value : show(value))]));
}

function list(items, empty = "none") {
  return items.length ? el("ul", { class: "plain" }, items.map((i) => el("li", {}, i)))
    : el("p", { class: "muted" }, empty);
}

/** An officer's whole record as his sheet: the Briny record, then the BtQ sheet. */
export function sheetView(officer, rules) {
  const birth = officer.birth || {};
  const sheet = officer.sheet || {};
  // the book's order of the Measures (GET /api/rules), any others after them
  const order = rules?.measures || [];
  const rank = (m) => (order.includes(m) ? order.indexOf(m) : order.length);
  const measures = Object.entries(sheet.measures || {}).sort(([a], [b]) => rank(a) - rank(b));
  const skills = Object.entries(sheet.skills || {});
  const father = birth.father ? `${birth.father}${birth.orphan ? " (orphaned)" : ""}` : null;
  return el("article", { class: `character${officer.dead ? " dead" : ""}`,
    dataset: { officer: officer.id } },
  el("h3", {}, `${officer.rank} ${officer.name}`, officer.dead
    ? el("span", { class: "dead-mark" }, " dead") : null),
  el("h4", {}, "Briny record"),
  pairs([["Rank", officer.rank], ["Seniority", officer.seniority], ["Naval Ability", officer.na],
    ["Berth", berthName(berthOf(officer), rules)], ["Appointment", officer.appointment],
    ["Class", birth.social_class], ["Sibling rank", birth.sibling], ["Father", father],
    // his father's title (Birth Table D); his own, the King's, raises his Social Level
    ["Father's title", birth.title || "none"], ["Title", officer.title || "none"],
    ["Social level", officer.social_level ?? birth.social_level],
    ["Funds", `${show(officer.funds)} guineas`], ["Allowance", birth.allowance],
    ["Strength", birth.strength], ["Constitution", officer.constitution],
    ["Expertise", officer.expertise],
    ["Wounds", (officer.wounds || []).length ? officer.wounds : "none"],
    ["Experience", `${show(officer.experience)} summer${officer.experience === 1 ? "" : "s"}`],
    // a public hero's Status Points this month, as the server reckons them (Briny MiD)
    ["Mentioned in despatches", officer.hero ? `${officer.hero.mentions} time${
      officer.hero.mentions === 1 ? "" : "s"}: a public hero, ${officer.hero.points
    } Status Points this month` : "never"],
    // a poltroon found out loses Status Points a month till redeemed (Briny 001:1062)
    ["Poltroonery", officer.poltroon ? `found out: loses ${officer.poltroon.lost
    } Status Points this month` : "never found out"],
    // each charge its own court, sat in the order they were made (Briny 001:1101, 001:1164)
    ["Court-martial", (officer.courts_martial || []).length ? `faces ${officer.courts_martial
      .map((c) => `one (${c.reason}, ${c.season})`).join(", then ")}` : "none"],
    // with the Blockade till a duel's mention or a debt paid (Briny 001:335, 001:359)
    ["Disgrace", officer.disgrace ? `disgraced (${officer.disgrace.cause}, `
      + `${officer.disgrace.season}): with the Blockade` : "none"]]),
  el("h4", {}, "Beat to Quarters sheet"),
  pairs([["Nationality", sheet.nationality], ["Religion", sheet.religion],
    ["Social class", sheet.social_class], ["Profession", sheet.profession],
    ["Position", sheet.position], ["Wealth", sheet.wealth], ["State", sheet.state],
    // his Experiences: those he was made with, and one a summer he sails (a year of service)
    ["Experiences", sheet.experiences]]),
  el("h4", {}, "Measures"),
  el("table", { class: "measures" }, el("tr", {}, measures.map(([m]) => el("th", {}, m))),
    el("tr", {}, measures.map(([m, v]) => el("td", { dataset: { measure: m } }, show(v)))),
    // those he spent this Naval Mission leave him less until it ends (the server's figures)
    officer.measures_now ? el("tr", { class: "measures-now", title: "this Naval Mission" },
      measures.map(([m]) => el("td", { dataset: { measureNow: m } },
        show(officer.measures_now[m])))) : null),
  el("h4", {}, "Skills"),
  skills.length ? el("table", { class: "skills" }, skills.map(([s, level]) => el("tr",
    { dataset: { skill: s } }, el("td", {}, s), el("td", {}, show(level)))))
    : el("p", { class: "muted" }, "none"),
  el("h4", {}, "Traits"), list(sheet.traits || []),
  el("h4", {}, "Reputations"), list((sheet.reputations || []).map((r) => `${r.descriptor} `
    + `${r.subject}${r.kind ? ` (${r.kind}` : ""}${r.value !== undefined ? `, ${r.value}` : ""}`
    + `${r.kind ? ")" : ""}`)),
  el("h4", {}, "Curios"), list(sheet.curios || []),
  // BtQ Prize Money: each prize his ship took this Naval Mission, his share as the book
  // writes it, "Level (Number of Automatic Successes)" in one Wealth test, and the guineas
  // the server paid into his funds for it (none in a share logged before it paid them)
  el("h4", {}, "Prize money"), list((officer.prize_money || []).map((p) => el("span",
    { dataset: { prize: p.prize } }, `${p.prize} (${p.type}, ${p.size}), as ${p.as}: `
    + p.share.map(([level, n]) => `${level}(${n})`).join(", ")
    + (p.guineas !== undefined ? `: ${p.guineas} guineas into his funds` : ""))),
  "none this Naval Mission"));
}

export function createOfficersPanel(root, ctx) {
  const sheets = new Map(); // officer id -> {key, loading | officer | error}
  const forms = new Map(); // seat id -> the GM's form (kept: what he typed survives a render)
  const rankList = el("datalist", { id: newId("ranks") });
  let selected = null; // the officer the Character section shows (default: the seat's own)
  let version = 0; // bumped when a sheet arrives
  let lastKey = null;

  const officersOf = () => ctx.store.state?.officers || [];
  const mayOpen = (officer) => {
    const seat = ownSeat(ctx.store);
    return seat?.role === "gm" || (!!officer.player && officer.player === seat?.id);
  };

  /** Fetch a sheet this seat may read, again whenever the state's record of him changes. */
  function sheetOf(officer) {
    const key = JSON.stringify(officer);
    const known = sheets.get(officer.id);
    if (known && known.key === key) return known;
    const entry = { key, loading: true };
    sheets.set(officer.id, entry);
    getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/officers/`
      + `${encodeURIComponent(officer.id)}`, { headers: { Authorization: `Bearer ${ctx.token}` } })
      .then((body) => { entry.officer = body.officer; })
      .catch((err) => { entry.error = err.message; })
      .finally(() => {
        entry.loading = false;
        version += 1;
        render(ctx.store);
      });
    return entry;
  }

  function open(id) {
    selected = id;
    lastKey = null;
    render(ctx.store);
    root.querySelector(".character-panel")?.scrollIntoView({ block: "start" });
  }

  function officerButton(officer, own) {
    return el("span", { class: `officer${officer.dead ? " dead" : ""}${own ? " own" : ""}`,
      dataset: { officer: officer.id, dead: String(!!officer.dead) } },
    el("button", { type: "button", class: "link", onclick: () => open(officer.id) },
      `${officer.rank} ${officer.name}`),
    officer.dead ? el("span", { class: "dead-mark" }, " dead") : null);
  }

  function characterForm(seat) {
    if (forms.has(seat.id)) return forms.get(seat.id);
    const name = el("input", { type: "text", maxlength: 200, autocomplete: "off",
      placeholder: "rolled" });
    const rank = el("input", { type: "text", list: rankList.id, autocomplete: "off",
      placeholder: "the berth's" });
    const na = el("input", { type: "number", step: 1, placeholder: "rolled" });
    const error = el("p", { class: "error", role: "alert" });
    const done = el("span", { class: "ok-text", "aria-live": "polite" });
    const button = el("button", { type: "button", class: "primary",
      dataset: { action: "new-character" } }, "Make the character");
    button.addEventListener("click", async () => {
      error.textContent = "";
      done.textContent = "";
      button.disabled = true;
      try {
        await getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/officers`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ctx.token}`, "Content-Type": "application/json" },
          body: JSON.stringify(characterBody(seat.id, { name: name.value, rank: rank.value,
            na: na.value })),
        });
        name.value = rank.value = na.value = "";
        done.textContent = "done";
      } catch (err) {
        error.textContent = err.message;
      } finally {
        button.disabled = false;
      }
    });
    const form = el("fieldset", { class: "new-character", dataset: { seat: seat.id } },
      el("legend", {}, `New character for ${seat.name || roleName(seat.role)}`),
      el("div", { class: "row" }, labelled("Name", name)),
      el("div", { class: "row" }, labelled("Rank", rank), labelled("NA", na)),
      el("div", { class: "row" }, button, done), error);
    forms.set(seat.id, form);
    return form;
  }

  /** A marine's own enrolment (Briny 001:938): his character's name, Strength,
   * Constitution, Expertise and NA, or rolled; the server says whether he is taken. */
  function enrolForm(seat) {
    if (forms.has(seat.id)) return forms.get(seat.id);
    const input = (placeholder) => el("input", { type: "number", step: 1, placeholder });
    const fields = { name: el("input", { type: "text", maxlength: 200, autocomplete: "off",
      placeholder: "rolled" }), strength: input("rolled"), constitution: input("rolled"),
    expertise: input("rolled"), na: input("rolled") };
    const error = el("p", { class: "error", role: "alert" });
    const done = el("span", { class: "ok-text", "aria-live": "polite" });
    const button = el("button", { type: "button", class: "primary",
      dataset: { action: "enrol" } }, "Enrol in the Royal Marines");
    button.addEventListener("click", async () => {
      error.textContent = done.textContent = "";
      button.disabled = true;
      try {
        const typed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]));
        await getJSON(`/api/campaigns/${encodeURIComponent(ctx.campaign)}/officers`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ctx.token}`, "Content-Type": "application/json" },
          body: JSON.stringify(characterBody(seat.id, typed)),
        });
        done.textContent = "enrolled";
      } catch (err) {
        error.textContent = err.message;
      } finally {
        button.disabled = false;
      }
    });
    const form = el("fieldset", { class: "enrol", dataset: { seat: seat.id } },
      el("legend", {}, "Enrol in the Royal Marines"),
      el("div", { class: "row" }, labelled("Name", fields.name), labelled("NA", fields.na)),
      el("div", { class: "row" }, labelled("Strength", fields.strength),
        labelled("Constitution", fields.constitution),
        labelled("Expertise (sabre)", fields.expertise)),
      el("div", { class: "row" }, button, done), error);
    forms.set(seat.id, form);
    return form;
  }

  function characterSection(seat, officers) {
    const id = selected || seat?.officer || null;
    const officer = officers.find((o) => o.id === id);
    const head = el("h2", {}, "Character");
    const box = (...children) => el("section", { class: "character-panel", "aria-label":
      "Character", dataset: { officer: officer?.id || "" } }, head, children);
    if (!officer) {
      if (seat?.role === "marine" && needsCharacter(seat, officers)) return box(enrolForm(seat));
      return box(el("p", { class: "muted" }, seat?.role === "gm"
        ? "Click an officer to open his sheet." : "This seat has no character."));
    }
    if (!mayOpen(officer)) {
      return box(el("p", { class: "public-line" }, officerLine(officer, ctx.rules)),
        el("p", { class: "muted" }, "His sheet is his player's and the Games Master's."));
    }
    const entry = sheetOf(officer);
    if (entry.loading) return box(el("p", { class: "muted" }, `Opening ${officer.name}'s sheet…`));
    if (entry.error) return box(el("p", { class: "error", role: "alert" }, entry.error));
    return box(sheetView(entry.officer, ctx.rules));
  }

  function render(store) {
    const state = store.state;
    const seat = ownSeat(store);
    if (!state || !seat) return;
    const officers = officersOf();
    const key = JSON.stringify([seat.id, seat.role, state.seats, officers, selected, version]);
    if (key === lastKey) return;
    lastKey = key;
    const gm = seat.role === "gm";
    const rows = seatRows(state.seats, officers, seat.id);
    for (const id of [...forms.keys()]) {
      if (!rows.some((r) => r.seat.id === id && needsCharacter(r.seat, officers))) forms.delete(id);
    }
    fill(rankList, [...new Set(officers.map((o) => o.rank).filter(Boolean))]
      .map((r) => el("option", { value: r })));
    const ownOfficer = seat.officer || null;
    fill(root, el("h2", {}, "Officers"), characterSection(seat, officers),
      el("h2", {}, "Seats"),
      rows.length ? el("table", { class: "seats" }, el("tr", {}, el("th", {}, "Seat"),
        el("th", {}, "Officer")), rows.map(({ seat: s, officer }) => [
        el("tr", { class: s.id === seat.id ? "own" : null, dataset: { seat: s.id } },
          el("td", {}, `${roleName(s.role)} ${s.name || ""}`.trim(), s.ship || s.squadron
            ? el("span", { class: "muted" }, ` – ${berthName(s.ship || s.squadron, ctx.rules)}`)
            : null),
          el("td", {}, officer ? [officerButton(officer, s.id === seat.id),
            el("span", { class: "muted" }, ` – ${berthName(berthOf(officer), ctx.rules)}`)]
            : el("span", { class: "muted" }, s.ship || s.squadron ? "no character" : "—"))),
        gm && needsCharacter(s, officers) ? el("tr", { class: "form-row" },
          el("td", { colspan: 2 }, characterForm(s))) : null]))
        : el("p", { class: "muted" }, "No seats yet."),
      el("h2", {}, "The fleet's officers"),
      officers.length ? officersByBerth(officers).map(([berth, group]) => el("details", {
        dataset: { berth: berth ?? "ashore" },
        open: group.some((o) => o.id === ownOfficer) || null },
      el("summary", {}, `${berthName(berth, ctx.rules)} (${group.length})`),
      el("ul", { class: "plain" }, group.map((o) => el("li", {}, officerButton(o,
        o.id === ownOfficer)))))) : el("p", { class: "muted" },
        "The NPC officers join the berths when the force is rolled."),
      rankList);
    root.dataset.officers = String(officers.length);
  }

  return { render: (store) => render(store) };
}
