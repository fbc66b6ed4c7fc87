// Names in a sentence, as each language lists them ("Eva en Gijs", evening.md E9): the
// phone's shared/catalog.js `listed` writes what scorekeeper/games/listed.py `names` writes
// (tests/test_games_names.py holds the same sentences, written by hand).
import { test } from "node:test";
import assert from "node:assert/strict";

import { listed } from "../../static/js/shared/catalog.js";

const SENTENCES = {
  en: ["Eva", "Eva and Gijs", "Ann, Bob, and Cas"],
  nl: ["Eva", "Eva en Gijs", "Ann, Bob en Cas"],
  de: ["Eva", "Eva und Gijs", "Ann, Bob und Cas"],
};
const NAMES = [["Eva"], ["Eva", "Gijs"], ["Ann", "Bob", "Cas"]];

test("names are listed as each language lists them", () => {
  for (const [language, sentences] of Object.entries(SENTENCES)) {
    assert.deepEqual(NAMES.map((names) => listed(names, language)), sentences, language);
  }
});
