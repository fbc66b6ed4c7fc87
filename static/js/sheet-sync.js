// The sheet's word on saving (templates/games/_sync.html): all saved, changes waiting and
// since when, another phone's change; and the entries the players must decide on, each
// beside the other phone's, with the choices game-keeping.js offers. Only drawing:
// sheet.js acts on the choice.

import { plural, refusalText, say } from "./catalog.js";
import { h, replace } from "./dom.js";
import { choices, waiting } from "./game-keeping.js";
import { nextNumber } from "./game-log.js";
import { enteredText } from "./sheet-view.js";

export const REMOTE_SHOWN = 15000; // ms "another phone changed this game" stays on the sheet

/** What a deal entry holds for a player, as the sheet writes it ("5", "3+2"), else "–". */
const entered = (values, name) => (values ? enteredText(values, name) : "–");

/** The sheet's word on saving; ``held``: entries that wait for the players, not the server. */
function stateLine(record, held) {
  const { count, since } = waiting(record);
  const lines = [];
  if (record.start?.state === "refused") {
    lines.push(say("refused", { reason: reason(record.start.problem) }));
  } else if (record.id === null) {
    lines.push(say("local_only"));
  }
  if (held.length) {
    lines.push(say("held"));
  } else if (count && record.start?.state !== "refused") {
    const time = new Intl.DateTimeFormat(document.documentElement.lang, {
      hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(since);
    lines.push(plural("waiting", count, { time }));
  } else if (record.id !== null) {
    lines.push(say("all_saved"));
  }
  return lines.join(" ");
}

const LABELS = {
  same: () => say("choose_same"), correct: () => say("choose_correct"),
  theirs: () => say("keep_theirs"), mine: () => say("keep_mine"),
  forget: () => say("forget"), again: () => say("again"),
};

const TITLES = {
  deal: "conflict", correction: "conflict_correction", withdrawal: "conflict_undo",
  restore: "conflict_restore",
};

/** A refusal in words: the server's own sentence (in the page's language; a club event's
 * refusals are worded there alone), else the page's catalog's for one of the phone's. */
const reason = (problem) => (problem ? problem.error || refusalText(problem) : "");

/** Why the first held entry waits: a refusal's sentence, or the conflict's title. */
function title(entry, offered) {
  if (entry.state === "refused" || (entry.problem && offered.length === 1)) {
    return say("refused", { reason: reason(entry.problem) });
  }
  return say(TITLES[entry.kind], { number: entry.number });
}

/** The held entry beside the deal the other phone left in the log. */
function compare(settings, mine, theirs) {
  return h("table", { className: "compare" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, say("player")),
      h("th", { scope: "col" }, say("this_phone")), h("th", { scope: "col" }, say("other_phone")))),
    h("tbody", {}, settings.players.map((name) => h("tr", {},
      h("th", { scope: "row" }, name), h("td", { className: "mine" }, entered(mine, name)),
      h("td", { className: "theirs" }, entered(theirs, name))))));
}

function conflictBox(record, view, entry, choose) {
  const offered = choices(record, entry, view.state);
  const theirs = view.state.deals.find((row) => row.number === entry.number)?.entry;
  const values = ["deal", "correction"].includes(entry.kind) && entry.state !== "refused";
  return h("div", { className: "conflict", dataset: { clientId: entry.client_id } },
    h("p", { className: "conflict-title" }, title(entry, offered)),
    values ? compare(record.settings, entry, theirs)
      : h("p", { className: "queue-deal" }, described(record, entry)), // what was not taken
    h("div", { className: "actions" }, offered.map((choice) => h("button", {
      type: "button", className: choice === offered[0] ? "secondary" : "",
      dataset: { choice }, onclick: () => choose(entry.client_id, choice),
    }, choice === "next" ? say("choose_next", { number: nextNumber(view.state) }) : LABELS[choice]()))));
}

/** An entry in words: "Correction of deal 1 · Ann 4 · Bob 8". */
function described(record, entry) {
  const words = say(`entry_${entry.kind}`, { number: entry.number });
  return entry.kind === "withdrawal" || entry.kind === "restore" ? words
    : [words, ...record.settings.players.map((name) => `${name} ${entered(entry, name)}`)].join(" · ");
}

function behind(record, entry) {
  return h("li", {}, h("span", { className: "queue-deal" }, described(record, entry)),
    h("p", { className: "queue-state" }, say("behind")));
}

/** The sync box: its state line, what was settled on its own, and what waits for the players. */
export function drawSync({ record, view, persisted, choose }) {
  const box = document.getElementById("sync");
  box.hidden = false;
  const line = [stateLine(record, view.held)];
  if (Date.now() - (record.remote || 0) < REMOTE_SHOWN) line.push(say("remote"));
  const local = record.id === null || waiting(record).count > 0;
  if (local && persisted === false) line.push(say("not_persisted"));
  box.querySelector("#sync-state").textContent = line.join(" ");
  box.dataset.state = view.held.length ? "held" : waiting(record).count ? "waiting" : "saved";
  replace("#sync-notices", h("ul", { className: "sync-notices", id: "sync-notices" },
    record.notices.map((notice) => h("li", {},
      say(notice.kind === "same" ? "same_deal" : "dropped", { number: notice.number })))));
  const [first, ...rest] = view.held;
  replace("#sync-held", h("div", { className: "sync-held", id: "sync-held" },
    first ? conflictBox(record, view, first, choose) : null,
    rest.length ? h("ul", { className: "queue-list" }, rest.map((entry) => behind(record, entry))) : null));
}
