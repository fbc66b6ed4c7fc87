// A game started offline is checked on the phone as the server would check it
// (offline-rules.js): the start forms of tests/vectors/deals.json ("starts", written by
// make_deal_vectors.py from the engine) give the same settings, or the same refusal with
// the same fields; tests/test_games_offline.py runs the deals against the Python engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { checkDeal, checkSettings, replay } from "../../static/js/offline-rules.js";

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

test("a deal under the bound is refused with the bound and why", () => {
  const { settings } = checkSettings(form({}));
  const typed = (a, b, c) => ({ bullheads: { Ann: a, Bob: b, Cas: c }, hand: {} });
  assert.deepEqual(outcome(checkDeal, settings, typed("", "3", "")), { code: "DealUnderBound",
    fields: { total: 3, bound: 14, players: 3, cards: 34, kept: 20 } });
  assert.deepEqual(outcome(checkDeal, settings, typed("100", "68", "")),
    { code: "DealOverBound", fields: { total: 168, bound: 167, rows: 4 } });
  assert.deepEqual(outcome(checkDeal, settings, typed("x", "", "")),
    { code: "BadBullheads", fields: { player: "Ann", value: "x" } });
  assert.deepEqual(checkDeal(settings, typed("", "14", "")).scores, { Ann: 0, Bob: 14, Cas: 0 });
});

test("Virgin doubling and the end of the game, as the server replays them", () => {
  const { settings } = checkSettings(form({ virgin_doubling: true, threshold: "30" }));
  const first = checkDeal(settings, { bullheads: { Ann: "0", Bob: "14", Cas: "6" } });
  assert.deepEqual(first.scores, { Ann: 0, Bob: 28, Cas: 12 });
  const second = checkDeal(settings, { bullheads: { Ann: "5", Bob: "5", Cas: "5" } });
  const state = replay(settings, [first, second]);
  assert.deepEqual(state.totals, { Ann: 5, Bob: 33, Cas: 17 });
  assert.equal(state.finished, true);
  assert.deepEqual(state.winners, ["Ann"]);
  assert.deepEqual(state.rows[0].totals, { Ann: 0, Bob: 28, Cas: 12 });
  assert.equal(state.next, 3);
});
