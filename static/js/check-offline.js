// The checker's answer worked out on the phone, for when the server cannot be reached:
// the form read as check/form.py reads it, the placement engine of static/js/engine/, and
// the result or the refusal worded with the page's own sentences (#check-strings), so the
// phone shows what the server would have shown, word for word.
import { resolvePlacement } from "./engine/index.js";
import { query, readForm, toData } from "./check-form.js";
import { fill, renderResult, sayer } from "./check-result.js";

// The fields of each refusal, read back from the browser engine's English message (it
// carries no fields of its own); the sentence itself comes from the page, translated.
const QUOTED = "(\".*\")"; // a value the engine wrote as JSON
const FIELDS = {
  WrongRowCount: [/ rows, not (\d+)$/, ["count"]],
  BadTakesAt: [/, not (.*)$/, ["value"]],
  EmptyRow: [/^row (\d+) is empty$/, ["row"]],
  RowTooLong: [/^row (\d+) holds (\d+) cards; a row holds at most (\d+)$/,
    ["row", "length", "limit"]],
  RowNotAscending: [/^row (\d+) is not ascending: (\d+) after (\d+)$/,
    ["row", "card", "previous"]],
  CardOutOfRange: [/^card (.+) is outside 1\.\.(\d+)$/, ["card", "max_card"]],
  CardTooOften: [/^card (\d+) appears (\d+) times; the deck holds it (\d+)$/,
    ["card", "times", "allowed"]],
  TooManyPlayers: [/^(\d+) players;/, ["count"]],
  MissingPlayer: [/^play (\d+) names no player$/, ["index"]],
  PlayerNameTooLong: [new RegExp(`^player name ${QUOTED} is longer than (\\d+) characters$`, "s"),
    ["player:json", "limit"]],
  MissingCard: [/^(.*) played no card$/s, ["player"]],
  WrongCardCount: [/^(.*) played (\d+) cards; this variant needs (\d+)$/s,
    ["player", "count", "expected"]],
  PlayerRepeated: [/^(.*) is named more than (\d+) time\(s\)$/s, ["player", "allowed"]],
  UnknownVariant: [new RegExp(`^unknown variant ${QUOTED}$`, "s"), ["variant:json:40"]],
  UnknownPlayerChoice: [/^a choice names (.*), who played no card$/s, ["player"]],
  BadRowChoice: [/^(.*) chose row (.+); rows are numbered 1 to (\d+)$/s,
    ["player", "row", "rows"]],
  BadPlaceChoice: [/^(.*)'s choice for card (\d+) is not one of the tied options$/s,
    ["player", "card"]],
};

/** A field as web/messages.py shows it: text of more than 40 characters cut to 39 + "…". */
function show(value) {
  const text = [...String(value)];
  return text.length <= 40 ? text.join("") : `${text.slice(0, 39).join("")}…`;
}

function readFields(error) {
  if (error.fields) return error.fields;
  if (!FIELDS[error.code]) return {}; // a refusal without fields (NoPlays)
  const [pattern, names] = FIELDS[error.code];
  const match = pattern.exec(error.message);
  if (!match) return null;
  const fields = {};
  names.forEach((spec, index) => {
    const [name, kind, cut] = spec.split(":"); // "name:json:40": JSON text, cut as Python's [:40]
    let value = match[index + 1];
    if (kind === "json") {
      try {
        value = [...JSON.parse(value)].slice(0, cut ? Number(cut) : undefined).join("");
      } catch {
        return;
      }
    }
    fields[name] = value;
  });
  return fields;
}

/** The translated sentence for a refusal; the general one if its fields cannot be read. */
export function refusalText(error, strings) {
  const template = strings.errors[error.code];
  const fields = template === undefined ? null : readFields(error);
  const needed = [...(template || "").matchAll(/%\((\w+)\)s/g)].map((m) => m[1]);
  if (fields === null || needed.some((name) => fields[name] === undefined)) {
    return strings.general;
  }
  const shown = Object.fromEntries(needed.map((name) => [name, show(fields[name])]));
  return fill(template, shown);
}

/**
 * The answer to a checker query (`URLSearchParams`, as a link or the form sends it):
 * `{html}` for the result section, or `{error}` for the sentence the form shows. `page` is
 * the checker's own address (the share links start with it).
 */
export function answerOffline(params, strings, page) {
  const { say } = sayer(strings);
  const form = readForm(params);
  try {
    const data = toData(form, say);
    const answer = resolvePlacement(structuredClone(data));
    const link = (choices) => `${page}?${query(form, say, choices)}`;
    return { html: renderResult(answer, data, strings, link) };
  } catch (error) {
    if (error && error.code) return { error: refusalText(error, strings) };
    throw error;
  }
}
