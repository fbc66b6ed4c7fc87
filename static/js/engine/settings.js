// The settings of a new game, checked on the phone as the server checks them (make_settings
// in scorekeeper/engine/settings.py), so a game started here is accepted once it is sent.
// No DOM: Node tests it (tests/js/). A refusal is thrown as the engine's would be: an Error
// with the engine's ``code`` and ``fields`` (static/js/engine/errors.js), which the page
// words from its catalog as the server words it.

import { deckOf, whole } from "./deal.js";
import { refuse } from "./errors.js";
import { codePoints, strip } from "./pyish.js";
import {
  GAME_VARIANTS, HAND_SIZE, MAX_FIXED_DEALS, MAX_NAME, MAX_PLAYERS, MAX_ROWS,
  MAX_TAKES_AT, MAX_THRESHOLD, MIN_PLAYERS, MIN_ROWS, MIN_TAKES_AT,
} from "./limits.js";

/** Python's `str.casefold()`, near enough for names: "Straße" and "STRASSE" are one. */
const fold = (name) => name.toUpperCase().toLowerCase();

/** A typed number as the start form hands it to the engine: its value, else the text. */
const typedValue = (text) => whole(text) ?? strip(String(text ?? ""));

/**
 * The settings of a new game from what the start form holds; throws the first refusal
 * (static/js/engine/errors.js: the engine's code and fields, in the engine's order).
 * ``form``: {players (names as typed; empty lines are skipped), end ("threshold" or
 * "deals"), threshold, fixed_deals, virgin_doubling, variant, rows, takes_at, hand_size}.
 */
export function checkSettings(form) {
  const players = checkNames(form.players);
  const variant = form.variant || "basic";
  if (!GAME_VARIANTS.includes(variant)) throw refuse("UnknownGameVariant", { variant });
  const settings = {
    players, threshold: null, fixed_deals: null, virgin_doubling: Boolean(form.virgin_doubling),
    variant, rows: whole(form.rows), takes_at: whole(form.takes_at), hand_size: whole(form.hand_size),
  };
  if (form.end === "deals") {
    const deals = whole(form.fixed_deals);
    if (deals === null || deals < 1 || deals > MAX_FIXED_DEALS) {
      throw refuse("BadFixedDeals", { value: strip(form.fixed_deals ?? ""), limit: MAX_FIXED_DEALS });
    }
    settings.fixed_deals = deals;
  } else {
    const limit = whole(form.threshold);
    if (limit === null || limit < 1 || limit > MAX_THRESHOLD) {
      throw refuse("BadThreshold", { value: strip(form.threshold ?? ""), limit: MAX_THRESHOLD });
    }
    settings.threshold = limit;
  }
  checkShape(settings, form);
  return { settings };
}

/** The names typed (trimmed; empty lines skipped): 1 to 40 characters, distinct, 2 to 10. */
function checkNames(typed) {
  const players = [];
  for (const raw of typed) {
    const name = strip(String(raw ?? ""));
    if (!name) continue;
    if (codePoints(name) > MAX_NAME) throw refuse("BadPlayerName", { player: name, limit: MAX_NAME });
    if (players.some((p) => fold(p) === fold(name))) throw refuse("DuplicatePlayer", { player: name });
    players.push(name);
  }
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    throw refuse("PlayerCount", { count: players.length });
  }
  return players;
}

/** The postscript's shapes: 3 to 5 rows, 5th to 7th card, a hand the deck can deal. */
function checkShape(settings, form) {
  const { rows, takes_at: takesAt, hand_size: handSize } = settings;
  if (rows === null || rows < MIN_ROWS || rows > MAX_ROWS) {
    throw refuse("BadRowCount", { value: typedValue(form.rows) });
  }
  if (takesAt === null || takesAt < MIN_TAKES_AT || takesAt > MAX_TAKES_AT) {
    throw refuse("BadTakesAt", { value: typedValue(form.takes_at) });
  }
  if (handSize === null || handSize < HAND_SIZE) {
    throw refuse("BadHandSize", { value: typedValue(form.hand_size) });
  }
  const n = settings.players.length;
  const needed = handSize * n + rows;
  const cards = deckSize(settings);
  if (needed > cards) {
    throw refuse("DeckTooSmall", { players: n, hand_size: handSize, rows, needed, cards });
  }
}

/** Cards in the deck in use (as Deck.size): 104, 10·n + 4 in Tactics, 208 in Double. */
export function deckSize({ players, variant }) {
  const deck = deckOf({ players, variant });
  return deck.maxCard * deck.copies;
}
