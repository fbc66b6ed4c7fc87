// The checker's form read as scorekeeper/check/form.py reads it: a share link's query (or
// the form's fields as one) in, the placement request's JSON shape and the share link out.
// Used when the server cannot be reached, so a phone answers exactly as the server would.
import { refuse } from "../engine/errors.js";
import { strip } from "../engine/pyish.js";
import {
  FIELD_LIMIT, MAX_CARD, MAX_DIGITS, MAX_LINES, MAX_ROWS, MIN_LINES, MIN_PLAYERS, READ_LINES, ROW_COUNTS,
  ROWS, TAKES_AT, TAKES_AT_CHOICES, tacticsMaxCard,
} from "../engine/limits.js";

const DECKS = ["full", "tactics"];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SPLIT = /[\s,;.+/]+/u;
const DIGITS = /^[0-9]{1,3}$/;
const WHOLE = new RegExp(`^[0-9]{1,${MAX_DIGITS}}$`); // web/fields.py whole_number
const PLACE = /^\s*([1-5])\s*-\s*(left|right)\s*$/u;

function text(value) {
  return [...String(value || "")].slice(0, FIELD_LIMIT).join("");
}

function first(params, name) {
  return params.has(name) ? params.get(name) : null;
}

/** The form of a query (`URLSearchParams`): the fields as CheckForm holds them. */
export function readForm(params) {
  const list = (name, limit) => params.getAll(name).slice(0, limit).map(text);
  const form = {
    variant: strip(text(first(params, "variant") || "basic")),
    deck: first(params, "deck"),
    maxCard: strip(text(first(params, "max_card"))),
    rowTexts: Array.from({ length: MAX_ROWS }, (_, i) => text(first(params, `r${i + 1}`))),
  };
  const chosen = form.deck;
  if (!DECKS.includes(chosen)) {
    form.deck = form.maxCard && form.maxCard !== String(MAX_CARD) ? "tactics" : "full";
  }
  if (chosen) form.maxCard = "";
  const rows = strip(text(first(params, "rows")));
  form.rowCount = ROW_COUNTS.map(String).includes(rows) ? Number(rows)
    : (strip(form.rowTexts[4]) ? MAX_ROWS : ROWS);
  const takes = strip(text(first(params, "takes_at")));
  form.takes = TAKES_AT_CHOICES.map(String).includes(takes) ? Number(takes) : TAKES_AT;
  const [players, cards, take] = ["player", "card", "take"].map((n) => list(n, READ_LINES));
  const place = list("place", undefined);
  const at = (values, index) => (index < values.length ? values[index] : "");
  const count = Math.max(players.length, cards.length, take.length);
  form.lines = [];
  for (let index = 0; index < count; index += 1) {
    const line = { player: at(players, index), card: at(cards, index), take: at(take, index),
      place: at(place, index) };
    if (strip(line.player) || strip(line.card)) form.lines.push(line);
  }
  return form;
}

/** The lines a page shows: those typed, one blank to go on, at least four, at most 20. */
export function displayCount(form) {
  return Math.min(Math.max(MIN_LINES, form.lines.length + 1), MAX_LINES);
}

export function wantsAnswer(form) {
  return form.rowTexts.slice(0, form.rowCount).some((row) => strip(row))
    && form.lines.some((line) => strip(line.card));
}

/** Each line's player; unnamed lines get a letter by position, never one typed as a name. */
export function names(form) {
  const typed = new Set(form.lines.map((line) => strip(line.player)));
  const out = [];
  form.lines.forEach((line, index) => {
    let name = strip(line.player);
    if (!name) {
      const free = [...LETTERS].filter((c) => !typed.has(c) && !out.includes(c));
      name = free.includes(LETTERS[index]) ? LETTERS[index] : free[0];
    }
    out.push(name);
  });
  return out;
}

/** The highest card of a Tactics deck for `players` lines; a table has at least two. */
export function tacticsLimit(players) {
  return Math.min(MAX_CARD, tacticsMaxCard(Math.max(MIN_PLAYERS, players)));
}

function maxCardValue(form, say) {
  const typed = form.maxCard;
  if (form.deck === "tactics" && !typed) return tacticsLimit(new Set(names(form)).size);
  if (!typed) return MAX_CARD;
  if (!WHOLE.test(typed)) throw refuse("NotANumber", { value: typed });
  return Number(typed);
}

function numbers(value, where, say) {
  const out = [];
  for (const token of strip(value).split(SPLIT)) {
    if (!token) continue;
    if (!DIGITS.test(token)) throw refuse("NotACardNumber", { where, value: token });
    out.push(Number(token));
  }
  return out;
}

function tidy(value) {
  return strip(value).split(SPLIT).filter(Boolean).join(",");
}

/** An own key even for a name such as "__proto__". */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true,
    configurable: true });
}

/**
 * The placement request (the JSON shape check/form.py `to_data` builds). Throws the
 * form's refusal (static/js/engine/errors.js: check/form.py's code and fields).
 */
export function toData(form, say) {
  const rows = form.rowTexts.slice(0, form.rowCount)
    .map((value, index) => numbers(value, say("row", { row: index + 1 }), say));
  const plays = [];
  const take = {};
  const place = {};
  const nifty = form.variant === "nifty";
  const lineNames = names(form);
  form.lines.forEach((line, index) => {
    const name = lineNames[index];
    const cards = numbers(line.card, name, say);
    const play = { player: name };
    if (nifty) {
      if (cards.length) play.cards = cards;
    } else if (cards.length > 1) {
      throw refuse("WrongCardCount", { player: name, count: cards.length, expected: 1 });
    } else if (cards.length) {
      play.card = cards[0];
    }
    plays.push(play);
    if (strip(line.take) && !Object.hasOwn(take, name)) {
      const chosen = strip(line.take);
      if (!DIGITS.test(chosen) || chosen.length > 1) {
        throw refuse("NotARow", { player: name, rows: form.rowCount });
      }
      put(take, name, Number(chosen));
    }
    if (strip(line.place) && !Object.hasOwn(place, name)) {
      const match = PLACE.exec(line.place);
      if (!match) throw refuse("NotAPlace", { player: name, value: line.place });
      put(place, name, { row: Number(match[1]), side: match[2] });
    }
  });
  return { variant: form.variant, max_card: maxCardValue(form, say), rows,
    takes_at: form.takes, plays, take, place };
}

/** Python's `quote_plus(value, safe=",")`. */
function quote(value) {
  return encodeURIComponent(String(value))
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+").replace(/%2C/g, ",");
}

/** The share link's query; `take`/`place` ({player: value}) set one player's choice. */
export function query(form, say, { take = {}, place = {} } = {}) {
  const seen = new Set();
  const lines = form.lines.map((line, index) => {
    const name = names(form)[index];
    const isFirst = !seen.has(name);
    seen.add(name);
    const out = { ...line };
    if (Object.hasOwn(take, name)) out.take = isFirst ? take[name] : "";
    if (Object.hasOwn(place, name)) out.place = isFirst ? place[name] : "";
    return out;
  });
  let maxCard;
  try {
    maxCard = maxCardValue(form, say);
  } catch (error) {
    if (error.code !== "NotANumber") throw error;
    maxCard = form.maxCard;
  }
  const pairs = [["variant", form.variant], ["max_card", maxCard]];
  if (form.rowCount !== ROWS) pairs.push(["rows", form.rowCount]);
  if (form.takes !== TAKES_AT) pairs.push(["takes_at", form.takes]);
  form.rowTexts.slice(0, form.rowCount).forEach((row, i) => pairs.push([`r${i + 1}`, tidy(row)]));
  const named = lines.some((line) => strip(line.player));
  for (const line of lines) {
    if (named) pairs.push(["player", strip(line.player)]);
    pairs.push(["card", tidy(line.card)]);
  }
  for (const name of ["take", "place"]) {
    const values = lines.map((line) => strip(line[name]));
    if (values.some(Boolean)) values.forEach((value) => pairs.push([name, value]));
  }
  return pairs.map(([key, value]) => `${key}=${quote(value)}`).join("&");
}
