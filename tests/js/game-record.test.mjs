// How the phone keeps a game (game/record.js): its own entries drawn on top of the
// server's log, held where the rules or another phone refuse them, settled only by the
// players' choice (or by equal values), and never lost.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  acknowledge, addEntry, adopt, choices, choose, dealEntry, fromServer, newRecord, nextToSend,
  settle, view, waiting,
} from "../../static/js/game/record.js";
import { nextNumber } from "../../static/js/engine/game-log.js";

const SETTINGS = {
  players: ["Ann", "Bob"], threshold: 66, fixed_deals: null, virgin_doubling: false,
  variant: "basic", rows: 4, takes_at: 6, hand_size: 10,
};
const values = (Ann, Bob) => ({ bullheads: { Ann, Bob }, hand: null, cards: null });
const logged = (kind, number, Ann, Bob, client_id = `other-${number}-${kind}`) => (
  { kind, number, bullheads: { Ann, Bob }, client_id, created_at: "2026-11-25T19:00:00Z" });

/** A write's answer: the game at ``version``, its deals as [number, version, client_id]. */
const answered = (version, deals) => ({
  version, deals: deals.map(([number, v, client_id]) => ({ number, version: v, client_id })) });

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
  acknowledge(record, mine, answered(2, [[2, 2, mine.client_id]]));
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
  assert.deepEqual(shown.before.totals, { Ann: 14, Bob: 1 }); // theirs, nothing doubled
  // this phone's deal 3 is drawn after theirs, waiting; row 2 shows the other phone's
  assert.deepEqual(shown.state.totals, { Ann: 20, Bob: 7 });
  assert.deepEqual([[...shown.unsent], shown.disputed], [[3], 2]);
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
  // another phone wrote version 2 (a correction of deal 1), the deal landed as version 3,
  // and a third change elsewhere made the game version 4 by the time it was answered
  acknowledge(record, deal, answered(4, [[1, 2, "other"], [2, 3, deal.client_id]]));
  assert.deepEqual([fix.base, other.base], [3, 1]); // the deal's version, not the game's
  assert.deepEqual([deal.state, deal.acked], ["sent", 4]);
});

test("a retry answered after another phone changed the deal leaves the base: a conflict", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const first = addEntry(record, { kind: "correction", number: 1, entry: values(6, 0) });
  const second = addEntry(record, { kind: "correction", number: 1, entry: values(7, 0) });
  // the first correction was kept as version 2, its answer lost; the other phone corrected
  // deal 1 as version 3; the retry is answered 200 with the game as it stands
  acknowledge(record, first, answered(3, [[1, 3, "other-phone"]]));
  assert.equal(second.base, 1); // the server will refuse it: DealChangedMeanwhile
});

test("an undo the server took moves the base of the phone's restore up to the answer", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 3, 4)]);
  const undo = addEntry(record, { kind: "withdrawal", number: 2, entry: values(3, 4) });
  const back = addEntry(record, { kind: "restore", number: 2, entry: values(3, 4) });
  acknowledge(record, undo, answered(3, [[1, 1, null]]));
  assert.equal(back.base, 3);
  const again = served([logged("deal", 1, 5, 0), logged("deal", 2, 3, 4)]);
  const undone = addEntry(again, { kind: "withdrawal", number: 2, entry: values(3, 4) });
  const later = addEntry(again, { kind: "restore", number: 2, entry: values(3, 4) });
  acknowledge(again, undone, answered(4, [[1, 1, null], [2, 4, "other-restore"]]));
  assert.equal(later.base, 2); // another phone restored it since: the server says so
});

test("every choice that sends again is a new entry: a new client_id, the base seen now", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "correction", number: 1, entry: values(6, 0) });
  const before = mine.client_id;
  adopt(record, [...record.log, logged("correction", 1, 9, 0)]);
  mine.state = "conflict";
  choose(record, mine.client_id, "mine");
  assert.notEqual(mine.client_id, before);
  assert.deepEqual([mine.state, mine.base], ["waiting", 2]);
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

test("a deal numbered past the next one (the other phone undid one) may follow on", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 3, 4)]);
  const mine = addEntry(record, { kind: "deal", number: 3, entry: values(6, 0) });
  adopt(record, [...record.log, logged("withdrawal", 2, 3, 4)]);
  mine.state = "conflict"; // the server answered DealNumberSkipped
  assert.deepEqual(choices(record, mine), ["next", "forget"]);
  choose(record, mine.client_id, "next");
  assert.deepEqual([mine.number, mine.state], [2, "waiting"]);
  assert.deepEqual(view(record).state.totals, { Ann: 11, Bob: 0 });
});

/** Deals 2 and 3 typed here while apart; the other phone's deal 2 reached the server first
 * and the server answered this phone's deal 2 with a 409 (game/sync.js marks it a conflict). */
function heldWithOwnBehind() {
  const record = served([logged("deal", 1, 5, 0)]);
  const two = addEntry(record, { kind: "deal", number: 2, entry: values(6, 9) });
  const three = addEntry(record, { kind: "deal", number: 3, entry: values(3, 12) });
  adopt(record, [...record.log, logged("deal", 2, 10, 4)]);
  two.state = "conflict";
  settle(record);
  return { record, two, three };
}

test("a deal typed while a conflict waits follows this phone's own waiting deals", () => {
  const { record, two } = heldWithOwnBehind();
  const { state } = view(record);
  assert.equal(nextNumber(state), 4); // deal 3 of this phone's is drawn: the form offers 4
  addEntry(record, dealEntry(record, nextNumber(state), values(7, 8)));
  assert.deepEqual(view(record).state.totals, { Ann: 25, Bob: 24 }); // 5+10+3+7, 0+4+12+8
  assert.deepEqual([...view(record).unsent], [3, 4]);
  const numbers = (choice) => {
    const copy = structuredClone(record);
    choose(copy, two.client_id, choice);
    return copy.pending.map((e) => [e.kind, e.number, e.state]);
  };
  assert.deepEqual(numbers("next"), [["deal", 3, "waiting"], ["deal", 4, "waiting"], ["deal", 5, "waiting"]]);
  assert.deepEqual(numbers("same"), [["deal", 3, "waiting"], ["deal", 4, "waiting"]]);
  assert.deepEqual(numbers("correct"), [["correction", 2, "waiting"], ["deal", 3, "waiting"], ["deal", 4, "waiting"]]);
});

test("a deal of this phone's held where its own deal landed becomes the next, unasked", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const own = addEntry(record, { kind: "deal", number: 2, entry: values(3, 12) });
  const again = addEntry(record, { kind: "deal", number: 2, entry: values(7, 8) });
  const before = again.client_id;
  adopt(record, [...record.log, { ...logged("deal", 2, 3, 12), client_id: own.client_id }], 9000);
  assert.equal(record.remote, 0); // only this phone wrote
  assert.deepEqual(record.pending.map((e) => [e.number, e.state]), [[3, "waiting"]]);
  assert.notEqual(record.pending[0].client_id, before); // a new entry: never sent as deal 2
  assert.deepEqual(record.notices, []);
  assert.deepEqual(view(record).held, []); // no question, and nothing of its own "theirs"
});

test("two phones that corrected a deal alike settle by themselves, and the sheet says so", () => {
  const record = served([logged("deal", 1, 5, 8)]);
  const fix = addEntry(record, { kind: "correction", number: 1, entry: values(7, 6) });
  adopt(record, [...record.log, logged("correction", 1, 7, 6)]);
  fix.state = "conflict"; // the server: DealChangedMeanwhile
  settle(record);
  assert.deepEqual(record.pending, []);
  assert.deepEqual(record.notices, [{ kind: "same_correction", number: 1 }]);
  assert.deepEqual(view(record).state.deals[0].corrections, 1); // the other phone's, once
});
