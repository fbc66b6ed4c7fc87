// The games this phone keeps, in its own storage (IndexedDB): one record per game (see
// game/record.js), written in one transaction per change, so a closed page, a reload or
// a dead battery loses nothing the phone has said it saved. Other tabs of this phone hear
// of each change (a BroadcastChannel) and draw it too. Every record read is brought to the
// format this code writes (record.js upgrade): what a phone kept under an older
// release opens with the new one. (VERSION is the database's, for its stores and indexes;
// a record's shape is its own ``format``.)

import { NAME } from "./database.js";
import { upgrade } from "./record.js";

const VERSION = 1;
const STORE = "games";
const channel = "BroadcastChannel" in globalThis ? new BroadcastChannel(NAME) : null;
let opening = null;

function open() {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: "key" });
      store.createIndex("id", "id", { unique: false });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => { db.close(); opening = null; };
      resolve(db);
    };
    request.onerror = () => { opening = null; reject(request.error); };
  });
  return opening;
}

/** ``work(store)`` in one transaction; its request's result once the transaction is done. */
async function inStore(mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    let result;
    const request = work(transaction.objectStore(STORE), (value) => { result = value; });
    transaction.oncomplete = () => resolve(request ? request.result : result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

/** A record as read, in this code's format; undefined stays undefined. */
const read = (record) => record && upgrade(record);

/** The record kept under ``key``, or undefined. */
export const getGame = async (key) => read(await inStore("readonly", (store) => store.get(key)));

/** The record of the server's game ``id``, or undefined. */
export const findGame = async (id) => read(
  await inStore("readonly", (store) => store.index("id").get(id)));

/**
 * The record of the server's game ``record.id`` and false, or ``record`` kept as new and
 * true when there is none: one transaction, so of two tabs opening one game for the first
 * time, the second never writes over what the first has entered meanwhile.
 */
export async function findOrKeep(record) {
  let added = false;
  const kept = await inStore("readwrite", (store, keep) => {
    const asked = store.index("id").get(record.id);
    asked.onsuccess = () => {
      if (asked.result) return keep(asked.result);
      store.add(record);
      added = true;
      keep(record);
    };
  });
  if (added) told(record.key);
  return [read(kept), added];
}

/**
 * The game a page's address names: the one kept under the key after its "#" (when
 * ``isKey(key)``), else the server's game whose token ``token`` (a pattern, the token its
 * first group) finds in the path; null when this phone keeps neither.
 */
export async function gameAt(token, isKey = () => true) {
  const key = decodeURIComponent(window.location.hash.slice(1));
  const id = token.exec(window.location.pathname)?.[1];
  return (key && isKey(key) && await getGame(key)) || (id && await findGame(id)) || null;
}

/** Every record, in the order the games were made here. */
export async function allGames() {
  const all = await inStore("readonly", (store) => store.getAll());
  return all.map(read).sort((a, b) => a.made - b.made);
}

function told(key) {
  channel?.postMessage({ key });
}

/** Keep ``record`` (a new one, or all of one replaced). */
export async function putGame(record) {
  await inStore("readwrite", (store) => store.put(record));
  told(record.key);
  return record;
}

/** Record ``key`` altered by ``change`` and put back in ``store``; ``done(record)`` after. */
function changeIn(store, key, change, done) {
  const asked = store.get(key);
  asked.onsuccess = () => {
    if (!asked.result) return;
    const record = read(asked.result);
    change(record);
    store.put(record);
    done(record);
  };
}

/**
 * Read record ``key``, let ``change`` (no awaits in it) alter it, and write it back, in one
 * transaction: two tabs changing one game never undo each other. Answers the record as
 * written, or undefined when there is none.
 */
export async function update(key, change) {
  const record = await inStore("readwrite", (store, keep) => changeIn(store, key, change, keep));
  if (record) told(key);
  return record;
}

/**
 * ``update(key, change)`` where ``change`` may give the game its evening's new name (the
 * server's token): every other game whose evening was named by ``key`` follows it, in the
 * same transaction, so a tab closed halfway never leaves an evening split in two.
 */
export async function updateEvening(key, change) {
  const followers = [];
  const record = await inStore("readwrite", (store, keep) => changeIn(store, key, change, (record) => {
    keep(record);
    const walk = store.openCursor();
    walk.onsuccess = () => {
      const at = walk.result;
      if (!at) return;
      const other = read(at.value);
      if (other.key !== key && other.evening === key) {
        other.evening = record.evening;
        at.update(other);
        followers.push(other.key);
      }
      at.continue();
    };
  }));
  if (record) [key, ...followers].forEach(told);
  return record;
}

/** Forget record ``key``. */
export async function removeGame(key) {
  await inStore("readwrite", (store) => store.delete(key));
  told(key);
}

/** ``heard(key)`` each time another tab of this phone changes a game. */
export function listen(heard) {
  channel?.addEventListener("message", (event) => heard(event.data?.key));
}

/** Ask the browser to keep this storage even when space runs low; answers whether it will. */
export async function persist() {
  try {
    return (await navigator.storage?.persisted?.()) || (await navigator.storage?.persist?.()) || false;
  } catch {
    return false;
  }
}
