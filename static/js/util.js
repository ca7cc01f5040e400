// Small helpers shared by the client's modules: DOM building, formatting, REST calls.
// No game rules live here (or anywhere in static/): the server decides, the client shows.

/** Build an element: el("button", {type: "button", onclick: f}, "Roll"). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "class") {
      node.className = value;
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace all children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let uid = 0;
/** A unique DOM id for label/for pairs. */
export function newId(prefix = "f") {
  uid += 1;
  return `${prefix}-${uid}`;
}

/** A labelled control: returns [label, control]. */
export function labelled(text, control) {
  if (!control.id) control.id = newId();
  return [el("label", { for: control.id }, text), control];
}

const SUIT_SYMBOLS = {
  hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠",
  h: "♥", d: "♦", c: "♣", s: "♠", "♥": "♥", "♦": "♦", "♣": "♣", "♠": "♠",
};
const RANK_NAMES = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };

/**
 * A card as its face text and colour class: {rank: 10, suit: "hearts"} -> "10♥".
 * Accepts the shapes a server record may use: an object with rank/suit (or value),
 * a string such as "10H", "QS", "10♥" or "Joker".
 */
export function cardFace(card) {
  if (card === null || card === undefined) return null;
  if (typeof card === "string") {
    const text = card.trim();
    if (/^(joker|jk)$/i.test(text)) return { text: "🃏", red: false, joker: true };
    const suits = "([HDCS♥♦♣♠]|hearts|diamonds|clubs|spades)";
    const m = text.match(new RegExp(`^(10|[2-9]|[AJQKT])\\s*(?:of\\s+)?${suits}$`, "i"));
    if (m) {
      const rank = m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase();
      const suit = SUIT_SYMBOLS[m[2].toLowerCase()] || m[2];
      return { text: rank + suit, red: suit === "♥" || suit === "♦", joker: false };
    }
    return { text, red: false, joker: false };
  }
  if (typeof card === "object") {
    if (card.joker || card.rank === "joker" || card.suit === "joker") {
      return { text: "🃏", red: false, joker: true };
    }
    const rawRank = card.rank ?? card.value;
    const rank = RANK_NAMES[rawRank] || String(rawRank ?? "?");
    const suitKey = String(card.suit ?? "").toLowerCase();
    const suit = SUIT_SYMBOLS[suitKey] || SUIT_SYMBOLS[suitKey[0]] || card.suit || "";
    return { text: rank + suit, red: suit === "♥" || suit === "♦", joker: false };
  }
  return { text: String(card), red: false, joker: false };
}

/** A card drawn as a small playing card element. */
export function cardElement(card) {
  const face = cardFace(card);
  if (!face) return null;
  return el("span", {
    class: "card" + (face.red ? " red" : "") + (face.joker ? " joker" : ""),
    role: "img", "aria-label": face.joker ? "joker" : face.text,
  }, face.text);
}

/** Does this value look like a playing card? (used to find cards in generic records) */
export function looksLikeCard(value) {
  if (typeof value === "string") {
    const text = value.trim();
    return /^(10|[2-9AJQKT])[HDCS♥♦♣♠]$/.test(text) || /^(joker|JK)$/.test(text);
  }
  return !!value && typeof value === "object" && ("suit" in value) && ("rank" in value
    || "value" in value);
}

/** "1805-06-04" -> "4 June 1805". */
export function gameDate(iso) {
  if (!iso) return "—";
  const [y, m, d] = iso.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  return `${d} ${months[m - 1]} ${y}`;
}

/** A season by its calendar years, from the game's date now (ISO): "The spring of 1806",
 * a winter across two years "The winter of 1805–06" (the campaign's year, the state's
 * `year`, runs from one summer to the next: the spring after the summer of 1805 is 1806's). */
export function seasonTitle(phase, iso) {
  const [y, m] = String(iso || "").split("-").map(Number);
  if (!y) return `The ${phase}`;
  if (phase !== "winter") return `The ${phase} of ${y}`;
  const from = m === 12 ? y : y - 1;
  return `The winter of ${from}–${String(from + 1).slice(-2)}`;
}

/** A deadline (ISO UTC) as local text with what is left, or "none". */
export function deadlineText(iso, now = Date.now()) {
  if (!iso) return "none";
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  const left = when.getTime() - now;
  const hours = Math.floor(Math.abs(left) / 3600000);
  const minutes = Math.floor((Math.abs(left) % 3600000) / 60000);
  // under a minute, the seconds: a one-minute turn is never "in 0 min" all along
  const seconds = Math.floor(Math.abs(left) / 1000);
  const span = hours ? `${hours} h ${minutes} min` : minutes ? `${minutes} min` : `${seconds} s`;
  const stamp = when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  return left >= 0 ? `${stamp} (in ${span})` : `${stamp} (passed ${span} ago)`;
}

export function round(value, digits = 1) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  const f = 10 ** digits;
  return String(Math.round(value * f) / f);
}

/** Fetch JSON; throws an Error carrying the protocol's {code, message} on failure. */
export async function getJSON(url, options = {}) {
  const response = await fetch(url, options);
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok || (body && body.ok === false)) {
    const error = body && body.error ? body.error : { code: "http", message: response.statusText };
    const err = new Error(error.message || `HTTP ${response.status}`);
    err.code = error.code || String(response.status);
    throw err;
  }
  return body;
}

/**
 * A refusal as a person reads it: the server's message without the field it names (the
 * form it is shown beside says which) and without its protocol code.
 * refusalText({code: "conflict", message: "'guineas': Jack Aubrey has 7 guineas, not the
 * 1,000 asked"}) -> "Jack Aubrey has 7 guineas, not the 1,000 asked";
 * "'turn_days' must be ..." -> "turn days must be ...".
 */
export function refusalText(error) {
  const message = String(error?.message ?? error ?? "");
  return message.replace(/^'[A-Za-z_]+': /, "")
    .replace(/^'([A-Za-z_]+)' /, (_, field) => `${field.replace(/_/g, " ")} `);
}

/** Query string from an object (arrays repeat the key). */
export function query(params) {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "") continue;
    for (const v of Array.isArray(value) ? value : [value]) q.append(key, String(v));
  }
  return q.toString();
}

/** "prime-minister" -> "Prime Minister". */
export function roleName(role) {
  const names = { gm: "Games Master", "prime-minister": "Prime Minister",
    "first-sea-lord": "First Sea Lord", admiral: "Admiral", captain: "Captain",
    marine: "Marine", observer: "Observer" };
  return names[role] || role;
}

/** A seat as the status line names it: its role, and its name where that says more (the
 * GM's seat is called "Games Master"), and its squadron or ship. */
export function seatTitle(seat) {
  const role = roleName(seat.role);
  const name = seat.name && seat.name !== role ? ` ${seat.name}` : "";
  // an admiral's or captain's seat with no command is ashore with its character
  const ashore = ["admiral", "captain"].includes(seat.role) ? " (ashore)" : "";
  const own = seat.squadron ? ` (${seat.squadron})` : seat.ship ? ` (${seat.ship})` : ashore;
  return `${role}${name}${own}`;
}

/** Human text for any small value found in a generic record. */
export function show(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : round(value, 2);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k}: ${show(v)}`).join("; ");
  }
  return String(value);
}

/** One coordinate in whole degrees and minutes with its hemisphere: (50.3667, "N", "S") ->
 * "50°22′N". Rounded to the minute; a value that rounds to zero takes the first letter. */
function degreesMinutes(value, positive, negative) {
  const minutes = Math.round(Math.abs(value) * 60);
  const side = value < 0 && minutes > 0 ? negative : positive;
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, "0")}′${side}`;
}

/**
 * A position written the one way the client writes positions: latitude then longitude, in
 * degrees and minutes, N/S and E/W: position(-4.1333, 50.3667) -> "50°22′N 4°08′W".
 * Takes (lon, lat) or one [lon, lat] pair, the order the server sends; "—" if not numbers.
 */
export function position(lon, lat) {
  if (Array.isArray(lon)) [lon, lat] = lon;
  if (![lon, lat].every((v) => typeof v === "number" && Number.isFinite(v))) return "—";
  return `${degreesMinutes(lat, "N", "S")} ${degreesMinutes(lon, "E", "W")}`;
}

/** The places' names by id: the ports' (/api/ports) and the stations' (/api/map), each
 * list of {id, name}; what `placeText` reads a port's or station's id by. */
export function placeNames(...lists) {
  const names = new Map();
  for (const list of lists) for (const p of list || []) if (p?.id) names.set(p.id, p.name);
  return names;
}

/** An order's target or a place as text: a [lon, lat] pair as a position, a port's or
 * station's id by its name in `names` (`placeNames`); an id the map does not know is never
 * shown as such ("an uncharted place"). */
export function placeText(target, names = new Map()) {
  if (Array.isArray(target) && target.length === 2 && target.every((v) => typeof v === "number")) {
    return position(target);
  }
  if (target === null || target === undefined) return "";
  return names.get(target) ?? ([...names.values()].includes(target) ? target
    : "an uncharted place");
}

/** A Table F order letter with the book's words for it (/api/rules `table_f.orders`, Briny
 * 001:709): "B (Blockade Duty)"; a letter the rules do not know, as is. */
export function orderText(rules, letter) {
  const words = rules?.table_f?.orders?.[letter];
  return words ? `${letter} (${words})` : String(letter ?? "");
}

/** What a cruise's order (B or I) puts her on, in the book's words: "on Blockade Duty". */
export function onOrder(rules, letter) {
  return `on ${rules?.table_f?.orders?.[letter] || letter}`;
}

let plotlyLoading = null;
/** plotly.js, for the panels' charts only (the map is MapLibre's): loaded once, when a chart
 * is first drawn, from the URL the page names (`<meta name="plotly">`, hashed by the server),
 * so that its 4.8 MB of script never delays the page or the map. */
export function plotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  plotlyLoading ??= new Promise((resolve, reject) => {
    const src = document.querySelector("meta[name=plotly]")?.content || "/vendor/plotly.min.js";
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve(window.Plotly);
    script.onerror = () => {
      plotlyLoading = null;
      reject(new Error(`plotly.js could not be loaded from ${src}`));
    };
    document.head.append(script);
  });
  return plotlyLoading;
}
