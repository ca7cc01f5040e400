// The chart's legend: what each colour, line and ship symbol stands for, each drawn from the
// very colours, images and drawing functions the layers use (map_style.js, ships.js,
// map_wind.js), so that the legend's symbols are the ones on the chart. Each entry carries
// `data-kind` and `data-colour` (the tests compare them with the layers' paint).

import { el } from "./util.js";
import { BRITISH_OTHER, ENGAGEMENT, NATION_COLOURS, NEUTRAL, PORT_STROKE, SAIL_COLOURS,
  SHALLOWS_FILL, SHALLOWS_LINE, SQUADRON_COLOURS, STATION_LINE, STATION_MARK, WIND_COLOURS,
  ZONE_LINE } from "./map_style.js";
import { legendIcon } from "./ships.js";
import { windCanvas } from "./map_wind.js";

/** The legend's ship symbols: the roster's types as the server names them (a rating's
 * `type`), with the chart's words. */
const SYMBOLS = [["first-rate", "1st rate (100+ guns)"], ["second-rate", "2nd rate"],
  ["third-rate", "3rd rate"], ["fourth-rate", "4th rate"], ["fifth-rate", "5th rate (frigate)"],
  ["sixth-rate", "6th rate (frigate)"], ["ship-sloop", "Ship sloop"],
  ["brig-sloop", "Brig sloop"], ["cutter", "Cutter"]];

const SQUADRON_WORDS = { White: "White squadron", Red: "Red squadron", Blue: "Blue squadron",
  Blockade: "Blockade squadron" };

/** The legend, a <details> box over the map. */
export function legendBox() {
  const item = (kind, colour, swatch, text) => el("li", { "data-kind": kind,
    "data-colour": colour }, [swatch, text]);
  const line = (colour, dashed = false) => el("span", { class: `swatch${dashed ? " dashed" : ""}`,
    style: dashed ? `border-top-color:${colour}` : `background:${colour}` });
  const dot = (colour, stroke = "#222") => el("span", { class: "swatch dot",
    style: `background:${colour};border-color:${stroke}` });
  const ring = (colour) => el("span", { class: "swatch dot",
    style: `background:transparent;border:1.5px solid ${colour}` });
  const heading = (text) => el("li", { class: "legend-heading" }, text);
  return el("details", { class: "map-legend" }, [
    el("summary", {}, "Legend"),
    el("ul", {}, [
      heading("British squadrons (hull and pennant)"),
      ...Object.entries(SQUADRON_COLOURS).map(([name, colour]) => el("li", {
        class: "ship-symbol", "data-kind": "squadron", "data-colour": colour },
      [legendIcon("third-rate", colour), SQUADRON_WORDS[name] || name])),
      el("li", { class: "ship-symbol", "data-kind": "squadron", "data-colour": BRITISH_OTHER },
        [legendIcon("third-rate", BRITISH_OTHER), "Other British forces (another station's, "
          + "a ship detached)"]),
      heading("Enemy forces (their nation)"),
      ...Object.entries(NATION_COLOURS).filter(([n]) => n !== "Britain").map(([name,
        colour]) => el("li", { class: "ship-symbol", "data-kind": "nation",
        "data-colour": colour }, [legendIcon("third-rate", colour), name])),
      heading("Ship symbols: the force's largest ship"),
      ...SYMBOLS.map(([type, text]) => el("li", { class: "ship-symbol", "data-type": type,
        "data-kind": "type", "data-colour": NEUTRAL }, [legendIcon(type, NEUTRAL), text])),
      el("li", { class: "ship-symbol", "data-type": "count", "data-kind": "count",
        "data-colour": SQUADRON_COLOURS.Red },
      [legendIcon("third-rate", SQUADRON_COLOURS.Red, 4),
        "×N: a force of N ships; the numeral is her rate"]),
      heading("Ports (who holds them)"),
      ...Object.entries(NATION_COLOURS).map(([name, colour]) => item("port", colour,
        dot(colour, PORT_STROKE), `${name === "Netherlands" ? "Dutch" : name} port`)),
      item("port", NEUTRAL, dot(NEUTRAL, PORT_STROKE), "Other port"),
      heading("The sea"),
      item("engagement", ENGAGEMENT, dot(ENGAGEMENT, ENGAGEMENT), "Engagement being fought"),
      item("station", STATION_LINE, line(STATION_LINE, true), "Naval station (its bounds)"),
      item("station-mark", STATION_MARK, ring(STATION_MARK), "Station's patrol point"),
      item("zone", ZONE_LINE, line(ZONE_LINE, true),
        "Blockade zone: the circle off an enemy port a blockading squadron holds"),
      item("shallows", SHALLOWS_FILL, el("span", { class: "swatch area",
        style: `background:${SHALLOWS_FILL};border-color:${SHALLOWS_LINE}` }), "Shallows"),
      ...Object.keys(WIND_COLOURS).map((strength) => item("wind", WIND_COLOURS[strength],
        windCanvas(strength, 16), `Prevailing wind, ${strength} (blowing the arrow's way)`)),
      ...Object.entries(SAIL_COLOURS).map(([k, c]) => item("preview", c, line(c),
        `Order's track: ${k}`)),
    ]),
  ]);
}
