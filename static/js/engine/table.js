// The rows on the table, checked as scorekeeper/engine/table.py checks them.

import { bullheads } from "../cards.js";
import { refuse, shown } from "./errors.js";
import { isInt } from "./pyish.js";

export const MAX_CARD = 104;
export const ROWS = 4;
export const ROW_LIMIT = 5;

/** `value` as a card of a deck holding 1..maxCard, or a NotACard / CardOutOfRange refusal. */
export function checkCard(value, maxCard, where) {
  if (!isInt(value)) throw refuse("NotACard", `${shown(value)} in ${where} is not a card number`);
  if (value < 1 || value > maxCard) {
    throw refuse("CardOutOfRange", `card ${value} is outside 1..${maxCard}`);
  }
  return value;
}

/** Refuse the first card (in order of first appearance) present more often than the deck holds it. */
export function checkCounts(cards, copies) {
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) ?? 0) + 1);
  for (const [card, times] of counts) {
    if (times > copies) {
      throw refuse("CardTooOften", `card ${card} appears ${times} times; the deck holds it ${copies}`);
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

/** Validate the request's `rows` against the deck; returns fresh arrays of cards. */
export function tableFromRows(rows, maxCard, copies) {
  if (!Array.isArray(rows) || rows.length !== ROWS) {
    const count = Array.isArray(rows) ? rows.length : 0;
    throw refuse("WrongRowCount", `a table has exactly ${ROWS} rows, not ${count}`);
  }
  const checked = [];
  rows.forEach((row, index) => {
    const number = index + 1;
    if (!Array.isArray(row)) throw refuse("NotACard", `${shown(row)} in row ${number} is not a card number`);
    if (row.length === 0) throw refuse("EmptyRow", `row ${number} is empty`);
    const cards = row.map((card) => checkCard(card, maxCard, `row ${number}`));
    for (let i = 1; i < cards.length; i += 1) {
      const [previous, card] = [cards[i - 1], cards[i]];
      const stackedTwin = copies > 1 && card === previous;
      if (card < previous || (card === previous && !stackedTwin)) {
        throw refuse("RowNotAscending", `row ${number} is not ascending: ${card} after ${previous}`);
      }
    }
    const length = positions(cards);
    if (length > ROW_LIMIT) {
      throw refuse("RowTooLong", `row ${number} holds ${length} cards; a row holds at most ${ROW_LIMIT}`);
    }
    checked.push(cards);
  });
  checkCounts(checked.flat(), copies);
  return checked;
}
