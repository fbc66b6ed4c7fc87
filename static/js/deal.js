// A deal's scores, as the score sheet and the offline queue show them before the server
// does: the same rules as score_deal in scorekeeper/engine/scoring.py (CONTRACT.md §4).
// No DOM here, so Node checks it against cases the Python produced (tests/vectors/).

import { bullheads } from "./cards.js";

/** Bullheads on a list of card numbers (what a player took, entered as cards). */
export function cardBullheads(cards) {
  return cards.reduce((sum, card) => sum + bullheads(card), 0);
}

/** A typed count: empty counts as 0 (as on the server), digits only, anything else null. */
export function count(text) {
  const value = text.trim();
  if (value === "") return 0;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * What each player's deal counts: bullheads left in the hand count double (Hand variant),
 * then Virgin doubling: when at least one player took nothing at all (stack and hand 0),
 * every other player's score doubles.
 *
 * @param {{players: string[], bullheads: Object<string, number>,
 *          hand?: Object<string, number> | null, virginDoubling?: boolean}} deal
 * @returns {Object<string, number>} the score of each player, keyed like ``bullheads``
 */
export function scoreDeal({ players, bullheads: stack, hand = null, virginDoubling = false }) {
  const inHand = (name) => (hand ? hand[name] || 0 : 0);
  const taken = (name) => stack[name] + inHand(name);
  const virgin = virginDoubling && players.some((name) => taken(name) === 0);
  const scores = {};
  for (const name of players) {
    const score = stack[name] + 2 * inHand(name);
    scores[name] = virgin && taken(name) > 0 ? 2 * score : score;
  }
  return scores;
}
