// Sending the kept deals once the connection is back: in deal order, one at a time. The
// server answers a client_id it has seen with 200 and adds nothing, so sending again after
// a lost answer is safe. A refused deal (a number taken meanwhile: 409) keeps its place
// with the server's words, and the deals behind it wait until the table decides.

import { drop, newId, put, records } from "./offline-store.js";

/** A fresh CSRF token: a page kept offline may hold one that has expired. */
export async function freshToken(url) {
  const answer = await fetch(url, { cache: "no-store", credentials: "same-origin" });
  if (!answer.ok) throw new Error("no token");
  return (await answer.json()).csrf_token;
}

/**
 * Send the waiting deals of ``queue.game`` until one is refused or the server is not ready.
 *
 * ``queue`` holds ``game``, ``deals`` (where to POST) and ``token`` (where a fresh CSRF
 * token comes from; a page kept offline may hold an expired one). ``hooks.sending(record)``
 * runs before a deal goes out, ``hooks.sent(record, game)`` once the server has it.
 */
async function sendAll(queue, hooks) {
  let token = null;
  for (const record of await records(queue.game)) {
    if (record.state !== "waiting") break; // a conflict waits for the table's decision
    token = token || await freshToken(queue.token);
    record.tried = true;
    await put(record);
    hooks.sending(record);
    const answer = await fetch(queue.deals, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify(record.body),
    });
    if (answer.status >= 500) break; // the server is not ready: try again later
    const data = await answer.json().catch(() => ({}));
    if (answer.ok) {
      await drop(record.client_id);
      hooks.sent(record, data);
      continue;
    }
    record.state = answer.status === 409 ? "conflict" : "refused";
    record.message = data.error || "";
    record.next = data.next_number;
    record.finished = Boolean(data.finished);
    // What the other phone entered as this number, so the table can tell a duplicate.
    record.theirs = (data.deals || []).find((d) => d.number === record.number)?.scores || null;
    await put(record);
    break;
  }
}

/** Send what waits, one tab of this phone at a time; a lost connection means: later. */
export async function sendWaiting(queue, hooks) {
  if (!(await records(queue.game)).some((r) => r.state === "waiting")) return;
  const run = () => sendAll(queue, hooks).catch(() => { /* connection lost again: later */ });
  await (navigator.locks ? navigator.locks.request("scorekeeper-sync", run) : run());
}

/** A deal number was taken meanwhile: this deal and those waiting behind it move up. */
export async function renumber(game, record) {
  let number = record.next;
  for (const other of (await records(game)).filter((r) => r.number >= record.number)) {
    // The refused client_id is spent; one never sent can simply take the new number.
    const before = other.client_id;
    const id = before === record.client_id || !other.tried ? newId() : before;
    const body = { ...other.body, number, client_id: id };
    if (id !== before) await drop(before);
    await put({ ...other, client_id: id, number, body, state: "waiting", message: "" });
    number += 1;
  }
}
