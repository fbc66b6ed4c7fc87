// "Where do I sit?" narrows its list as the server compares names (engine/names.js plainKey,
// the twin of plain_key in scorekeeper/engine/names.py): the keys of
// tests/vectors/names.json, written by make_name_vectors.py from the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { plainKey } from "../../static/js/engine/names.js";

const { plain_keys: cases } = JSON.parse(
  readFileSync(new URL("../vectors/names.json", import.meta.url), "utf8"));

test("every text of the vectors gets the engine's key", () => {
  assert.ok(cases.length >= 50);
  for (const [text, key] of cases) assert.equal(plainKey(text), key, JSON.stringify(text));
});

test("a few letters find the name they belong to", () => {
  const found = (typed, name) => plainKey(name).includes(plainKey(typed));
  assert.ok(found("sor", "Søren Ødegård") && found("ode", "Søren Ødegård"));
  assert.ok(found("luk", "Łukasz Żak") && found("malg", "Małgorzata Wójcik"));
  assert.ok(found("STRASSE", "Straße") && !found("xyz", "Straße"));
});
