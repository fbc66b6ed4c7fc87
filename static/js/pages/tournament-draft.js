// The Logic draft on one phone: the open cards as a tap grid; the players pick in turn,
// clockwise, one card at a time, until each holds ten. Every pick is written straight
// into the typed-hand fields of the form, so the form stays the one thing that is sent.

import { cardButton } from "../shared/card-faces.js";
import { say } from "../shared/catalog.js";
import {
  HAND_SIZE as HAND, MIN_PLAYERS, TOURNAMENT_MAX_PLAYERS as SEATS, tacticsMaxCard,
} from "../engine/limits.js";

const form = document.getElementById("tournament-form");
const panel = document.getElementById("draft");
const startButton = document.getElementById("draft-start");
const grid = document.getElementById("draft-grid");
const statusLine = document.getElementById("draft-status");
const undoButton = document.getElementById("draft-undo");
const restartButton = document.getElementById("draft-restart");

const nameField = (seat) => document.getElementById(`name${seat}`);
const handField = (seat) => document.getElementById(`hand${seat}`);


const STORE = "tournament-draft";
let players = []; // {name, seat} in seating order
let picks = []; // cards in the order they were taken; pick i belongs to players[i % n]

function seatedPlayers() {
  const found = [];
  for (let seat = 1; seat <= SEATS; seat += 1) {
    const name = nameField(seat).value.trim();
    if (name) found.push({ name, seat });
  }
  const distinct = new Set(found.map((p) => p.name)).size === found.length;
  return found.length >= MIN_PLAYERS && distinct ? found : null;
}

function maxCard() {
  return tacticsMaxCard(players.length);
}

function owner(index) {
  return players[index % players.length];
}

function writeHands() {
  const hands = new Map(players.map((p) => [p.seat, []]));
  picks.forEach((card, index) => hands.get(owner(index).seat).push(card));
  for (let seat = 1; seat <= SEATS; seat += 1) {
    const cards = hands.get(seat);
    handField(seat).value = cards ? cards.sort((a, b) => a - b).join(" ") : "";
  }
}

function render() {
  const taken = new Map(picks.map((card, index) => [card, owner(index).name]));
  for (const button of grid.children) {
    const card = Number(button.dataset.card);
    const label = button.querySelector("small");
    const who = taken.get(card);
    button.disabled = who !== undefined || picks.length >= HAND * players.length;
    label.textContent = who ?? "\u00a0";
    button.setAttribute(
      "aria-label",
      who === undefined ? String(card) : say("picked", { card, player: who }),
    );
  }
  if (picks.length < HAND * players.length) {
    statusLine.textContent = say("turn", {
      player: owner(picks.length).name,
      number: Math.floor(picks.length / players.length) + 1,
    });
  } else {
    const left = [];
    for (let card = 1; card <= maxCard(); card += 1) if (!taken.has(card)) left.push(card);
    statusLine.textContent = say("done", { cards: left.join(", ") });
  }
  undoButton.disabled = picks.length === 0;
  writeHands();
  save();
}

/** Keep the draft across an accidental reload of this tab (sessionStorage: this tab only). */
function save() {
  try {
    sessionStorage.setItem(STORE, JSON.stringify({ players, picks }));
  } catch {
    /* storage may be off; the draft then lives as long as the page */
  }
}

function forget() {
  try {
    sessionStorage.removeItem(STORE);
  } catch {
    /* nothing stored */
  }
}

function resume() {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(STORE) || "null");
  } catch {
    saved = null;
  }
  if (!saved || !Array.isArray(saved.players) || saved.players.length < MIN_PLAYERS) return;
  for (let seat = 1; seat <= SEATS; seat += 1) nameField(seat).value = "";
  for (const player of saved.players) nameField(player.seat).value = player.name;
  start();
  picks = saved.picks.filter((card) => Number.isInteger(card)).slice(0, HAND * players.length);
  render();
}

function buildGrid() {
  grid.replaceChildren();
  for (let card = 1; card <= maxCard(); card += 1) {
    grid.append(cardButton(card));
  }
}

function lockNames(locked) {
  for (let seat = 1; seat <= SEATS; seat += 1) {
    nameField(seat).readOnly = locked;
    handField(seat).readOnly = locked;
  }
}

function start() {
  const found = seatedPlayers();
  if (!found) {
    statusLine.textContent = say("names");
    panel.hidden = false;
    grid.replaceChildren();
    return;
  }
  players = found;
  picks = [];
  lockNames(true);
  buildGrid();
  panel.hidden = false;
  startButton.hidden = true;
  render();
  panel.scrollIntoView({ block: "start" });
}

function restart() {
  forget();
  picks = [];
  if (players.length) writeHands();
  players = [];
  lockNames(false);
  grid.replaceChildren();
  statusLine.textContent = "";
  panel.hidden = true;
  startButton.hidden = false;
}

grid.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-card]");
  if (!button || button.disabled) return;
  picks.push(Number(button.dataset.card));
  render();
  if (picks.length === HAND * players.length) document.getElementById("create").focus();
});
undoButton.addEventListener("click", () => {
  picks.pop();
  render();
});
restartButton.addEventListener("click", restart);
startButton.addEventListener("click", start);
form.addEventListener("submit", forget);
startButton.hidden = false;
if (!document.getElementById("form-error")) resume();
