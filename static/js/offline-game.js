// The score sheet of a game started on this phone without a connection (/games/offline#id).
// Deals are checked with the server's rules and kept in IndexedDB with the game; once the
// connection is back the game is sent (offline-game-sync.js) and the page moves to the
// server's score sheet. Nothing typed is dropped without a tap.

import { refusalText, say } from "./catalog.js";
import { count, scoreDeal } from "./deal.js";
import { drawConflict, drawPlayers, drawStatus, drawTable } from "./offline-game-view.js";
import { sendGame, settle } from "./offline-game-sync.js";
import { checkDeal, replay } from "./offline-rules.js";
import { getGame, newId, putGame } from "./offline-store.js";
import { freshToken } from "./offline-sync.js";

const root = document.getElementById("offline-game");
const form = document.getElementById("offline-deal");
let game = null;
let state = null;
let busy = false;
let outcome = "waiting";

const inputs = () => [...form.querySelectorAll(".deal-player input")];
const typing = () => inputs().some((input) => input.value.trim());
const sheetUrl = () => root.dataset.sheet.replace("{id}", String(game.server_id));

function typed() {
  const values = { bullheads: {}, hand: {} };
  game.settings.players.forEach((name, seat) => {
    values.bullheads[name] = form.querySelector(`#bh-${seat}`).value;
    values.hand[name] = form.querySelector(`#hand-${seat}`).value;
  });
  return values;
}

/** Each player's score and new total under the field, as on the server's sheet. */
function preview() {
  const values = typed();
  const players = game.settings.players;
  const stack = Object.fromEntries(players.map((n) => [n, count(values.bullheads[n])]));
  const hand = game.settings.variant === "hand"
    ? Object.fromEntries(players.map((n) => [n, count(values.hand[n])])) : null;
  const outputs = [...form.querySelectorAll("output.preview")];
  if (Object.values({ ...stack, ...hand }).some((v) => v === null)) {
    outputs.forEach((o) => { o.textContent = ""; });
    return;
  }
  const scores = scoreDeal({ players, bullheads: stack, hand, virginDoubling: game.settings.virgin_doubling });
  players.forEach((name, seat) => {
    const total = state.totals[name] + scores[name];
    outputs[seat].textContent = say("preview", { score: scores[name], total });
    const threshold = game.settings.threshold;
    outputs[seat].closest(".deal-player").classList.toggle("reaches", Boolean(threshold) && total >= threshold);
  });
}

function showSync() {
  const line = root.querySelector(".sync-state");
  const problem = game.problem;
  const sentences = {
    waiting: () => say("waiting"), sending: () => say("sending"),
    sent: () => say(typing() ? "sent_typing" : "sent"),
    refused: () => (problem ? say("refused", { reason: problem.message }) : ""),
  };
  line.textContent = game.conflict ? "" : (sentences[outcome] || sentences.waiting)();
  line.dataset.state = outcome;
  root.querySelector(".problem-actions").hidden = !problem;
  drawConflict(root, game);
}

function draw() {
  state = replay(game.settings, game.deals);
  drawStatus(root, game.settings, state);
  drawTable(root, game.settings, state);
  form.hidden = state.finished;
  form.querySelector("h2").textContent = say("deal", { number: state.next });
  form.querySelector("button[type=submit]").textContent = say("save", { number: state.next });
  const last = game.deals[game.deals.length - 1];
  root.querySelector("#remove-last").hidden = !last || last.sent;
  showSync();
  preview();
}

function complain(problem) {
  const note = form.querySelector("#offline-deal-error");
  note.hidden = !problem;
  note.textContent = problem ? refusalText(problem) : "";
}

async function save(event) {
  event.preventDefault();
  let deal;
  try {
    deal = checkDeal(game.settings, typed());
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    complain(refusal);
    return;
  }
  complain(null);
  game.deals.push({ number: state.next, client_id: newId(), ...deal, sent: false });
  await putGame(game);
  inputs().forEach((input) => { input.value = ""; });
  draw();
  sync();
}

async function removeLast() {
  const last = game.deals[game.deals.length - 1];
  if (!last || last.sent || !window.confirm(say("confirm"))) return;
  game.deals.pop();
  if (game.conflict?.number === last.number) game.conflict = null;
  await putGame(game);
  draw();
}

/** Send the game and its deals; once the server has all of it, open its score sheet. */
async function sync() {
  if (busy || !navigator.onLine || game.sent) return;
  busy = true;
  outcome = "sending";
  showSync();
  const io = {
    fetch: (...args) => fetch(...args), save: putGame, games: root.dataset.games,
    lang: root.dataset.lang, token: () => freshToken(root.dataset.token),
  };
  const run = async () => {
    try {
      outcome = await sendGame(game, io);
    } catch {
      outcome = "waiting"; // the connection went again: later
    }
  };
  try {
    await (navigator.locks ? navigator.locks.request(`game-${game.client_id}`, run) : run());
  } finally {
    busy = false;
  }
  if (outcome === "later") outcome = "waiting";
  draw();
  if (outcome === "sent") leaveWhenIdle();
}

function leaveWhenIdle() {
  if (!typing()) window.location.replace(sheetUrl());
}

async function choose(event) {
  const choice = event.target.dataset.choice;
  if (!choice) return;
  if (choice === "again") game.problem = null;
  else settle(game, choice);
  await putGame(game);
  outcome = "waiting";
  draw();
  sync();
}

async function persist() {
  let kept = false;
  try {
    kept = (await navigator.storage?.persisted?.()) || (await navigator.storage?.persist?.()) || false;
  } catch { /* not offered here */ }
  root.querySelector(".persist").textContent = say(kept ? "persisted" : "not_persisted");
}

async function open() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  game = id ? await getGame(id).catch(() => undefined) : undefined;
  if (!game) {
    document.getElementById("no-offline-game").hidden = false;
    return;
  }
  if (game.sent && game.server_id) {
    window.location.replace(sheetUrl());
    return;
  }
  root.hidden = false;
  drawPlayers(form, document.getElementById("offline-player"), game.settings);
  draw();
  persist();
  form.addEventListener("submit", save);
  form.addEventListener("input", () => { complain(null); preview(); if (game.sent) showSync(); });
  root.querySelector(".sync-box").addEventListener("click", choose);
  root.querySelector("#remove-last").addEventListener("click", removeLast);
  window.addEventListener("online", sync);
  window.addEventListener("hashchange", () => window.location.reload());
  setInterval(() => { if (game.sent) leaveWhenIdle(); else sync(); }, 5000);
  sync();
}

open();
