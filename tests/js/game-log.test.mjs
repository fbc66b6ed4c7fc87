// engine/game-log.js replays a game's log as scorekeeper/engine/game.py does, and engine/deal.js builds
// an entry as make_entry and the sheet's form do: every log, body and typed deal of
// tests/vectors/deals.json (make_deal_vectors.py) gives the same state, entry or refusal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { allZero, emptyPlayers, makeEntry, typedEntry } from "../../static/js/engine/deal.js";
import {
  checkCorrection, checkNewDeal, checkRestore, checkWithdrawal, entryJson, eventOf, nextNumber,
  replay, restorable,
} from "../../static/js/engine/game-log.js";

const { logs, entries, typed } = JSON.parse(
  readFileSync(new URL("../vectors/deals.json", import.meta.url), "utf8"));

/** What a call answers: its value, or its refusal's code and fields. */
function outcome(run) {
  try {
    return { value: run() };
  } catch (error) {
    if (!error.code) throw error;
    return { error: error.code, fields: error.fields };
  }
}

function stateJson(state) {
  return {
    deals: state.deals.map((row) => ({
      number: row.number, ...entryJson(row.entry), scores: row.scores, totals: row.totals,
      corrections: row.corrections,
    })),
    totals: state.totals, finished: state.finished, winners: state.winners,
    leaders: state.leaders, next_number: nextNumber(state), restorable: restorable(state),
    withdrawn: Object.entries(state.withdrawn).map(([number, { entry, corrections }]) =>
      [Number(number), entryJson(entry), corrections]).sort((a, b) => a[0] - b[0]),
  };
}

const CHECKS = {
  new_deal: (state, number) => checkNewDeal(state, number),
  correction: (state, number) => checkCorrection(state, number) ?? null,
  withdrawal: (state, number) => entryJson(checkWithdrawal(state, number)),
  restore: (state, number) => entryJson(checkRestore(state, number)),
};

test("the vectors hold every kind of entry, ended games and each refused log", () => {
  const kinds = new Set(logs.flatMap((log) => log.events.map((event) => event.kind)));
  assert.deepEqual([...kinds].sort(), ["correction", "deal", "restore", "withdrawal"]);
  assert.ok(logs.filter((log) => log.state?.finished).length >= 5);
  const refused = new Set(logs.map((log) => log.error).filter(Boolean));
  assert.deepEqual([...refused].sort(),
    ["CannotRestore", "DealNumberSkipped", "NoSuchDeal", "NotTheLastDeal"]);
});

test("every log: the same state, or the same refusal, as the engine's replay", () => {
  for (const [index, log] of logs.entries()) {
    const got = outcome(() => stateJson(replay(log.settings, log.events.map(eventOf))));
    if (log.error) {
      assert.deepEqual(got, { error: log.error, fields: log.fields }, `log ${index}`);
    } else {
      assert.deepEqual(got, { value: log.state }, `log ${index}`);
    }
  }
});

test("every log's checks: a new deal, a correction, an undo and a restore judged alike", () => {
  for (const [index, log] of logs.entries()) {
    if (log.error) continue;
    const state = replay(log.settings, log.events.map(eventOf));
    for (const check of log.checks) {
      const got = outcome(() => CHECKS[check.check](state, check.number));
      const expected = check.error ? { error: check.error, fields: check.fields }
        : { value: check.result };
      assert.deepEqual(got, expected, `log ${index}: ${check.check} ${check.number}`);
    }
  }
});

test("every body the API receives: the same entry or refusal as make_entry", () => {
  for (const [index, c] of entries.entries()) {
    const got = outcome(() => entryJson(makeEntry(c.settings, c.body)));
    const expected = c.error ? { error: c.error, fields: c.fields } : { value: c.entry };
    assert.deepEqual(got, expected, `body ${index}: ${JSON.stringify(c.body)}`);
  }
});

test("every deal typed in the sheet's form: read as the server's form reads it", () => {
  for (const [index, c] of typed.entries()) {
    const fields = { mode: c.typed.mode };
    c.settings.players.forEach((_, seat) => {
      fields[seat] = Object.fromEntries(["bh", "hand", "cards"].map(
        (part) => [part, c.typed[`${part}-${seat}`] ?? ""]));
    });
    const got = outcome(() => {
      const entry = typedEntry(c.settings, fields);
      return { entry: entryJson(entry), zero: allZero(c.settings, entry),
        empty: emptyPlayers(c.settings, fields) };
    });
    const expected = c.error ? { error: c.error, fields: c.fields }
      : { value: { entry: c.entry, zero: c.zero, empty: c.empty } };
    assert.deepEqual(got, expected, `typed ${index}: ${JSON.stringify(c.typed)}`);
  }
});
