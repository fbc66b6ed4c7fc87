// The evening page drawn on the phone: when the server cannot be reached, the service
// worker opens the page empty (/games/offline/evening), and this draws what the server
// would (templates/games/evening.html) from the games of the evening the phone keeps:
// each player's sums (game/summary.js add_up) and the games, with "new game, same
// players" after the last one once it has ended.

import { listed, plural, say } from "../shared/catalog.js";
import { h, replace, sheetData } from "../shared/dom.js";
import { address } from "../game/addresses.js";
import { view } from "../game/record.js";
import { addUp, perDeal } from "../game/summary.js";
import { allGames, gameAt } from "../game/storage.js";
import { go, nextGame, sheetHref } from "./actions.js";

const root = document.getElementById("evening");
const data = sheetData();

/** The game kept here whose evening this is: by its key after "#", else its token. */
const kept = () => gameAt(/\/([0-9a-f]{20})\/evening/);

function sums(players, lang) {
  if (!players.length) return h("div", { id: "evening-players" }, h("p", {}, say("none")));
  const top = players[0].wins;
  return h("div", { id: "evening-players" },
    h("table", { className: "evening", id: "evening-sums" },
      h("thead", {}, h("tr", {}, ["player", "games", "wins", "bullheads", "per_deal"].map(
        (key) => h("th", { scope: "col" }, say(key))))),
      h("tbody", {}, players.map((p) => h("tr", { className: p.wins && p.wins === top ? "top" : null },
        h("th", { scope: "row" }, p.name), h("td", {}, p.games), h("td", {}, p.wins),
        h("td", {}, p.bullheads), h("td", {}, perDeal(p.bullheads, p.deals, lang)))))),
    h("p", { className: "hint" }, say("order")));
}

function gameItem(game, state, index, current) {
  const won = state.finished ? say("won", {
    names: listed(state.winners), total: state.totals[state.winners[0]] }) : say("playing");
  return h("li", {}, h("a", { href: sheetHref(data.urls, game), "aria-current": current ? "page" : null },
    h("strong", {}, say("game", { number: index + 1 })), " ",
    h("span", { className: "meta" }, plural("deals", state.deals.length)), " ", h("span", {}, won)));
}

async function draw() {
  const record = await kept();
  if (!record) {
    root.hidden = true;
    document.getElementById("not-kept").hidden = false;
    return;
  }
  const games = (await allGames()).filter((game) => game.evening === record.evening);
  const states = games.map((game) => view(game).state);
  const lang = document.documentElement.lang;
  // The day of the stored UTC time, as the server's pages name a game's day (game_date).
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  document.getElementById("evening-date").textContent = date.format(new Date(games[0].created_at));
  replace("#evening-players", sums(addUp(states), lang));
  document.getElementById("evening-games").replaceChildren(...games.map(
    (game, i) => gameItem(game, states[i], i, game.key === record.key)));
  const next = document.getElementById("evening-next");
  const last = games.at(-1);
  next.hidden = !states.at(-1).finished;
  // The server's address, as the server's page posts to (this page's script asks instead).
  next.setAttribute("action", last.id ? address(data.urls, "same_players", last.id) : "");
  next.addEventListener("submit", async (event) => {
    event.preventDefault();
    go(sheetHref(data.urls, await nextGame(last)));
  });
}

if (root?.dataset.shell !== undefined && data && "indexedDB" in window) draw();
