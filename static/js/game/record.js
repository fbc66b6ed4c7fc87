// A game as this phone keeps it: the server's log as last fetched, and this phone's own
// entries after it, not yet in that log. The sheet is their replay (engine/game-log.js); the
// server is where the phones' logs meet. Nothing here touches the DOM, the storage or the
// network (game/storage.js, game/sync.js do), so Node tests every rule of it.
//
// A record: {format (FORMAT: the shape below; upgrade() brings an older one to it), key,
//   id (the server's token, null until it has the game), client_id,
//   created_at, note, settings, evening (the token, else key, of the evening's first game),
//   after (the key of the game this one follows, "new game, same players"), made (ms),
//   log: [entry as the backup writes it], pending: [entry + {base, saved, state, acked,
//   problem}], notices: [{kind, number}], remote (ms of another phone's last change),
//   start ({state, problem} while the server has not got the game), keeping (what keeps
//   the game, a club event's table: {label, url, closed}, as the server last said), view
//   (its view link, what a result is shared by: null until the server has the game),
//   handover (its hand-over box as data, as games/handover.py makes it: {link, link_qr,
//   view_qr}, each QR code {size, path}; null until the phone has had it from the server),
//   drafts (what the deal form holds and is for, this phone's alone and never sent:
//   {deal, correction}, each null or {id, number, fields}, ``fields`` as the form reads
//   them: {mode, [seat]: {bh, hand, cards}}, a correction also with the deal's values
//   when it was begun and the version seen then, {was, base}; see form())}.
// A pending entry's state: "waiting" (to send), "sent" (the server has it at version
// `acked`), "conflict" (the players choose) or "refused" (the server's reason in
// `problem`).

import {
  advance, checkNewDeal, checkRestore, checkWithdrawal, entryJson, eventOf, nextNumber, replay,
} from "../engine/game-log.js";

/** The shape of the records this code writes. Format 0 (records without ``format``) kept
 * the server's hand-over box as HTML in ``handover``; format 1 kept no ``drafts`` (the
 * deal form's state lived in the page, and a reload lost it). */
export const FORMAT = 2;

/** No deal half typed, no correction begun. */
const noDrafts = () => ({ deal: null, correction: null });

/** What each format's record needs to be the next one's, from format 0 on: pure. */
const STEPS = [
  // 0 to 1: the hand-over box's HTML is dropped, not read: it is the markup of the
  // release that wrote it, and its values are the server's to give again (the sheet's
  // page, or the game's JSON once it is reached). Until then a sheet drawn offline
  // shows no box, and the players' entries are all kept.
  ({ handover, ...record }) => ({ ...record, handover: null }),
  // 1 to 2: the deal form's drafts, none (what a page of that release held is gone with it).
  (record) => ({ ...record, drafts: noDrafts() }),
];

/**
 * ``record`` as this code's format describes it: a record of an older one goes through
 * each step after its own, into a new object (``record`` is left as it was). A record of
 * this format, or of a newer one (a newer tab of this phone wrote it), is answered as is.
 */
export function upgrade(record) {
  let format = record.format ?? 0;
  if (format >= FORMAT) return record;
  let upgraded = record;
  for (; format < FORMAT; format += 1) upgraded = STEPS[format](upgraded);
  return { ...upgraded, format: FORMAT };
}

/** A new client_id: the server keeps an entry once per id, however often it is sent. */
function newId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A moment as the server stores one: UTC, to the second. */
const stamp = (ms) => new Date(ms).toISOString().slice(0, 19) + "Z";

/** A game started on this phone: nothing of it is on the server yet. */
export function newRecord({ settings, note = "", evening = null, after = null, now = Date.now() }) {
  const key = newId();
  return {
    format: FORMAT, key, id: null, client_id: key, created_at: stamp(now), note, settings,
    evening: evening ?? key, after, made: now, log: [], pending: [], notices: [], remote: 0,
    start: { state: "waiting", problem: null }, handover: null, drafts: noDrafts(),
  };
}

/** A game the server has (the sheet's data: the game's JSON with its log). */
export function fromServer(data, now = Date.now()) {
  return {
    format: FORMAT, key: data.id, id: data.id, client_id: data.client_id ?? null,
    created_at: data.created_at, note: data.note, settings: data.settings, evening: data.evening ?? data.id, after: null,
    made: now, log: data.events, pending: [], notices: [], remote: 0, start: null,
    keeping: data.keeping ?? null, view: data.view_url ?? null, handover: data.handover ?? null,
    etag: data.etag ?? null, drafts: noDrafts(),
  };
}

/** The version the phone has seen: the server's log, and its own entries the server took. */
export function seen(record) {
  return Math.max(record.log.length, ...record.pending.map((e) => e.acked ?? 0));
}

/** An entry of this phone's, written before anything else is done with it, made on the
 * game as this phone sees it (or on version ``base``); the sheet's notices (what settled
 * on its own) are old news once the players enter something. */
export function addEntry(record, { kind, number, entry, base = seen(record) }, now = Date.now()) {
  const item = {
    client_id: newId(), kind, number, ...entryJson(entry),
    created_at: stamp(now), base, saved: now, state: "waiting",
  };
  record.pending.push(item);
  record.notices = [];
  return item;
}

const sameValues = (a, b) => JSON.stringify([a.bullheads, a.hand ?? null])
  === JSON.stringify([b.bullheads, b.hand ?? null]);

/**
 * The sheet: the server's log replayed, then this phone's entries in order while the
 * rules take them. The first one they do not take (a deal number another phone used, a
 * conflict or a refusal) is ``held``, with every one behind it: none is sent until the
 * players decide. Held entries about another deal are still drawn where the rules take
 * them (this phone's own deals typed behind a conflict), so the sheet, its totals and the
 * next deal's number follow what this phone entered; an entry about a deal a held entry
 * is about waits undrawn. Answers ``state`` (the sheet drawn), ``before`` (the game
 * before the first held entry: what the players' choice is made on), ``held``,
 * ``events`` (the whole log the sheet shows, for the files and BG Stats), ``unsent`` (the
 * deals whose values shown are this phone's, not on the server yet) and ``disputed``
 * (the deal whose row shows the other phone's values while this phone's wait, or null).
 */
export function view(record) {
  let state = replay(record.settings, record.log.map(eventOf));
  let before = null;
  const events = [...record.log];
  const held = [];
  const blocked = new Set();
  const unsent = new Set();
  const hold = (entry) => {
    if (!held.length) before = state;
    held.push(entry);
    blocked.add(entry.number);
  };
  for (const entry of record.pending) {
    if (entry.state === "conflict" || entry.state === "refused" || blocked.has(entry.number)) {
      hold(entry);
      continue;
    }
    try {
      state = advance(state, eventOf(entry));
    } catch (refusal) {
      if (!refusal.code) throw refusal;
      if (entry.state !== "sent") hold(entry); // a sent one is in a log being fetched
      continue;
    }
    events.push(entry);
    if (held.length) held.push(entry); // drawn, but sent only after the players' choice
    if (entry.kind === "withdrawal" || entry.state === "sent") unsent.delete(entry.number);
    else unsent.add(entry.number);
  }
  const first = held[0];
  const disputed = first && first.state !== "refused" && ["deal", "correction"].includes(first.kind)
    && before.deals.some((row) => row.number === first.number) ? first.number : null;
  return { state, before: before ?? state, held, events, unsent, disputed };
}

/**
 * The entries the server does not have yet (waiting to be sent, or for the players'
 * choice), and since when (ms) the oldest of them waits.
 */
export function waiting(record) {
  const left = record.pending.filter((e) => e.state !== "sent");
  const start = record.id === null ? [record.made] : [];
  const times = [...start, ...left.map((e) => e.saved)];
  return { count: left.length + start.length, since: times.length ? Math.min(...times) : null };
}

/** The entries the server has not answered: sent in this order, the first one first. */
export function nextToSend(record) {
  const first = record.pending.find((e) => e.state !== "sent");
  return first && first.state === "waiting" ? first : null;
}

/**
 * The base this phone's waiting entries for deal ``entry.number`` move up to once the
 * server kept ``entry`` and answered ``game``: the deal's own version when ``entry`` gave
 * the deal its values, the game's when ``entry`` withdrew the deal and it is still out;
 * else null (another phone changed the deal after ``entry``: the old base lets the server
 * say so).
 */
function keptBase(entry, game) {
  const deal = (game.deals || []).find((row) => row.number === entry.number);
  if (entry.kind === "withdrawal") return deal ? null : game.version;
  return deal && deal.client_id === entry.client_id ? deal.version : null;
}

/**
 * The server took ``entry``, and answered ``game`` (its version and deals). This phone's
 * entries for the same deal that still wait were typed after it, on the game as this
 * phone had it: they saw ``entry``, so their ``base`` moves up to it (no other phone's
 * change of that deal can hide in between: it would have refused ``entry``).
 */
export function acknowledge(record, entry, game) {
  Object.assign(entry, { state: "sent", acked: game.version, problem: null });
  const base = keptBase(entry, game);
  if (base === null) return;
  for (const later of record.pending) {
    if (later !== entry && later.state === "waiting" && later.number === entry.number) {
      later.base = Math.max(later.base ?? 0, base);
    }
  }
}

/** Is log entry ``event`` (at ``index``) one of this phone's? */
function mine(record, event, index) {
  return record.pending.some((e) => (event.client_id && e.client_id === event.client_id)
    || e.acked === index + 1);
}

/**
 * The server's log, fetched: it replaces the one kept, and this phone's entries that are
 * in it leave the pending list (their client_ids are remembered in ``own``: the log's
 * entries this phone wrote). Answers whether another phone had written meanwhile.
 */
export function adopt(record, events, now = Date.now()) {
  const old = record.log.length;
  const others = events.slice(old).some((event, i) => !mine(record, event, old + i));
  const ids = new Set(events.map((e) => e.client_id).filter(Boolean));
  const landed = (e) => ids.has(e.client_id) || (e.acked && e.acked <= events.length);
  record.own = [...(record.own ?? []), ...record.pending.filter(landed).map((e) => e.client_id)];
  record.log = events;
  record.pending = record.pending.filter((e) => !landed(e));
  if (others) record.remote = now;
  settle(record);
  return others;
}

/** Did this phone write the values deal ``number`` has in the server's log? */
function ownDeal(record, number) {
  const last = record.log.findLast((e) => e.number === number && e.kind !== "withdrawal");
  return Boolean(last?.client_id) && (record.own ?? []).includes(last.client_id);
}

/**
 * What the held entries settle by themselves, first to last:
 * - a new deal whose number this phone's own deal took in the log (it was typed after
 *   that deal, on this phone): it is the next deal, as the phone meant, and nobody is
 *   asked to compare this phone with itself;
 * - an entry that says what the log already says (a deal both phones entered with the
 *   same values, a correction both made alike): one entry, not two; it leaves, and the
 *   sheet says so once.
 */
export function settle(record) {
  for (;;) {
    const { before, held } = view(record);
    const first = held[0];
    const deal = first && before.deals.find((row) => row.number === first.number);
    if (!deal || !["deal", "correction"].includes(first.kind) || first.state === "refused") return;
    if (first.kind === "deal" && ownDeal(record, first.number)) {
      decide(record, first, "next");
    } else if (sameValues(first, deal.entry)) {
      record.pending.splice(record.pending.indexOf(first), 1);
      record.notices.push({ kind: first.kind === "deal" ? "same" : "same_correction",
        number: first.number });
    } else {
      return;
    }
  }
}

/**
 * Is the server's refusal ``code`` of this phone's ``entry`` a question for the players,
 * though not one of a taken number (sync.js asks them of those)? A new deal refused
 * because the game has ended, when the log holds a deal of its number: another phone's
 * deal took that number and ended the game, so it is settled as a taken number is (the
 * same deal, or a correction), not shown as refused.
 */
export function endedOnItsNumber(record, entry, code) {
  if (code !== "GameFinished" || entry.kind !== "deal") return false;
  const logged = replay(record.settings, record.log.map(eventOf));
  return logged.deals.some((row) => row.number === entry.number);
}

/** What the players may choose for held entry ``entry`` (the first one held); ``state``:
 * the game before it (view's ``before``), when the caller has it already. */
export function choices(record, entry, state = view(record).before) {
  if (entry.state === "refused") return ["forget", "again"];
  if (entry.kind === "deal") {
    if (!state.deals.some((row) => row.number === entry.number)) {
      // a number past the next one (another phone undid a deal meanwhile): it may follow on
      return entry.number > nextNumber(state) && !state.finished ? ["next", "forget"] : ["forget"];
    }
    return state.finished ? ["same", "correct"] : ["same", "next", "correct"];
  }
  if (entry.kind === "correction") return ["theirs", "mine"];
  try {
    if (entry.kind === "withdrawal") checkWithdrawal(state, entry.number);
    else checkRestore(state, entry.number);
  } catch {
    return ["forget"];
  }
  return ["forget", "again"];
}

/** The number a held deal gets when the players say it is another deal. */
const freeNumber = (record) => nextNumber(view(record).before);

/**
 * The players' choice for the first held entry: "same"/"theirs"/"forget" leave it out;
 * "next" makes it the next free deal, and this phone's entries after it move up with it;
 * "correct" makes it a correction of the deal the other phone entered; "mine"/"again"
 * send it again, as seen now. Whatever is sent is a new entry: a new client_id, and the
 * game's version as this phone sees it now as its base.
 */
export function choose(record, clientId, choice) {
  const entry = record.pending.find((e) => e.client_id === clientId);
  if (!entry) return;
  decide(record, entry, choice);
  record.remote = 0; // the players have seen the other phone's change: what follows is theirs
  settle(record); // what the choice leaves first may settle by itself
}

function decide(record, entry, choice) {
  if (["same", "theirs", "forget"].includes(choice)) {
    record.pending.splice(record.pending.indexOf(entry), 1);
    if (choice !== "forget" || entry.state !== "refused") {
      record.notices.push({ kind: "dropped", number: entry.number });
    }
    return;
  }
  if (choice === "next") {
    const from = entry.number;
    const shift = freeNumber(record) - from;
    for (const later of record.pending.slice(record.pending.indexOf(entry))) {
      if (later.number >= from) later.number += shift;
    }
  } else if (choice === "correct") {
    entry.kind = "correction";
  }
  Object.assign(entry, { client_id: newId(), state: "waiting", base: seen(record), problem: null });
}

/** Check a new deal (its number: the form's) against the sheet (``state``, when the caller
 * has it already); answers the entry to add. */
export function dealEntry(record, number, typedEntryValue, state = view(record).state) {
  if (number === nextNumber(state)) checkNewDeal(state, number);
  return { kind: "deal", number, entry: typedEntryValue };
}

/**
 * What the deal form is for, from the record alone (``state``: the sheet, view's, when the
 * caller has it already): ``{draft, correcting, number, taken, shown}``.
 * - A correction begun (``drafts.correction``) is what the form shows, whatever else waits.
 * - Else the next deal: the log's deals (this phone's own on top) + 1. A deal half typed
 *   (``drafts.deal``) keeps the number it was begun for when another phone's deal has
 *   taken that number meanwhile (``taken``: the players are told, and asked once they
 *   save; never renumbered, never dropped); it follows the log back when a deal was
 *   undone.
 * ``draft`` is the draft whose fields the form shows (null: empty fields); ``shown``: the
 * form is on the sheet (an ended game shows it only for a correction or for what was typed).
 */
export function form(record, state = view(record).state) {
  const { deal, correction } = record.drafts ?? noDrafts();
  if (correction) {
    const { number } = correction;
    return { draft: correction, correcting: true, number, taken: false, shown: true };
  }
  const next = nextNumber(state);
  const number = deal ? Math.min(deal.number, next) : next;
  return { draft: deal, correcting: false, number, taken: number < next,
    shown: !state.finished || Boolean(deal) };
}

/**
 * Keep what the form holds (``fields``; ``typed``: anything in them) as the draft it
 * shows (``shown``: form()'s answer when the page drew it): a correction's fields, else
 * the deal half typed, begun for the number the form showed; empty deal fields are no
 * draft. Answers the draft kept: null for none, undefined when nothing was written (the
 * correction shown was left meanwhile, in another tab).
 */
export function keepDraft(record, shown, fields, typed) {
  record.drafts ??= noDrafts();
  if (shown.correcting) {
    const { correction } = record.drafts;
    if (correction?.id !== shown.draft.id) return undefined;
    correction.fields = fields;
    return correction;
  }
  if (!typed) {
    record.drafts.deal = null;
    return null;
  }
  const kept = record.drafts.deal;
  const id = kept?.id ?? shown.draft?.id ?? newId();
  const number = kept ? Math.min(kept.number, shown.number) : shown.number;
  record.drafts.deal = { id, number, fields };
  return record.drafts.deal;
}

/** Begin correcting deal ``number``, whose values are ``entry`` now, with ``fields`` (those
 * values as the form reads them); a correction of it already begun stays as it was typed.
 * Answers the draft. */
export function beginCorrection(record, number, entry, fields) {
  record.drafts ??= noDrafts();
  if (record.drafts.correction?.number !== number) {
    record.drafts.correction = { id: newId(), number, fields, was: entryJson(entry),
      base: seen(record) };
  }
  return record.drafts.correction;
}

/**
 * The correction begun, saved with the values ``entry`` (``state``: the sheet, when the
 * caller has it already). When the deal holds other values than when it was begun
 * (another phone corrected it meanwhile), it is made on the game as this phone had it
 * then: the server asks the players which values stand, rather than overwrite the other
 * phone's; else on the game as seen now.
 */
export function correctionEntry(record, entry, state = view(record).state) {
  const { number, was, base } = record.drafts.correction;
  const row = state.deals.find((deal) => deal.number === number);
  const moved = row && was && JSON.stringify(entryJson(row.entry)) !== JSON.stringify(was);
  return { kind: "correction", number, entry, ...(moved ? { base } : {}) };
}

/** The correction begun is left (cancelled, or saved as an entry): the form goes back to the
 * next deal, and to what was half typed there. */
export function endCorrection(record) {
  record.drafts = { ...(record.drafts ?? noDrafts()), correction: null };
}

/** The deal half typed is saved as an entry: the form is empty again. */
export function endDeal(record) {
  record.drafts = { ...(record.drafts ?? noDrafts()), deal: null };
}
