// Resolving a turn as scorekeeper/engine/turn.py does: every card placed, by which rule,
// who takes what; Professional left placements and ties, Double twins and shared takes.

import { TAKES_AT } from "./limits.js";
import { refuse } from "./errors.js";
import { checkedOrder } from "./checks.js";
import { positions, rowBullheads } from "./table.js";

const PLACED = 2;
const FULL_ROW = 3;
const LOWEST_CARD = 4;

/** Where `card` may go: one `[index, side]`, two on a Professional tie, none for rule 4. */
function targets(rows, card, variant) {
  const lowest = variant.name === "double" ? 0 : 1;
  let [rightIndex, rightDiff] = [-1, 1000];
  for (let index = 0; index < rows.length; index += 1) {
    const diff = card - rows[index][rows[index].length - 1];
    if (lowest <= diff && diff < rightDiff) [rightIndex, rightDiff] = [index, diff];
  }
  if (variant.name !== "professional") return rightIndex < 0 ? [] : [[rightIndex, "right"]];
  let [leftIndex, leftDiff] = [-1, 1000];
  for (let index = 0; index < rows.length; index += 1) {
    const diff = rows[index][0] - card;
    if (diff > 0 && diff < leftDiff) [leftIndex, leftDiff] = [index, diff];
  }
  const options = [];
  if (rightIndex >= 0 && rightDiff <= leftDiff) options.push([rightIndex, "right"]);
  if (leftIndex >= 0 && leftDiff <= rightDiff) options.push([leftIndex, "left"]);
  return options;
}

/** Rule 4: the chosen row, or by default the cheapest (lowest number among equals). */
function lowestCard(rows, player, card, chosen) {
  const costs = rows.map(rowBullheads);
  let index;
  let alternatives = null;
  if (chosen !== undefined) {
    index = chosen - 1;
  } else {
    const cheapest = Math.min(...costs);
    index = costs.indexOf(cheapest);
    alternatives = [];
    costs.forEach((cost, i) => { if (cost === cheapest && i !== index) alternatives.push(i + 1); });
  }
  const taken = rows[index];
  rows[index] = [card];
  const step = {
    player, card, row: index + 1, side: "right", rule: LOWEST_CARD, taken,
    bullheads: costs[index], alternatives, rowBullheads: costs, sharedWith: null,
  };
  return [index, step];
}

/** Place a card that has a row to go to (rule 2, or rule 3 when the row holds `limit`). */
function placeCard(rows, player, card, [index, side], double, limit) {
  const row = rows[index];
  const step = {
    player, card, row: index + 1, side, rule: PLACED, taken: [], bullheads: 0,
    alternatives: null, rowBullheads: null, sharedWith: null,
  };
  if (double && row[row.length - 1] === card) {
    row.push(card); // on top of its twin: the row does not grow
  } else if ((double ? positions(row) : row.length) < limit) {
    if (side === "right") row.push(card);
    else row.unshift(card);
  } else {
    rows[index] = [card];
    Object.assign(step, { rule: FULL_ROW, taken: row, bullheads: rowBullheads(row) });
  }
  return step;
}

/**
 * Resolve the turn of a parsed request; `place` overrides the request's Professional
 * choices. Returns `{steps, rows, bullheads: Map, tie}`, `tie` null unless a Professional
 * card has two equally near places and no choice settles it (then the turn stops there).
 */
export function resolveTurn(request, place = request.place) {
  const { variant, take } = request;
  const limit = (request.takesAt ?? TAKES_AT) - 1; // a row holds t − 1 positions
  const order = checkedOrder(request, take, place);
  const rows = request.rows.map((row) => [...row]);
  const steps = [];
  const scores = new Map(request.plays.map((play) => [play.player, 0]));
  const double = variant.name === "double";
  const done = new Set();
  const result = (tie) => ({ steps, rows: rows.map((row) => [...row]), bullheads: scores, tie });
  for (let position = 0; position < order.length; position += 1) {
    if (done.has(position)) continue; // a twin already placed together with the card before
    const [player, card] = order[position];
    let options = targets(rows, card, variant);
    if (options.length > 1) {
      const chosen = place.get(player);
      if (chosen === undefined) {
        return result({ player, card, options: options.map(([i, side]) => [i + 1, side]) });
      }
      if (!options.some(([i, side]) => i === chosen[0] - 1 && side === chosen[1])) {
        throw refuse("BadPlaceChoice", { player, card });
      }
      options = [[chosen[0] - 1, chosen[1]]];
    }
    let index;
    let step;
    if (options.length === 0) {
      [index, step] = lowestCard(rows, player, card, take.get(player));
    } else {
      index = options[0][0];
      step = placeCard(rows, player, card, options[0], double, limit);
    }
    const twinFollows = position + 1 < order.length && order[position + 1][1] === card;
    if (double && step.taken.length > 0 && twinFollows) {
      // Twins revealed together: the twin lies on top, and the take is shared.
      const twin = order[position + 1][0];
      done.add(position + 1);
      rows[index].push(card);
      const share = Math.ceil(step.bullheads / 2);
      steps.push({ ...step, bullheads: share, sharedWith: twin });
      steps.push({
        player: twin, card, row: index + 1, side: "right", rule: step.rule, taken: step.taken,
        bullheads: share, alternatives: null, rowBullheads: null, sharedWith: player,
      });
      scores.set(player, scores.get(player) + share);
      scores.set(twin, scores.get(twin) + share);
      continue;
    }
    steps.push(step);
    scores.set(player, scores.get(player) + step.bullheads);
  }
  return result(null);
}
