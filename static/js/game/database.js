// The name of the phone's database of kept games, and whether the phone has one, on their
// own so that a page can look before it loads or opens anything that reads it: a visitor
// who never kept a game loads none of the sync's modules (pwa.js) and gets no database
// made for them by looking (pages/game-start.js).

export const NAME = "scorekeeper-games";

/** Does this phone keep games? True where the browser cannot tell without opening the
 * database (no ``indexedDB.databases``): then the pages open it, as they always did. */
export async function keepsGames() {
  if (!("indexedDB" in window)) return false;
  const known = await indexedDB.databases?.().catch(() => null);
  return !known || known.some((database) => database.name === NAME);
}
