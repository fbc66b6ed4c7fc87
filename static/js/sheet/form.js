// The score sheet's deal form: the players' fields (made here for a game the server has not
// drawn), what is typed as the server's form reads it and the same fields filled again
// from a draft the phone keeps, the live preview, the card grid, the questions before a
// deal is saved (a field left empty, everyone at 0), and the way this phone enters deals
// remembered. Which deal the form is for, and whether it corrects one, is the game
// record's (game/record.js form): sheet/page.js draws it, keeps what is typed and saves.

import { listed, plural, refusalText, say } from "../shared/catalog.js";
import {
  allZero, count, cardBullheads, deckOf, emptyPlayers, inDeck, scoreDeal, splitCards, typedEntry,
} from "../engine/deal.js";
import { h } from "../shared/dom.js";
import { buildGrid } from "./grid.js";

const MODE_KEY = "scorekeeper.entry-mode";

/** One player's fields, as templates/games/_deal_fields.html draws them. */
function playerFields(name, seat, hand) {
  const field = (part, label, extra = {}) => h("input", {
    id: `${part}-${seat}`, name: `${part}-${seat}`, type: "text", inputmode: "numeric",
    autocomplete: "off", ...extra });
  const big = { className: "big-number", pattern: "[0-9]*" };
  return h("div", { className: "deal-player", dataset: { seat } },
    h("div", { className: "who" }, h("span", { className: "seat-dot", dataset: { seat } }),
      h("span", { className: "name" }, name)),
    h("div", { className: "fields" },
      h("label", { className: "bh-field", for: `bh-${seat}` },
        h("span", hand ? {} : { className: "visually-hidden" }, say(hand ? "stack" : "bullheads")),
        " ", h("span", { className: "visually-hidden" }, name), field("bh", "", big)),
      hand ? h("label", { className: "hand-field", for: `hand-${seat}` }, say("in_hand"), " ",
        h("span", { className: "visually-hidden" }, name), field("hand", "", big)) : null),
    h("label", { className: "cards-field", for: `cards-${seat}` },
      h("span", { className: "visually-hidden" }, `${say("cards")} ${name}`),
      field("cards", "", { placeholder: "55 12 3" })),
    h("output", { className: "preview", for: `bh-${seat}`, "aria-live": "polite" }));
}

const mode = (form) => form.querySelector("input[name=mode]:checked")?.value ?? "bullheads";

/** What is typed, per seat, as typedEntry (engine/deal.js) reads it. */
function typed(form, players) {
  const fields = { mode: mode(form) };
  players.forEach((_, seat) => {
    fields[seat] = Object.fromEntries(["bh", "hand", "cards"].map(
      (part) => [part, form.querySelector(`#${part}-${seat}`)?.value ?? ""]));
  });
  return fields;
}

/** Each player's score and new total under the field, as the no-script preview says it;
 * ``shown``: what the form is for (its ``correcting``, and the ``totals`` it adds to). */
function preview(form, settings, shown) {
  const outputs = [...form.querySelectorAll("output.preview")];
  const clear = () => outputs.forEach((o) => { o.textContent = ""; });
  if (!shown || shown.correcting) return clear();
  const values = typed(form, settings.players);
  const { maxCard } = deckOf(settings);
  const stack = {};
  const hand = {};
  for (const [seat, name] of settings.players.entries()) {
    const cards = splitCards(values[seat].cards).map(Number);
    stack[name] = values.mode === "cards"
      ? (cards.every((c) => inDeck(c, maxCard)) ? cardBullheads(cards) : null)
      : count(values[seat].bh);
    hand[name] = settings.variant === "hand" ? count(values[seat].hand) : 0;
    if (stack[name] === null || hand[name] === null) return clear();
  }
  const scores = scoreDeal({ players: settings.players, bullheads: stack, hand,
    virginDoubling: settings.virgin_doubling });
  form.querySelectorAll(".deal-player").forEach((player, seat) => {
    const name = settings.players[seat];
    const total = shown.totals[name] + scores[name];
    outputs[seat].textContent = say("preview", { score: scores[name], total });
    player.classList.toggle("reaches", Boolean(settings.threshold) && total >= settings.threshold);
  });
}

/** A refusal (or nothing) under the form's heading, in view. */
function complain(form, refusal) {
  form.querySelector("#deal-error")?.remove();
  if (!refusal) return;
  const note = h("p", { className: "errors", role: "alert", id: "deal-error" }, refusalText(refusal));
  form.querySelector("#deal-title").after(note);
  note.scrollIntoView({ block: "center" });
}

/** A question before the deal is saved, with its box to tick, where the players look. */
function ask(form, id, text, yes, { value, names = "" }) {
  const box = h("div", { className: "notice zero-question", id, role: "alert", dataset: { names } },
    h("p", {}, text),
    h("label", { className: "confirm-zero" }, h("input", { type: "checkbox", name: "confirm", value }),
      ` ${yes}`));
  form.querySelector("#zero-question, #empty-question")?.remove();
  form.querySelector(".mode").before(box);
  box.scrollIntoView({ block: "center" });
}

/** Everyone at 0 where the bounds allow it: asked first, as the server's form asks. */
function askZero(form) {
  if (form.querySelector("#zero-question")) return;
  ask(form, "zero-question", say("zero"), say("zero_yes"), { value: "zero" });
}

/** Fields left empty: named, and, with Virgin doubling, what a 0 does (games/_deal_fields.html). */
function askEmpty(form, settings, entry, empty) {
  const virgin = settings.virgin_doubling
    && empty.some((name) => entry.bullheads[name] + (entry.hand?.[name] ?? 0) === 0);
  const values = { names: listed(empty) };
  ask(form, "empty-question", plural(virgin ? "empty_virgin" : "empty", empty.length, values),
    plural("empty_yes", empty.length, values), { value: "empty", names: empty.join("\n") });
}

/** Were the players asked about exactly these empty fields, and did they tick the box? */
const confirmedEmpty = (form, empty) => {
  const box = form.querySelector("#empty-question");
  return box?.dataset.names === empty.join("\n") && box.querySelector("input").checked;
};

/** The way of entering a deal this phone chose last ("bullheads" or "cards"), or null. */
export function storedMode() {
  try { return localStorage.getItem(MODE_KEY); } catch { return null; } // storage blocked
}

function applyMode(form, wanted) {
  const radio = wanted && form.querySelector(`input[name=mode][value="${wanted}"]`);
  if (radio) radio.checked = true;
}

/** Each form's card grid, built the first time the cards are chosen: 104 buttons that a
 * sheet entered by bullheads need not build or lay out while the page opens. */
const gridBuilders = new WeakMap();

function setMode(form, value) {
  const radio = form.querySelector(`input[name=mode][value="${value}"]`);
  if (radio) radio.checked = true;
  const grid = form.querySelector(".card-grid");
  if (!grid) return;
  const cards = mode(form) === "cards";
  if (cards) gridBuilders.get(form)?.();
  grid.hidden = !cards;
}

/** The players' fields of a game the server did not draw, and the grid's deck. */
function makeFields(form, settings) {
  const box = form.querySelector(".deal-players");
  if (!box.children.length) {
    box.append(...settings.players.map((name, seat) => playerFields(name, seat, settings.variant === "hand")));
  }
  const grid = form.querySelector(".card-grid");
  const deck = deckOf(settings);
  grid.dataset.maxCard = String(deck.maxCard);
  grid.dataset.copies = String(deck.copies);
}

/** What deal ``entry`` holds, as the form's fields read it (a correction's first values). */
export function entryFields(settings, entry) {
  const fields = { mode: entry.cards ? "cards" : "bullheads" };
  settings.players.forEach((name, seat) => {
    fields[seat] = { bh: String(entry.bullheads[name]),
      hand: settings.variant === "hand" ? String(entry.hand?.[name] ?? 0) : "",
      cards: (entry.cards?.[name] ?? []).join(" ") };
  });
  return fields;
}

/** The fields filled with ``fields`` (a draft's, as typed() read them), or emptied (null). */
function fill(form, settings, fields) {
  form.querySelector("#zero-question, #empty-question")?.remove();
  complain(form, null);
  settings.players.forEach((_, seat) => {
    for (const part of ["bh", "hand", "cards"]) {
      const input = form.querySelector(`#${part}-${seat}`);
      if (input) input.value = fields?.[seat]?.[part] ?? "";
    }
  });
  if (fields) setMode(form, fields.mode);
  else applyMode(form, storedMode());
  setMode(form, mode(form));
}

/**
 * Wire the form to game ``settings``. ``shown()``: what the form is for, as the page drew
 * it ({correcting, totals}); ``save(entry)`` is called with a checked entry; ``edited()``
 * after every change of what is typed (a key, a card tapped, the way of entering);
 * ``wanted``: the way of entering this phone chose last (storedMode, read by the page
 * before, apart from the drawing: a browser's first read of its storage may be slow).
 * Answers the form's controls.
 */
export function setupForm(form, settings, { shown, save, edited, wanted }) {
  makeFields(form, settings);
  form.querySelector("#preview-button")?.remove(); // the preview is live
  const inputs = () => [...form.querySelectorAll(".deal-player input")];
  const typing = () => inputs().some((input) => input.value.trim());
  if (!typing()) applyMode(form, wanted);
  const players = [...form.querySelectorAll(".deal-player")];
  let filling = false; // the page fills the fields: nothing typed
  const changed = () => {
    preview(form, settings, shown());
    if (!filling) edited();
  };
  gridBuilders.set(form, () => {
    gridBuilders.delete(form);
    buildGrid(form, form.querySelector(".card-grid"), players, changed);
  });
  setMode(form, mode(form));
  form.addEventListener("input", changed);
  form.addEventListener("change", (event) => {
    if (event.target.name !== "mode") return;
    if (!shown()?.correcting) {
      try { localStorage.setItem(MODE_KEY, mode(form)); } catch { /* storage blocked */ }
    }
    setMode(form, mode(form));
    changed();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit(form, settings, save);
  });
  return {
    typing, fields: () => typed(form, settings.players),
    preview: () => preview(form, settings, shown()), complain: (refusal) => complain(form, refusal),
    fill(fields) {
      filling = true;
      try {
        fill(form, settings, fields);
        form.dispatchEvent(new Event("input")); // repaints the card grid and the preview
      } finally {
        filling = false;
      }
    },
  };
}

function submit(form, settings, save) {
  const fields = typed(form, settings.players);
  let entry;
  try {
    entry = typedEntry(settings, fields);
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    return complain(form, refusal);
  }
  const empty = emptyPlayers(settings, fields);
  if (empty.length && !confirmedEmpty(form, empty)) return askEmpty(form, settings, entry, empty);
  const zero = form.querySelector("#zero-question input:checked");
  if (!empty.length && allZero(settings, entry) && !zero) return askZero(form);
  complain(form, null);
  save(entry);
}
