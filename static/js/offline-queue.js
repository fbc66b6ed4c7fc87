// Score sheet without a connection: a deal saved offline waits on this phone with its own
// client_id (offline-store.js) and is sent once the connection is back (offline-sync.js).
// This part reads the form, shows the queue and moves the form on to the next deal.
// Nothing typed is dropped without a tap on "Remove".

import { refusalText, say } from "./catalog.js";
import { boundRefusal, count, cardBullheads, enteredTotal, scoreDeal } from "./deal.js";
import { MAX_CARD } from "./limits.js";
import { drop, newId, put, records } from "./offline-store.js";
import { renumber, sendWaiting } from "./offline-sync.js";

const box = document.getElementById("offline-queue");
const form = document.getElementById("deal-form");
const game = document.getElementById("game");

const sentHere = []; // sent from this page while it is open: shown until it reloads
let current = []; // the queue as last shown, for the submit handler (it cannot wait)
let moved = false; // the form shows a deal number after the waiting ones
let busy = false;
const original = form ? {
  heading: form.querySelector("h2").textContent,
  save: form.querySelector("button[value=save]").textContent,
} : {};

// --- Reading the form ---

const players = () => (form ? [...form.querySelectorAll(".deal-player")] : []);
const nameOf = (player) => player.querySelector(".name").textContent;
const serverNumber = form ? Number(form.querySelector("input[name=number]").value) : 0;
const serverTotals = players().map((p) => Number(p.dataset.total));

/** The API body for what is typed, with each player's score, or the names to fix. */
function entry() {
  const cards = form.querySelector("input[name=mode]:checked")?.value === "cards";
  const grid = form.querySelector(".card-grid");
  const max = grid ? Number(grid.dataset.maxCard) : MAX_CARD;
  const body = cards ? { cards: {} } : { bullheads: {} };
  const stack = {};
  const hand = {};
  const wrong = [];
  players().forEach((player) => {
    const seat = player.dataset.seat;
    const name = nameOf(player);
    if (cards) {
      const parts = form.querySelector(`#cards-${seat}`).value.split(/[\s,;]+/).filter(Boolean);
      const numbers = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : 0));
      if (numbers.some((c) => c < 1 || c > max)) { wrong.push(name); return; }
      body.cards[name] = numbers;
      stack[name] = cardBullheads(numbers);
    } else {
      stack[name] = count(form.querySelector(`#bh-${seat}`).value);
      if (stack[name] === null) { wrong.push(name); return; }
      body.bullheads[name] = stack[name];
    }
    const handField = form.querySelector(`#hand-${seat}`);
    hand[name] = handField ? count(handField.value) : 0;
    if (hand[name] === null) { wrong.push(name); return; }
    if (handField) body.hand = { ...body.hand, [name]: hand[name] };
  });
  if (wrong.length) return { wrong, max };
  const names = players().map(nameOf); // the game's bounds, as the server checks them
  const shape = { rows: +form.dataset.rows, takesAt: +form.dataset.takesAt, handSize: +form.dataset.handSize };
  const refusal = boundRefusal({ players: names, variant: form.dataset.variant, ...shape },
    enteredTotal({ players: names, bullheads: stack, hand }));
  if (refusal) return { refusal };
  const scores = scoreDeal({
    players: players().map(nameOf), bullheads: stack, hand,
    virginDoubling: form.dataset.virgin === "1",
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
  deal.textContent = say("deal", { number: record.number });
  const values = document.createElement("span");
  values.className = "queue-values";
  const scores = Object.entries(record.scores).map(([n, s]) => `${n} ${s}`);
  values.textContent = ` · ${scores.join(" · ")}`;
  title.append(deal, values);
  const state = document.createElement("p");
  state.className = "queue-state";
  const words = { waiting: "queue_waiting", sent: "queue_sent" };
  const theirs = record.state === "conflict" && record.theirs ? ` ${say("theirs", {
    values: Object.entries(record.theirs).map(([n, s]) => `${n} ${s}`).join(" · ") })}` : "";
  const said = words[record.state] ? say(words[record.state]) : record.message || "";
  state.textContent = blocked ? say("behind") : said + theirs;
  item.append(title, state);
  if (!blocked && (record.state === "conflict" || record.state === "refused")) {
    const actions = document.createElement("div");
    actions.className = "queue-actions";
    if (record.state === "conflict" && !record.finished) {
      const label = say("renumber", { number: record.next });
      actions.append(button(label, () => moveUp(record)));
    } else if (record.state === "refused") {
      actions.append(button(say("again"), () => retry(record)));
    }
    actions.append(button(say("remove"), () => remove(record)));
    item.append(actions);
  }
  return item;
}

async function render() {
  const list = await records(box.dataset.game);
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
  heading.textContent = moved ? say("deal", { number: next }) : original.heading;
  saveButton.textContent = moved ? say("save", { number: next }) : original.save;
  players().forEach((player, i) => {
    const extra = waiting.reduce((sum, r) => sum + (r.scores[nameOf(player)] || 0), 0);
    player.dataset.total = String(serverTotals[i] + extra);
  });
  form.dispatchEvent(new Event("change")); // the live preview counts the waiting deals
  if (moved) {
    totals.textContent = say("totals", {
      totals: players().map((p) => `${nameOf(p)} ${p.dataset.total}`).join(" · "),
    });
  }
}

// --- Saving offline, sending later, and the table's decisions ---

async function save() {
  const typed = entry();
  if (typed.wrong) {
    complain(say("invalid", { players: typed.wrong.join(", "), max: typed.max }));
    return;
  }
  if (typed.refusal) {
    complain(refusalText(typed.refusal));
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

const hooks = {
  sending(record) {
    const shown = box.querySelector(`li[data-client-id="${record.client_id}"] .queue-state`);
    if (shown) shown.textContent = say("sending");
  },
  sent(record, data) {
    sentHere.push({ ...record, state: "sent" });
    if (game && data.version !== undefined) game.dataset.version = String(data.version);
  },
};

async function sync() {
  if (busy || !navigator.onLine) return;
  busy = true;
  try {
    await sendWaiting(box.dataset, hooks);
  } finally {
    busy = false;
  }
  await render();
  const left = await records(box.dataset.game);
  const typing = form && [...form.querySelectorAll(".deal-player input")].some((i) => i.value);
  if (sentHere.length && !left.length && !typing) window.location.reload();
}

async function moveUp(record) {
  await renumber(box.dataset.game, record);
  await render();
  sync();
}

async function retry(record) {
  await put({ ...record, state: "waiting", message: "" });
  await render();
  sync();
}

async function remove(record) {
  if (!window.confirm(say("confirm"))) return;
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
