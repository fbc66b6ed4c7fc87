// The rows on the table, checked as scorekeeper/engine/table.py checks them.

// Rows on the table: 4 in the booklet's game, 3 to 5 in the postscript's shapes; a row is
// taken by its 6th card in the booklet's game, else by its 5th or 7th (limits.js).

import { bullheads } from "./cards.js";
import { MAX_ROWS, MAX_TAKES_AT, MIN_ROWS, MIN_TAKES_AT, TAKES_AT } from "./limits.js";
import { refuse } from "./errors.js";
import { isInt } from "./pyish.js";

/** `value` as a card of a deck holding 1..maxCard, or a NotACard / CardOutOfRange refusal. */
export function checkCard(value, maxCard, where) {
  if (!isInt(value)) throw refuse("NotACard", { value, where });
  if (value < 1 || value > maxCard) throw refuse("CardOutOfRange", { card: value, max_card: maxCard });
  return value;
}

/** Refuse the first card (in order of first appearance) present more often than the deck holds it. */
export function checkCounts(cards, copies) {
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
  for (const [card, times] of counts) {
    if (times > copies) {
      throw refuse("CardTooOften", { card, times, allowed: copies });
    }
  }
}

/** Places a row takes: a stacked twin (the same number twice in a row) counts once. */
export function positions(row) {
  let count = row.length;
  for (let i = 1; i < row.length; i += 1) if (row[i] === row[i - 1]) count -= 1;
  return count;
}

/** Bullheads of the cards of a row (or any list of cards). */
export function rowBullheads(cards) {
  let total = 0;
  for (const card of cards) total += bullheads(card);
  return total;
}

/** `value` as the card that takes a row: the whole number 5, 6 or 7, or a BadTakesAt refusal. */
export function checkTakesAt(value) {
  if (!isInt(value) || value < MIN_TAKES_AT || value > MAX_TAKES_AT) {
    throw refuse("BadTakesAt", { value });
  }
  return value;
}

/**
 * Validate the request's `takes_at`, then its `rows` against the deck (3 to 5 rows, each
 * of at most takesAt − 1 positions); returns fresh arrays of cards.
 */
export function tableFromRows(rows, maxCard, copies, takesAt = TAKES_AT) {
  const limit = checkTakesAt(takesAt) - 1;
  if (!Array.isArray(rows) || rows.length < MIN_ROWS || rows.length > MAX_ROWS) {
    const count = Array.isArray(rows) ? rows.length : 0;
    throw refuse("WrongRowCount", { count });
  }
  const checked = [];
  rows.forEach((row, index) => {
    const number = index + 1;
    if (!Array.isArray(row)) throw refuse("NotACard", { value: row, where: `row ${number}` });
    if (row.length === 0) throw refuse("EmptyRow", { row: number });
    const cards = row.map((card) => checkCard(card, maxCard, `row ${number}`));
    for (let i = 1; i < cards.length; i += 1) {
      const [previous, card] = [cards[i - 1], cards[i]];
      const stackedTwin = copies > 1 && card === previous;
      if (card < previous || (card === previous && !stackedTwin)) {
        throw refuse("RowNotAscending", { row: number, card, previous });
      }
    }
    const length = positions(cards);
    if (length > limit) {
      throw refuse("RowTooLong", { row: number, length, limit });
    }
    checked.push(cards);
  });
  checkCounts(checked.flat(), copies);
  return checked;
}
