// The start page: the player lines in use plus one empty line (4 players see 4–5 lines);
// a game started here is kept on this phone first (checked as the server checks it,
// engine/settings.js) and its sheet opens at once, at the server's address when the server
// has taken it within a moment, else on this phone (/games/offline) until it can. The
// page also lists the games kept only on this phone (the sync every page runs, pwa.js,
// sends what they wait to send).

import { plural, refusalText, say } from "../shared/catalog.js";
import { h, sheetData } from "../shared/dom.js";
import { newRecord } from "../game/record.js";
import { checkSettings } from "../engine/settings.js";
import { allGames, putGame } from "../game/storage.js";
import { namedSoon, sheetHref } from "../sheet/actions.js";
import { startSync } from "../game/sync.js";
import { keepsGames } from "../game/database.js";

const form = document.querySelector(".start-form");
const items = [...document.querySelectorAll(".player-fields li")];
const data = sheetData();

function showLines() {
  let last = -1;
  items.forEach((item, i) => {
    if (item.querySelector("input").value.trim()) last = i;
  });
  const shown = Math.min(items.length, Math.max(4, last + 2));
  items.forEach((item, i) => { item.hidden = i >= shown; });
}

function complain(problem) {
  let box = document.getElementById("start-errors");
  if (!box) {
    box = h("div", { id: "start-errors", className: "errors", role: "alert" });
    form.before(box);
  }
  box.replaceChildren(h("p", {}, refusalText(problem)));
  box.scrollIntoView({ block: "center" });
}

/** The form's values as checkSettings takes them. */
function values() {
  const value = (name) => form.elements[name]?.value ?? "";
  const checked = (name) => form.querySelector(`input[name="${name}"]:checked`)?.value ?? "";
  return {
    players: items.map((item) => item.querySelector("input").value),
    end: checked("end"), threshold: value("threshold"), fixed_deals: value("fixed_deals"),
    virgin_doubling: form.elements.virgin_doubling?.checked, variant: value("variant"),
    rows: checked("rows"), takes_at: checked("takes_at"), hand_size: value("hand_size"),
  };
}

async function start() {
  let settings;
  try {
    ({ settings } = checkSettings(values()));
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    complain(refusal);
    return;
  }
  const record = await putGame(newRecord({ settings, note: form.elements.note?.value.trim() ?? "" }));
  // The page's sync loop (pwa.js runs one where the phone kept games already), or a new one.
  startSync({ urls: data.urls, lang: document.documentElement.lang }).kick();
  window.location.assign(sheetHref(data.urls, await namedSoon(record.key)));
}

/** Games kept on this phone that the server has not got yet, each with its sheet. */
async function listPhoneGames() {
  const section = document.getElementById("phone-games");
  const kept = (await allGames().catch(() => [])).filter((game) => game.id === null);
  section.hidden = kept.length === 0;
  section.querySelector("ul").replaceChildren(...kept.map((game) => h("li", { className: "game-item" },
    h("a", { href: sheetHref(data.urls, game) }, h("strong", {}, game.settings.players.join(", ")),
      h("span", { className: "meta" },
        `${plural("deals", game.pending.filter((e) => e.kind === "deal").length)} · ${say("unsent")}`)))));
}

if (items.length) {
  document.querySelector(".player-fields").addEventListener("input", showLines);
  showLines();
}

if (form && data && "indexedDB" in window) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start().catch(() => form.submit()); // no storage here: the server starts it
  });
  // A phone that keeps no game has none to list: its database is made by its first.
  keepsGames().then((keeps) => { if (keeps) listPhoneGames(); });
}
