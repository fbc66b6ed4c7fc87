// Fast entry for the checker: tap numbers on a grid to fill the rows and the revealed cards.
// Without this script the same fields are simply typed; the form works either way.
// The highest card comes from the server (the form's data attributes), never from here.
import { cardButton, cardFace } from "../shared/card-faces.js";
import { say } from "../shared/catalog.js";

const SPLIT = /[\s,;.+/]+/;

export function numbers(text) {
  return text.split(SPLIT).filter((t) => /^[0-9]{1,3}$/.test(t)).map(Number);
}

// The grid's parts and state (`g` below): the form, the panel and its grid of cards, the
// switch between tapping and typing, and the field the taps go to (`target`).

// The rows in play: a row past the chosen number of rows is disabled (check/fields.js).
const rowInputs = (g) => [...g.form.querySelectorAll(".row-line input:not(:disabled)")];
const cardInputs = (g) => [...g.form.querySelectorAll(".plays .card-input")];
const targets = (g) => [...rowInputs(g), ...cardInputs(g)];
const useGrid = (g) => g.toggle.checked;

function usedLines(g) {
  return [...g.form.querySelectorAll(".plays .line")].filter((line) =>
    [...line.querySelectorAll("input")].some((input) => input.value.trim()));
}

/** Players as the server counts them: each name once, each unnamed line its own player. */
function players(g) {
  const names = usedLines(g).map((line) => line.querySelector('[name="player"]').value.trim());
  return new Set(names.filter(Boolean)).size + names.filter((name) => !name).length;
}

function maxCard(g) {
  if (g.deck.value !== "tactics") return g.fullDeck;
  return g.tacticsMax[Math.min(players(g), g.tacticsMax.length - 1)];
}

/** The grid drawn for the deck and the fields as they are now, while it is open. A
 * closed grid is left as it is and drawn when it opens: the page opens without 104
 * buttons to build and lay out, and typing with the grid closed costs nothing. */
function redraw(g) {
  if (g.panel.hidden) return;
  if (g.grid.children.length !== maxCard(g)) {
    const buttons = [];
    for (let n = 1; n <= maxCard(g); n += 1) buttons.push(cardButton(n));
    g.grid.replaceChildren(...buttons);
  }
  markUsed(g);
}

/** A card is greyed once every copy of it is typed somewhere (two in Double). */
function markUsed(g) {
  const copies = g.variant.value === "double" ? 2 : 1;
  const counts = new Map();
  for (const input of targets(g)) {
    for (const n of numbers(input.value)) counts.set(n, (counts.get(n) || 0) + 1);
  }
  for (const button of g.grid.children) {
    const used = (counts.get(Number(button.dataset.card)) || 0) >= copies;
    button.classList.toggle("used", used);
  }
}

/** The field the taps go to, in words: "Row 2", or "Card of Ann". */
function describe(g, input) {
  if (!input) return "";
  const rows = rowInputs(g);
  if (rows.includes(input)) return say("row", { row: rows.indexOf(input) + 1 });
  const line = input.closest(".line");
  const index = cardInputs(g).indexOf(input);
  // Unnamed players are called A, B, C... by position, as the server names them.
  const name = line.querySelector('[name="player"]').value.trim()
    || String.fromCharCode(65 + index);
  return say("card_of", { player: name });
}

function setTarget(g, input) {
  for (const el of g.form.querySelectorAll(".is-target")) el.classList.remove("is-target");
  g.target = input;
  if (!input) return;
  (input.closest(".row-line") || input).classList.add("is-target");
  g.label.textContent = describe(g, input);
}

/** Each row drawn as cards beside its field (a stacked twin once, marked). */
function preview(g) {
  for (const input of rowInputs(g)) {
    const box = input.closest(".row-line").querySelector(".preview");
    const list = numbers(input.value);
    const cards = [];
    list.forEach((n, i) => {
      if (i > 0 && list[i - 1] === n) return;
      cards.push(cardFace(n, { twin: list[i + 1] === n, inDeck: n >= 1 && n <= g.fullDeck }));
    });
    box.replaceChildren(...cards);
  }
}

function changed(input) {
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function next(g, addLine) {
  const all = targets(g);
  const index = all.indexOf(g.target);
  if (index >= 0 && index + 1 < all.length) return open(g, all[index + 1]);
  if (addLine) {
    const line = addLine();
    if (line) open(g, line.querySelector(".card-input"));
  }
  return undefined;
}

/** A tapped number: a row keeps its cards in order; a play takes one card (two in Nifty). */
function tap(g, number, addLine) {
  if (!g.target) open(g, targets(g)[0]);
  const { target } = g;
  const list = numbers(target.value);
  if (rowInputs(g).includes(target)) {
    list.push(number);
    list.sort((a, b) => a - b);
    target.value = list.join(", ");
    changed(target);
    reveal(g, target);
    return;
  }
  const pair = g.variant.value === "nifty";
  if (!pair || list.length >= 2) list.length = 0;
  list.push(number);
  target.value = list.join(", ");
  changed(target);
  if (!pair || list.length === 2) next(g, addLine);
}

function undo(g) {
  if (!g.target) return;
  const list = numbers(g.target.value);
  list.pop();
  g.target.value = list.join(", ");
  changed(g.target);
}

function setInputModes(g) {
  for (const input of targets(g)) input.inputMode = useGrid(g) ? "none" : "decimal";
}

function open(g, input) {
  setTarget(g, input);
  if (!useGrid(g)) return;
  g.panel.hidden = false;
  redraw(g);
  document.body.classList.add("grid-open");
  document.body.style.setProperty("--grid-height", `${g.panel.offsetHeight + 16}px`);
  reveal(g, input);
}

function close(g) {
  if (targets(g).includes(document.activeElement)) document.activeElement.blur();
  g.panel.hidden = true;
  document.body.classList.remove("grid-open");
  setTarget(g, null);
}

/** Keep the field being filled in sight above the grid. */
function reveal(g, input) {
  const box = (input.closest(".row-line") || input.closest(".line") || input)
    .getBoundingClientRect();
  const bottom = window.innerHeight - g.panel.offsetHeight - 12;
  if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom);
  else if (box.top < 8) window.scrollBy(0, box.top - 8);
}

function typeInstead(g) {
  const input = g.target;
  g.toggle.checked = false;
  setInputModes(g);
  close(g);
  if (input) input.focus();
}

/** The grid's own buttons: tap a card, or a tool (undo, next, keyboard, done). */
function listenToGrid(g, addLine) {
  g.toggle.addEventListener("change", () => {
    setInputModes(g);
    if (!useGrid(g)) close(g);
  });
  g.grid.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button) tap(g, Number(button.dataset.card), addLine);
  });
  g.panel.addEventListener("click", (event) => {
    const tool = event.target.closest("[data-grid]");
    if (!tool) return;
    if (tool.dataset.grid === "undo") undo(g);
    if (tool.dataset.grid === "next") next(g, addLine);
    if (tool.dataset.grid === "keyboard") typeInstead(g);
    if (tool.dataset.grid === "done") close(g);
  });
}

/** The form's fields: focus opens the grid, typing redraws it and the rows' cards. */
function listenToForm(g, onChange) {
  const { form } = g;
  form.addEventListener("focusin", (event) => {
    if (targets(g).includes(event.target)) open(g, event.target);
  });
  form.addEventListener("click", (event) => {
    if (targets(g).includes(event.target) && g.panel.hidden) open(g, event.target);
  });
  form.addEventListener("input", (event) => {
    preview(g);
    redraw(g);
    if (event.target.name === "player" && g.target) g.label.textContent = describe(g, g.target);
    onChange();
  });
  form.addEventListener("change", (event) => {
    if (event.target === g.deck || event.target === g.variant) redraw(g);
    onChange();
  });
}

/**
 * The grid of `form`; `onChange` runs after every change of the fields. Returns
 * `{start(addLine), close, update, lineAdded(line)}` for check/page.js.
 */
export function setupGrid(form, onChange) {
  const panel = form.querySelector("#grid-panel");
  const g = {
    form, panel, target: null,
    grid: panel.querySelector(".grid"),
    label: panel.querySelector(".target-name"),
    toggle: form.querySelector("#use-grid"),
    variant: form.querySelector("#variant"),
    deck: form.querySelector("#deck"),
    fullDeck: Number(form.dataset.maxCard),
    tacticsMax: form.dataset.tacticsMax.split(",").map(Number),
  };
  return {
    start(addLine) {
      g.toggle.closest(".grid-switch").hidden = false;
      preview(g);
      setInputModes(g);
      listenToGrid(g, addLine);
      listenToForm(g, onChange);
    },
    close: () => close(g),
    /** The fields were filled or the rows changed by the page: draw them again. */
    update() {
      preview(g);
      redraw(g);
    },
    lineAdded(line) {
      const input = line.querySelector(".card-input");
      input.inputMode = useGrid(g) ? "none" : "decimal";
      if (g.deck.value === "tactics") redraw(g);
    },
  };
}
