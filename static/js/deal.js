// A deal's scores, the bounds of a deal and the end of a game, as the score sheet, the
// offline queue and games started offline show them before the server does: the same
// rules as scorekeeper/engine/settings.py, deal.py and game.py (docs/rules.md).
// No DOM here, so Node checks it against cases the Python produced (tests/vectors/).

import { bullheads } from "./cards.js";
import { refuse } from "./engine/errors.js";
import { strip } from "./engine/pyish.js";
import {
  DEFAULT_THRESHOLD, GAME_DECKS, HAND_SIZE, MAX_CARD, MAX_DIGITS, ROWS, TAKES_AT, tacticsMaxCard,
} from "./limits.js";

/** Bullheads on a list of card numbers (what a player took, entered as cards). */
export function cardBullheads(cards) {
  return cards.reduce((sum, card) => sum + bullheads(card), 0);
}

const DIGITS = new RegExp(`^[0-9]{1,${MAX_DIGITS}}$`);

/** A typed count: empty counts as 0 (as on the server), at most 9 ASCII digits, else null. */
export function count(text) {
  const value = strip(text);
  if (value === "") return 0;
  return DIGITS.test(value) ? Number(value) : null;
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

// -- the bounds of a deal and the end of a game (docs/rules.md, The bounds of a deal; the same rules as
// scorekeeper/engine/settings.py, deal.py and game.py) -----------------------------------

/** The booklet's game: 4 rows, a row taken by its 6th card, 10 cards in each hand. */
export const SHAPE = Object.freeze({ rows: ROWS, takesAt: TAKES_AT, handSize: HAND_SIZE });

/** The deck a game variant plays with: cards 1..maxCard, each `copies` times. */
export function deckOf({ players, variant = "basic" }) {
  const n = Array.isArray(players) ? players.length : players;
  const deck = GAME_DECKS[variant] ?? GAME_DECKS.basic;
  return { maxCard: deck.tactics ? tacticsMaxCard(n) : MAX_CARD, copies: deck.copies };
}

/**
 * What one deal can hand out, as entered (stack and hand, before Virgin doubling):
 * `upper` = the deck's bullheads less one card in each row; `lower` = the cards that must
 * leave the table, h·n + r − r·(t − 1) (Double: h·n + r − 2·r·(t − 1)), 0 when that is
 * not positive and always 0 in Hand (taken cards may go to the hand). Also `cards` (in
 * play), `kept` (most that stay on the table) and `deckCards` (in the deck).
 *
 * @param {{players: number | string[], variant?: string, rows?: number, takesAt?: number,
 *          handSize?: number, maxCard?: number | null}} settings
 */
export function dealBounds({
  players, variant = "basic", rows = SHAPE.rows, takesAt = SHAPE.takesAt,
  handSize = SHAPE.handSize, maxCard = null,
}) {
  const n = Array.isArray(players) ? players.length : players;
  const deck = deckOf({ players: n, variant });
  const top = maxCard ?? deck.maxCard;
  let bullheadsInDeck = 0;
  for (let card = 1; card <= top; card += 1) bullheadsInDeck += bullheads(card);
  bullheadsInDeck *= deck.copies;
  const cards = handSize * n + rows;
  const kept = deck.copies * rows * (takesAt - 1);
  const lower = variant === "hand" ? 0 : Math.max(0, cards - kept);
  return { lower, upper: bullheadsInDeck - rows, cards, kept, deckCards: top * deck.copies };
}

/**
 * A deal's total checked against its bounds, as make_entry checks it: null when it lies
 * within them, else the refusal (static/js/engine/errors.js) "DealOverBound" with the
 * fields {total, bound, rows} or "DealUnderBound" with {total, bound, players, cards, kept}.
 */
export function boundRefusal(settings, total) {
  const { lower, upper, cards, kept } = dealBounds(settings);
  const rows = settings.rows ?? SHAPE.rows;
  if (total > upper) return refuse("DealOverBound", { total, bound: upper, rows });
  if (total < lower) {
    const { players } = settings;
    const n = Array.isArray(players) ? players.length : players;
    return refuse("DealUnderBound", { total, bound: lower, players: n, cards, kept });
  }
  return null;
}

/** Total bullheads of a deal as entered: every player's stack plus hand. */
export function enteredTotal({ players, bullheads: stack, hand = null }) {
  return players.reduce((sum, name) => sum + stack[name] + (hand ? hand[name] || 0 : 0), 0);
}

/**
 * The game after its deals (each deal: the scores of every player, as scoreDeal gives
 * them), as replay in scorekeeper/engine/game.py derives it: the running `totals` after
 * each deal, the final `totals`, whether it has `finished` (some total reached the
 * threshold — equal or more — or the fixed number of deals is played), the `winners`
 * (fewest bullheads; empty until the end) and the `leaders` so far. A finished game takes
 * no further deal until a correction takes the end back.
 *
 * @param {{players: string[], threshold?: number | null, fixedDeals?: number | null}} game
 * @param {Object<string, number>[]} deals
 */
export function replayGame({ players, threshold = DEFAULT_THRESHOLD, fixedDeals = null }, deals) {
  const totals = Object.fromEntries(players.map((name) => [name, 0]));
  const running = deals.map((scores) => {
    for (const name of players) totals[name] += scores[name];
    return { ...totals };
  });
  const values = players.map((name) => totals[name]);
  const finished = fixedDeals !== null && fixedDeals !== undefined
    ? deals.length >= fixedDeals
    : deals.length > 0 && Math.max(...values) >= threshold;
  const low = Math.min(...values);
  const leaders = deals.length ? players.filter((name) => totals[name] === low) : [];
  return { running, totals, finished, winners: finished ? leaders : [], leaders };
}
