// The pages' bullhead count, checked by hand against the booklet's table (docs/rules.md, Cards).
import { test } from "node:test";
import assert from "node:assert/strict";

import { bullheads } from "../../static/js/engine/cards.js";

test("bullheads follow the booklet: 55 has 7, 11s 5, 10s 3, 5s 2, others 1", () => {
  assert.deepEqual([1, 5, 10, 11, 55, 100, 104].map(bullheads), [1, 2, 3, 5, 7, 3, 1]);
});

test("the whole deck holds 171 bullheads", () => {
  let total = 0;
  for (let card = 1; card <= 104; card += 1) total += bullheads(card);
  assert.equal(total, 171);
});
