// The chart's corner: a compass rose with the wind nearest the view's centre, the game's date
// and its season.

import { el } from "./util.js";
import { WIND_COLOURS } from "./map_style.js";

/** The season of the year a month (1-12) falls in, as the chart's corner writes it. */
export function seasonOf(month) {
  const m = Number(month);
  if (!(m >= 1 && m <= 12)) return "";
  return ["winter", "spring", "summer", "autumn"][Math.floor((m % 12) / 3)];
}

/** The corner (`node`): draw() it again with the wind `windNow()` gives and the date last
 * set (setDate). */
export function createCorner(windNow) {
  const node = el("div", { class: "map-corner", "aria-live": "polite" });
  let dateText = "";

  function draw() {
    node.replaceChildren();
    const rose = el("canvas", { width: 64, height: 64, class: "compass-rose" });
    const g = rose.getContext("2d");
    const w = windNow();
    if (g) {
      g.translate(32, 32);
      g.strokeStyle = "#7a6a48";
      g.fillStyle = "#2a2418";
      g.beginPath();
      g.arc(0, 0, 26, 0, 2 * Math.PI);
      g.stroke();
      for (const [i, name] of ["N", "E", "S", "W"].entries()) {
        const a = (i * Math.PI) / 2;
        g.font = "9px Georgia, serif";
        g.fillText(name, Math.sin(a) * 21 - 3, -Math.cos(a) * 21 + 3);
      }
      if (w) {
        const a = ((w.from_deg + 180) * Math.PI) / 180;
        g.strokeStyle = WIND_COLOURS[w.strength] || "#2f4858";
        g.lineWidth = w.strength === "fresh" ? 3 : 2;
        g.beginPath();
        g.moveTo(-Math.sin(a) * 16, Math.cos(a) * 16);
        g.lineTo(Math.sin(a) * 16, -Math.cos(a) * 16);
        g.lineTo(Math.sin(a - 0.5) * 9, -Math.cos(a - 0.5) * 9);
        g.moveTo(Math.sin(a) * 16, -Math.cos(a) * 16);
        g.lineTo(Math.sin(a + 0.5) * 9, -Math.cos(a + 0.5) * 9);
        g.stroke();
      }
    }
    node.append(rose, el("div", {}, dateText),
      el("div", { class: "muted" }, w ? `wind ${w.strength} from ${Math.round(w.from_deg)}°` : ""));
  }

  return {
    node,
    draw,
    /** Set the date's text; true when it changed (draw() it then). */
    setDate(text) {
      if (text === dateText) return false;
      dateText = text;
      node.dataset.date = text;
      return true;
    },
  };
}
