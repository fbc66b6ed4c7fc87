// The browser's placement engine answers every shared vector exactly as the API does, in
// every variant and every shape (3 to 5 rows, takes_at 5 to 7).
// The vectors (tests/vectors/placement/*.json) come from the Python engine:
//   .venv/bin/python tests/vectors/make_placement_vectors.py
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

import { resolvePlacement } from "../../static/js/engine/placement.js";

const DIRECTORY = new URL("../vectors/placement/", import.meta.url);
const FILES = readdirSync(DIRECTORY).filter((name) => name.endsWith(".json")).sort();

const VARIANTS = ["basic", "professional", "double", "nifty", "hand"];

test("there are vectors for every variant, every shape and for refusals", () => {
  for (const name of [...VARIANTS, "refusals"]) {
    assert.ok(FILES.includes(`${name}.json`), `${name}.json is missing`);
    assert.ok(FILES.includes(`shapes-${name}.json`), `shapes-${name}.json is missing`);
  }
  let total = 0;
  for (const name of FILES) total += JSON.parse(readFileSync(new URL(name, DIRECTORY))).length;
  assert.ok(total >= 3000, `only ${total} vectors`);
});

for (const name of FILES) {
  test(`every case of ${name} is answered or refused as the API does`, () => {
    const cases = JSON.parse(readFileSync(new URL(name, DIRECTORY), "utf8"));
    const failures = [];
    cases.forEach((vector, index) => {
      const where = `${name} case ${index + 1}: ${JSON.stringify(vector.request)}`;
      let got;
      try {
        got = { answer: resolvePlacement(structuredClone(vector.request)) };
      } catch (error) {
        if (!error.code) throw error; // a crash, not a refusal
        got = { error: error.code, fields: error.fields };
      }
      try {
        if ("error" in vector) {
          assert.deepStrictEqual(got, { error: vector.error, fields: vector.fields });
        }
        else assert.deepStrictEqual(got, { answer: vector.answer });
      } catch (failure) {
        failures.push(`${where}\n${failure.message}`);
      }
    });
    assert.equal(failures.length, 0, failures.slice(0, 3).join("\n\n"));
  });
}

test("the shape files hold every variant on 3, 4 and 5 rows with takes_at 5, 6 and 7", () => {
  for (const variant of VARIANTS) {
    const cases = JSON.parse(readFileSync(new URL(`shapes-${variant}.json`, DIRECTORY), "utf8"));
    const shapes = new Set(cases.filter((c) => "answer" in c)
      .map((c) => `${c.request.rows.length}/${c.request.takes_at ?? 6}`));
    assert.equal(shapes.size, 9, `${variant}: ${[...shapes]}`);
  }
});

test("a shape: 5 nimmt on three rows, 7 nimmt on five", () => {
  const five = resolvePlacement({
    rows: [[12, 14, 15, 20], [37], [43]], takes_at: 5, plays: [{ player: "Ann", card: 21 }],
  });
  assert.deepEqual(five.rows, [[21], [37], [43]]);
  assert.deepEqual(five.bullheads, { Ann: 7 });
  const seven = resolvePlacement({
    rows: [[1, 2, 3, 4, 5], [37], [43], [58], [90]], takes_at: 7,
    plays: [{ player: "Ann", card: 6 }, { player: "Bob", card: 7 }],
  });
  assert.deepEqual(seven.steps.map((step) => step.rule), [2, 3]);
  assert.throws(() => resolvePlacement({ rows: [[1], [2], [3]], takes_at: "6", plays: [] }),
    (error) => error.code === "BadTakesAt");
});

test("the answer's keys come in the API's order", () => {
  const answer = resolvePlacement({
    rows: [[30, 36], [37], [43, 44], [58, 61]],
    plays: [{ player: "A", card: 3 }, { player: "B", card: 9 }],
  });
  assert.deepEqual(Object.keys(answer), ["steps", "rows", "bullheads"]);
  assert.deepEqual(Object.keys(answer.steps[0]), [
    "player", "card", "row", "side", "rule", "taken", "bullheads", "alternatives",
    "row_bullheads"]);
});

test("a refusal is an Error with its code and fields, and the request is left untouched", () => {
  const request = { rows: [[12], [37], [43], [58, 40]], plays: [{ player: "Ann", card: 14 }] };
  const before = structuredClone(request);
  assert.throws(() => resolvePlacement(request), (error) => error instanceof Error
    && error.code === "RowNotAscending"
    && JSON.stringify(error.fields) === JSON.stringify({ row: 4, card: 40, previous: 58 }));
  assert.deepStrictEqual(request, before);
});

test("an unknown variant is named as the Python names it: str(value)[:40]", () => {
  const named = (variant) => {
    try {
      resolvePlacement({ variant, rows: [[1], [2], [3]], plays: [] });
    } catch (error) {
      return error.fields.variant;
    }
    return null;
  };
  assert.deepEqual([null, true, 3, 2.5, 1e-7, 1.5e-5, ["basic", 1], { n: "it's" }, "x".repeat(50)]
    .map(named), ["None", "True", "3", "2.5", "1e-07", "1.5e-05", "['basic', 1]",
    `{'n': "it's"}`, "x".repeat(40)]);
});
