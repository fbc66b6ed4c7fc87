// The rules reference's bullhead search: typing a card's number shows its bullheads and
// picks it out of the table (without JavaScript the full table stays, and /rules has a GET
// form). Its sentences come from the page's catalog. A module on the live site; the
// exported site (`make site`) gets it joined with its imports into one classic script.
import { plural, say } from "../shared/catalog.js";
import { MAX_CARD } from "../engine/limits.js";

function searchAnswer(typed) {
  if (!typed) return { text: "", hit: null };
  if (!/^\d+$/.test(typed)) return { text: say("not_a_number", { max: MAX_CARD }), hit: null };
  const card = Number(typed);
  const hit = globalThis.document.getElementById(`card-${card}`);
  if (!hit) return { text: say("no_card", { card, max: MAX_CARD }), hit };
  return { text: plural("carries", Number(hit.querySelector(".card").dataset.bh), { card }), hit };
}

function bullheadSearch(document) {
  const input = document.getElementById("bh-card");
  const result = document.getElementById("bh-result");
  const grid = document.getElementById("bh-grid");
  if (!input || !result || !grid) return;

  function show(value) {
    const typed = value.trim();
    const { text, hit } = searchAnswer(typed);
    result.textContent = text;
    result.classList.toggle("error-message", Boolean(typed) && !hit);
    for (const item of grid.children) {
      item.classList.toggle("hit", item === hit);
      item.hidden = Boolean(hit) && item !== hit;
    }
  }

  const box = input.closest(".bh-search-box");
  box.hidden = false;
  input.addEventListener("input", () => show(input.value));
  if (box.tagName === "FORM") {
    box.addEventListener("submit", (event) => {
      event.preventDefault();
      show(input.value);
    });
  }
  if (input.value) show(input.value);
}

if (globalThis.document) bullheadSearch(globalThis.document);
