// What a score sheet hands out, made from the game the phone keeps, so it works without a
// connection: the CSV and the backup (game/files.js), the BG Stats link and the shared
// result (game/summary.js), and "new game, same players" started on the phone.

import { keptAddress } from "../game/addresses.js";
import { say } from "../shared/catalog.js";
import { h } from "../shared/dom.js";
import { backupText, csvRows, csvText, separatorFor } from "../game/files.js";
import { newRecord } from "../game/record.js";
import { bgStatsLink, bgStatsPlay, ranks } from "../game/summary.js";
import { allGames, getGame, putGame } from "../game/storage.js";
import { wonText } from "./view.js";

/** The game as the files and BG Stats take it: its id, times, note, settings and log. */
const gameOf = (record, view) => ({
  id: record.id ?? record.key, created_at: record.created_at, note: record.note,
  settings: record.settings, events: view.events,
});

/** The link that logs this finished game in BG Stats, its end in the phone's own time. */
export function bgStatsHref(record, view) {
  const play = bgStatsPlay(gameOf(record, view), view.state);
  return play ? bgStatsLink(play) : null;
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The CSV (``kind`` "csv") or the backup ("json") of the game, as the server names them. */
export function saveFile(kind, record, view) {
  const name = `game-${record.id ?? record.key}.${kind}`;
  if (kind === "json") {
    download(name, backupText(gameOf(record, view)), "application/json");
    return;
  }
  const words = {
    Deal: say("csv_deal"), stack: say("csv_stack"), hand: say("csv_hand"),
    entered: say("csv_entered"), counts: say("csv_counts"), Total: say("csv_total"),
  };
  const shape = separatorFor(document.documentElement.lang);
  download(name, csvText(csvRows(view.state, words), shape), "text/csv");
}

/** The final standings in a few lines: who won, then each place. */
function resultText(state) {
  const { totals } = state;
  const places = ranks(totals);
  const order = state.settings.players.map((name, seat) => ({ name, seat }))
    .sort((a, b) => totals[a.name] - totals[b.name] || a.seat - b.seat);
  return [`6 nimmt! ${say("over")} ${wonText(state)}`,
    ...order.map(({ name }) => say("share_line", { rank: places[name], name, total: totals[name] }))]
    .join("\n");
}

/**
 * Share the result through the phone's share sheet, else copy it; say what happened. The
 * link shared is the game's view link, which shows the score and changes nothing, never
 * the game's own (whoever holds that may change the score); a game the server has not
 * got yet has none, so its result goes without a link, and the sheet says so.
 */
export async function shareResult(record, view) {
  const text = resultText(view.state);
  const url = record.view ?? "";
  const status = document.getElementById("share-status");
  const without = url ? "" : ` ${say("share_no_link")}`;
  if (navigator.share) {
    try {
      await navigator.share({ title: "6 nimmt!", text, ...(url ? { url } : {}) });
      status.textContent = without.trim();
      return;
    } catch (error) {
      if (error.name === "AbortError") return; // the player closed the share sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url ? `${text}\n${url}` : text);
    status.textContent = say("share_copied") + without;
  } catch {
    status.textContent = say("share_failed");
  }
}

/**
 * "New game, same players", on the phone: the evening's next game kept here (the one this
 * phone already started after this game, if any). Answers its record.
 */
export async function nextGame(record) {
  const started = (await allGames()).find((game) => game.after === record.key);
  if (started) return started;
  return putGame(newRecord({
    settings: record.settings, note: record.note, evening: record.evening, after: record.key,
  }));
}

const QUICK = 1500; // ms a new game's page waits for the server before the phone's opens

/** Record ``key`` once the server has named it, or as it is after a moment. */
export async function namedSoon(key) {
  const until = Date.now() + QUICK;
  let record = await getGame(key);
  while (!record.id && Date.now() < until) {
    await new Promise((resolve) => { setTimeout(resolve, 50); });
    record = await getGame(key);
  }
  return record;
}

/** Open ``href``: a page again when only the part after "#" differs (a kept game's key). */
export function go(href) {
  const url = new URL(href, window.location.href);
  const here = window.location;
  if (url.pathname !== here.pathname || url.search !== here.search) {
    here.assign(url.href);
    return;
  }
  here.hash = url.hash;
  here.reload();
}

/** Where a kept game's sheet is: the server's address once it has the game. */
export const sheetHref = (urls, record) => keptAddress(urls, "sheet", record);
