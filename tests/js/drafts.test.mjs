// The deal form's state kept in the game's record (game/record.js form, keepDraft,
// beginCorrection, endCorrection, endDeal): the number of the deal being entered and the
// correction begun come from the log and the record's drafts, never from a page, so a
// reload, a new tab or another page of the sheet opens the form as it was left; a draft
// is this phone's alone (nothing sends it), and another phone's deal landing on a draft's
// number is said, not renumbered or dropped.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  addEntry, adopt, beginCorrection, choices, correctionEntry, endCorrection, endDeal,
  endedOnItsNumber, form, fromServer, keepDraft, newRecord, nextToSend, view, waiting,
} from "../../static/js/game/record.js";

const SETTINGS = {
  players: ["Ann", "Bob"], threshold: 66, fixed_deals: 3, virgin_doubling: false,
  variant: "basic", rows: 4, takes_at: 6, hand_size: 10,
};
const logged = (kind, number, Ann, Bob, client_id = `other-${number}-${kind}`) => (
  { kind, number, bullheads: { Ann, Bob }, client_id, created_at: "2026-11-27T22:00:00Z" });
const values = (Ann, Bob) => ({ bullheads: { Ann, Bob }, hand: null, cards: null });
/** The form's fields as sheet/form.js reads them: the mode, and each seat's three fields. */
const fields = (bh0, bh1 = "") => ({
  mode: "bullheads", 0: { bh: bh0, hand: "", cards: "" }, 1: { bh: bh1, hand: "", cards: "" } });

const served = (events = []) => fromServer({ id: "0123456789abcdef0123", created_at:
  "2026-11-27T21:00:00Z", note: "", settings: SETTINGS, events }, 1000);

/** Keep what is typed as the page does: on the form as drawn from the record. */
const type = (record, typed) => keepDraft(record, form(record), typed,
  Object.values(typed).some((seat) => seat.bh));

test("with no draft the form is for the log's deals + 1, this phone's own on top", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  assert.deepEqual(form(record), { draft: null, correcting: false, number: 2, taken: false,
    shown: true });
  addEntry(record, { kind: "deal", number: 2, entry: values(3, 4) });
  assert.equal(form(record).number, 3);
  assert.deepEqual(newRecord({ settings: SETTINGS }).drafts, { deal: null, correction: null });
});

test("a deal half typed is kept with the number it was begun for, and its fields", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const draft = type(record, fields("7"));
  assert.deepEqual(record.drafts.deal, { id: draft.id, number: 2, fields: fields("7") });
  type(record, fields("7", "1"));
  assert.equal(record.drafts.deal.id, draft.id, "one draft, typed on");
  const opened = structuredClone(record); // a reload reads the record again
  assert.deepEqual(form(opened), { draft: { id: draft.id, number: 2, fields: fields("7", "1") },
    correcting: false, number: 2, taken: false, shown: true });
  type(record, fields("", "")); // every field emptied: nothing half typed
  assert.equal(record.drafts.deal, null);
  assert.equal(form(record).draft, null);
});

test("a draft is never an entry: nothing waits to be sent for it", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  type(record, fields("7"));
  beginCorrection(record, 1, values(5, 0), fields("5", "0"));
  assert.deepEqual(record.pending, []);
  assert.equal(nextToSend(record), null);
  assert.deepEqual(waiting(record), { count: 0, since: null });
  assert.deepEqual(view(record).state.totals, { Ann: 5, Bob: 0 });
});

test("another phone's deal on the draft's number: said, neither renumbered nor dropped", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const draft = type(record, fields("7", "1"));
  adopt(record, [...record.log, logged("deal", 2, 9, 9)]);
  assert.deepEqual(form(record), { draft: { id: draft.id, number: 2, fields: fields("7", "1") },
    correcting: false, number: 2, taken: true, shown: true });
  type(record, fields("7", "12")); // typed on: still deal 2
  assert.equal(record.drafts.deal.number, 2);
  assert.equal(form(record).taken, true);
});

test("a draft taken by the deal that ended the game stays on the sheet", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1)]);
  type(record, fields("4"));
  adopt(record, [...record.log, logged("deal", 3, 2, 2)]);
  assert.equal(view(record).state.finished, true);
  assert.deepEqual([form(record).shown, form(record).number, form(record).taken], [true, 3, true]);
  endDeal(record);
  assert.equal(form(record).shown, false, "an ended game without a draft has no form");
});

test("a deal saved on a number whose deal ended the game is the players' question", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1)]);
  const mine = addEntry(record, { kind: "deal", number: 3, entry: values(4, 4) });
  assert.equal(endedOnItsNumber(record, mine, "GameFinished"), false, "not taken: refused");
  adopt(record, [...record.log, logged("deal", 3, 2, 2)]);
  assert.equal(endedOnItsNumber(record, mine, "GameFinished"), true);
  assert.equal(endedOnItsNumber(record, mine, "RoundClosed"), false);
  mine.state = "conflict";
  assert.deepEqual(choices(record, mine), ["same", "correct"]);
});

test("a draft follows the log back when a deal is undone", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1)]);
  type(record, fields("4"));
  addEntry(record, { kind: "withdrawal", number: 2, entry: values(1, 1) });
  assert.deepEqual([form(record).number, form(record).taken], [2, false]);
  type(record, fields("4", "3"));
  assert.equal(record.drafts.deal.number, 2);
});

test("a correction begun is what the form is for, over a deal half typed", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1)]);
  const deal = type(record, fields("8"));
  const correction = beginCorrection(record, 1, values(5, 0), fields("5", "0"));
  assert.deepEqual(form(record), { draft: correction, correcting: true, number: 1,
    taken: false, shown: true });
  type(record, fields("6", "0"));
  assert.deepEqual(record.drafts.correction, { id: correction.id, number: 1,
    fields: fields("6", "0"), was: { bullheads: { Ann: 5, Bob: 0 } }, base: 2 });
  assert.deepEqual(record.drafts.deal, deal, "the deal half typed waits under it");
  assert.equal(beginCorrection(record, 1, values(5, 0), fields("5", "0")), record.drafts.correction);
  assert.deepEqual(record.drafts.correction.fields, fields("6", "0"), "begun again: kept as typed");
  endCorrection(record);
  assert.deepEqual(form(record), { draft: deal, correcting: false, number: 3, taken: false,
    shown: true });
});

test("a correction of another deal replaces the one begun; an ended game shows it", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1), logged("deal", 3, 0, 2)]);
  assert.equal(form(record).shown, false);
  const first = beginCorrection(record, 1, values(5, 0), fields("5", "0"));
  const second = beginCorrection(record, 3, values(0, 2), fields("0", "2"));
  assert.notEqual(second.id, first.id);
  assert.deepEqual([form(record).number, form(record).correcting, form(record).shown], [3, true, true]);
});

test("a correction left in another tab is not written back by this one", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  beginCorrection(record, 1, values(5, 0), fields("5", "0"));
  const drawn = form(record); // this tab drew the correction
  endCorrection(record); // another tab cancelled it
  assert.equal(keepDraft(record, drawn, fields("6", "0"), true), undefined);
  assert.deepEqual(record.drafts, { deal: null, correction: null });
  beginCorrection(record, 1, values(5, 0), fields("5", "0")); // and begun anew there: its own values
  assert.equal(keepDraft(record, drawn, fields("6", "0"), true), undefined);
  assert.deepEqual(record.drafts.correction.fields, fields("5", "0"));
});

test("a correction saved on a deal another phone changed meanwhile is made on the old game", () => {
  const record = served([logged("deal", 1, 5, 0), logged("deal", 2, 1, 1)]);
  beginCorrection(record, 1, values(5, 0), fields("5", "0"));
  assert.deepEqual(correctionEntry(record, values(6, 0)),
    { kind: "correction", number: 1, entry: values(6, 0) }, "unchanged: as seen now");
  adopt(record, [...record.log, logged("correction", 1, 9, 0)]);
  const item = correctionEntry(record, values(6, 0));
  assert.deepEqual(item, { kind: "correction", number: 1, entry: values(6, 0), base: 2 });
  assert.equal(addEntry(record, item).base, 2, "the server sees the other phone's change after it");
});

test("a correction begun on this phone's own waiting deal is made as seen when saved", () => {
  const record = served([logged("deal", 1, 5, 0)]);
  const mine = addEntry(record, { kind: "deal", number: 2, entry: values(1, 1) });
  beginCorrection(record, 2, values(1, 1), fields("1", "1"));
  adopt(record, [...record.log, { ...logged("deal", 2, 1, 1), client_id: mine.client_id }]);
  const item = correctionEntry(record, values(2, 1));
  assert.equal(item.base, undefined);
  assert.equal(addEntry(record, item).base, 2, "its own deal is no other phone's change");
});

test("a game started on the phone keeps its drafts as a served one does", () => {
  const record = newRecord({ settings: SETTINGS });
  type(record, fields("3"));
  assert.equal(record.drafts.deal.number, 1);
  endDeal(record);
  assert.deepEqual(record.drafts, { deal: null, correction: null });
});
