// The running-totals chart of a score sheet: the geometry scorekeeper/games/chart.py
// computes, number for number, so the sheet the phone draws from its own log shows the
// chart the server would (tests/vectors/sheet.json, "charts"). No DOM: sheet/view.js
// draws it.

/** Ten colours that stay apart for common colour blindness, one per seat. */
const COLOURS = Object.freeze(["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
  "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]);
const WIDTH = 340;
const HEIGHT = 220;
const [LEFT, RIGHT, TOP, BOTTOM] = [40, 20, 10, 20];

/**
 * Python's ``round(x, 1)`` of a double: the nearest tenth of its exact value, a tie
 * (only a value ending in .25 or .75 is exactly one) to the even tenth.
 */
export function round1(x) {
  const tenths = x * 10;
  if (Number.isInteger(x * 4) && !Number.isInteger(x * 2)) {
    const down = Math.floor(tenths);
    return (down % 2 === 0 ? down : down + 1) / 10;
  }
  return Number(x.toFixed(1));
}

/** A float as Python's ``str`` writes it here: "40.0", "176.2". */
export const pyFloat = (x) => (Number.isInteger(x) ? x.toFixed(1) : String(x));

/** The chart of a replayed game (engine/game-log.js): lines per player, the scale, the threshold. */
export function chart(state) {
  const { players, threshold } = state.settings;
  const deals = state.deals.length;
  const highest = Math.max(...players.map((name) => state.totals[name]), threshold || 0, 10);
  const topValue = Math.ceil((highest * 11) / 100) * 10; // about 10% headroom
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const x = (deal) => round1(LEFT + (plotW * deal) / Math.max(deals, 1));
  const y = (value) => round1(TOP + plotH * (1 - value / topValue));
  const lines = players.map((name, seat) => {
    const values = [0, ...state.deals.map((row) => row.totals[name])];
    const points = values.map((v, i) => `${pyFloat(x(i))},${pyFloat(y(v))}`).join(" ");
    return { player: name, colour: COLOURS[seat % COLOURS.length], points,
      last_x: x(deals), last_y: y(values[values.length - 1]) };
  });
  const step = Math.max(1, Math.ceil(Math.ceil(topValue / 4) / 10) * 10);
  const ticks = [];
  for (let v = 0; v <= topValue; v += step) ticks.push([v, y(v)]);
  const every = Math.max(1, Math.ceil(deals / 8));
  const xTicks = [];
  for (let d = every; d <= deals; d += every) xTicks.push([d, x(d)]);
  return {
    width: WIDTH, height: HEIGHT, left: LEFT, right: WIDTH - RIGHT, top: TOP,
    bottom: HEIGHT - BOTTOM, threshold_y: threshold === null ? null : y(threshold), ticks,
    x_ticks: xTicks, lines,
  };
}
