// Score sheet: live preview, card grid, screen kept on, and other phones' deals noticed.
// Everything here is a shortcut: the forms work without it.

import { cardButton } from "./cards.js";
import { cardBullheads, count, scoreDeal } from "./deal.js";

const form = document.querySelector(".deal-form");
const players = form ? [...form.querySelectorAll(".deal-player")] : [];
let dirty = false;

function cardsOf(input) {
  return input.value.split(/[\s,;]+/).filter(Boolean).map(Number);
}

function mode() {
  const checked = form.querySelector("input[name=mode]:checked");
  return checked ? checked.value : "bullheads";
}

function taken(player) {
  const seat = player.dataset.seat;
  let stack;
  if (mode() === "cards") {
    const cards = cardsOf(form.querySelector(`#cards-${seat}`));
    const max = Number(form.querySelector(".card-grid")?.dataset.maxCard || 104);
    stack = cards.every((c) => Number.isInteger(c) && c >= 1 && c <= max)
      ? cardBullheads(cards) : null;
  } else {
    stack = count(form.querySelector(`#bh-${seat}`).value);
  }
  const handInput = form.querySelector(`#hand-${seat}`);
  const hand = handInput ? count(handInput.value) : 0;
  return stack === null || hand === null ? null : { stack, hand };
}

function preview() {
  if (!form.dataset.preview) return;
  const values = players.map(taken);
  const outputs = players.map((p) => p.querySelector("output.preview"));
  if (values.some((v) => v === null)) {
    outputs.forEach((o) => { if (o) o.textContent = ""; });
    return;
  }
  const seats = players.map((p) => p.dataset.seat);
  const scores = scoreDeal({
    players: seats,
    bullheads: Object.fromEntries(values.map((v, i) => [seats[i], v.stack])),
    hand: Object.fromEntries(values.map((v, i) => [seats[i], v.hand])),
    virginDoubling: form.dataset.virgin === "1",
  });
  players.forEach((player, i) => {
    const score = scores[seats[i]];
    const total = Number(player.dataset.total) + score;
    outputs[i].textContent = form.dataset.preview
      .replace("{score}", String(score)).replace("{total}", String(total));
    const threshold = Number(form.dataset.threshold);
    player.classList.toggle("reaches", threshold > 0 && total >= threshold);
  });
}

function buildGrid(grid) {
  const max = Number(grid.dataset.maxCard);
  const copies = Number(grid.dataset.copies);
  let current = 0;
  const chooser = document.createElement("div");
  chooser.className = "grid-players";
  players.forEach((player, seat) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "chip secondary";
    button.dataset.seat = String(seat);
    button.textContent = player.querySelector(".name").textContent;
    button.setAttribute("aria-pressed", String(seat === 0));
    button.addEventListener("click", () => {
      current = seat;
      chooser.querySelectorAll("button").forEach((b, i) =>
        b.setAttribute("aria-pressed", String(i === seat)));
    });
    chooser.append(button);
  });
  const cards = document.createElement("div");
  cards.className = "grid-cards";
  const fields = players.map((p) => form.querySelector(`#cards-${p.dataset.seat}`));

  function paint() {
    const owners = new Map();
    fields.forEach((field, seat) => cardsOf(field).forEach((c) => {
      owners.set(c, [...(owners.get(c) || []), seat]);
    }));
    cards.querySelectorAll("button").forEach((b) => {
      const who = owners.get(Number(b.dataset.card)) || [];
      b.dataset.owner = who.length ? String(who[0]) : "";
      b.setAttribute("aria-pressed", String(who.length > 0));
      b.querySelector("small").textContent = who.map((s) =>
        players[s].querySelector(".name").textContent.slice(0, 3)).join(" ");
    });
  }

  function tap(card) {
    const mine = cardsOf(fields[current]);
    if (mine.includes(card)) {
      mine.splice(mine.indexOf(card), 1);
      fields[current].value = mine.join(" ");
    } else {
      const holders = fields.filter((f) => cardsOf(f).includes(card));
      if (holders.length >= copies) {
        const other = holders[0];
        const rest = cardsOf(other);
        rest.splice(rest.indexOf(card), 1);
        other.value = rest.join(" ");
      }
      fields[current].value = [...cardsOf(fields[current]), card].join(" ");
    }
    dirty = true;
    paint();
    preview();
  }

  for (let card = 1; card <= max; card += 1) {
    const button = cardButton(card);
    button.addEventListener("click", () => tap(card));
    cards.append(button);
  }
  grid.append(chooser, cards);
  form.addEventListener("input", paint);
  paint();
}

function showMode() {
  const grid = form.querySelector(".card-grid");
  if (grid) grid.hidden = mode() !== "cards";
}

if (form) {
  form.addEventListener("input", () => { dirty = true; preview(); });
  form.addEventListener("change", () => { showMode(); preview(); });
  const grid = form.querySelector(".card-grid");
  if (grid) buildGrid(grid);
  showMode();
  preview();
}

// Keep the screen on while the score sheet is open (where the browser allows it).
const game = document.getElementById("game");
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try { await navigator.wakeLock.request("screen"); } catch { /* not allowed now */ }
}
if (game) {
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
}

// Another phone may add or correct a deal: poll the game and follow its version.
async function poll() {
  if (document.visibilityState !== "visible") return;
  try {
    const answer = await fetch(game.dataset.api, { cache: "no-store" });
    if (!answer.ok || answer.headers.has("X-Offline-Copy")) return; // the worker's stored copy
    const state = await answer.json();
    if (state.version === Number(game.dataset.version)) return;
    if (!dirty && !document.querySelector("#deal-error")) {
      window.location.reload();
    } else {
      document.getElementById("remote-change").hidden = false;
    }
  } catch { /* offline for a moment: try again later */ }
}
if (game) setInterval(poll, 4000);
