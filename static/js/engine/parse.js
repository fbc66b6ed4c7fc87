// The placement request's JSON shape, read as scorekeeper/check/request.py `parse` reads it:
// only the JSON types and keys it must read are checked here (BadShape, or the engine's
// error where it has that exact sentence); every rule is left to the turn checks.

import { MAX_CARD, PLACEMENT_VARIANTS, SHOWN_LENGTH, TAKES_AT } from "./limits.js";
import { refuse } from "./errors.js";
import { firstCodePoints, get, isInt, isObject, pyStr, strip } from "./pyish.js";
import { tableFromRows } from "./table.js";

/** The placement variants: cards each player reveals, plays a player may have, deck copies. */
export const VARIANTS = new Map(Object.entries(PLACEMENT_VARIANTS)
  .map(([name, variant]) => [name, { name, ...variant }]));

function badShape(field, expected) {
  return refuse("BadShape", { field, expected });
}

function objectOrEmpty(value, field) {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) throw badShape(field, "object");
  return value;
}

/** One entry of `plays`; a missing card becomes no cards, which the turn checks refuse. */
function readPlay(entry, index, variant) {
  if (!isObject(entry)) throw badShape("plays", "list of objects");
  const player = get(entry, "player", null);
  if (typeof player !== "string") throw refuse("MissingPlayer", { index });
  const name = strip(player);
  if (variant.name === "nifty") {
    const cards = get(entry, "cards", null);
    if (cards !== null && !Array.isArray(cards)) {
      throw refuse("NotACard", { value: cards, where: name });
    }
    return { player: name, cards: cards === null ? [] : [...cards] };
  }
  const card = get(entry, "card", null);
  return { player: name, cards: card === null ? [] : [card] };
}

/**
 * Reshape a request body (docs/api.md, Placement) into
 * `{variant, maxCard, takesAt, rows, plays: [{player, cards}], take: Map, place: Map}`.
 * The table's shape is the length of `rows` (3 to 5) and `takes_at` (5 to 7, default 6).
 * `take` and `place` are keyed by the trimmed names, in the order the body gives them.
 */
export function parse(data) {
  if (!isObject(data)) throw badShape("body", "object");
  const name = get(data, "variant", "basic");
  const variant = typeof name === "string" ? VARIANTS.get(name) : undefined;
  // The Python names the variant as `str(value)[:40]`: "None", "True", "['basic']", ...
  if (variant === undefined) {
    throw refuse("UnknownVariant", { variant: firstCodePoints(pyStr(name), SHOWN_LENGTH) });
  }
  const maxCard = get(data, "max_card", MAX_CARD);
  if (!isInt(maxCard)) throw refuse("NotACard", { value: maxCard, where: "max_card" });
  if (maxCard < 1 || maxCard > MAX_CARD) throw refuse("CardOutOfRange", { card: maxCard, max_card: MAX_CARD });
  const takesAt = get(data, "takes_at", TAKES_AT);
  const rows = tableFromRows(get(data, "rows", null), maxCard, variant.copies, takesAt);

  const rawPlays = get(data, "plays", null);
  if (!Array.isArray(rawPlays)) throw badShape("plays", "list");
  const plays = rawPlays.map((entry, index) => readPlay(entry, index + 1, variant));

  const take = new Map();
  for (const [player, row] of Object.entries(objectOrEmpty(get(data, "take", null), "take"))) {
    take.set(strip(player), row);
  }
  const place = new Map();
  for (const [player, raw] of Object.entries(objectOrEmpty(get(data, "place", null), "place"))) {
    const choice = objectOrEmpty(raw, "place");
    const side = get(choice, "side", "right");
    if (side !== "left" && side !== "right") throw badShape("place", '"left" or "right"');
    place.set(strip(player), [get(choice, "row", null), side]);
  }
  return { variant, maxCard, takesAt, rows, plays, take, place };
}
