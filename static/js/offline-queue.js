// Score sheet without a connection: a deal saved offline waits in IndexedDB with its own
// client_id and is sent once the connection is back. The server answers a client_id it
// has seen with 200 and adds nothing, so sending again after a lost answer is safe. A
// deal number taken meanwhile (409) is shown with the server's words and kept until the
// table decides; nothing typed is dropped without a tap on "Remove".

import { bullheads } from "./cards.js";

const box = document.getElementById("offline-queue");
const form = document.getElementById("deal-form");
const game = document.getElementById("game");

// --- IndexedDB: one store of deals, keyed by client_id ---

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("scorekeeper-offline", 1);
    request.onupgradeneeded = () =>
      request.result.createObjectStore("deals", { keyPath: "client_id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction("deals", mode);
    const request = work(transaction.objectStore("deals"));
    transaction.oncomplete = () => { db.close(); resolve(request ? request.result : undefined); };
    transaction.onerror = () => { db.close(); reject(transaction.error); };
  });
}

const put = (record) => withStore("readwrite", (s) => s.put(record));
const drop = (id) => withStore("readwrite", (s) => s.delete(id));

async function records() {
  const all = (await withStore("readonly", (s) => s.getAll())) || [];
  return all.filter((r) => r.game === box.dataset.game)
    .sort((a, b) => a.number - b.number || a.saved - b.saved);
}

// --- Reading the form ---

const fill = (text, values) =>
  Object.entries(values).reduce((t, [k, v]) => t.replaceAll(`{${k}}`, String(v)), text);
const players = () => (form ? [...form.querySelectorAll(".deal-player")] : []);
const nameOf = (player) => player.querySelector(".name").textContent;
const serverNumber = form ? Number(form.querySelector("input[name=number]").value) : 0;
const serverTotals = players().map((p) => Number(p.dataset.total));

function whole(text) {
  const value = text.trim();
  if (value === "") return 0;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** The API body for what is typed, with each player's score, or the names to fix. */
function entry() {
  const cards = form.querySelector("input[name=mode]:checked")?.value === "cards";
  const grid = form.querySelector(".card-grid");
  const max = grid ? Number(grid.dataset.maxCard) : 104;
  const body = cards ? { cards: {} } : { bullheads: {} };
  const taken = {};
  const wrong = [];
  players().forEach((player) => {
    const seat = player.dataset.seat;
    const name = nameOf(player);
    let stack;
    if (cards) {
      const parts = form.querySelector(`#cards-${seat}`).value.split(/[\s,;]+/).filter(Boolean);
      const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
      if (numbers.some((c) => c < 1 || c > max)) { wrong.push(name); return; }
      body.cards[name] = numbers;
      stack = numbers.reduce((sum, c) => sum + bullheads(c), 0);
    } else {
      stack = whole(form.querySelector(`#bh-${seat}`).value);
      if (stack === null) { wrong.push(name); return; }
      body.bullheads[name] = stack;
    }
    const handField = form.querySelector(`#hand-${seat}`);
    const hand = handField ? whole(handField.value) : 0;
    if (hand === null) { wrong.push(name); return; }
    if (handField) body.hand = { ...body.hand, [name]: hand };
    taken[name] = { stack, hand };
  });
  if (wrong.length) return { wrong, max };
  const virgin = form.dataset.virgin === "1"
    && Object.values(taken).some((t) => t.stack + t.hand === 0);
  const scores = {};
  Object.entries(taken).forEach(([name, t]) => {
    const score = t.stack + 2 * t.hand;
    scores[name] = virgin && t.stack + t.hand > 0 ? 2 * score : score;
  });
  return { body, scores };
}

function clearFields() {
  form.querySelectorAll(".deal-player input").forEach((input) => { input.value = ""; });
  form.querySelector("#offline-error")?.remove();
  form.dispatchEvent(new Event("input")); // repaints the card grid and the live preview
}

function complain(text) {
  let note = form.querySelector("#offline-error");
  if (!note) {
    note = document.createElement("p");
    note.id = "offline-error";
    note.className = "errors";
    note.setAttribute("role", "alert");
    form.querySelector("h2").after(note);
  }
  note.textContent = text;
}

// --- Showing the queue, and the form moved on to the next deal ---

function button(label, action) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "secondary";
  element.textContent = label;
  element.addEventListener("click", action);
  return element;
}

function line(record, blocked) {
  const item = document.createElement("li");
  item.dataset.state = blocked ? "blocked" : record.state;
  item.dataset.clientId = record.client_id;
  const title = document.createElement("div");
  const deal = document.createElement("span");
  deal.className = "queue-deal";
  deal.textContent = fill(box.dataset.deal, { number: record.number });
  const values = document.createElement("span");
  values.className = "queue-values";
  const scores = Object.entries(record.scores).map(([n, s]) => `${n} ${s}`);
  values.textContent = ` · ${scores.join(" · ")}`;
  title.append(deal, values);
  const state = document.createElement("p");
  state.className = "queue-state";
  const words = { waiting: box.dataset.waiting, sent: box.dataset.sent };
  state.textContent = blocked ? box.dataset.behind : words[record.state] || record.message || "";
  item.append(title, state);
  if (!blocked && (record.state === "conflict" || record.state === "refused")) {
    const actions = document.createElement("div");
    actions.className = "queue-actions";
    if (record.state === "conflict" && !record.finished) {
      const label = fill(box.dataset.renumber, { number: record.next });
      actions.append(button(label, () => renumber(record)));
    } else if (record.state === "refused") {
      actions.append(button(box.dataset.again, () => retry(record)));
    }
    actions.append(button(box.dataset.remove, () => remove(record)));
    item.append(actions);
  }
  return item;
}

async function render() {
  const list = await records();
  current = list;
  const shown = [...list, ...sentHere];
  box.hidden = shown.length === 0;
  const blockedFrom = list.findIndex((r) => r.state === "conflict" || r.state === "refused");
  box.querySelector(".queue-list").replaceChildren(
    ...list.map((r, i) => line(r, blockedFrom >= 0 && i > blockedFrom)),
    ...sentHere.map((r) => line(r, false)));
  const waiting = list.filter((r) => r.state === "waiting");
  const totals = box.querySelector(".queue-totals");
  totals.textContent = "";
  if (!form || (!waiting.length && !moved)) return;
  moved = waiting.length > 0;
  const next = Math.max(serverNumber, ...waiting.map((r) => r.number + 1));
  const heading = form.querySelector("h2");
  const saveButton = form.querySelector("button[value=save]");
  form.querySelector("input[name=number]").value = String(next);
  heading.textContent = moved ? fill(box.dataset.deal, { number: next }) : original.heading;
  saveButton.textContent = moved ? fill(box.dataset.save, { number: next }) : original.save;
  players().forEach((player, i) => {
    const extra = waiting.reduce((sum, r) => sum + (r.scores[nameOf(player)] || 0), 0);
    player.dataset.total = String(serverTotals[i] + extra);
  });
  form.dispatchEvent(new Event("change")); // the live preview counts the waiting deals
  if (moved) {
    totals.textContent = fill(box.dataset.totals, {
      totals: players().map((p) => `${nameOf(p)} ${p.dataset.total}`).join(" · "),
    });
  }
}

// --- Saving offline, and sending later ---

const sentHere = []; // sent from this page while it is open: shown until it reloads
let current = []; // the queue as last shown, for the submit handler (it cannot wait)
let moved = false; // the form shows a deal number after the waiting ones
let busy = false;
const original = form ? {
  heading: form.querySelector("h2").textContent,
  save: form.querySelector("button[value=save]").textContent,
} : {};

function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function save() {
  const typed = entry();
  if (typed.wrong) {
    complain(fill(box.dataset.invalid, { players: typed.wrong.join(", "), max: typed.max }));
    return;
  }
  const number = Number(form.querySelector("input[name=number]").value);
  const clientId = newId();
  await put({
    client_id: clientId, game: box.dataset.game, number, saved: Date.now(), state: "waiting",
    body: { number, ...typed.body, client_id: clientId }, scores: typed.scores, tried: false,
  });
  clearFields();
  await render();
  sync();
}

async function freshToken() {
  const answer = await fetch(box.dataset.token, { cache: "no-store", credentials: "same-origin" });
  if (!answer.ok) throw new Error("no token");
  return (await answer.json()).csrf_token;
}

async function sendAll() {
  let token = null;
  for (const record of await records()) {
    if (record.state !== "waiting") break; // a conflict waits for the table's decision
    token = token || await freshToken();
    record.tried = true;
    await put(record);
    const shown = box.querySelector(`li[data-client-id="${record.client_id}"] .queue-state`);
    if (shown) shown.textContent = box.dataset.sending;
    const answer = await fetch(box.dataset.deals, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify(record.body),
    });
    if (answer.status >= 500) break; // the server is not ready: try again later
    const data = await answer.json().catch(() => ({}));
    if (answer.ok) {
      await drop(record.client_id);
      sentHere.push({ ...record, state: "sent" });
      if (game && data.version !== undefined) game.dataset.version = String(data.version);
      continue;
    }
    record.state = answer.status === 409 ? "conflict" : "refused";
    record.message = data.error || "";
    record.next = data.next_number;
    record.finished = Boolean(data.finished);
    await put(record);
    break;
  }
}

async function sync() {
  if (busy || !navigator.onLine) return;
  busy = true;
  try {
    if ((await records()).some((r) => r.state === "waiting")) {
      const run = () => sendAll().catch(() => { /* connection lost again: later */ });
      await (navigator.locks ? navigator.locks.request("scorekeeper-sync", run) : run());
    }
  } finally {
    busy = false;
  }
  await render();
  const left = await records();
  const typing = form && [...form.querySelectorAll(".deal-player input")].some((i) => i.value);
  if (sentHere.length && !left.length && !typing) window.location.reload();
}

// A deal number was taken meanwhile: this deal and those waiting behind it move up.
async function renumber(record) {
  const list = await records();
  let number = record.next;
  for (const other of list.filter((r) => r.number >= record.number)) {
    // The refused client_id is spent; one never sent can simply take the new number.
    const before = other.client_id;
    const id = before === record.client_id || !other.tried ? newId() : before;
    const body = { ...other.body, number, client_id: id };
    if (id !== before) await drop(before);
    await put({ ...other, client_id: id, number, body, state: "waiting", message: "" });
    number += 1;
  }
  await render();
  sync();
}

async function retry(record) {
  await put({ ...record, state: "waiting", message: "" });
  await render();
  sync();
}

async function remove(record) {
  if (!window.confirm(box.dataset.confirm)) return;
  await drop(record.client_id);
  await render();
}

if (box && "indexedDB" in window) {
  if (form) {
    form.addEventListener("submit", (event) => {
      const waiting = current.some((r) => r.state === "waiting");
      if (navigator.onLine && !waiting) return; // online: the form posts as always
      event.preventDefault();
      // Offline, "Preview" has nothing to ask: the live preview already shows the scores.
      if (!event.submitter || event.submitter.value === "save") save();
    });
  }
  render().then(sync);
  window.addEventListener("online", sync);
  setInterval(sync, 5000);
}
