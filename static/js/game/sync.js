// The one way this phone meets the server, always on: it sends every game's waiting
// entries in order (a game started here first), and fetches what other phones wrote to the
// game whose sheet is open, while that page is visible. Every request has a timeout; a
// failure of any kind (no network, a dead server, a slow answer, a 5xx) leaves the entry
// waiting and tries again later, backing off; navigator.onLine is never asked. A refusal
// or a conflict is written on the entry for the players to decide (game/record.js).

import { address } from "./addresses.js";
import { acknowledge, adopt, endedOnItsNumber, nextToSend, settle } from "./record.js";
import { allGames, getGame, listen, update, updateEvening } from "./storage.js";

const TIMEOUT = 8000; // ms an answer may take before the entry waits for the next try
const POLL = 800; // ms from one look at the open game to the next while its page is visible
const IDLE = 5000; // ms between rounds when nothing is watched
const MOST = 5000; // ms of the longest pause after failures (1, 2, 4, then 5 s)
/** The 409s the players settle by choosing (another phone wrote that deal first, or
 * changed it since): any other refusal (a closed round of a club event, a game the director
 * replaced, a finished game unless another phone's deal of the same number ended it:
 * record.js endedOnItsNumber) is shown on the entry as the server words it. */
const SETTLED_BY_PLAYERS = new Set(["DealNumberTaken", "DealNumberSkipped", "DealChangedMeanwhile"]);

/** The game as the API takes it (POST /api/v1/games). */
const gameBody = (record) => ({ ...record.settings, note: record.note, client_id: record.client_id });

/** An entry as the API takes it: where, how, and the body. */
function request(urls, record, entry) {
  const deals = `${urls.api}/${record.id}/deals`;
  const values = entry.cards ? { cards: entry.cards } : { bullheads: entry.bullheads };
  if (entry.hand) values.hand = entry.hand;
  const id = { client_id: entry.client_id };
  switch (entry.kind) {
    case "deal": return ["POST", deals, { number: entry.number, ...values, ...id }];
    case "correction": return ["PUT", `${deals}/${entry.number}`, { ...values, ...id, base: entry.base }];
    case "withdrawal": return ["DELETE", `${deals}/${entry.number}`, { ...id, base: entry.base }];
    default: return ["POST", `${deals}/${entry.number}/restore`, { ...id, base: entry.base }];
  }
}

/** A refusal as the entry keeps it: the code, the fields and the server's sentence. */
const problemOf = (answer) => ({
  status: answer.status, code: answer.data?.code ?? null, fields: answer.data?.fields ?? {},
  error: answer.data?.error ?? "",
});

/** The page's one loop: every page runs it (static/js/pwa.js), a sheet follows it. */
let running = null;

/**
 * Start syncing, or join the loop this page already runs. ``urls``: the addresses the phone
 * writes to (games/offline.py ``urls``, on every page); ``lang``: the page's language (the
 * server's sentences come in it); ``watched()`` the key of the game on screen, if any;
 * ``changed(key)`` runs after the sync changed a game. A page's second call (its sheet,
 * after pwa.js started the loop) hands the loop these two and wakes it; pwa.js joining
 * the loop a sheet started hands it nothing and leaves it asleep. Answers {kick, follow}:
 * ``kick()`` wakes the loop to send every kept game's waiting entries now.
 */
export function startSync({ urls, lang, watched, changed }) {
  if (running) return running.follow({ watched, changed });
  running = loopOf(network(urls, lang));
  return running.follow({ watched, changed });
}

const visible = () => document.visibilityState === "visible";

/** One round: every kept game with entries to send (while ``sync.scan`` says to look),
 * then the game on screen. */
async function round(sync) {
  if (sync.scan) {
    sync.scan = false;
    for (const record of await allGames()) {
      if (record.id !== null && !nextToSend(record)) continue;
      sync.scan = true; // sent now, or not (another tab holds it): look again next round
      await pushLocked(sync.net, record.key, sync.changed);
    }
  }
  const key = sync.watched();
  if (key && visible()) {
    await poll(sync.net, key, sync.changed);
    // The server answered this round's look at the open game: what the page shows of
    // the game besides its sheet (a club table's sign, pages/event-sign.js) asks now,
    // on this round trip, rather than on a clock of its own that runs on while the
    // server is out of reach.
    document.dispatchEvent(new CustomEvent("sync:answered", { detail: { key } }));
  }
}

async function loop(sync) {
  for (;;) {
    const started = Date.now();
    try {
      await round(sync);
      sync.failures = 0;
    } catch {
      sync.failures += 1; // the entries wait: the next round tries again, a little later
      sync.scan = true;
    }
    const every = sync.watched() && visible() ? POLL : IDLE; // from one start to the next
    const pause = sync.failures ? Math.min(MOST, 1000 * 2 ** (sync.failures - 1))
      : Math.max(0, every - (Date.now() - started));
    await new Promise((resolve) => { sync.wake = resolve; setTimeout(resolve, pause); });
  }
}

function loopOf(net) {
  // ``scan``: whether to look through every kept game for entries to send: at the start,
  // after a kick (this page changed a game), a failure, another tab's change, and while
  // the last look found some. Otherwise a round reads only the game on screen, so its
  // cost does not grow with the games this phone has kept.
  const sync = {
    net, watched: () => null, changed: () => {}, wake: null, failures: 0, scan: true,
  };
  const kick = () => { sync.failures = 0; sync.scan = true; sync.wake?.(); };
  function follow(given) {
    sync.watched = given.watched ?? sync.watched;
    sync.changed = given.changed ?? sync.changed;
    // A page that brings a game to watch is looked at now; pwa.js joining a sheet's loop
    // brings nothing, and waking the loop would only read every kept game again.
    if (given.watched) kick();
    return { kick, follow };
  }
  listen(() => { sync.scan = true; });
  document.addEventListener("visibilitychange", () => { if (visible()) kick(); });
  window.addEventListener("online", kick);
  loop(sync);
  return { kick, follow };
}

/** The requests of one page: a CSRF token fetched once (again when it expired), timeouts. */
function network(urls, lang) {
  let token = null;
  const query = `?lang=${encodeURIComponent(lang)}`;

  async function call(method, url, body = null, headers = {}) {
    const controller = new AbortController();
    const late = setTimeout(() => controller.abort(), TIMEOUT);
    try {
      const answer = await fetch(url, {
        method, credentials: "same-origin", cache: "no-store", signal: controller.signal,
        headers: { ...headers, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const data = answer.status === 304 ? null : await answer.json().catch(() => null);
      if (answer.status >= 500 || answer.status === 429) throw new Error(`${answer.status}`);
      return { status: answer.status, ok: answer.ok, data, tag: answer.headers.get("ETag") };
    } finally {
      clearTimeout(late);
    }
  }

  async function write(method, url, body) {
    token ??= (await call("GET", urls.token)).data.csrf_token;
    const answer = await call(method, url + query, body, { "X-CSRFToken": token });
    if (answer.status !== 400 || answer.data?.code !== "FormExpired") return answer;
    token = null; // a page kept for a while holds an old token: fetch a fresh one, once
    token = (await call("GET", urls.token)).data.csrf_token;
    return call(method, url + query, body, { "X-CSRFToken": token });
  }

  return { urls, call, write };
}

async function pushLocked(net, key, changed) {
  const run = () => push(net, key, changed);
  if (!navigator.locks) return run();
  return navigator.locks.request(`scorekeeper-sync-${key}`, { ifAvailable: true },
    (lock) => (lock ? run() : null));
}

/** Send what game ``key`` has waiting, in order, until the server stops taking it. */
async function push(net, key, changed) {
  let record = await getGame(key);
  if (!record || (record.id === null && !(await create(net, record, changed)))) return;
  let sent = false;
  for (let entry = nextToSend(record = await getGame(key)); entry; entry = nextToSend(record)) {
    const [method, url, body] = request(net.urls, record, entry);
    const answer = await net.write(method, url, body);
    if (answer.ok) {
      sent = true;
      record = await update(key, (r) => {
        const kept = r.pending.find((e) => e.client_id === entry.client_id);
        if (kept) acknowledge(r, kept, answer.data);
      });
      changed(key);
      continue;
    }
    await refused(net, key, entry, answer, changed);
    return;
  }
  if (sent) await fetchLog(net, key, changed);
}

/** The server did not take ``entry``: with the game as it stands (409), a conflict to
 * show, unless it settles by itself (the same values; a number this phone's own deal took). */
async function refused(net, key, entry, answer, changed) {
  if (answer.data?.version !== undefined) await fetchLog(net, key, changed); // a 409's game
  await update(key, (r) => {
    const kept = r.pending.find((e) => e.client_id === entry.client_id);
    if (!kept) return; // settled by the log itself
    const code = answer.data?.code;
    const asked = SETTLED_BY_PLAYERS.has(code) || endedOnItsNumber(r, kept, code);
    kept.state = asked ? "conflict" : "refused";
    kept.problem = problemOf(answer);
    settle(r);
  });
  changed(key);
}

/** Put a game started here on the server; answers whether the server has it now. */
async function create(net, record, changed) {
  if (record.start?.state === "refused") return false;
  let answer;
  if (record.after) {
    let before = await getGame(record.after);
    if (before?.id === null) await create(net, before, changed);
    before = await getGame(record.after);
    if (!before?.id) return false;
    answer = await net.write("POST", address(net.urls, "next_game", before.id), {});
  } else {
    answer = await net.write("POST", net.urls.api, gameBody(record));
  }
  if (!answer.ok) {
    await update(record.key, (r) => { r.start = { state: "refused", problem: problemOf(answer) }; });
    changed(record.key);
    return false;
  }
  await named(record.key, answer.data);
  if (answer.data.version) await fetchLog(net, record.key, changed);
  changed(record.key);
  return true;
}

/** The server's token for game ``key`` (and its view link and hand-over box, from ``data``,
 * the game's JSON); the games of its evening learn the token too. */
async function named(key, data) {
  await updateEvening(key, (r) => {
    Object.assign(r, { id: data.id, created_at: data.created_at, start: null,
      view: data.view_url ?? null, handover: data.handover ?? null });
    if (r.evening === r.key) r.evening = data.id;
  });
}

/** The server's whole log of game ``key``, adopted; answers whether it was. */
async function fetchLog(net, key, changed) {
  const record = await getGame(key);
  const answer = await net.call("GET", address(net.urls, "json", record.id));
  if (!answer.ok || !Array.isArray(answer.data?.events)) return false;
  await update(key, (r) => adopt(r, answer.data.events));
  changed(key);
  return true;
}

/** Two ETags the same but for weakness (``W/"3.x"`` and ``"3.x"``), as ``If-None-Match``
 * compares them: the server marks a tag weak when its answer goes out compressed, and the
 * sheet's page hands the phone the strong one. */
const sameTag = (a, b) => a?.replace(/^W\//, "") === b?.replace(/^W\//, "");

/**
 * Has another phone written to game ``key``? Cheap while nothing changed: the phone sends
 * back in ``If-None-Match`` the very ETag the server last answered for the game (a 200's
 * or a 304's, kept on its record as ``etag`` with the version it stood for), never a tag
 * made from a version, so whatever the server makes its tag of, a 304 means nothing
 * moved. A 200 whose version is not the log's, or whose tag is not the one kept for that
 * same version (the game changed without growing, as a database put back from an older
 * copy can), fetches the log; a tag is kept only once the log is at least its answer's.
 */
async function poll(net, key, changed) {
  const record = await getGame(key);
  if (!record?.id) return;
  // A tag kept for more than the log holds names what the phone has not got: not sent.
  const kept = record.etag && record.etag.version <= record.log.length ? record.etag : null;
  const answer = await net.call("GET", `${net.urls.api}/${record.id}`, null,
    kept?.tag ? { "If-None-Match": kept.tag } : {});
  if (answer.status === 304 && kept && answer.tag && !sameTag(answer.tag, kept.tag)) {
    // Nothing moved, under a tag spelled anew (a server that changed how it makes them):
    // the one it answers now is the one to send back.
    await update(key, (r) => { r.etag = { tag: answer.tag, version: kept.version }; });
  }
  if (answer.status !== 200 || !Number.isInteger(answer.data?.version)) return;
  const { version } = answer.data;
  const moved = version !== record.log.length
    || (kept?.version === version && !sameTag(kept.tag, answer.tag));
  if (moved && !(await fetchLog(net, key, changed))) return;
  await update(key, (r) => { r.etag = answer.tag ? { tag: answer.tag, version } : null; });
}
