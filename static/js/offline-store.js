// The offline queue's storage: deals typed without a connection wait in IndexedDB (one
// store, keyed by client_id) until the server has them, so closing the page loses nothing.

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

/** Keep (or replace) a deal under its client_id. */
export const put = (record) => withStore("readwrite", (s) => s.put(record));

/** Forget the deal with this client_id. */
export const drop = (id) => withStore("readwrite", (s) => s.delete(id));

/** The deals kept for ``game`` (its id as text), in deal order, then in the order saved. */
export async function records(game) {
  const all = (await withStore("readonly", (s) => s.getAll())) || [];
  return all.filter((r) => r.game === game)
    .sort((a, b) => a.number - b.number || a.saved - b.saved);
}

/** A new client_id: the server adds a deal once per id, however often it is sent. */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
