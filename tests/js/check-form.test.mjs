// The checker's form read on the phone as check/form.py reads it, and every refusal of the
// browser engine worded from its code and fields (shared/catalog.js, check/offline.js). Parity
// with the server's own rendering, text for text, is tested by tests/test_check_page.py
// (it runs Node).
import { test } from "node:test";
import assert from "node:assert/strict";

import { readFileSync } from "node:fs";

import { catalogOf } from "../../static/js/shared/catalog.js";
import { names, query, readForm, toData, wantsAnswer } from "../../static/js/check/form.js";
import { answerOffline } from "../../static/js/check/offline.js";
import { resolvePlacement } from "../../static/js/engine/placement.js";

const say = (key, values) => `${key}:${JSON.stringify(values)}`;
const form = (text) => readForm(new URLSearchParams(text));

// Share links read by the server's form (tests/vectors/check-form.json, make_form_vectors.py).
const VECTORS = JSON.parse(readFileSync(new URL("../vectors/check-form.json", import.meta.url), "utf8"));

test("every link of the vectors is read as the server's form reads it", () => {
  const english = catalogOf({ sentences: VECTORS.sentences });
  assert.ok(VECTORS.cases.length >= 300);
  for (const c of VECTORS.cases) {
    const typed = readForm(new URLSearchParams(c.query));
    let got;
    try {
      got = { data: toData(typed, english.say) };
    } catch (error) {
      if (!error.code) throw error; // a crash, not a refusal
      got = { error: error.code, fields: error.fields };
    }
    const want = "error" in c ? { error: c.error, fields: c.fields } : { data: c.data };
    assert.deepStrictEqual(JSON.parse(JSON.stringify(got)), want, c.query.slice(0, 200));
    assert.equal(wantsAnswer(typed), c.wants, c.query.slice(0, 200));
    assert.equal(query(typed, english.say), c.link, c.query.slice(0, 200));
  }
});

test("an old link is the booklet's game: four rows, the sixth card takes a row", () => {
  const old = form("r1=12&r2=37&r3=43&r4=58&card=14");
  assert.equal(old.rowCount, 4);
  assert.equal(old.takes, 6);
  assert.ok(wantsAnswer(old));
  assert.equal(query(old, say), "variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58&card=14");
  assert.equal(form("r1=1&r5=9").rowCount, 5); // a fifth row typed: five rows
  assert.deepEqual([form("rows=9&takes_at=x").rowCount, form("takes_at=8").takes], [4, 6]);
});

test("the shape goes into the request and, when not the booklet's, into the link", () => {
  const three = form("rows=3&takes_at=5&r1=12&r2=37&r3=43&r4=58&card=14&card=15");
  const data = toData(three, say);
  assert.deepEqual(data.rows, [[12], [37], [43]]);
  assert.equal(data.takes_at, 5);
  assert.equal(query(three, say),
    "variant=basic&max_card=104&rows=3&takes_at=5&r1=12&r2=37&r3=43&card=14&card=15");
});

test("names and choices as the server writes them in a link", () => {
  const typed = form("r1=12&r2=37&r3=43&r4=58&player=&card=14&player=A&card= 44 &player=&card=61");
  assert.deepEqual(names(typed), ["B", "A", "C"]);
  const named = form("r1=12&r2=37&r3=43&r4=58&player=Ann B%C3%A9*~(x)!'/?%26=,&card=12 14");
  assert.equal(query(named, say, { take: { "Ann Bé*~(x)!'/?&=,": "2" } }),
    "variant=basic&max_card=104&r1=12&r2=37&r3=43&r4=58"
    + "&player=Ann+B%C3%A9%2A~%28x%29%21%27%2F%3F%26%3D,&card=12,14&take=2");
  const tactics = form("deck=tactics&max_card=50&r1=1&r2=2&r3=3&r4=4&card=5&card=6&card=7");
  assert.equal(toData(tactics, say).max_card, 34); // the deck chosen: its size, not max_card
});

test("typed text that is not a card is worded as the form words it", () => {
  assert.throws(() => toData(form("r1=12&r2=x&r3=3&r4=4&card=5"), say),
    { code: "NotACardNumber", fields: { where: 'row:{"row":2}', value: "x" } });
  assert.throws(() => toData(form("r1=1&r2=2&r3=3&r4=4&card=5&take=x"), say),
    { code: "NotARow", fields: { player: "A", rows: 4 } });
  assert.throws(() => toData(form("r1=1&r2=2&r3=3&r4=4&card=5,6"), say),
    { code: "WrongCardCount", fields: { player: "A", count: 2, expected: 1 } });
});

// Every refusal the page can meet, worded with the engine's own fields.
const TEMPLATES = {
  EmptyRow: "%(row)s", RowTooLong: "%(row)s %(length)s %(limit)s",
  RowNotAscending: "%(row)s %(card)s %(previous)s", CardOutOfRange: "%(card)s %(max_card)s",
  CardTooOften: "%(card)s %(times)s %(allowed)s", TooManyPlayers: "%(count)s",
  MissingPlayer: "%(index)s", PlayerNameTooLong: "%(player)s %(limit)s",
  MissingCard: "%(player)s", WrongCardCount: "%(player)s %(count)s %(expected)s",
  PlayerRepeated: "%(player)s %(allowed)s", UnknownVariant: "%(variant)s",
  UnknownPlayerChoice: "%(player)s", BadRowChoice: "%(player)s %(row)s %(rows)s",
  BadPlaceChoice: "%(player)s", NoPlays: "none", WrongRowCount: "%(count)s",
  BadTakesAt: "%(value)s",
};
const CATALOG = catalogOf({ refusals: TEMPLATES, general: "GENERAL" });
const ROWS = [[12], [37], [43], [58]];
const play = (player, card) => ({ player, card });
const long = "x".repeat(45);
const REFUSED = [
  [{ rows: [[12], [], [43], [58]], plays: [play("A", 5)] }, "2"],
  [{ rows: [[1, 2, 3, 4, 5, 6], [37], [43], [58]], plays: [play("A", 7)] }, "1 6 5"],
  [{ rows: [[20, 12], [37], [43], [58]], plays: [play("A", 5)] }, "1 12 20"],
  [{ rows: ROWS, plays: [play("A", 105)] }, "105 104"],
  [{ rows: ROWS, plays: [play("A", 12)] }, "12 2 1"],
  [{ rows: ROWS, plays: Array.from({ length: 11 }, (_, i) => play(`P${i}`, 60 + i)) }, "11"],
  [{ rows: ROWS, plays: [play(long, 5)] }, `${"x".repeat(39)}… 40`],
  [{ rows: ROWS, plays: [{ player: "Ann" }] }, "Ann"],
  [{ rows: ROWS, plays: [play("Ann, the 2nd", 5), play("Ann, the 2nd", 6)] }, "Ann, the 2nd 1"],
  [{ variant: "chess", rows: ROWS, plays: [play("A", 5)] }, "chess"],
  [{ rows: ROWS, plays: [play("A", 5)], take: { "B's": 2 } }, "B's"],
  [{ rows: ROWS, plays: [play("A", 5)], take: { A: 9 } }, "A 9 4"],
  [{ variant: "professional", rows: [[10], [30], [50], [70]], plays: [play("Ann's", 20)],
    place: { "Ann's": { row: 3, side: "left" } } }, "Ann's"],
  [{ rows: ROWS, plays: [] }, "none"],
  [{ rows: ROWS, plays: [{ card: 5 }] }, "1"],
  [{ variant: "nifty", rows: ROWS, plays: [{ player: "A", cards: [5] }] }, "A 1 2"],
  [{ rows: [[1], [2]], plays: [play("A", 5)] }, "2"],
  [{ rows: ROWS, takes_at: 9, plays: [play("A", 5)] }, "9"],
];

test("every refusal is worded with its own fields, none falls back to the general one", () => {
  const seen = new Set();
  for (const [request, expected] of REFUSED) {
    let error;
    try {
      resolvePlacement(request);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error && error.code, JSON.stringify(request));
    seen.add(error.code);
    assert.equal(CATALOG.refusalText(error), expected, error.code);
  }
  assert.deepEqual([...seen].sort(), Object.keys(TEMPLATES).sort());
  assert.equal(CATALOG.refusalText({ code: "RowNotAscending", fields: { row: 2 } }), "GENERAL");
  assert.equal(CATALOG.refusalText({ code: "Unknown", fields: {} }), "GENERAL");
});

test("a link is answered on the phone, its result in the page's words", () => {
  const keys = ["title", "intro", "before", "row", "what_take", "why_rule4", "takes", "suggests",
    "another", "cheapest", "who", "after", "share_title", "share_hint", "copy", "change",
    ...[1, 2, 3, 4].flatMap((n) => [`rule_name_${n}`, `rule_heading_${n}`])];
  const t = catalogOf({
    sentences: Object.fromEntries(keys.map((key) => [key, `[${key}]`])),
    plurals: { bullheads: ["%(num)s bullhead", "%(num)s bullheads"],
      as_cheap: ["R %(rows)s", "Rs %(rows)s"] },
    refusals: TEMPLATES, general: "GENERAL",
  });
  const params = new URLSearchParams("r1=30,36&r2=37&r3=43,44&r4=58,61&player=Ann&card=3");
  const { html } = answerOffline(params, t, "https://example.org/check");
  assert.match(html, /data-share="https:\/\/example.org\/check\?variant=basic&#38;max_card=104/);
  assert.match(html, /<strong>1 bullhead<\/strong>/);
  assert.deepEqual(answerOffline(new URLSearchParams("r1=1&r2=2&r3=3&r4=4&card=5&take=9"),
    t, "x"), { error: "A 9 4" });
});
