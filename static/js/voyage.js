// The GM's voyage view: a ship, a home port, a station and 3-6 mission places; each leg routed
// by the server (/api/route), drawn on the map, animated along its timeline (days), with a
// plotly chart of speed (and point of sail where the route gives it) along the way.

import { panelWidth } from "./report.js";
import { el, fill, getJSON, labelled, plotly, position, query, round, refusalText } from "./util.js";

// GET /api/voyage routes the whole plan in one request (legs with their miles by point of
// sail); with it off, each leg is routed with /api/route and drawn without points of sail.
const VOYAGE_API = true;
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];

/**
 * Where a ship `t` days into a leg is, sailing its track at the leg's even pace. How far
 * along the track she is comes from the server's miles at each point of the track
 * (`leg.along`, from the route's `track_nm`); where the server sends none, each segment of
 * the track is taken as an even share of the leg. No distance is worked out here.
 */
export function positionAt(leg, t) {
  const track = leg.track;
  if (!track.length) return null;
  if (leg.days <= 0 || t >= leg.days) return track[track.length - 1];
  const along = leg.along && leg.along.length === track.length ? leg.along
    : track.map((_, i) => i);
  const goal = (Math.max(0, t) / leg.days) * along[along.length - 1];
  for (let i = 1; i < track.length; i += 1) {
    const step = along[i] - along[i - 1];
    if (along[i] >= goal && step > 0) {
      const f = (goal - along[i - 1]) / step;
      return [track[i - 1][0] + (track[i][0] - track[i - 1][0]) * f,
        track[i - 1][1] + (track[i][1] - track[i - 1][1]) * f];
    }
  }
  return track[track.length - 1];
}

/**
 * The ships a voyage may be planned for, from the rules (GET /api/rules): each ship type,
 * and each of the Briny fleet's ships, which sails as her type. `[value, text, type]`.
 */
export function voyageShips(rules) {
  return [...(rules?.ship_types || []).map((t) => [t.name, t.name, t.name]),
    ...(rules?.fleet || []).map((s) => [s.code, `${s.name} (${s.type})`, s.type])];
}

/**
 * Speed along the voyage, one step per leg (nm per day), and where the server gives each
 * leg's miles by point of sail, the share of each (running, reaching, beating...).
 */
export function speedSeries(legs) {
  const days = [];
  const speed = [];
  const sail = [];
  let start = 0;
  for (const leg of legs) {
    const v = leg.days > 0 ? leg.distance_nm / leg.days : 0;
    const mix = leg.sailing ? Object.entries(leg.sailing).filter(([, nm]) => nm > 0)
      .map(([k, nm]) => `${k} ${Math.round((100 * nm) / (leg.distance_nm || 1))}%`).join(", ")
      : "";
    days.push(start, start + leg.days, null);
    speed.push(v, v, null);
    sail.push(mix, mix, "");
    start += leg.days;
  }
  return { days, speed, sail };
}

/** Per point of sail, the miles of each leg (for a stacked bar), or null if not given. */
export function sailingMix(legs) {
  const kinds = [...new Set(legs.flatMap((l) => Object.keys(l.sailing || {})))];
  if (!kinds.length) return null;
  return kinds.map((k) => ({ name: k, y: legs.map((l) => (l.sailing || {})[k] || 0) }));
}

/** One leg of a routed voyage from its GeoJSON LineString (the server's properties). */
export function legFrom(feature, label) {
  const p = feature.properties || {};
  const track = feature.geometry?.coordinates || [];
  const raw = p.sailing ?? p.sailing_nm;
  const sailing = raw && typeof raw === "object" ? raw : null;
  return { label, track, along: Array.isArray(p.track_nm) ? p.track_nm : null,
    distance_nm: Number(p.distance_nm || 0), days: Number(p.days || 0),
    risks: p.risks || [], sailing, outlook: p.outlook || null };
}

/**
 * The legs of a voyage as GET /api/voyage (and a shown voyage's `voyage`) answers it: a
 * LineString a leg, labelled by the Points of its stops ("Portsmouth → Plymouth").
 */
export function legsOf(collection, names = []) {
  const features = collection?.features || [];
  const stops = features.filter((f) => f.geometry?.type === "Point")
    .sort((x, y) => (x.properties?.index ?? 0) - (y.properties?.index ?? 0));
  const name = (i) => {
    const p = stops[i]?.properties || {};
    return p.name || names[i] || p.id
      || (stops[i] ? position(stops[i].geometry.coordinates) : "?");
  };
  return features.filter((f) => f.geometry?.type === "LineString")
    .map((f, i) => legFrom(f, `${name(i)} → ${name(i + 1)}`));
}

/**
 * The points to fit the map to for a voyage: its tracks, and one more beyond their
 * south-west corner, so that the legend (in the map's bottom-left corner) lies over open
 * sea beyond the voyage and hides none of its stops.
 */
export function voyageView(legs) {
  const points = legs.flatMap((l) => l.track);
  if (!points.length) return points;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats),
    Math.max(...lats)];
  return [...points, [w - Math.max(2, 0.45 * (e - w)), s - Math.max(1.5, 0.45 * (n - s))]];
}

/** Who a shown voyage was shown to, in words. */
export function audienceText(to, seats = []) {
  if (to === "all") return "every seat";
  return (to || []).map((id) => seats.find((s) => s.id === id)?.name || id).join(", ");
}

/**
 * The voyage on the map and in the panel: the legs' table, the timeline and its Play
 * button, the speed chart; `show(legs)` draws one voyage (the planner's or a shown one).
 */
function createViewer(root, ctx) {
  let legs = [];
  let playing = null;
  const table = el("div", { class: "legs" });
  const chart = el("div", { class: "chart", id: "voyage-chart" });
  const slider = el("input", { type: "range", min: 0, max: 1, step: 0.1, value: 0 });
  const clock = el("span", { class: "muted", "aria-live": "off" }, "day 0");
  const play = el("button", { type: "button", class: "voyage-play", disabled: true }, "Play");

  function totalDays() {
    return legs.reduce((a, l) => a + l.days, 0);
  }

  function shipAt(t) {
    let start = 0;
    for (const [i, leg] of legs.entries()) {
      if (t <= start + leg.days || i === legs.length - 1) {
        const at = positionAt(leg, t - start);
        return at ? { lon: at[0], lat: at[1], text: `day ${round(t, 1)}: leg ${i + 1}` } : null;
      }
      start += leg.days;
    }
    return null;
  }

  function drawChart() {
    if (!legs.length) return;
    if (!window.Plotly) { // plotly.js comes when the first chart is drawn (util.plotly)
      plotly().then(() => drawChart()).catch(() => {});
      return;
    }
    const series = speedSeries(legs);
    const mix = sailingMix(legs);
    const traces = [{
      type: "scatter", mode: "lines", x: series.days, y: series.speed, name: "speed",
      text: series.sail, line: { color: "#0d2a4a", width: 2 },
      hovertemplate: "day %{x:.1f}: %{y:.0f} nm/day<br>%{text}<extra></extra>",
    }];
    if (mix) {
      const mids = [];
      let t = 0;
      for (const leg of legs) {
        mids.push(t + leg.days / 2);
        t += leg.days;
      }
      for (const part of mix) {
        traces.push({ type: "bar", name: part.name, x: mids, y: part.y, yaxis: "y2",
          width: legs.map((l) => l.days * 0.9), opacity: 0.55,
          hovertemplate: `${part.name}: %{y:.0f} nm<extra></extra>` });
      }
    }
    window.Plotly.react(chart, traces, {
      width: panelWidth(), height: 240, barmode: "stack",
      margin: { l: 44, r: mix ? 44 : 8, t: 24, b: 36 },
      title: { text: mix ? "Speed and points of sail along the voyage"
        : "Speed along the voyage", font: { size: 13 } },
      xaxis: { title: { text: "day" } },
      yaxis: { title: { text: "nm per day" }, rangemode: "tozero" },
      yaxis2: { title: { text: "nm by point of sail" }, overlaying: "y", side: "right",
        rangemode: "tozero", showgrid: false },
      showlegend: !!mix, legend: { orientation: "h", y: -0.3, font: { size: 10 } },
      shapes: [{ type: "line", xref: "x", yref: "paper", x0: 0, x1: 0, y0: 0, y1: 1,
        line: { color: "#ff6f00", width: 2 } }],
    }, { displaylogo: false, responsive: true });
  }

  function show(next, fit = true) {
    stop();
    legs = next;
    root.dataset.legs = String(legs.length);
    const total = totalDays();
    let cumulative = 0;
    fill(table, legs.length ? el("table", {}, el("tr", {}, ["Leg", "nm", "days", "by day"]
      .map((h) => el("th", {}, h))), legs.map((leg, i) => {
      cumulative += leg.days;
      return el("tr", {}, el("td", {}, `${i + 1}. ${leg.label}`),
        el("td", {}, round(leg.distance_nm, 0)), el("td", {}, round(leg.days, 1)),
        el("td", {}, round(cumulative, 1)));
    }), el("tr", {}, el("th", {}, "Voyage"), el("th", {}, round(legs.reduce((a, l) =>
      a + l.distance_nm, 0), 0)), el("th", {}, round(total, 1)), el("th", {}, ""))) : null);
    slider.max = String(Math.max(total, 0.1));
    slider.value = "0";
    clock.textContent = `day 0 of ${round(total, 1)}`;
    play.disabled = !legs.length;
    ctx.map.setVoyage(legs, legs.length ? shipAt(0) : null);
    if (fit && legs.length) ctx.map.fitTo(voyageView(legs));
    drawChart();
  }

  function seek(t) {
    slider.value = String(t);
    clock.textContent = `day ${round(t, 1)} of ${round(totalDays(), 1)}`;
    root.dataset.day = String(t);
    ctx.map.setVoyage(legs, shipAt(t));
    if (chart.data && window.Plotly) {
      window.Plotly.relayout(chart, { "shapes[0].x0": t, "shapes[0].x1": t });
    }
  }

  function stop() {
    if (playing) cancelAnimationFrame(playing.frame);
    playing = null;
    play.textContent = "Play";
  }

  function animate() {
    if (playing) {
      stop();
      return;
    }
    const total = totalDays();
    const seconds = 8; // the whole voyage in eight seconds
    const from = Number(slider.value) >= total ? 0 : Number(slider.value);
    const t0 = performance.now();
    play.textContent = "Pause";
    let lastDraw = 0;
    const tick = (now) => {
      const t = Math.min(total, from + ((now - t0) / 1000) * (total / seconds));
      if (now - lastDraw > 90 || t >= total) { // ~11 frames a second keeps the map smooth
        lastDraw = now;
        seek(t);
      }
      if (t >= total) {
        stop();
        return;
      }
      playing.frame = requestAnimationFrame(tick);
    };
    playing = { frame: requestAnimationFrame(tick) };
  }

  play.addEventListener("click", animate);
  slider.addEventListener("input", () => {
    stop();
    seek(Number(slider.value));
  });
  const nodes = [table, el("div", { class: "row" }, play, labelled("Timeline", slider), clock),
    chart];
  return { nodes, show, stop };
}

/** A shown voyage's stops by name where the routed stop has none (a station's ground). */
function stopNames(ctx, voyage) {
  return (voyage.stops || []).map((s) => {
    const st = s.startsWith("station:") ? ctx.map.stations.find((x) => `station:${x.id}` === s)
      : null;
    return st ? `${st.name} station` : null;
  });
}

/** The voyages the GM showed this seat, newest first; choosing one draws it. */
function shownList(ctx, viewer, root) {
  const box = el("div", { class: "shown-voyages" });
  let key = null;
  let drawn = null;

  function draw(voyage) {
    drawn = voyage.id;
    root.dataset.shown = voyage.id;
    viewer.show(legsOf(voyage.voyage, stopNames(ctx, voyage)));
    for (const b of box.querySelectorAll("button[data-voyage]")) {
      b.setAttribute("aria-pressed", String(b.dataset.voyage === drawn));
    }
  }

  function render(state, seats, auto) {
    const voyages = [...(state.voyages || [])].reverse();
    const next = JSON.stringify(voyages.map((v) => v.id));
    if (next === key) return voyages.length;
    const fresh = voyages.length && voyages[0].id !== JSON.parse(key || "[]")[0];
    key = next;
    fill(box, voyages.length ? [el("h3", {}, "Voyages shown by the Games Master"),
      el("ul", {}, voyages.map((v) => el("li", {}, el("button", { type: "button",
        dataset: { voyage: v.id }, "aria-pressed": String(v.id === drawn),
        onclick: () => draw(v) }, `${v.id}: ${(() => {
        const legs = legsOf(v.voyage, stopNames(ctx, v));
        return legs.length ? [legs[0].label.split(" → ")[0], ...legs.map((l) =>
          l.label.split(" → ")[1])].join(" → ") : v.stops.join(" → ");
      })()}`), el("span", { class: "muted" },
        ` – ${v.ship}, ${MONTHS[(v.month || 1) - 1]}, shown on day ${v.day} to `
        + `${audienceText(v.to, seats)}`))))] : null);
    if (fresh && auto) draw(voyages[0]);
    return voyages.length;
  }

  return { box, render };
}

export function createVoyagePanel(root, tab, ctx) {
  let built = false;
  const viewer = createViewer(root, ctx);
  const shown = shownList(ctx, viewer, root);

  /** A player's panel: the voyages the GM showed him, drawn and played. */
  function buildShown() {
    built = true;
    fill(root, el("h2", {}, "Voyage"), el("p", { class: "muted" }, "A voyage the Games "
      + "Master planned and showed you: press Play to follow the ship along it."),
    shown.box, viewer.nodes);
  }

  /** The GM's planner, and the form that shows its voyage to the players. */
  function buildPlanner(state) {
    built = true;
    tab.hidden = false;
    const ports = ctx.map.ports;
    const portOptions = (sel) => {
      for (const p of ports) sel.append(el("option", { value: p.id }, `${p.name} (${p.nation})`));
      return sel;
    };
    const ships = voyageShips(ctx.rules);
    const typeOf = Object.fromEntries(ships.map(([value, , type]) => [value, type]));
    const groups = [["Ship types", ships.filter(([v, , type]) => v === type)],
      ["The Briny fleet", ships.filter(([v, , type]) => v !== type)]];
    const ship = el("select", {}, groups.filter(([, list]) => list.length).map(([label, list]) =>
      el("optgroup", { label }, list.map(([value, text]) => el("option", { value }, text)))));
    if (typeOf["Fifth Rate"]) ship.value = "Fifth Rate";
    const month = el("select", {}, MONTHS.map((m, i) => el("option", { value: i + 1 }, m)));
    month.value = String(state.month || 6);
    const home = portOptions(el("select", {}));
    if (ports.some((p) => p.id === "portsmouth")) home.value = "portsmouth";
    const station = el("select", {}, ctx.map.stations.map((s) =>
      el("option", { value: s.id }, s.name)));
    const missions = el("ol", { class: "missions" });
    const addMission = (value) => {
      if (missions.children.length >= 6) return;
      const sel = el("select", {}, el("option", { value: "" }, "(clicked position)"));
      portOptions(sel);
      if (Array.isArray(value)) {
        sel.options[0].value = value.join(",");
        sel.options[0].textContent = `sea at ${position(value)}`;
        sel.value = value.join(",");
      } else if (value) {
        sel.value = value;
      } else if (ports.length) {
        sel.value = ports[Math.min(ports.length - 1, missions.children.length * 7 + 3)].id;
      }
      const remove = el("button", { type: "button", "aria-label": "Remove this mission",
        onclick: () => li.remove() }, "✕");
      const li = el("li", {}, labelled(`Mission ${missions.children.length + 1}`, sel), remove);
      missions.append(li);
    };
    for (let i = 0; i < 3; i += 1) addMission();
    const error = el("p", { class: "error", role: "alert" });
    const plan = el("button", { type: "button", class: "primary" }, "Plan the voyage");
    let clicked = null;
    let planned = null; // the voyage as last routed: what "Show" sends
    const addClicked = el("button", { type: "button", disabled: true,
      onclick: () => clicked && addMission(clicked) }, "Add clicked position");
    ctx.map.onPick((pick) => {
      if (root.hidden) return;
      if (pick.kind === "port") addMission(pick.id);
      else if (pick.kind === "sea") {
        clicked = [pick.lon, pick.lat];
        addClicked.disabled = false;
        addClicked.textContent = `Add ${position(pick.lon, pick.lat)}`;
      }
    });

    function placeName(v) {
      const p = ports.find((x) => x.id === v);
      if (p) return p.name;
      const s = ctx.map.stations.find((x) => `station:${x.id}` === v);
      return s ? `${s.name} station` : v;
    }

    /** Where a voyage calls at a station: its cruising ground (the server's), else a base. */
    function stationStop(st) {
      if (!st) return null;
      if (VOYAGE_API) return `station:${st.id}`;
      if (st.point) return st.point.map((v) => round(v, 4)).join(",");
      if (st.bases.length) return st.bases[0];
      return st.at.map((v) => round(v, 4)).join(",");
    }

    async function planVoyage() {
      error.textContent = "";
      viewer.stop();
      const st = ctx.map.stations.find((s) => s.id === station.value);
      const chosen = [...missions.querySelectorAll("select")].filter((s) => s.value);
      const stops = [home.value, stationStop(st), ...chosen.map((s) => s.value), home.value]
        .filter(Boolean);
      const names = [placeName(home.value), st ? `${st.name} station` : null,
        ...chosen.map((s) => s.selectedOptions[0].textContent), placeName(home.value)]
        .filter(Boolean);
      plan.disabled = true;
      let legs = [];
      planned = null;
      showButton.disabled = true;
      try {
        // One request for the whole plan where the server offers it (legs with their
        // points of sail); else leg by leg.
        const voyage = { stops, ship: typeOf[ship.value], month: Number(month.value) };
        const collection = VOYAGE_API ? await getJSON(`/api/voyage?${query({ stop: stops,
          ship: voyage.ship, month: voyage.month })}`) : null;
        const features = (collection?.features || []).filter((f) =>
          f.geometry?.type === "LineString");
        if (features.length === stops.length - 1) {
          legs = features.map((f, i) => legFrom(f, `${names[i]} → ${names[i + 1]}`));
          planned = voyage;
        } else {
          for (let i = 0; i + 1 < stops.length; i += 1) {
            const feature = await getJSON(`/api/route?${query({ from: stops[i],
              to: stops[i + 1], ship: voyage.ship, month: voyage.month })}`);
            legs.push(legFrom(feature, `${names[i]} → ${names[i + 1]}`));
          }
        }
      } catch (err) {
        error.textContent = `Leg ${legs.length + 1} could not be routed: ${err.message}`;
      } finally {
        plan.disabled = false;
      }
      showButton.disabled = !planned;
      root.dataset.shown = "";
      viewer.show(legs);
    }

    // Show the planned voyage to the players: every seat, or the seats ticked.
    const everyone = el("input", { type: "checkbox", checked: true });
    const seatBoxes = el("div", { class: "seat-choices" });
    const refreshSeats = () => {
      const seats = (ctx.store.state?.seats || []).filter((x) => x.role !== "gm");
      const ticked = new Set([...seatBoxes.querySelectorAll("input:checked")]
        .map((b) => b.value));
      fill(seatBoxes, seats.map((x) => labelled(`${x.name} (${x.role})`, el("input", {
        type: "checkbox", value: x.id, dataset: { seat: x.id }, checked: ticked.has(x.id),
        disabled: everyone.checked }))));
    };
    everyone.addEventListener("change", refreshSeats);
    const showError = el("p", { class: "error", role: "alert" });
    const showDone = el("p", { class: "muted", "aria-live": "polite" });
    const showButton = el("button", { type: "button", disabled: true, onclick: async () => {
      showError.textContent = "";
      showDone.textContent = "";
      const to = everyone.checked ? "all" : [...seatBoxes.querySelectorAll("input:checked")]
        .map((b) => b.value);
      if (Array.isArray(to) && !to.length) {
        showError.textContent = "Tick the seats to show it to, or every seat.";
        return;
      }
      showButton.disabled = true;
      const ack = await ctx.act({ type: "show_voyage", to, voyage: planned });
      showButton.disabled = false;
      if (!ack.ok) showError.textContent = refusalText(ack.error);
      else showDone.textContent = `Shown to ${audienceText(to, ctx.store.state?.seats)}.`;
    } }, "Show this voyage");
    refreshSeats();

    // Send a volunteers' cruise on the planned missions (`plan_cruise`): from where she is,
    // through them, and home; she sails them when the GM advances the days.
    const cruise = el("select", { dataset: { control: "cruise" } });
    const stay = el("input", { type: "number", min: 0, max: 60, step: 0.5, value: 2 });
    const refreshCruises = () => {
      const now = cruise.value;
      const at = ctx.store.state?.cruises || []; // (the server's: this season's)
      fill(cruise, at.map((c) => el("option", { value: c.id }, `${c.id}: ${c.ships.join(", ")}`)));
      if (at.some((c) => c.id === now)) cruise.value = now;
      cruiseButton.disabled = !at.length;
    };
    const cruiseError = el("p", { class: "error", role: "alert" });
    const cruiseDone = el("p", { class: "muted", "aria-live": "polite" });
    const cruiseButton = el("button", { type: "button", dataset: { action: "plan_cruise" },
      onclick: async () => {
        cruiseError.textContent = "";
        cruiseDone.textContent = "";
        const chosen = [...missions.querySelectorAll("select")].map((x) => x.value)
          .filter(Boolean);
        const ack = await ctx.act({ type: "plan_cruise", cruise: cruise.value,
          missions: chosen, stay: Number(stay.value) });
        if (!ack.ok) cruiseError.textContent = refusalText(ack.error);
        else cruiseDone.textContent = `Cruise ${cruise.value} sails on its missions.`;
      } }, "Send the cruise on these missions");
    shownSeats = () => { refreshSeats(); refreshCruises(); };
    shownSeats();

    plan.addEventListener("click", planVoyage);
    fill(root, el("h2", {}, "Voyage planner"),
      el("p", { class: "muted" }, "Plan a ship's voyage: home port, station, 3–6 missions, "
        + "home again. Click a port on the map to add it as a mission."),
      el("fieldset", {}, el("legend", {}, "The voyage"),
        el("div", { class: "row" }, labelled("Ship", ship), labelled("Month", month)),
        el("div", { class: "row" }, labelled("Home port", home)),
        el("div", { class: "row" }, labelled("Station", station)),
        missions,
        el("div", { class: "row" }, el("button", { type: "button",
          onclick: () => addMission() }, "Add a mission"), addClicked),
        el("div", { class: "row" }, plan), error),
      el("fieldset", { class: "show-voyage" }, el("legend", {}, "Show it to the players"),
        el("div", { class: "row" }, labelled("Every seat", everyone)), seatBoxes,
        el("div", { class: "row" }, showButton), showError, showDone),
      el("fieldset", { class: "plan-cruise" }, el("legend", {}, "A volunteers' cruise"),
        el("p", { class: "muted" }, "Outside the summer: the missions above, in order, for "
          + "a cruise of this season (she sails from where she is and comes home)."),
        el("div", { class: "row" }, labelled("Cruise", cruise), labelled("Days at each",
          stay), cruiseButton), cruiseError, cruiseDone),
      viewer.nodes, shown.box);
  }

  let shownSeats = null;
  return {
    render(store) {
      const state = store.state;
      if (!state) return;
      const gm = store.seat?.role === "gm";
      if (!built) {
        if (gm) buildPlanner(state);
        else if ((state.voyages || []).length) buildShown();
        else return;
      }
      if (gm && shownSeats) shownSeats();
      // a player's tab appears with the first voyage shown him, and draws the newest
      const n = shown.render(state, state.seats || [], !gm);
      if (!gm && n) tab.hidden = false;
    },
  };
}
