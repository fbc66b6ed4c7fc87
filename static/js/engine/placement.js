// The placement engine in the browser: the JavaScript twin of POST /api/v1/placement
// (scorekeeper/check/request.py), in every variant and shape (3 to 5 rows, `takes_at`
// 5, 6 or 7). Plain ES modules, no build step, no dependency.
// Shared vectors under tests/vectors/placement/ keep it in step with the Python engine.

import { parse } from "./parse.js";
import { resolveTurn } from "./turn.js";

export { parse } from "./parse.js";
export { resolveTurn } from "./turn.js";

/** One step as the API writes it: optional keys only where the Python engine sets them. */
export function stepJson(step) {
  const out = {
    player: step.player, card: step.card, row: step.row, side: step.side, rule: step.rule,
    taken: [...step.taken], bullheads: step.bullheads,
  };
  if (step.alternatives !== null) out.alternatives = [...step.alternatives];
  if (step.rowBullheads !== null) out.row_bullheads = [...step.rowBullheads];
  if (step.sharedWith !== null) out.shared_with = step.sharedWith;
  return out;
}

/** A resolution as the API writes it: steps, rows, bullheads by player, and any tie. */
export function resolutionJson(resolution) {
  const out = {
    steps: resolution.steps.map(stepJson),
    rows: resolution.rows.map((row) => [...row]),
    // fromEntries creates own keys even for names such as "__proto__".
    bullheads: Object.fromEntries(resolution.bullheads),
  };
  if (resolution.tie !== null) {
    const { player, card, options } = resolution.tie;
    out.tie = { player, card, options: options.map(([row, side]) => ({ row, side })) };
  }
  return out;
}

/**
 * The answer of POST /api/v1/placement for `request` (its JSON body as a plain object).
 * An unsettled Professional tie also shows every option's outcome in `tie_outcomes`.
 * A request the API refuses throws an Error whose `code` names the refusal, the Python
 * error class's name (e.g. "RowNotAscending", "BadShape").
 */
export function resolvePlacement(request) {
  const parsed = parse(request);
  const resolution = resolveTurn(parsed);
  const out = resolutionJson(resolution);
  if (resolution.tie !== null) {
    const { player, options } = resolution.tie;
    out.tie_outcomes = options.map(([row, side]) => ({
      row, side,
      ...resolutionJson(resolveTurn(parsed, new Map(parsed.place).set(player, [row, side]))),
    }));
  }
  return out;
}
