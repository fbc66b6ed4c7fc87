// The phone's own storage, so closing a page loses nothing typed without a connection:
// "deals" holds deals of server games waiting to be sent (keyed by client_id), "games"
// holds games started on this phone, with their deals, until the server has them.

const NAME = "scorekeeper-offline";
const VERSION = 2; // 1: deals only; 2: games started offline as well

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const store of ["deals", "games"]) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: "client_id" });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore(name, mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(name, mode);
    const request = work(transaction.objectStore(name));
    transaction.oncomplete = () => { db.close(); resolve(request ? request.result : undefined); };
    transaction.onerror = () => { db.close(); reject(transaction.error); };
  });
}

/** Keep (or replace) a deal under its client_id. */
export const put = (record) => withStore("deals", "readwrite", (s) => s.put(record));

/** Forget the deal with this client_id. */
export const drop = (id) => withStore("deals", "readwrite", (s) => s.delete(id));

/** The deals kept for ``game`` (its id as text), in deal order, then in the order saved. */
export async function records(game) {
  const all = (await withStore("deals", "readonly", (s) => s.getAll())) || [];
  return all.filter((r) => r.game === game)
    .sort((a, b) => a.number - b.number || a.saved - b.saved);
}

/** Keep (or replace) a game started on this phone, with its deals, under its client_id. */
export const putGame = (game) => withStore("games", "readwrite", (s) => s.put(game));

/** The game started on this phone with this client_id, or undefined. */
export const getGame = (id) => withStore("games", "readonly", (s) => s.get(id));

/** Every game started on this phone, oldest first. */
export async function allGames() {
  const all = (await withStore("games", "readonly", (s) => s.getAll())) || [];
  return all.sort((a, b) => a.created - b.created);
}

/** A new client_id: the server adds a deal once per id, however often it is sent. */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
