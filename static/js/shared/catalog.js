// The sentences a page's scripts show, in the page's language: one catalog per page, a
// small script of its own (/catalogs/<lang>/<page>.js, scorekeeper/web/catalog.py) that
// sets globalThis.SixNimmtCatalog before the page's module runs.
// Every sentence is a gettext template with `%(name)s` placeholders, filled here as Python
// fills it, so a phone without a connection words everything as the server would:
//   {"sentences": {key: template}, "plurals": {key: [one, other]},
//    "refusals": {code: template or {one, other, count}}, "general": template}
// A counted refusal takes `one` when its field `count` is 1, else `other`.
// No DOM needed: Node tests use catalogOf(data).
import { SHOWN_LENGTH } from "../engine/limits.js";
import { pyJson, pyStr } from "../engine/pyish.js";

const PLACEHOLDER = /%\((\w+)\)s|%%/g;

/**
 * A refusal's field as its sentence shows it (scorekeeper/engine/errors.py `shown`): text
 * as typed, anything else as Python's JSON, cut to 40 code points (39 and "…").
 */
export function shown(value) {
  const text = typeof value === "string" ? value : pyJson(value);
  const points = [...text];
  return points.length <= SHOWN_LENGTH ? text : `${points.slice(0, SHOWN_LENGTH - 1).join("")}…`;
}

/**
 * Python's `template % values`: each `%(name)s` becomes `str(value)` (a number as written,
 * `None`, `True`), `%%` a percent sign. A placeholder without a value is left as it is.
 */
export function fill(template, values = {}) {
  return template.replace(PLACEHOLDER, (all, name) => {
    if (name === undefined) return "%";
    return Object.hasOwn(values, name) ? pyStr(values[name]) : all;
  });
}

/** The placeholders of a template, in order. */
export function placeholders(template) {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]).filter(Boolean);
}

/**
 * A reader of `data` (a catalog as the page carries it): `has(key)`, `say(key, values)`,
 * `plural(key, count, values)` (the languages of the site use the first form for 1 and
 * the second otherwise; `num` is the count) and `refusalText(error)`.
 */
export function catalogOf(data) {
  const sentences = data.sentences || {};
  const plurals = data.plurals || {};
  const refusals = data.refusals || {};
  function text(table, key) {
    if (!Object.hasOwn(table, key)) throw new Error(`the page's catalog has no "${key}"`);
    return table[key];
  }
  return {
    /** Whether the catalog holds sentence `key`. */
    has: (key) => Object.hasOwn(sentences, key),
    say: (key, values) => fill(text(sentences, key), values),
    plural: (key, count, values = {}) =>
      fill(text(plurals, key)[count === 1 ? 0 : 1], { num: count, ...values }),
    /**
     * The sentence for a refusal (an Error with `code` and `fields`, static/js/engine/
     * errors.js): its code's template filled with its fields as Python shows them; the
     * general sentence for a code the catalog does not hold or fields it lacks.
     */
    refusalText(error) {
      const fields = error.fields || {};
      const template = Object.hasOwn(refusals, error.code)
        ? form(refusals[error.code], fields) : undefined;
      const needed = template === undefined ? [] : placeholders(template);
      if (template === undefined || needed.some((name) => !Object.hasOwn(fields, name))) {
        return data.general || "";
      }
      return fill(template, Object.fromEntries(needed.map((name) => [name, shown(fields[name])])));
    },
  };
}

/** A refusal's template: itself, or of a counted one the form its count field chooses. */
function form(template, fields) {
  if (typeof template === "string") return template;
  return fields[template.count] === 1 ? template.one : template.other;
}

let page = null;

/** The page's own catalog (globalThis.SixNimmtCatalog), read once. */
export function pageCatalog() {
  if (page === null) page = catalogOf(globalThis.SixNimmtCatalog || {});
  return page;
}

/** Sentence `key` of the page's catalog, its placeholders filled with `values`. */
export const say = (key, values) => pageCatalog().say(key, values);
/** The form of plural sentence `key` for `count`, filled with `values` and `num`. */
export const plural = (key, count, values) => pageCatalog().plural(key, count, values);
/** The page's sentence for a refusal (see catalogOf). */
export const refusalText = (error) => pageCatalog().refusalText(error);
/** Names as a sentence lists them in the page's language: "Eva and Gijs", "Ann, Bob en
 * Cas" (babel's format_list, the server's ``names`` filter, reads the same CLDR lists). */
export const listed = (names, language = globalThis.document?.documentElement.lang || "en") =>
  (names.length < 2 ? names.join("") : listFormat(language).format(names));

/** One list format per language, made when a list has two names: making one costs the
 * phone more than drawing the whole sheet (a leader alone needs none). */
const listFormats = new Map();
function listFormat(language) {
  if (!listFormats.has(language)) {
    listFormats.set(language, new Intl.ListFormat(language, { type: "conjunction" }));
  }
  return listFormats.get(language);
}
