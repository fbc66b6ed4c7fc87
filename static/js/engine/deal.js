// One deal of a scored game: its entry checked against the game's settings, its scores,
// the bounds of a deal: the same rules as scorekeeper/engine/settings.py and deal.py
// (docs/rules.md), with the same refusals (an Error with the Python class's code and
// fields, static/js/engine/errors.js). No DOM here, so Node checks it against cases the
// Python produced (tests/vectors/deals.json).

import { bullheads } from "./cards.js";
import { refuse } from "./errors.js";
import { isObject, strip } from "./pyish.js";
import {
  GAME_DECKS, HAND_SIZE, MAX_CARD, MAX_DIGITS, ROWS, TAKES_AT, tacticsMaxCard,
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

// -- a deal's entry, as engine/deal.py make_entry builds it ----------------------------

/** settings.py `whole`: an integer (not a boolean), or at most 9 ASCII digits once trimmed. */
export function whole(value) {
  if (typeof value === "boolean") return null;
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const text = typeof value === "string" ? strip(value) : "";
  return DIGITS.test(text) ? Number(text) : null;
}

/** Each player's value from ``values`` (by name), refusing a stranger or a missing player. */
function perPlayer(players, values, part) {
  if (!isObject(values)) throw refuse("MissingPlayerValue", { player: players[0], part });
  for (const name of Object.keys(values)) {
    if (!players.includes(name)) throw refuse("UnknownPlayer", { player: name });
  }
  for (const name of players) {
    if (!Object.hasOwn(values, name)) throw refuse("MissingPlayerValue", { player: name, part });
  }
  return players.map((name) => [name, values[name]]);
}

function counts(players, values, part) {
  const counted = {};
  for (const [name, value] of perPlayer(players, values, part)) {
    const number = whole(value);
    if (number === null || number < 0) throw refuse("BadBullheads", { player: name, value });
    counted[name] = number;
  }
  return counted;
}

/** Is ``card`` a card of a deck of cards 1..``max``? */
export const inDeck = (card, max) => Number.isInteger(card) && card >= 1 && card <= max;

/** Each player's cards, checked against the deck: none outside it, none too often. */
function checkedCards(settings, cards) {
  const deck = deckOf(settings);
  const seen = new Map();
  const checked = {};
  for (const [name, value] of perPlayer(settings.players, cards, "cards")) {
    if (!Array.isArray(value)) throw refuse("BadCard", { player: name, value });
    checked[name] = value.map((item) => {
      const card = whole(item);
      if (card === null) throw refuse("BadCard", { player: name, value: item });
      if (!inDeck(card, deck.maxCard)) {
        throw refuse("CardOutsideDeck", { card, max_card: deck.maxCard });
      }
      seen.set(card, (seen.get(card) || 0) + 1);
      if (seen.get(card) > deck.copies) throw refuse("CardTakenTwice", { card, copies: deck.copies });
      return card;
    });
  }
  return checked;
}

/** A game's settings (the API's names) as dealBounds takes them. */
const shapeOf = (settings) => ({
  players: settings.players, variant: settings.variant, rows: settings.rows,
  takesAt: settings.takes_at, handSize: settings.hand_size,
});

/**
 * A deal's entry, as make_entry builds it: ``{bullheads, hand, cards}`` (hand and cards
 * null where the deal has none), or the first refusal thrown. ``settings`` uses the API's
 * names (players, variant, virgin_doubling, rows, takes_at, hand_size).
 */
export function makeEntry(settings, { bullheads: stack = null, hand = null, cards = null }) {
  if ((stack === null) === (cards === null)) throw refuse("EntryKind");
  const { players } = settings;
  let taken = null;
  let counted;
  if (cards !== null) {
    taken = checkedCards(settings, cards);
    counted = Object.fromEntries(players.map((name) => [name, cardBullheads(taken[name])]));
  } else {
    counted = counts(players, stack, "bullheads");
  }
  let inHand = null;
  if (settings.variant === "hand") inHand = counts(players, hand ?? {}, "hand");
  else if (hand !== null) throw refuse("HandNotInVariant");
  const refusal = boundRefusal(shapeOf(settings),
    enteredTotal({ players, bullheads: counted, hand: inHand }));
  if (refusal) throw refusal;
  return { bullheads: counted, hand: inHand, cards: taken };
}

/** What each player's deal counts (score_deal) for an entry made by makeEntry. */
export function entryScores(settings, entry) {
  return scoreDeal({
    players: settings.players, bullheads: entry.bullheads, hand: entry.hand,
    virginDoubling: settings.virgin_doubling,
  });
}

/** The card numbers typed in a field, as typed ("55 12, 3" → ["55", "12", "3"]): split on
 * spaces, commas and semicolons. */
export const splitCards = (text) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The deal form's fields as games/forms.py DealForm.entry reads them: ``typed`` holds,
 * per seat, ``bh``, ``hand`` and ``cards`` as typed, and ``mode`` ("cards" or not). An
 * empty count is 0; cards are split on spaces, commas and semicolons.
 */
export function typedEntry(settings, typed) {
  const { players } = settings;
  const countsOf = (part) => Object.fromEntries(players.map((name, seat) =>
    [name, strip(typed[seat]?.[part] ?? "") || "0"]));
  const hand = settings.variant === "hand" ? countsOf("hand") : null;
  if (typed.mode === "cards") {
    const cards = Object.fromEntries(players.map((name, seat) =>
      [name, splitCards(strip(typed[seat]?.cards ?? ""))]));
    return makeEntry(settings, { cards, hand });
  }
  return makeEntry(settings, { bullheads: countsOf("bh"), hand });
}

/**
 * The players with a field of the deal left empty, in seat order (forms.py DealForm
 * empty_players): the bullheads (the pile in Hand), or the cards when cards are entered,
 * and in the Hand variant the hand too. An empty field counts as 0 only once the players
 * say so: a forgotten field is asked about, never saved as a silent 0.
 */
export function emptyPlayers(settings, typed) {
  const parts = [typed.mode === "cards" ? "cards" : "bh", ...(settings.variant === "hand" ? ["hand"] : [])];
  return settings.players.filter((_, seat) => parts.some((part) => !strip(typed[seat]?.[part] ?? "")));
}

/** Every player at 0 in a game whose bounds allow it (forms.py unconfirmed_zero): ask first. */
export function allZero(settings, entry) {
  return dealBounds(shapeOf(settings)).lower === 0 && settings.players.every(
    (name) => entry.bullheads[name] + (entry.hand ? entry.hand[name] : 0) === 0);
}
