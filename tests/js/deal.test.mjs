// engine/deal.js scores every deal the way the Python engine does: the cases in
// tests/vectors/deals.json were scored by scorekeeper.engine.game (make_deal_vectors.py):
// the scores, the bounds of a deal in every shape and deck, and the end of a game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  boundRefusal, cardBullheads, count, dealBounds, enteredTotal, makeEntry, scoreDeal,
} from "../../static/js/engine/deal.js";
import { replay } from "../../static/js/engine/game-log.js";

/** A game's settings under the API's names, defaults filled in. */
const settingsOf2 = (g) => ({
  players: g.players, threshold: g.threshold === undefined ? 66 : g.threshold, fixed_deals: g.fixed_deals ?? null,
  virgin_doubling: Boolean(g.virgin_doubling), variant: g.variant ?? "basic", rows: 4,
  takes_at: 6, hand_size: 10,
});

/** The game after these deals (each as entered), replayed as the sheet replays it. */
function replayDeals(g, deals) {
  const settings = settingsOf2(g);
  return replay(settings, deals.map((entered, i) => ({
    kind: "deal", number: i + 1, entry: makeEntry(settings, entered) })));
}

const { cases, settings: shapes, games } = JSON.parse(
  readFileSync(new URL("../vectors/deals.json", import.meta.url), "utf8"));

/** The stack as the page counts it: typed bullheads, or the bullheads of the cards. */
function stackOf(entered, players) {
  if (!entered.cards) return entered.bullheads;
  return Object.fromEntries(players.map((name) => [name, cardBullheads(entered.cards[name])]));
}

/** A case's settings as engine/deal.js takes them. */
function settingsOf(c) {
  return {
    players: c.players, variant: c.variant, rows: c.rows, takesAt: c.takes_at,
    handSize: c.hand_size,
  };
}

test("the vectors cover 2 to 10 players, doubling on and off, hands, cards and refusals", () => {
  const sizes = new Set(cases.map((c) => c.players.length));
  assert.deepEqual([...sizes].sort((a, b) => a - b), [2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.ok(cases.some((c) => c.virgin_doubling) && cases.some((c) => !c.virgin_doubling));
  assert.ok(cases.some((c) => c.entered.hand) && cases.some((c) => c.entered.cards));
  const errors = new Set(cases.map((c) => c.error ?? "scored"));
  assert.deepEqual([...errors].sort(), ["DealOverBound", "DealUnderBound", "scored"]);
  const shaped = new Set(cases.map((c) => `${c.variant} ${c.rows}/${c.takes_at}`));
  assert.ok(shaped.size >= 3 * 9 + 2, [...shaped].join(", "));
});

test("every case: the same bounds, the same refusal or the same scores as the Python", () => {
  for (const [index, c] of cases.entries()) {
    const bounds = dealBounds(settingsOf(c));
    assert.deepEqual({ lower: bounds.lower, upper: bounds.upper }, c.bounds, `case ${index}: bounds`);
    const stack = stackOf(c.entered, c.players);
    const total = enteredTotal({ players: c.players, bullheads: stack, hand: c.entered.hand ?? null });
    const refusal = boundRefusal(settingsOf(c), total);
    if (c.error) {
      assert.ok(refusal instanceof Error, `case ${index}: not refused`);
      assert.deepStrictEqual({ code: refusal.code, fields: refusal.fields },
        { code: c.error, fields: c.fields }, `case ${index}: refusal`);
      continue;
    }
    assert.equal(refusal, null, `case ${index}: refused`);
    assert.deepEqual(stack, c.bullheads, `case ${index}: bullheads`);
    const scores = scoreDeal({
      players: c.players, bullheads: stack, hand: c.entered.hand ?? null,
      virginDoubling: c.virgin_doubling,
    });
    assert.deepEqual(scores, c.scores, `case ${index}: scores`);
  }
});

test("shapes the deck cannot deal: more cards in play than the deck holds", () => {
  for (const [index, s] of shapes.entries()) {
    const bounds = dealBounds(settingsOf(s));
    if (s.error) {
      assert.equal(s.error, "DeckTooSmall");
      assert.equal(bounds.cards, s.fields.needed, `settings ${index}: cards in play`);
      assert.equal(bounds.deckCards, s.fields.cards, `settings ${index}: deck`);
      assert.ok(bounds.cards > bounds.deckCards);
    } else {
      assert.ok(bounds.cards <= bounds.deckCards, `settings ${index}`);
      assert.deepEqual({ lower: bounds.lower, upper: bounds.upper }, s.bounds);
    }
  }
});

test("every game: the same running totals, end, winners and leaders", () => {
  for (const [index, g] of games.entries()) {
    const scores = g.deals.map((entered) => scoreDeal({
      players: g.players, bullheads: entered.bullheads, hand: entered.hand ?? null,
      virginDoubling: g.virgin_doubling,
    }));
    assert.deepEqual(scores, g.scores, `game ${index}: scores`);
    const state = replayDeals(g, g.deals);
    assert.deepEqual(state.deals.map((row) => row.totals), g.running, `game ${index}: running totals`);
    assert.deepEqual(state.totals, g.totals, `game ${index}: totals`);
    assert.equal(state.finished, g.finished, `game ${index}: finished`);
    assert.deepEqual(state.winners, g.winners, `game ${index}: winners`);
    assert.deepEqual(state.leaders, g.leaders, `game ${index}: leaders`);
  }
});

test("by hand: a virgin doubles everyone else, a hand counts double", () => {
  const players = ["A", "B", "C"];
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 14, C: 6 }, virginDoubling: true }),
    { A: 0, B: 28, C: 12 });
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 14, C: 6 }, virginDoubling: false }),
    { A: 0, B: 14, C: 6 });
  assert.deepEqual(
    scoreDeal({ players, bullheads: { A: 0, B: 3, C: 0 }, hand: { A: 2, B: 1, C: 0 },
      virginDoubling: true }),
    { A: 8, B: 10, C: 0 }); // A kept cards in the hand: no virgin, doubled like B
  assert.equal(cardBullheads([55, 11, 10, 5, 1]), 7 + 5 + 3 + 2 + 1);
});

test("by hand: the bounds of a deal", () => {
  // Four players in the booklet's game: 44 cards in play, at most 20 stay: 24 at least.
  assert.deepEqual(dealBounds({ players: 4 }),
    { lower: 24, upper: 167, cards: 44, kept: 20, deckCards: 104 });
  assert.equal(dealBounds({ players: ["A", "B"] }).lower, 4);
  assert.equal(dealBounds({ players: 4, variant: "hand" }).lower, 0);
  assert.equal(dealBounds({ players: 6, variant: "double" }).lower, 24); // 64 − 2·4·5
  assert.equal(dealBounds({ players: 4, variant: "tactics" }).upper, 68);
  const refused = (refusal) => ({ code: refusal.code, ...refusal.fields });
  assert.deepEqual(refused(boundRefusal({ players: ["A", "B", "C"] }, 3)), {
    code: "DealUnderBound", total: 3, bound: 14, players: 3, cards: 34, kept: 20 });
  assert.deepEqual(refused(boundRefusal({ players: 2, rows: 5 }, 167)), {
    code: "DealOverBound", total: 167, bound: 166, rows: 5 });
  assert.equal(boundRefusal({ players: 3 }, 14), null);
});

test("by hand: the end of a game", () => {
  const players = ["Ann", "Bob"];
  const deal = (Ann, Bob) => ({ bullheads: { Ann, Bob } });
  const ended = replayDeals({ players }, [deal(60, 3), deal(6, 3)]);
  assert.deepEqual([ended.finished, ended.winners], [true, ["Bob"]]); // 66: reached
  const dutch = replayDeals({ players, threshold: 67 }, [deal(66, 0)]);
  assert.deepEqual([dutch.finished, dutch.winners, dutch.leaders], [false, [], ["Bob"]]);
  const fixed = replayDeals({ players, threshold: null, fixed_deals: 1 }, [deal(5, 5)]);
  assert.deepEqual([fixed.finished, fixed.winners], [true, ["Ann", "Bob"]]); // a shared win
  assert.deepEqual(replayDeals({ players }, []).leaders, []);
});

test("a typed count: empty is 0, digits only", () => {
  assert.deepEqual(["", " 7 ", "12", "x", "-1", "1.5", "²", "123456789", "1234567890"].map(count),
    [0, 7, 12, null, null, null, null, 123456789, null]);
});
