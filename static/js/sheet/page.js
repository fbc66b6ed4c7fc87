// The score sheet, kept on this phone. Every entry (a deal, a correction, an undo, a
// restore, the game itself) is written to the phone's storage first (game/storage.js) and
// the sheet is drawn at once from the game's log (game/record.js, sheet/view.js); the
// sync loop (game/sync.js) takes it to the server whenever the server can be reached, and
// brings other phones' entries back. Without this script, or without storage, the page
// stays the server's and its forms post.

import { address } from "../game/addresses.js";
import { say } from "../shared/catalog.js";
import { sheetData } from "../shared/dom.js";
import { nextTask } from "../shared/tasks.js";
import { checkRestore, checkWithdrawal } from "../engine/game-log.js";
import {
  addEntry, adopt, beginCorrection, choose, correctionEntry, dealEntry, endCorrection, endDeal,
  form as formOf, fromServer, keepDraft, view,
} from "../game/record.js";
import { wireHandover } from "./handover.js";
import {
  findOrKeep, gameAt, getGame, listen, persist, removeGame, update,
} from "../game/storage.js";
import {
  bgStatsHref, go, namedSoon, nextGame, saveFile, shareResult, sheetHref,
} from "./actions.js";
import { entryFields, setupForm, storedMode } from "./form.js";
import { REMOTE_SHOWN, drawSync } from "./sync-box.js";
import {
  drawActions, drawChart, drawFinished, drawFormHead, drawSheet, drawStatus, drawWithdrawn,
} from "./view.js";
import { startSync } from "../game/sync.js";

const data = sheetData();
const form = document.getElementById("deal-form");
/** ``drawn``: the sheet drawn last ({record, view}), read again while the game is unchanged;
 * ``form``: what the deal form is for, as drawn from the record (game/record.js form, with
 * the totals its preview adds to); ``filled``: the id of the draft its fields show (null:
 * none, undefined: not filled yet); ``writing``: writes that the fields must not be filled
 * before (what is typed being kept, a deal being saved); ``writes``: the page's writes of
 * the game, in turn (queued); ``editWaits``: a keeping of what is typed is queued;
 * ``saves``: the saves tapped (a keeping queued before one was for the form saved). */
const page = {
  record: null, drawn: null, controls: null, sync: null, persisted: null, timer: 0,
  form: null, filled: undefined, writing: 0, writes: Promise.resolve(), editWaits: false,
  saves: 0,
};

/** ``task`` after the page's other writes of the game, each drawn before the next begins:
 * a key pressed while "Save" is being kept is kept for the form that follows the save,
 * never for the deal just saved. Answers what ``task`` does. */
function queued(task) {
  const done = page.writes.then(task);
  page.writes = done.catch(() => {});
  return done;
}

/** The sheet of the kept game: the one drawn last, unless a new record came since (each
 * change of the game is a new record, so nothing is replayed twice for one drawing). */
const current = () => (page.drawn?.record === page.record ? page.drawn.view : view(page.record));

/** A kept log as long as the page's is the same log (both only grow): a record without a
 * tag of its own takes the page's, and its first look at the server can be a 304. */
const takesPagesTag = (record, served) => !record.etag && Boolean(served.etag)
  && served.events.length === record.log.length;

/** The game this page shows, as the phone keeps it (the server's page adds what it knows:
 * its log, what keeps it, its view link and its hand-over box's values, for a shell). */
async function load() {
  const served = data.game;
  if (served) {
    const [kept, added] = await findOrKeep(fromServer(served));
    if (added) return kept;
    const known = {
      keeping: served.keeping ?? null, view: served.view_url ?? null,
      handover: served.handover ?? null,
    };
    const same = Object.entries(known).every(
      ([name, value]) => JSON.stringify(kept[name] ?? null) === JSON.stringify(value));
    const pageHasMore = served.events.length > kept.log.length;
    if (!pageHasMore && same && !takesPagesTag(kept, served)) return kept;
    return update(kept.key, (r) => {
      if (served.events.length > r.log.length) {
        adopt(r, served.events);
        r.etag = served.etag ?? null; // the tag the server's JSON answers with for this log
      } else if (takesPagesTag(r, served)) {
        r.etag = served.etag;
      }
      Object.assign(r, { evening: served.evening, ...known });
    });
  }
  return gameAt(/\/([0-9a-f]{20})(?:\/|$)/, (key) => !key.startsWith("correct-"));
}

function csrf() {
  return document.querySelector("meta[name=csrf-token]")?.content ?? "";
}

/** The form's fields as the record's draft holds them, when another draft than the one
 * they show is the form's now (a correction begun or left, a deal saved, another tab's
 * change); never while what is typed is being kept (the record read may not hold it yet).
 * Answers whether it filled them (filling draws the preview too). */
function fillForm() {
  const id = page.form.draft?.id ?? null;
  if (page.writing || id === page.filled) return false;
  page.controls.fill(page.form.draft?.fields ?? null);
  page.filled = id;
  return true;
}

/** What is typed, kept in the record as the draft the form shows, before anything else
 * the page writes next. One queued keeping reads the fields when its turn comes, so it
 * keeps every key pressed before then. */
function edited() {
  if (page.editWaits) return page.writes;
  page.editWaits = true;
  page.writing += 1;
  const { saves } = page;
  return queued(async () => {
    page.editWaits = false;
    if (saves !== page.saves) { // its form was saved since: the fields it read went with it
      page.writing -= 1;
      return;
    }
    const shown = page.form;
    const fields = page.controls.fields();
    const typed = page.controls.typing();
    let kept;
    try {
      page.record = await update(page.record.key, (r) => {
        kept = keepDraft(r, shown, fields, typed);
      });
    } finally {
      page.writing -= 1;
    }
    if (kept !== undefined) page.filled = kept?.id ?? null;
    // a draft begun or emptied, or another's meanwhile: the form's number and head follow
    if (!page.writing && (page.form.draft?.id ?? null) !== page.filled) draw();
  });
}

/** Did the server draw the kept game as it is: its whole log, nothing of this phone's on
 * top? Then the server's regions are the phone's drawing (the browser tests hold the two
 * alike in three languages), and opening the page need not draw them again. */
const asServed = (record) => Boolean(data.game) && !record.pending.length
  && record.log.length === data.game.events.length;

/** Draw the whole sheet from the kept game; ``regions: false`` leaves the status, the
 * deals, the chart and the game's links as the server drew them (asServed). */
function draw({ regions = true } = {}) {
  const { record } = page;
  const shown = view(record);
  page.drawn = { record, view: shown };
  const { state } = shown;
  const { urls } = data;
  // The end's links always: the phone dates BG Stats's play in its own time zone.
  drawFinished({ record, state, urls, csrf: csrf(), bgstats: bgStatsHref(record, shown) });
  if (regions) {
    drawStatus(state, record.keeping);
    drawSheet({ record, state, urls, csrf: csrf(), shown });
    drawWithdrawn(record, state, urls, csrf());
  }
  page.form = { ...formOf(record, state), totals: state.totals };
  drawFormHead(form, state, page.form);
  if (!fillForm()) page.controls.preview(); // the totals it adds to may be new
  if (regions) {
    drawChart(state);
    drawActions(record, urls);
  }
  drawSync({ record, view: shown, persisted: page.persisted, typing: page.controls.typing(),
    choose: (id, choice) => change((r) => choose(r, id, choice)) });
  clearTimeout(page.timer); // "another phone changed this game" fades by itself
  const left = (record.remote || 0) + REMOTE_SHOWN - Date.now();
  if (left > 0) page.timer = setTimeout(draw, left + 50);
  document.dispatchEvent(new CustomEvent("sheet:drawn"));
}

/** Write a change to the kept game first (in its turn), then draw it and let the sync
 * take it. */
function change(alter) {
  return queued(async () => {
    page.record = await update(page.record.key, alter);
    draw();
    page.sync?.kick();
  });
}

/** Save what the form holds as the deal or the correction the record says it is for; the
 * draft leaves with it, in the same write. The fields show at once what the form shows
 * next (empty, or the deal half typed before a correction): what is typed from the tap on
 * is the next form's, and the save's drawing keeps it. */
function save(entry) {
  const { number, correcting } = page.form;
  let item;
  try {
    const { state } = current();
    item = correcting ? correctionEntry(page.record, entry, state)
      : dealEntry(page.record, number, entry, state);
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    return page.controls.complain(refusal);
  }
  const saved = page.controls.fields();
  const next = correcting ? page.record.drafts?.deal ?? null : null;
  page.writing += 1;
  page.saves += 1;
  page.editWaits = false; // a key pressed from now on is kept after the save
  page.controls.fill(next?.fields ?? null);
  return queued(async () => {
    try {
      page.record = await update(page.record.key, (r) => {
        addEntry(r, item);
        if (correcting) endCorrection(r);
        else endDeal(r);
      });
    } catch (failure) {
      page.controls.fill(saved); // not kept: what was typed is back to save again
      throw failure;
    } finally {
      page.writing -= 1;
    }
    page.filled = next?.id ?? null; // the fields are the next form's already
    draw();
    page.sync?.kick();
    inView();
    keep();
  });
}

/** After a save, as after the server's redirect: the names, the newest deal and the
 * totals in view, or the end of the game and its winners once it is over. */
function inView() {
  const anchor = current().state.finished ? "status" : "sheet";
  if (data.game) history.replaceState(null, "", `#${anchor}`); // a kept game's key stays
  document.getElementById(anchor).scrollIntoView({ block: "start" });
}

/** An undo or a restore of deal ``number``, checked against the sheet as it is. */
async function undoOrRestore(kind, number) {
  const { state } = current();
  let entry;
  try {
    entry = kind === "withdrawal" ? checkWithdrawal(state, number) : checkRestore(state, number);
  } catch (refusal) {
    if (!refusal.code) throw refusal;
    return page.controls.complain(refusal);
  }
  await change((r) => addEntry(r, { kind, number, entry }));
  keep();
}

/** Ask once to keep this storage, when something lives only here. */
async function keep() {
  if (page.persisted !== null) return;
  page.persisted = await persist();
  draw();
}

/** Begin correcting deal ``number`` (kept in the record, so a reload goes on with it),
 * filled with what it holds now; a correction of it begun before stays as typed. */
async function correct(number) {
  const row = current().state.deals.find((deal) => deal.number === number);
  if (!row) return;
  const fields = entryFields(page.record.settings, row.entry);
  await change((r) => { beginCorrection(r, number, row.entry, fields); });
  form.scrollIntoView({ block: "start" });
}

async function startNext() {
  const next = await nextGame(page.record);
  page.sync.kick();
  go(sheetHref(data.urls, await namedSoon(next.key)));
}

async function removeLocal() {
  if (!window.confirm(say("delete_local"))) return;
  await removeGame(page.record.key);
  window.location.assign(data.urls.start);
}

const CLICKS = {
  "#restore-deal": (target) => undoOrRestore("restore", Number(target.dataset.number)),
  "[data-correct]": (target) => correct(Number(target.dataset.correct)),
  "#cancel-correction": () => change((r) => endCorrection(r)),
  "#csv-link": () => saveFile("csv", page.record, current()),
  "#json-link": () => saveFile("json", page.record, current()),
  "#share-result": () => shareResult(page.record, current()),
  "#delete-local": () => removeLocal(),
};

function wire() {
  const game = document.getElementById("game");
  game.addEventListener("click", (event) => {
    for (const [selector, act] of Object.entries(CLICKS)) {
      const target = event.target.closest(selector);
      if (target && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        act(target);
        return;
      }
    }
  });
  game.addEventListener("submit", (event) => {
    if (event.target.id === "undo-form") {
      event.preventDefault();
      undoOrRestore("withdrawal", Number(event.target.dataset.number ?? lastDeal()));
    } else if (event.target.id === "same-players") {
      event.preventDefault();
      startNext();
    }
  });
}

const lastDeal = () => current().state.deals.at(-1)?.number;

/** The sync changed the kept game (or another tab did): read it again and draw it. */
async function changed(key) {
  if (key !== page.record.key) return;
  const before = page.record.id;
  page.record = await getGame(key) ?? page.record;
  if (!before && page.record.id) named();
  draw();
}

/** A QR code of the shell's hand-over box drawn from its data ({size, path}, as
 * games/handover.py draws it on the server). */
function drawCode(figure, { size, path }) {
  const code = figure.querySelector("svg");
  code.setAttribute("viewBox", `0 0 ${size} ${size}`);
  code.querySelector("path").setAttribute("d", path);
}

/** The shell's hand-over box, hidden and empty, filled with the kept game's values (its
 * link, its view link and their QR codes). The server's page has its own, drawn. */
function showHandover({ handover, view }) {
  const box = document.getElementById("handover");
  if (!handover || !box?.hidden) return;
  document.getElementById("handover-link").textContent = handover.link;
  drawCode(box.querySelector("#handover-box .qr-code"), handover.link_qr);
  const spectators = document.getElementById("spectators");
  if (view && handover.view_qr) {
    document.getElementById("view-link").textContent = view;
    drawCode(spectators.querySelector(".qr-code"), handover.view_qr);
    spectators.hidden = false;
  }
  box.hidden = false;
  wireHandover();
}

/** The server has the game now: its own address, and the hand-over box. Its values came
 * with the game (the sync's answer when the server took it); a record kept without them
 * (an older release kept the box as HTML) asks the game's JSON for them once. */
async function named() {
  const href = address(data.urls, "sheet", page.record.id);
  if (!window.location.pathname.endsWith(href)) history.replaceState(null, "", href);
  if (!page.record.handover) {
    try {
      const answer = await fetch(`${data.urls.api}/${page.record.id}`,
        { credentials: "same-origin", cache: "no-store" });
      const { handover } = answer.ok ? await answer.json() : {};
      if (handover) await change((r) => { r.handover = handover; });
    } catch { /* no connection after all: the box comes with the next visit */ }
  }
  showHandover(page.record);
}

/** Keep the screen on while the sheet is open (where the browser allows it). */
async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try { await navigator.wakeLock.request("screen"); } catch { /* not allowed now */ }
}

function shell(record) {
  // By UTC's day, as the server's pages date a game (games/listed.py game_date).
  const date = new Intl.DateTimeFormat(document.documentElement.lang,
    { dateStyle: "medium", timeZone: "UTC" });
  document.getElementById("game-date").textContent = date.format(new Date(record.created_at));
  const note = document.getElementById("game-note");
  note.textContent = record.note;
  note.hidden = !record.note;
}

async function open() {
  if (!data || !form || !("indexedDB" in window)) return;
  try {
    page.record = await load();
  } catch {
    return; // no storage here (a private window may refuse it): the server's page works
  }
  if (!page.record) {
    document.getElementById("game").hidden = true;
    document.getElementById("not-kept").hidden = false;
    return;
  }
  const entryMode = storedMode();
  await nextTask(); // the kept game is read: the sheet's drawing is a task of its own
  if (!data.game) shell(page.record);
  page.controls = setupForm(form, page.record.settings,
    { shown: () => page.form, save, edited, wanted: entryMode });
  const early = page.controls.typing(); // typed before this script ran: it stays
  if (early) page.filled = formOf(page.record).draft?.id ?? null;
  wire();
  draw({ regions: !asServed(page.record) });
  if (early) edited();
  else if (page.filled) form.scrollIntoView({ block: "start" }); // where the players left it
  await nextTask(); // the sheet is drawn and answers taps; then the phone's own work
  page.sync = startSync({ urls: data.urls, lang: document.documentElement.lang,
    watched: () => page.record.key, changed });
  listen(changed);
  if (page.record.id && !data.game) named();
  if (!data.game) window.addEventListener("hashchange", () => { // another game kept here
    if (!window.location.hash.startsWith("#correct-")) window.location.reload();
  });
  const wanted = /^#correct-(\d+)$/.exec(window.location.hash);
  if (wanted) correct(Number(wanted[1]));
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);
}

open();
