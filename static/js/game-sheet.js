// Score sheet: live preview, card grid, the way this phone enters deals remembered, the
// screen kept on, and other phones' deals noticed. Everything here is a shortcut: the
// forms work without it.

import { say } from "./catalog.js";
import { cardBullheads, count, scoreDeal } from "./deal.js";
import { MAX_CARD } from "./limits.js";
import { buildGrid, cardsOf } from "./sheet-grid.js";

const MODE_KEY = "scorekeeper.entry-mode";
const form = document.querySelector(".deal-form");
const players = form ? [...form.querySelectorAll(".deal-player")] : [];
let dirty = false;

function mode() {
  const checked = form.querySelector("input[name=mode]:checked");
  return checked ? checked.value : "bullheads";
}

function taken(player) {
  const seat = player.dataset.seat;
  let stack;
  if (mode() === "cards") {
    const cards = cardsOf(form.querySelector(`#cards-${seat}`));
    const max = Number(form.querySelector(".card-grid")?.dataset.maxCard || MAX_CARD);
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
  if (!form.hasAttribute("data-preview")) return;
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
    outputs[i].textContent = say("preview", { score, total });
    const threshold = Number(form.dataset.threshold);
    player.classList.toggle("reaches", threshold > 0 && total >= threshold);
  });
}

function showMode() {
  const grid = form.querySelector(".card-grid");
  if (grid) grid.hidden = mode() !== "cards";
}

/** A new deal opens in the mode this phone used last (a correction keeps its own). */
function rememberedMode() {
  const typed = [...form.querySelectorAll(".deal-player input")].some((i) => i.value);
  if (form.id !== "deal-form" || typed || form.querySelector("#deal-error")) return;
  let wanted = null;
  try { wanted = localStorage.getItem(MODE_KEY); } catch { /* storage blocked */ }
  const radio = wanted && form.querySelector(`input[name=mode][value="${wanted}"]`);
  if (radio) radio.checked = true;
}

if (form) {
  form.addEventListener("input", () => { dirty = true; preview(); });
  form.addEventListener("change", (event) => {
    if (event.target.name === "mode") {
      try { localStorage.setItem(MODE_KEY, mode()); } catch { /* storage blocked */ }
    }
    showMode();
    preview();
  });
  // The live preview shows what the no-script "Preview" button would: it goes.
  if (form.hasAttribute("data-preview")) form.querySelector("#preview-button")?.remove();
  rememberedMode();
  const grid = form.querySelector(".card-grid");
  if (grid) buildGrid(form, grid, players, () => { dirty = true; preview(); });
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
    if (!dirty && !document.querySelector("#deal-error, #zero-question")) {
      window.location.reload();
    } else {
      document.getElementById("remote-change").hidden = false;
    }
  } catch { /* offline for a moment: try again later */ }
}
if (game) setInterval(poll, 4000);
