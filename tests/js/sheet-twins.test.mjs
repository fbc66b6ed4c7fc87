// The score sheet the phone draws from its own log shows what the server would: the chart
// (game/chart.js), the files (game/files.js) and what a game and an evening add up to
// (game/summary.js) against tests/vectors/sheet.json, made by scorekeeper.games
// (make_sheet_vectors.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { chart, pyFloat, round1 } from "../../static/js/game/chart.js";
import { backupText, csvRows, csvText, separatorFor } from "../../static/js/game/files.js";
import { eventOf, replay } from "../../static/js/engine/game-log.js";
import {
  addUp, bgStatsLink, bgStatsPlay, endedAt, perDeal, playId, ranks,
} from "../../static/js/game/summary.js";
import { sha256Hex } from "../../static/js/shared/sha256.js";

const { charts, files, evenings, digests } = JSON.parse(
  readFileSync(new URL("../vectors/sheet.json", import.meta.url), "utf8"));

const replayed = (c) => replay(c.settings, c.events.map(eventOf));
const utc = (date) => date.toISOString().slice(0, 19).replace("T", " ");

test("every chart: the same scale, lines, ticks and threshold as games/chart.py", () => {
  assert.ok(charts.length >= 20);
  for (const [index, c] of charts.entries()) {
    const got = chart(replayed(c));
    const { text, ...numbers } = c.chart;
    assert.deepEqual(got, numbers, `chart ${index}`);
    assert.deepEqual(got.ticks.map(([v, y]) => [String(v), pyFloat(y)]), text.ticks);
    assert.equal(got.threshold_y === null ? null : pyFloat(got.threshold_y), text.threshold_y);
    assert.deepEqual(got.lines.map((l) => [pyFloat(l.last_x), pyFloat(l.last_y)]), text.last);
  }
});

test("a tenth is rounded as Python rounds it: ties to even, else the nearest", () => {
  assert.deepEqual([0.25, 0.75, 57.25, 176.25, 0.35, 2.675, 40, 1.05].map(round1),
    [0.2, 0.8, 57.2, 176.2, 0.3, 2.7, 40, 1.1]);
  assert.deepEqual([40, 176.2, 0.1].map(pyFloat), ["40.0", "176.2", "0.1"]);
});

test("every game's backup is export.json's text, character for character", () => {
  for (const f of files) {
    assert.equal(backupText(f), f.backup, f.id);
  }
});

test("every game's CSV in en, nl and de is export.csv's bytes", () => {
  for (const f of files) {
    const state = replayed(f);
    for (const [language, csv] of Object.entries(f.csv)) {
      const shape = separatorFor(language);
      assert.deepEqual(shape, { separator: csv.separator, bom: csv.bom });
      assert.equal(csvText(csvRows(state, csv.words), shape), csv.text, `${f.id} ${language}`);
    }
  }
});

test("every finished game: its end and its BG Stats play and link, as bgstats.py makes them", () => {
  assert.ok(files.filter((f) => f.bgstats).length >= 5);
  for (const f of files) {
    assert.equal(endedAt(f.settings, f.events), f.ended_at, f.id);
    const play = bgStatsPlay(f, replayed(f), utc);
    assert.deepEqual(play, f.bgstats, f.id);
    if (play) assert.equal(bgStatsLink(play), f.link, f.id);
  }
});

test("SHA-256 and the BG Stats play's id: as hashlib and bgstats.play_id make them", () => {
  assert.ok(digests.length >= 10);
  for (const d of digests) {
    assert.equal(sha256Hex(d.text), d.sha256, JSON.stringify(d.text));
    assert.equal(playId(d.text), d.play_id, JSON.stringify(d.text));
  }
});

test("a finished game's BG Stats link holds no game id, only the id's digest", () => {
  for (const f of files.filter((file) => file.link)) {
    assert.ok(!f.link.includes(f.id), f.id);
    assert.ok(!decodeURIComponent(f.link).includes(f.id), f.id);
    assert.equal(bgStatsPlay(f, replayed(f), utc).sourcePlayId.length, 16);
  }
});

test("places: equal totals share one, the next counts the players before it", () => {
  assert.deepEqual(ranks({ Ann: 12, Bob: 30, Cas: 12, Dirk: 40 }), { Ann: 1, Bob: 3, Cas: 1, Dirk: 4 });
});

test("every evening: the same sums, order and bullheads per deal in each language", () => {
  for (const [index, e] of evenings.entries()) {
    if (e.half) {
      assert.equal(perDeal(e.half.bullheads, e.half.deals, "nl"), e.half.nl);
      assert.equal(perDeal(45, 4, "en"), "11.3"); // a calculator's rounding, not 11.2
      continue;
    }
    const players = addUp(e.games.map(replayed));
    assert.deepEqual(players, e.players, `evening ${index}`);
    for (const [language, texts] of Object.entries(e.per_deal)) {
      assert.deepEqual(players.map((p) => perDeal(p.bullheads, p.deals, language)), texts);
    }
  }
});
