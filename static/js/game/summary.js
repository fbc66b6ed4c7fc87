// What a finished game and an evening add up to, made on the phone from the games it keeps
// as the server makes them: the BG Stats play (scorekeeper/games/bgstats.py), the
// evening's sums (games/evening.py add_up, per_deal) and the places of a result. No DOM:
// Node checks them against tests/vectors/sheet.json.

import { advance, emptyState, eventOf } from "../engine/game-log.js";
import { sha256Hex } from "../shared/sha256.js";

const BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data=";
/** This app, as BG Stats names where a play came from (bgstats.py SOURCE). */
const SOURCE = "6 nimmt! table companion";
const GAME = Object.freeze({ name: "6 nimmt!", sourceGameId: "6nimmt", bggId: 432, highestWins: false });

/** Each player's place by total, fewest first; equal totals share a place (1, 2, 2, 4). */
export function ranks(totals) {
  const values = Object.values(totals);
  return Object.fromEntries(Object.entries(totals).map(
    ([name, total]) => [name, 1 + values.filter((other) => other < total).length]));
}

/** When the game ended: the time of the entry after which it stayed finished, else null. */
export function endedAt(settings, events) {
  let state = emptyState(settings);
  let ended = null;
  for (const event of events) {
    state = advance(state, eventOf(event));
    ended = state.finished ? ended ?? event.created_at : null;
  }
  return ended;
}

const pad = (n) => String(n).padStart(2, "0");

/** A moment in the phone's own time, as BG Stats takes it: "YYYY-MM-DD HH:MM:SS". */
function localStamp(date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} `
    + `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** What BG Stats knows the play by (bgstats.py play_id): never the game's id, its link. */
export const playId = (gameId) => sha256Hex(gameId).slice(0, 16);

/**
 * The play BG Stats logs for a finished game, else null. ``game``: {id, created_at, note,
 * settings, events}; ``state`` its replay; ``local(date)`` writes the end's time (the
 * phone's own: localStamp).
 */
export function bgStatsPlay(game, state, local = localStamp) {
  const ended = state.finished ? endedAt(game.settings, game.events) : null;
  if (ended === null) return null;
  const seconds = (Date.parse(ended) - Date.parse(game.created_at)) / 1000;
  const place = ranks(state.totals);
  return {
    sourceName: SOURCE, sourcePlayId: playId(game.id), playDate: local(new Date(ended)),
    durationMin: Math.max(0, Math.floor((seconds + 30) / 60)), comments: game.note, game: GAME,
    players: game.settings.players.map((name) => ({
      name, sourcePlayerId: name, score: state.totals[name], winner: state.winners.includes(name),
      rank: place[name],
    })),
  };
}

/** The address that opens BG Stats with the play filled in (bgstats.py link). */
export const bgStatsLink = (play) => BGSTATS + encodeURIComponent(JSON.stringify(play));

/**
 * Each player's evening over the games' replayed states (evening.py add_up): games with a
 * deal, wins (a shared win counts for each), bullheads and deals; most wins first, then
 * fewest bullheads per deal, then the order in which they first sat down.
 */
export function addUp(states) {
  const sums = new Map();
  for (const state of states) {
    if (!state.deals.length) continue;
    for (const name of state.settings.players) {
      const sum = sums.get(name) || { name, games: 0, wins: 0, bullheads: 0, deals: 0 };
      sum.games += 1;
      sum.wins += state.finished && state.winners.includes(name) ? 1 : 0;
      sum.bullheads += state.totals[name];
      sum.deals += state.deals.length;
      sums.set(name, sum);
    }
  }
  const players = [...sums.values()];
  const average = (p) => (p.deals ? p.bullheads / p.deals : Infinity);
  return players.map((p, seat) => ({ ...p, seat }))
    .sort((a, b) => b.wins - a.wins || average(a) - average(b) || a.seat - b.seat)
    .map(({ seat, ...p }) => p);
}

/**
 * Bullheads per deal with one decimal in ``language``, a half rounded up as a calculator
 * does (evening.py per_deal: 11.25 is "11.3"); "–" before the first deal.
 */
export function perDeal(bullheads, deals, language) {
  if (!deals) return "–";
  const tenths = Math.floor((20 * bullheads + deals) / (2 * deals));
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false,
  }).format(tenths / 10);
}
