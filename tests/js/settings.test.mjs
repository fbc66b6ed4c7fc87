// A game started on the phone is checked there as the server would check it
// (engine/settings.js): the start forms of tests/vectors/deals.json ("starts", written by
// make_deal_vectors.py from the engine) give the same settings, or the same refusal with
// the same fields.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { checkSettings } from "../../static/js/engine/settings.js";

const { starts } = JSON.parse(readFileSync(new URL("../vectors/deals.json", import.meta.url), "utf8"));

const form = (fields) => ({
  players: ["Ann", "Bob", "Cas", ""], end: "threshold", threshold: "66", fixed_deals: "",
  virgin_doubling: false, variant: "basic", rows: "4", takes_at: "6", hand_size: "10", ...fields,
});

/** What a check gives: its answer, or the refusal it throws as `{code, fields}`. */
function outcome(check, ...args) {
  try {
    return check(...args);
  } catch (error) {
    if (!error.code) throw error; // a crash, not a refusal
    return { code: error.code, fields: error.fields };
  }
}

test("every start form of the vectors: the engine's settings, or its refusal and fields", () => {
  assert.ok(starts.length >= 30);
  assert.ok(new Set(starts.map((c) => c.error)).size >= 11);
  for (const c of starts) {
    const want = c.error ? { code: c.error, fields: c.fields } : { settings: c.settings };
    assert.deepStrictEqual(outcome(checkSettings, c.form), want, JSON.stringify(c.form));
  }
});

test("the start form's values become the settings the API takes", () => {
  const { settings } = checkSettings(form({ players: [" Ann ", "Bob", "", "Cas"], rows: "5" }));
  assert.deepEqual(settings, {
    players: ["Ann", "Bob", "Cas"], threshold: 66, fixed_deals: null, virgin_doubling: false,
    variant: "basic", rows: 5, takes_at: 6, hand_size: 10,
  });
  assert.equal(checkSettings(form({ end: "deals", fixed_deals: "8" })).settings.fixed_deals, 8);
});

test("the first problem is thrown as the engine's refusal, with its fields", () => {
  assert.deepEqual(outcome(checkSettings, form({ players: ["Ann"] })),
    { code: "PlayerCount", fields: { count: 1 } });
  assert.deepEqual(outcome(checkSettings, form({ players: ["Ann", "ANN"] })),
    { code: "DuplicatePlayer", fields: { player: "ANN" } });
  assert.equal(outcome(checkSettings, form({ threshold: "6x" })).code, "BadThreshold");
  assert.equal(outcome(checkSettings, form({ hand_size: "9" })).code, "BadHandSize");
  assert.deepEqual(outcome(checkSettings, form({ hand_size: "34" })), { code: "DeckTooSmall",
    fields: { players: 3, hand_size: 34, rows: 4, needed: 106, cards: 104 } });
});
