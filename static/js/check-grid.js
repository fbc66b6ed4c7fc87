// Fast entry for the checker: tap numbers on a grid to fill the rows and the revealed cards.
// Without this script the same fields are simply typed; the form works either way.
// The highest card comes from the server (the form's data attributes), never from here.
import { cardButton, cardFace } from "./cards.js";

const SPLIT = /[\s,;.+/]+/;

export function numbers(text) {
  return text.split(SPLIT).filter((t) => /^[0-9]{1,3}$/.test(t)).map(Number);
}

export function setupGrid(form, onChange) {
  const panel = form.querySelector("#grid-panel");
  const grid = panel.querySelector(".grid");
  const label = panel.querySelector(".target-name");
  const toggle = form.querySelector("#use-grid");
  const variant = form.querySelector("#variant");
  const deck = form.querySelector("#deck");
  let target = null;

  // The rows in play: a row past the chosen number of rows is disabled (check.js).
  const rowInputs = () => [...form.querySelectorAll(".row-line input:not(:disabled)")];
  const cardInputs = () => [...form.querySelectorAll(".plays .card-input")];
  const targets = () => [...rowInputs(), ...cardInputs()];
  const usedLines = () => [...form.querySelectorAll(".plays .line")].filter((line) =>
    [...line.querySelectorAll("input")].some((input) => input.value.trim()));

  const fullDeck = Number(form.dataset.maxCard);
  const tacticsMax = form.dataset.tacticsMax.split(",").map(Number);

  // Players as the server counts them: each name once, each unnamed line its own player.
  function players() {
    const names = usedLines().map((line) => line.querySelector('[name="player"]').value.trim());
    return new Set(names.filter(Boolean)).size + names.filter((name) => !name).length;
  }

  function maxCard() {
    if (deck.value !== "tactics") return fullDeck;
    return tacticsMax[Math.min(players(), tacticsMax.length - 1)];
  }

  function build() {
    const buttons = [];
    for (let n = 1; n <= maxCard(); n += 1) buttons.push(cardButton(n));
    grid.replaceChildren(...buttons);
    markUsed();
  }

  function markUsed() {
    const copies = variant.value === "double" ? 2 : 1;
    const counts = new Map();
    for (const input of targets()) {
      for (const n of numbers(input.value)) counts.set(n, (counts.get(n) || 0) + 1);
    }
    for (const button of grid.children) {
      const used = (counts.get(Number(button.dataset.card)) || 0) >= copies;
      button.classList.toggle("used", used);
    }
  }

  function describe(input) {
    if (!input) return "";
    const rows = rowInputs();
    if (rows.includes(input)) {
      return form.dataset.targetRow.replace("{n}", String(rows.indexOf(input) + 1));
    }
    const line = input.closest(".line");
    const index = cardInputs().indexOf(input);
    // Unnamed players are called A, B, C... by position, as the server names them.
    const name = line.querySelector('[name="player"]').value.trim()
      || String.fromCharCode(65 + index);
    return form.dataset.targetCard.replace("{name}", name);
  }

  function setTarget(input) {
    for (const el of form.querySelectorAll(".is-target")) el.classList.remove("is-target");
    target = input;
    if (!input) return;
    (input.closest(".row-line") || input).classList.add("is-target");
    label.textContent = describe(input);
  }

  function preview() {
    for (const input of rowInputs()) {
      const box = input.closest(".row-line").querySelector(".preview");
      const list = numbers(input.value);
      const cards = [];
      list.forEach((n, i) => {
        if (i > 0 && list[i - 1] === n) return;
        cards.push(cardFace(n, { twin: list[i + 1] === n, inDeck: n >= 1 && n <= fullDeck }));
      });
      box.replaceChildren(...cards);
    }
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function next(addLine) {
    const all = targets();
    const index = all.indexOf(target);
    if (index >= 0 && index + 1 < all.length) return open(all[index + 1]);
    if (addLine) {
      const line = addLine();
      if (line) open(line.querySelector(".card-input"));
    }
  }

  function tap(number, addLine) {
    if (!target) open(targets()[0]);
    const list = numbers(target.value);
    if (rowInputs().includes(target)) {
      list.push(number);
      list.sort((a, b) => a - b);
      target.value = list.join(", ");
      changed(target);
      reveal(target);
      return;
    }
    const pair = variant.value === "nifty";
    if (!pair || list.length >= 2) list.length = 0;
    list.push(number);
    target.value = list.join(", ");
    changed(target);
    if (!pair || list.length === 2) next(addLine);
  }

  function undo() {
    if (!target) return;
    const list = numbers(target.value);
    list.pop();
    target.value = list.join(", ");
    changed(target);
  }

  function useGrid() {
    return toggle.checked;
  }

  function setInputModes() {
    for (const input of targets()) input.inputMode = useGrid() ? "none" : "decimal";
  }

  function open(input) {
    setTarget(input);
    if (!useGrid()) return;
    panel.hidden = false;
    document.body.classList.add("grid-open");
    document.body.style.setProperty("--grid-height", `${panel.offsetHeight + 16}px`);
    reveal(input);
  }

  function close() {
    if (targets().includes(document.activeElement)) document.activeElement.blur();
    panel.hidden = true;
    document.body.classList.remove("grid-open");
    setTarget(null);
  }

  // Keep the field being filled in sight above the grid.
  function reveal(input) {
    const box = (input.closest(".row-line") || input.closest(".line") || input).getBoundingClientRect();
    const bottom = window.innerHeight - panel.offsetHeight - 12;
    if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom);
    else if (box.top < 8) window.scrollBy(0, box.top - 8);
  }

  function typeInstead() {
    const input = target;
    toggle.checked = false;
    setInputModes();
    close();
    if (input) input.focus();
  }

  return {
    start(addLine) {
      toggle.closest(".grid-switch").hidden = false;
      build();
      preview();
      setInputModes();
      toggle.addEventListener("change", () => {
        setInputModes();
        if (!useGrid()) close();
      });
      grid.addEventListener("click", (event) => {
        const button = event.target.closest("button[data-card]");
        if (button) tap(Number(button.dataset.card), addLine);
      });
      panel.addEventListener("click", (event) => {
        const tool = event.target.closest("[data-grid]");
        if (!tool) return;
        if (tool.dataset.grid === "undo") undo();
        if (tool.dataset.grid === "next") next(addLine);
        if (tool.dataset.grid === "keyboard") typeInstead();
        if (tool.dataset.grid === "done") close();
      });
      form.addEventListener("focusin", (event) => {
        if (targets().includes(event.target)) open(event.target);
      });
      form.addEventListener("click", (event) => {
        if (targets().includes(event.target) && panel.hidden) open(event.target);
      });
      form.addEventListener("input", (event) => {
        preview();
        if (grid.children.length !== maxCard()) build();
        else markUsed();
        if (event.target.name === "player" && target) label.textContent = describe(target);
        onChange();
      });
      form.addEventListener("change", (event) => {
        if (event.target === deck || event.target === variant) build();
        onChange();
      });
    },
    close,
    /** The fields were filled or the rows changed by the page: draw them again. */
    update() {
      preview();
      build();
    },
    lineAdded(line) {
      const input = line.querySelector(".card-input");
      input.inputMode = useGrid() ? "none" : "decimal";
      if (deck.value === "tactics") build();
    },
  };
}
