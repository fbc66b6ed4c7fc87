// Start form: show the player lines in use plus one empty line, so 4 players see 4–5 lines.
// Without a connection the game starts on this phone instead (offline-rules.js checks it
// as the server would), is kept in IndexedDB and opens on the offline score sheet; that
// page sends it once the connection is back. The start page also lists such games.

import { plural, refusalText, say } from "./catalog.js";
import { checkSettings } from "./game-settings.js";
import { allGames, newId, putGame } from "./offline-store.js";

const form = document.querySelector(".start-form");
const items = [...document.querySelectorAll(".player-fields li")];

function update() {
  let last = -1;
  items.forEach((item, i) => {
    if (item.querySelector("input").value.trim()) last = i;
  });
  const shown = Math.min(items.length, Math.max(4, last + 2));
  items.forEach((item, i) => { item.hidden = i >= shown; });
}

if (items.length) {
  document.querySelector(".player-fields").addEventListener("input", update);
  update();
}

function complain(problem) {
  let box = document.getElementById("start-errors");
  if (!box) {
    box = document.createElement("div");
    box.id = "start-errors";
    box.className = "errors";
    box.setAttribute("role", "alert");
    form.before(box);
  }
  const line = document.createElement("p");
  line.textContent = refusalText(problem);
  box.replaceChildren(line);
  box.scrollIntoView({ block: "center" });
}

async function startHere() {
  const value = (name) => form.elements[name]?.value ?? "";
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`)?.value ?? "";
  let checkedSettings;
  try {
    checkedSettings = checkSettings({
      players: items.map((item) => item.querySelector("input").value),
      end: checked("end"), threshold: value("threshold"), fixed_deals: value("fixed_deals"),
      virgin_doubling: form.elements.virgin_doubling?.checked, variant: value("variant"),
      rows: checked("rows"), takes_at: checked("takes_at"), hand_size: value("hand_size"),
    });
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    complain(refusal);
    return;
  }
  const game = {
    client_id: newId(), created: Date.now(), settings: checkedSettings.settings,
    note: value("note").trim(), deals: [], server_id: null, sent: false,
    conflict: null, problem: null,
  };
  await putGame(game);
  window.location.assign(`${form.dataset.offline}#${game.client_id}`);
}

/**
 * The form was sent while the phone claimed a connection, and the service worker found
 * none: it sent the page back here with the fields in the address (#offline-start&...).
 */
function resume() {
  const hash = window.location.hash;
  if (!hash.startsWith("#offline-start")) return;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  const fields = new URLSearchParams(hash.slice("#offline-start".length));
  for (const [name, value] of fields) {
    const field = form.elements[name];
    if (field instanceof RadioNodeList) field.value = value;
    else if (field?.type === "checkbox") field.checked = true;
    else if (field) field.value = value;
  }
  update();
  startHere();
}

if (form && form.dataset.offline && "indexedDB" in window) {
  form.addEventListener("submit", (event) => {
    if (navigator.onLine) return; // the form posts as always (the worker catches a dead line)
    event.preventDefault();
    startHere();
  });
  resume();
}

/** Games started on this phone and not yet on the server, with a link to their sheet. */
async function listPhoneGames() {
  const section = document.getElementById("phone-games");
  if (!section || !("indexedDB" in window)) return;
  const kept = (await allGames().catch(() => [])).filter((game) => !game.sent);
  section.hidden = kept.length === 0;
  section.querySelector("ul").replaceChildren(...kept.map((game) => {
    const item = document.createElement("li");
    item.className = "game-item";
    const link = document.createElement("a");
    link.href = `${form.dataset.offline}#${game.client_id}`;
    const names = document.createElement("strong");
    names.textContent = game.settings.players.join(", ");
    const meta = document.createElement("span");
    meta.className = "meta";
    const count = game.deals.length;
    meta.textContent = `${plural("deals", count)} · ${say("unsent")}`;
    link.append(names, meta);
    item.append(link);
    return item;
  }));
}

if (form) listPhoneGames();
