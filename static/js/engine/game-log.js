// A scored game as its log of entries, replayed into the sheet: the same rules as
// scorekeeper/engine/game.py (replay, advance and the checks of a new entry), with the
// same refusals (an Error with the Python class's code and fields). A deal, a correction,
// a withdrawal (undo) and a restore are each one entry; the latest value of each deal
// counts; nothing entered is lost. No DOM here: Node checks it against logs the Python
// replayed (tests/vectors/deals.json, "logs").

import { entryScores } from "./deal.js";
import { refuse } from "./errors.js";
import { MAX_DEALS } from "./limits.js";

/** game_over: the fixed number of deals played, or someone at the threshold. */
function gameOver(settings, deals, totals) {
  if (settings.fixed_deals !== null && settings.fixed_deals !== undefined) {
    return deals >= settings.fixed_deals;
  }
  return deals > 0 && Math.max(...Object.values(totals)) >= (settings.threshold || 0);
}

/**
 * The game with these deal rows counting (engine/game.py _state): totals, end, winners and
 * leaders. ``withdrawn`` maps each deal number ever withdrawn to {entry, corrections}, the
 * value it had when last withdrawn.
 */
function stateOf(settings, rows, withdrawn) {
  const { players } = settings;
  const totals = rows.length ? rows[rows.length - 1].totals
    : Object.fromEntries(players.map((name) => [name, 0]));
  const finished = gameOver(settings, rows.length, totals);
  const low = Math.min(...players.map((name) => totals[name]));
  const leaders = rows.length ? players.filter((name) => totals[name] === low) : [];
  return { settings, deals: rows, totals, finished, winners: finished ? leaders : [], leaders, withdrawn };
}

/** Deal ``number`` with the running totals after the rows ``before`` it. */
function row(settings, before, number, entry, scores, corrections) {
  const last = before.length ? before[before.length - 1].totals : null;
  const totals = Object.fromEntries(settings.players.map(
    (name) => [name, (last ? last[name] : 0) + scores[name]]));
  return { number, entry, scores, totals, corrections };
}

/** A game without an entry. */
export const emptyState = (settings) => stateOf(settings, [], {});

/** The number the next deal gets. */
export const nextNumber = (state) => state.deals.length + 1;

/** The withdrawn deal that can be restored now (numbered next, the game open), else null. */
export function restorable(state) {
  const number = nextNumber(state);
  return Object.hasOwn(state.withdrawn, number) && !state.finished ? number : null;
}

function checkLast(count, number) {
  if (!(number > 0 && number <= count)) throw refuse("NoSuchDeal", { number });
  if (number !== count) throw refuse("NotTheLastDeal", { number, last: count });
}

/** The value and correction count a log entry gives deal ``number`` (refusing as replay does). */
function changed(state, { kind, number, entry }) {
  const rows = state.deals;
  if (kind === "deal") {
    const expected = rows.length + 1;
    if (number !== expected) throw refuse("DealNumberSkipped", { number, expected });
    return { entry, corrections: 0 };
  }
  if (kind === "correction") {
    if (!(number > 0 && number <= rows.length)) throw refuse("NoSuchDeal", { number });
    return { entry, corrections: rows[number - 1].corrections + 1 };
  }
  if (!Object.hasOwn(state.withdrawn, number)) throw refuse("NoSuchDeal", { number });
  if (number !== rows.length + 1) throw refuse("CannotRestore", { number, next: rows.length + 1 });
  return state.withdrawn[number];
}

/**
 * The game after one more log entry ``{kind, number, entry}``: what replay derives from
 * the log with it appended, refusals included (engine/game.py advance).
 */
export function advance(state, event) {
  const { settings } = state;
  if (event.kind === "withdrawal") {
    checkLast(state.deals.length, event.number);
    const rows = state.deals.slice(0, -1);
    const last = state.deals[state.deals.length - 1];
    const withdrawn = { ...state.withdrawn, [event.number]: { entry: last.entry, corrections: last.corrections } };
    return stateOf(settings, rows, withdrawn);
  }
  const { entry, corrections } = changed(state, event);
  const { number } = event;
  const rows = state.deals.slice(0, number - 1);
  rows.push(row(settings, rows, number, entry, entryScores(settings, entry), corrections));
  for (const later of state.deals.slice(number)) {
    rows.push(row(settings, rows, later.number, later.entry, later.scores, later.corrections));
  }
  return stateOf(settings, rows, state.withdrawn);
}

/** The game from its whole log (engine/game.py replay). */
export function replay(settings, events) {
  return events.reduce(advance, emptyState(settings));
}

/** The number a new deal gets; refuses a finished game and a taken or skipped number. */
export function checkNewDeal(state, number = null) {
  if (state.finished) throw refuse("GameFinished");
  const expected = nextNumber(state);
  if (expected > MAX_DEALS) throw refuse("TooManyDeals", { limit: MAX_DEALS });
  if (number === null) return expected;
  if (number < expected) throw refuse("DealNumberTaken", { number, expected });
  if (number > expected) throw refuse("DealNumberSkipped", { number, expected });
  return number;
}

/** Refuses a correction of a deal that does not exist. */
export function checkCorrection(state, number) {
  if (!state.deals.some((deal) => deal.number === number)) throw refuse("NoSuchDeal", { number });
}

/** The value of the last deal ``number``, to withdraw; refuses any other. */
export function checkWithdrawal(state, number) {
  checkLast(state.deals.length, number);
  return state.deals[state.deals.length - 1].entry;
}

/** The value withdrawn deal ``number`` comes back with; refuses what cannot come back. */
export function checkRestore(state, number) {
  if (!Object.hasOwn(state.withdrawn, number)) throw refuse("NoSuchDeal", { number });
  if (state.finished) throw refuse("GameFinished");
  const next = nextNumber(state);
  if (number !== next) throw refuse("CannotRestore", { number, next });
  return state.withdrawn[number].entry;
}

/** A log entry as the backup file and the store write it, as replay takes it. */
export function eventOf({ kind, number, bullheads, hand = null, cards = null }) {
  return { kind, number, entry: { bullheads, hand: hand ?? null, cards: cards ?? null } };
}

/** An entry as JSON (store.py entry_json): bullheads, then hand and cards where it has them. */
export function entryJson(entry) {
  const data = { bullheads: entry.bullheads };
  if (entry.hand !== null && entry.hand !== undefined) data.hand = entry.hand;
  if (entry.cards !== null && entry.cards !== undefined) data.cards = entry.cards;
  return data;
}
