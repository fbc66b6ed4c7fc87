// A turn's plays checked against the table and deck, and put in placing order, as
// scorekeeper/engine/turn_checks.py does (the same refusals, found in the same order).

import { MAX_NAME, MAX_PLAYERS } from "./limits.js";
import { refuse } from "./errors.js";
import { codePoints, isInt, strip } from "./pyish.js";
import { checkCard, checkCounts } from "./table.js";

function diagnose(rows, plays, variant, maxCard) {
  const seen = new Map();
  plays.forEach(({ player, cards }, index) => {
    if (!strip(player)) throw refuse("MissingPlayer", { index: index + 1 });
    if (codePoints(player) > MAX_NAME) throw refuse("PlayerNameTooLong", { player, limit: MAX_NAME });
    if (cards.length === 0) throw refuse("MissingCard", { player });
    if (cards.length !== variant.perPlay) {
      throw refuse("WrongCardCount", { player, count: cards.length, expected: variant.perPlay });
    }
    for (const card of cards) checkCard(card, maxCard, player);
    seen.set(player, (seen.get(player) ?? 0) + 1);
    if (seen.get(player) > variant.allowed) {
      throw refuse("PlayerRepeated", { player, allowed: variant.allowed });
    }
  });
  if (seen.size > MAX_PLAYERS) {
    throw refuse("TooManyPlayers", { count: seen.size });
  }
  checkCounts([...rows.flat(), ...plays.flatMap((play) => play.cards)], variant.copies);
}

function checkRow(player, row, count) {
  if (!isInt(row) || row < 1 || row > count) {
    throw refuse("BadRowChoice", { player, row, rows: count });
  }
}

function checkChoices(plays, take, place, count) {
  const names = new Set(plays.map((play) => play.player));
  const known = (player) => {
    if (!names.has(player)) throw refuse("UnknownPlayerChoice", { player });
  };
  for (const [player, row] of take) {
    known(player);
    checkRow(player, row, count);
  }
  for (const [player, [row]] of place) {
    known(player);
    checkRow(player, row, count);
  }
}

/**
 * Check the plays; return `[player, card]` pairs in placing order: as given in Hand,
 * lowest player first (each player's cards in their order) in Nifty, else lowest card
 * first (a stable sort: Double twins keep the order the plays were given in).
 */
export function checkedOrder({ rows, plays, variant, maxCard }, take, place) {
  if (plays.length === 0) throw refuse("NoPlays");
  diagnose(rows, plays, variant, maxCard);
  if (take.size > 0 || place.size > 0) checkChoices(plays, take, place, rows.length);
  if (variant.name === "hand") return plays.map(({ player, cards }) => [player, cards[0]]);
  if (variant.name === "nifty") {
    const lowest = (play) => Math.min(...play.cards);
    const byLowest = [...plays].sort((a, b) => lowest(a) - lowest(b));
    return byLowest.flatMap(({ player, cards }) => cards.map((card) => [player, card]));
  }
  return plays.map(({ player, cards }) => [player, cards[0]]).sort((a, b) => a[1] - b[1]);
}
