// How the phone keeps a game (game-keeping.js): its own entries drawn on top of the
// server's log, held where the rules or another phone refuse them, settled only by the
// players' choice (or by equal values), and never lost.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  acknowledge, addEntry, adopt, choices, choose, fromServer, newRecord, nextToSend, view,
  waiting,
} from "../../static/js/game-keeping.js";

const SETTINGS = {
  players: ["Ann", "Bob"], threshold: 66, fixed_deals: null, virgin_doubling: false,
  variant: "basic", rows: 4, takes_at: 6, hand_size: 10,
};
const values = (Ann, Bob) => ({ bullheads: { Ann, Bob }, hand: null, cards: null });
const logged = (kind, number, Ann, Bob, client_id = `other-${number}-${kind}`) => (
  { kind, number, bullheads: { Ann, Bob }, client_id, created_at: "2026-11-25T19:00:00Z" });

function served(events = []) {
  return fromServer({ id: "0123456789abcdef0123", client_id: null, created_at: "2026-11-25T18:52:30Z",
    note: "", settings: SETTINGS, evening: "0123456789abcdef0123", events }, 1000);
}

test("an entry is drawn at once, waits, and leaves once the server's log holds it", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) }, 2000);
  assert.equal(mine.base, 1);
  assert.deepEqual(view(record).state.totals, { Ann: 8, Bob: 4 });
  assert.deepEqual(waiting(record), { count: 1, since: 2000 });
  assert.equal(nextToSend(record), mine);
  acknowledge(record, mine, 2);
  assert.equal(nextToSend(record), null);
  assert.equal(adopt(record, [...record.log, { ...logged("deal", 2, 3, 4), client_id: mine.client_id }]),
    false); // only this phone wrote: no other phone to announce
  assert.deepEqual(record.pending, []);
  assert.deepEqual(view(record).state.totals, { Ann: 8, Bob: 4 });
});

test("a deal number another phone used is held beside theirs, with three choices", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  const later = addEntry(record, { kind: "deal", number: 3, entry: values(6, 6) });
  assert.equal(adopt(record, [...record.log, logged("deal", 2, 9, 1)], 5000), true);
  assert.equal(record.remote, 5000);
  const shown = view(record);
  assert.deepEqual(shown.held, [mine, later]);
  assert.deepEqual(shown.state.totals, { Ann: 14, Bob: 1 }); // theirs only, nothing doubled
  assert.deepEqual(choices(record, mine), ["same", "next", "correct"]);
});

test("the same deal: theirs counts, mine is left out and the sheet says so", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  adopt(record, [...record.log, logged("deal", 2, 9, 1)]);
  choose(record, mine.client_id, "same");
  assert.deepEqual(record.pending, []);
  assert.deepEqual(record.notices, [{ kind: "dropped", number: 2 }]);
});

test("another deal: mine and the ones after it move up, nothing is lost", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  const fix = addEntry(record, { kind: "correction", number: 2, entry: values(4, 4) });
  adopt(record, [...record.log, logged("deal", 2, 9, 1)]);
  const before = mine.client_id;
  choose(record, mine.client_id, "next");
  assert.deepEqual(record.pending.map((e) => [e.kind, e.number]), [["deal", 3], ["correction", 3]]);
  assert.notEqual(record.pending[0].client_id, before);
  const { state, held } = view(record);
  assert.deepEqual(held, []);
  assert.deepEqual(state.deals.map((d) => d.entry.bullheads), [
    { Ann: 5, Bob: 0 }, { Ann: 9, Bob: 1 }, { Ann: 4, Bob: 4 }]);
});

test("a correction: mine replaces theirs, both stay in the history", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  adopt(record, [...record.log, logged("deal", 2, 9, 1)]);
  choose(record, mine.client_id, "correct");
  const [entry] = record.pending;
  assert.deepEqual([entry.kind, entry.number, entry.base, entry.state], ["correction", 2, 2, "waiting"]);
  assert.deepEqual(view(record).state.deals[1].corrections, 1);
  assert.deepEqual(view(record).state.totals, { Ann: 8, Bob: 4 });
});

test("both phones typed the same values: one deal, said so, nothing asked", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  addEntry(record, { kind: "deal", number: 3, entry: values(1, 7) });
  adopt(record, [...record.log, logged("deal", 2, 3, 4)]);
  assert.deepEqual(record.notices, [{ kind: "same", number: 2 }]);
  assert.deepEqual(record.pending.map((e) => e.number), [3]);
  assert.deepEqual(view(record).held, []);
});

test("a refusal or a conflict holds the entry and every one behind it", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const first = addEntry(record, { kind: "correction", number: 1, entry: values(6, 0) });
  const second = addEntry(record, { kind: "deal", number: 2, entry: values(2, 2) });
  first.state = "conflict";
  assert.deepEqual(view(record).held, [first, second]);
  assert.equal(nextToSend(record), null); // nothing goes out until the players choose
  assert.deepEqual(choices(record, first), ["theirs", "mine"]);
  choose(record, first.client_id, "mine");
  assert.deepEqual([first.state, first.base], ["waiting", 1]);
  assert.equal(nextToSend(record), first);
});

test("an entry the server took moves up the base of this phone's next change of that deal", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const deal = addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  const fix = addEntry(record, { kind: "correction", number: 2, entry: values(4, 4) });
  const other = addEntry(record, { kind: "correction", number: 1, entry: values(6, 0) });
  assert.deepEqual([fix.base, other.base], [1, 1]);
  acknowledge(record, deal, 3); // another phone wrote version 2 meanwhile
  assert.deepEqual([fix.base, other.base], [3, 1]);
});

test("a game started on the phone waits whole until the server has it", () => {
  const record = newRecord({ settings: SETTINGS, note: "Club", now: 500 });
  assert.equal(record.id, null);
  assert.equal(record.key, record.client_id);
  assert.equal(record.evening, record.key);
  addEntry(record, { kind: "deal", number: 1, entry: values(5, 0) }, 700);
  assert.deepEqual(waiting(record), { count: 2, since: 500 });
  assert.deepEqual(view(record).state.totals, { Ann: 5, Bob: 0 });
});
