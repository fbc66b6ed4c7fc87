// deal.js scores every deal the way the Python engine does: the cases in
// tests/vectors/deals.json were scored by scorekeeper.engine.scoring (make_deal_vectors.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { cardBullheads, count, scoreDeal } from "../../static/js/deal.js";

const { cases } = JSON.parse(
  readFileSync(new URL("../vectors/deals.json", import.meta.url), "utf8"));

/** The stack as the page counts it: typed bullheads, or the bullheads of the cards. */
function stackOf(entered, players) {
  if (!entered.cards) return entered.bullheads;
  return Object.fromEntries(players.map((name) => [name, cardBullheads(entered.cards[name])]));
}

test("the vectors cover 2 to 10 players, doubling on and off, hands and cards", () => {
  const sizes = new Set(cases.map((c) => c.players.length));
  assert.deepEqual([...sizes].sort((a, b) => a - b), [2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.ok(cases.some((c) => c.virgin_doubling) && cases.some((c) => !c.virgin_doubling));
  assert.ok(cases.some((c) => c.entered.hand) && cases.some((c) => c.entered.cards));
});

test("every case: the same stack from cards and the same scores as the Python", () => {
  for (const [index, c] of cases.entries()) {
    const stack = stackOf(c.entered, c.players);
    assert.deepEqual(stack, c.bullheads, `case ${index}: bullheads`);
    const scores = scoreDeal({
      players: c.players, bullheads: stack, hand: c.entered.hand ?? null,
      virginDoubling: c.virgin_doubling,
    });
    assert.deepEqual(scores, c.scores, `case ${index}: scores`);
  }
});

test("by hand: a virgin doubles everyone else, a hand counts double", () => {
  const players = ["A", "B", "C"];
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 3, C: 0 }, virginDoubling: true }),
    { A: 0, B: 6, C: 0 });
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 3, C: 0 }, virginDoubling: false }),
    { A: 0, B: 3, C: 0 });
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 3, C: 0 }, hand: { A: 2, B: 1, C: 0 },
      virginDoubling: true }),
    { A: 8, B: 10, C: 0 }); // A kept cards in the hand: no virgin, doubled like B
  assert.equal(cardBullheads([55, 11, 10, 5, 1]), 7 + 5 + 3 + 2 + 1);
});

test("a typed count: empty is 0, digits only", () => {
  assert.deepEqual(["", " 7 ", "12", "x", "-1", "1.5", "²"].map(count),
    [0, 7, 12, null, null, null, null]);
});
