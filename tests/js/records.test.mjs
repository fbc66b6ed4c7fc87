// Records as phones kept them under earlier releases, opened with this code.
// records/format-0.json, from before records had a format, was written by that release's
// own code: its newRecord, fromServer and addEntry (static/js/game-keeping.js at 7c6dc04,
// now game/record.js), with the hand-over box as its sheet.js (now sheet/page.js) kept
// it, the HTML of templates/games/_handover.html as the server drew it: a game taken from
// the server's sheet with a deal waiting, one started on the phone and since taken by the
// server, and one the server has not got yet. records/format-1.json was written by format
// 1's code (game/record.js at e94afa5: its fromServer, newRecord, addEntry, acknowledge
// and adopt, and a conflict as its sync writes one): the same three kinds of game, and a
// deal held beside another phone's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  FORMAT, form, fromServer, newRecord, upgrade, view,
} from "../../static/js/game/record.js";

const opened = (name) => JSON.parse(readFileSync(new URL(`./records/${name}`, import.meta.url)));
const today = opened("format-0.json");
const one = opened("format-1.json");
const NONE = { deal: null, correction: null };

test("the format-0 fixture is what that release wrote: no format, the box as HTML", () => {
  assert.equal(today.served.format, undefined);
  assert.match(today.served.handover, /^<div class="handovers" id="handover">/);
  assert.match(today.local.handover, /<svg viewBox="0 0 \d+ \d+" class="qr">/);
  assert.equal(today.waiting.handover, undefined);
});

for (const [name, old] of Object.entries(today)) {
  test(`a format-0 record (${name}) opens with every entry, the box dropped`, () => {
    const before = structuredClone(old);
    const record = upgrade(old);
    assert.deepEqual(old, before, "the record read is left as it was");
    assert.equal(record.format, FORMAT);
    assert.equal(record.handover, null);
    const { handover, ...kept } = record;
    const { handover: html, ...was } = before;
    assert.deepEqual(kept, { ...was, format: FORMAT, drafts: NONE });
    assert.deepEqual(view(record).state, view(before).state);
    assert.equal(view(record).state.deals.length, before.log.length + before.pending.length);
    assert.equal(upgrade(record), record, "upgraded once");
  });
}

test("the format-1 fixture is what that release wrote: no drafts", () => {
  for (const record of Object.values(one)) {
    assert.equal(record.format, 1);
    assert.equal(record.drafts, undefined);
  }
  assert.equal(one.held.pending[0].state, "conflict");
});

for (const [name, old] of Object.entries(one)) {
  test(`a format-1 record (${name}) opens with every entry and no draft`, () => {
    const before = structuredClone(old);
    const record = upgrade(old);
    assert.deepEqual(old, before, "the record read is left as it was");
    assert.deepEqual(record, { ...before, format: FORMAT, drafts: NONE });
    assert.deepEqual(view(record), view(before));
    // the form is for the next deal, as that release's page showed it
    const { state } = view(record);
    assert.deepEqual(form(record), { draft: null, correcting: false,
      number: state.deals.length + 1, taken: false, shown: !state.finished });
    assert.equal(upgrade(record), record, "upgraded once");
  });
}

test("records this code writes are of its format and need no upgrade", () => {
  const data = { id: "0123456789abcdef0123", created_at: "2026-11-25T18:52:30Z", note: "",
    settings: today.served.settings, events: [], view_url: "http://x/view/1",
    handover: { link: "http://x/games/0123456789abcdef0123", link_qr: { size: 21, path: "" },
      view_qr: null } };
  for (const record of [newRecord({ settings: today.served.settings }), fromServer(data)]) {
    assert.equal(record.format, FORMAT);
    assert.equal(upgrade(record), record);
  }
  assert.deepEqual(fromServer(data).handover, data.handover);
});

test("a record of a newer format (a newer tab wrote it) is left as it is", () => {
  const newer = { ...today.served, format: FORMAT + 1 };
  assert.equal(upgrade(newer), newer);
});
