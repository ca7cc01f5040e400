// The GM's voyage view: a ship, a home port, a station and 3-6 mission places; each leg routed
// by the server (/api/route), drawn on the map, animated along its timeline (days), with a
// plotly chart of speed (and point of sail where the route gives it) along the way.

import { el, fill, getJSON, labelled, query, round } from "./util.js";

const ROSTER = ["Cutter", "Brig Sloop", "Ship Sloop", "Sixth Rate", "Fifth Rate",
  "Fourth Rate", "Third Rate", "Second Rate", "First Rate"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];

function distanceNm(a, b) {
  const rad = Math.PI / 180;
  const [lon1, lat1, lon2, lat2] = [a[0] * rad, a[1] * rad, b[0] * rad, b[1] * rad];
  const h = Math.sin((lat2 - lat1) / 2) ** 2
    + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lon2 - lon1) / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Where a ship `t` days into a leg is, sailing its track at the leg's even pace. */
export function positionAt(leg, t) {
  const track = leg.track;
  if (!track.length) return null;
  if (leg.days <= 0 || t >= leg.days) return track[track.length - 1];
  const goal = (Math.max(0, t) / leg.days) * leg.trackLength;
  let run = 0;
  for (let i = 1; i < track.length; i += 1) {
    const step = distanceNm(track[i - 1], track[i]);
    if (run + step >= goal && step > 0) {
      const f = (goal - run) / step;
      return [track[i - 1][0] + (track[i][0] - track[i - 1][0]) * f,
        track[i - 1][1] + (track[i][1] - track[i - 1][1]) * f];
    }
    run += step;
  }
  return track[track.length - 1];
}

/** Speed samples along the voyage: per sub-leg from the route's own `legs` if it has them. */
export function speedSeries(legs) {
  const days = [];
  const speed = [];
  const sail = [];
  let start = 0;
  for (const leg of legs) {
    const parts = Array.isArray(leg.parts) && leg.parts.length ? leg.parts : [leg];
    let t = start;
    for (const part of parts) {
      const d = Number(part.days ?? 0);
      const nm = Number(part.distance_nm ?? 0);
      const label = part.point_of_sail || part.sail || "";
      const v = d > 0 ? nm / d : 0;
      days.push(t, t + d);
      speed.push(v, v);
      sail.push(label, label);
      t += d;
    }
    start += leg.days;
    days.push(null);
    speed.push(null);
    sail.push("");
  }
  return { days, speed, sail };
}

export function createVoyagePanel(root, tab, ctx) {
  let built = false;
  let legs = [];
  let playing = null;

  function build(state) {
    built = true;
    tab.hidden = false;
    const ports = ctx.map.ports;
    const portOptions = (sel) => {
      for (const p of ports) sel.append(el("option", { value: p.id }, `${p.name} (${p.nation})`));
      return sel;
    };
    const ship = el("select", {}, ROSTER.map((r) => el("option", { value: r }, r)));
    ship.value = "Fifth Rate";
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
        sel.options[0].textContent = `sea at ${value.map((v) => round(v, 2)).join(", ")}`;
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
    const table = el("div", { class: "legs" });
    const chart = el("div", { class: "chart", id: "voyage-chart" });
    const slider = el("input", { type: "range", min: 0, max: 1, step: 0.1, value: 0 });
    const clock = el("span", { class: "muted", "aria-live": "off" }, "day 0");
    const play = el("button", { type: "button", disabled: true }, "Play");
    const plan = el("button", { type: "button", class: "primary" }, "Plan the voyage");
    let clicked = null;
    const addClicked = el("button", { type: "button", disabled: true,
      onclick: () => clicked && addMission(clicked) }, "Add clicked position");
    ctx.map.onPick((pick) => {
      if (root.hidden) return;
      if (pick.kind === "port") addMission(pick.id);
      else if (pick.kind === "sea") {
        clicked = [pick.lon, pick.lat];
        addClicked.disabled = false;
        addClicked.textContent = `Add ${round(pick.lon, 2)}, ${round(pick.lat, 2)}`;
      }
    });

    function placeName(v) {
      const p = ports.find((x) => x.id === v);
      if (p) return p.name;
      const s = ctx.map.stations.find((x) => `station:${x.id}` === v);
      return s ? `${s.name} station` : v;
    }

    async function planVoyage() {
      error.textContent = "";
      stop();
      const st = ctx.map.stations.find((s) => s.id === station.value);
      const stops = [home.value, st ? st.at.map((v) => round(v, 4)).join(",") : null,
        ...[...missions.querySelectorAll("select")].map((s) => s.value).filter(Boolean),
        home.value].filter(Boolean);
      const names = [placeName(home.value), st ? `${st.name} station` : null,
        ...[...missions.querySelectorAll("select")].filter((s) => s.value).map((s) =>
          s.selectedOptions[0].textContent), placeName(home.value)].filter(Boolean);
      plan.disabled = true;
      legs = [];
      try {
        for (let i = 0; i + 1 < stops.length; i += 1) {
          const feature = await getJSON(`/api/route?${query({ from: stops[i], to: stops[i + 1],
            ship: ship.value, month: month.value })}`);
          const p = feature.properties || {};
          const track = feature.geometry?.coordinates || [];
          let trackLength = 0;
          for (let j = 1; j < track.length; j += 1) trackLength += distanceNm(track[j - 1], track[j]);
          legs.push({ label: `${names[i]} → ${names[i + 1]}`, track, trackLength,
            distance_nm: Number(p.distance_nm || trackLength), days: Number(p.days || 0),
            risks: p.risks || [], parts: Array.isArray(p.legs) ? p.legs : null });
        }
      } catch (err) {
        error.textContent = `Leg ${legs.length + 1} could not be routed: ${err.message}`;
      } finally {
        plan.disabled = false;
      }
      showVoyage();
    }

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

    function showVoyage() {
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
      play.disabled = !legs.length;
      ctx.map.setVoyage(legs, legs.length ? shipAt(0) : null);
      const series = speedSeries(legs);
      window.Plotly.react(chart, [{
        type: "scatter", mode: "lines", x: series.days, y: series.speed, name: "speed",
        text: series.sail, hovertemplate: "day %{x:.1f}: %{y:.0f} nm/day %{text}<extra></extra>",
        line: { color: "#0d2a4a", width: 2 },
      }, ...(series.sail.some(Boolean) ? [{
        type: "scatter", mode: "text", x: series.days.filter((_, i) => i % 2 === 0),
        y: series.speed.filter((_, i) => i % 2 === 0), text: series.sail.filter((_, i) =>
          i % 2 === 0), textposition: "top right", showlegend: false, hoverinfo: "skip",
        textfont: { size: 9 },
      }] : [])], {
        margin: { l: 44, r: 8, t: 24, b: 36 }, title: { text: "Speed along the voyage",
          font: { size: 13 } }, xaxis: { title: { text: "day" } },
        yaxis: { title: { text: "nm per day" }, rangemode: "tozero" }, showlegend: false,
        shapes: [{ type: "line", xref: "x", yref: "paper", x0: 0, x1: 0, y0: 0, y1: 1,
          line: { color: "#ff6f00", width: 2 } }],
      }, { displaylogo: false, responsive: true });
    }

    function seek(t) {
      slider.value = String(t);
      clock.textContent = `day ${round(t, 1)} of ${round(totalDays(), 1)}`;
      root.dataset.day = String(t);
      ctx.map.setVoyage(legs, shipAt(t));
      if (chart.data) window.Plotly.relayout(chart, { "shapes[0].x0": t, "shapes[0].x1": t });
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

    plan.addEventListener("click", planVoyage);
    play.addEventListener("click", animate);
    slider.addEventListener("input", () => {
      stop();
      seek(Number(slider.value));
    });
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
      table,
      el("div", { class: "row" }, play, labelled("Timeline", slider), clock),
      chart);
  }

  return {
    render(store) {
      if (built || !store.state || store.seat?.role !== "gm") return;
      build(store.state);
    },
  };
}
