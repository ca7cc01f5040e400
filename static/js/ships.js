// The chart's ship symbols: drawn on a canvas in the page (no sprite, nothing fetched) and
// given to MapLibre with addImage. A symbol shows the force's largest ship as the server
// rates her (the view's `rating`: BtQ's roster type, its rate 1-6 or none for a sloop or a
// cutter, and how many ships the force is): her hull and masts, the rate's numeral, and
// "×N" for a force of several ships; hull and pennant in the squadron's or nation's colour.

/** Logical size of a symbol in CSS pixels (drawn at PIXEL_RATIO for a sharp edge). */
export const ICON_W = 40;
export const ICON_H = 30;
export const PIXEL_RATIO = 2;
/** The rate's numeral in its roundel, in CSS pixels at the symbol's own size: 11 px or
 * more on the screen at every zoom (the chart draws the symbol at 0.85 to 1.25 of it). */
export const BADGE_FONT_PX = 13;
/** The "×N" of a force of several ships, in CSS pixels. */
export const COUNT_FONT_PX = 10;

const INK = "#2a2418";
const SAIL = "#fbf7ea";

/** The id of the symbol for a rating, a colour and a ship count: "ship|<type>|<colour>|<n>".
 * A force without a rating (an old payload) gets the plain symbol "ship|ship|...". */
export function iconId(rating, colour, count) {
  const type = rating?.type ? String(rating.type).toLowerCase().replaceAll(" ", "-") : "ship";
  const n = Math.max(1, Math.min(99, Number(count) || 1));
  return `ship|${type}|${colour}|${n}`;
}

/** What an id stands for: {type, colour, count}; null if it is not a ship symbol's. */
export function parseIconId(id) {
  const parts = String(id).split("|");
  if (parts.length !== 4 || parts[0] !== "ship") return null;
  return { type: parts[1], colour: parts[2], count: Number(parts[3]) || 1 };
}

/** The symbol's drawing: hull length and height, masts, decks and the badge's text, from
 * the rating's words (the server's; the page does not rate ships itself). */
function shapeOf(type) {
  const rate = /^(first|second|third|fourth|fifth|sixth)-rate$/.exec(type);
  if (rate) {
    const n = ["first", "second", "third", "fourth", "fifth", "sixth"].indexOf(rate[1]) + 1;
    return { length: [30, 29, 27, 25, 23, 21][n - 1], height: n <= 2 ? 7 : n <= 4 ? 6 : 5,
      decks: n <= 2 ? 3 : n <= 4 ? 2 : 1, masts: 3, badge: String(n) };
  }
  if (type === "ship-sloop") return { length: 19, height: 4, decks: 1, masts: 3, badge: "" };
  if (type === "brig-sloop") return { length: 17, height: 4, decks: 1, masts: 2, badge: "" };
  if (type === "cutter") return { length: 13, height: 3, decks: 0, masts: 1, badge: "" };
  return { length: 20, height: 5, decks: 0, masts: 2, badge: "" };
}

/** Draw one symbol on a 2D context at logical size ICON_W x ICON_H. */
export function drawShip(g, type, colour, count) {
  const shape = shapeOf(type);
  const waterline = ICON_H - 4;
  // the hull stands right of the roundel's centre, under it at her stern
  const x0 = (ICON_W - shape.length) / 2 + (shape.badge ? 3 : 0);
  const x1 = x0 + shape.length;
  const top = waterline - shape.height;
  g.lineJoin = "round";
  // masts and sails first, the hull over their feet
  const spacing = shape.length / (shape.masts + 1);
  for (let i = 0; i < shape.masts; i += 1) {
    const x = x0 + spacing * (i + 1);
    const tall = top - (i === Math.floor(shape.masts / 2) ? 14 : 12);
    g.strokeStyle = INK;
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(x, top);
    g.lineTo(x, tall);
    g.stroke();
    g.fillStyle = SAIL;
    if (shape.masts === 1) { // a cutter's gaff mainsail and jib
      g.beginPath();
      g.moveTo(x + 0.5, tall + 1);
      g.lineTo(x + 0.5, top - 1);
      g.lineTo(x + 7, top - 1);
      g.closePath();
      g.fill();
      g.stroke();
      g.beginPath();
      g.moveTo(x - 0.5, tall + 2);
      g.lineTo(x - 0.5, top - 1);
      g.lineTo(x - 6, top - 1);
      g.closePath();
      g.fill();
      g.stroke();
    } else { // square sails: a course and a topsail
      const w = Math.min(6, spacing * 0.9);
      for (const [y, h] of [[top - 5, 4], [tall + 1, 4]]) {
        g.fillRect(x - w / 2, y, w, h);
        g.strokeRect(x - w / 2, y, w, h);
      }
    }
    if (i === Math.floor(shape.masts / 2)) { // the pennant at the main masthead
      g.fillStyle = colour;
      g.beginPath();
      g.moveTo(x, tall);
      g.lineTo(x + 6, tall + 1.2);
      g.lineTo(x, tall + 2.4);
      g.closePath();
      g.fill();
      g.lineWidth = 0.5;
      g.stroke();
    }
  }
  // the hull: a sheer line, a raked stem and a square stern
  g.fillStyle = colour;
  g.strokeStyle = INK;
  g.lineWidth = 1.1;
  g.beginPath();
  g.moveTo(x0, top);
  g.lineTo(x1 + 2, top - 0.5);
  g.lineTo(x1 - 1.5, waterline);
  g.lineTo(x0 + 1.5, waterline);
  g.closePath();
  g.fill();
  g.stroke();
  // her gun decks: a pale line along the hull for each
  g.strokeStyle = "rgba(255,248,225,0.9)";
  g.lineWidth = 0.8;
  for (let d = 0; d < shape.decks; d += 1) {
    const y = top + ((d + 1) * shape.height) / (shape.decks + 1);
    g.beginPath();
    g.moveTo(x0 + 1.5, y);
    g.lineTo(x1 - 1, y);
    g.stroke();
  }
  g.font = `bold ${BADGE_FONT_PX}px Georgia, 'DejaVu Serif', serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  if (shape.badge) { // the rate's numeral in a roundel over her stern
    const r = BADGE_FONT_PX * 0.58;
    const cy = Math.min(top - 2, ICON_H - 4 - r) - r + 2;
    g.fillStyle = SAIL;
    g.strokeStyle = INK;
    g.lineWidth = 1;
    g.beginPath();
    g.arc(r + 0.5, cy, r, 0, 2 * Math.PI);
    g.fill();
    g.stroke();
    g.fillStyle = INK;
    g.fillText(shape.badge, r + 0.5, cy + 0.8);
  }
  if (count > 1) { // how many ships the force is
    const text = `×${count}`;
    g.font = `bold ${COUNT_FONT_PX}px Georgia, 'DejaVu Serif', serif`;
    const w = Math.ceil(g.measureText(text).width) + 3;
    g.fillStyle = INK;
    g.fillRect(ICON_W - w, 0, w, COUNT_FONT_PX + 2);
    g.fillStyle = SAIL;
    g.fillText(text, ICON_W - w / 2, COUNT_FONT_PX / 2 + 1.5);
  }
}

/** A symbol as ImageData at PIXEL_RATIO (MapLibre's addImage takes it as it is). */
export function shipImage(id) {
  const spec = parseIconId(id);
  if (!spec) return null;
  const canvas = document.createElement("canvas");
  canvas.width = ICON_W * PIXEL_RATIO;
  canvas.height = ICON_H * PIXEL_RATIO;
  const g = canvas.getContext("2d");
  if (!g) return null;
  g.scale(PIXEL_RATIO, PIXEL_RATIO);
  drawShip(g, spec.type, spec.colour, spec.count);
  return g.getImageData(0, 0, canvas.width, canvas.height);
}

/** Register the symbol `id` with a MapLibre map unless it has it; true if it is there. */
export function ensureIcon(map, id) {
  if (!map || map.hasImage(id)) return Boolean(map);
  const image = shipImage(id);
  if (!image) return false;
  map.addImage(id, image, { pixelRatio: PIXEL_RATIO });
  return true;
}

/**
 * A canvas `width` x `height` CSS pixels (shown at `cssWidth` x `cssHeight`), drawn at
 * PIXEL_RATIO for a sharp edge by `draw(g)` on its 2D context (none in a page without one).
 */
export function sharpCanvas(width, height, className, draw, cssWidth = width,
  cssHeight = height) {
  const canvas = document.createElement("canvas");
  canvas.width = width * PIXEL_RATIO;
  canvas.height = height * PIXEL_RATIO;
  canvas.className = className;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  const g = canvas.getContext("2d");
  if (g) {
    g.scale(PIXEL_RATIO, PIXEL_RATIO);
    draw(g);
  }
  return canvas;
}

/** A canvas of a symbol for the legend (CSS size ICON_W x ICON_H). */
export function legendIcon(type, colour, count = 1) {
  return sharpCanvas(ICON_W, ICON_H, "ship-icon", (g) => drawShip(g, type, colour, count));
}
