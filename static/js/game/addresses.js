// The addresses of the sheet data's ``urls`` (games/offline.py urls): a server address
// with ``{id}`` (and ``{number}``) filled in, or the phone's own by a kept game's key.
// No DOM, no storage: the sheet's drawing and the sync both take their addresses here.

/** An address of the sheet data's ``urls`` for game ``id`` (and deal ``number``). */
export const address = (urls, name, id, number = "") =>
  urls[name].replace("{id}", id).replace("{number}", String(number));

/** The phone's own address of each page a kept game has before the server has it. */
const LOCAL = { sheet: "local", evening: "local_evening" };

/** Page ``name`` ("sheet" or "evening") of kept game ``record``: the server's address once
 * it has the game, else the phone's, by the game's key. */
export const keptAddress = (urls, name, record) => (record.id ? address(urls, name, record.id)
  : urls[LOCAL[name]].replace("{key}", record.key));
