// The chart's legend: what each colour, line and ship symbol stands for.

import { el } from "./util.js";
import { NATION_COLOURS, NEUTRAL, SAIL_COLOURS, SQUADRON_COLOURS, WIND_COLOURS }
  from "./map_style.js";
import { legendIcon } from "./ships.js";

/** The legend's ship symbols: the roster's types as the server names them (a rating's
 * `type`), with the chart's words. */
const SYMBOLS = [["first-rate", "1st rate (100+ guns)"], ["second-rate", "2nd rate"],
  ["third-rate", "3rd rate"], ["fourth-rate", "4th rate"], ["fifth-rate", "5th rate (frigate)"],
  ["sixth-rate", "6th rate (frigate)"], ["ship-sloop", "Ship sloop"],
  ["brig-sloop", "Brig sloop"], ["cutter", "Cutter"]];

/** The legend, a <details> box over the map. */
export function legendBox() {
  const item = (swatch, text) => el("li", {}, [swatch, text]);
  const line = (colour) => el("span", { class: "swatch", style: `background:${colour}` });
  const dot = (colour) => el("span", { class: "swatch dot", style: `background:${colour}` });
  return el("details", { class: "map-legend" }, [
    el("summary", {}, "Legend"),
    el("ul", {}, [
      item(dot(SQUADRON_COLOURS.Red), "British squadrons (their colours)"),
      item(dot(NATION_COLOURS.France), "Enemy forces (their nation)"),
      ...SYMBOLS.map(([type, text]) => el("li", { class: "ship-symbol", "data-type": type },
        [legendIcon(type, NEUTRAL), text])),
      el("li", { class: "ship-symbol", "data-type": "count" },
        [legendIcon("third-rate", SQUADRON_COLOURS.Red, 4),
          "×N: a force of N ships, drawn as her largest"]),
      item(dot("#ff3d00"), "Engagement"),
      item(line("rgba(30,70,130,0.6)"), "Naval station"),
      item(line("rgba(150,40,40,0.6)"), "Blockade zone"),
      item(line("rgba(110,160,110,0.8)"), "Shallows"),
      item(line(WIND_COLOURS.fresh), "Prevailing wind (fresh, fair, light)"),
      ...Object.entries(SAIL_COLOURS).map(([k, c]) => item(line(c), `Preview: ${k}`)),
    ]),
  ]);
}
