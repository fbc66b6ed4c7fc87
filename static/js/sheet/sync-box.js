// The sheet's word on saving (templates/games/_sync.html): all saved, changes waiting and
// since when, another phone's change, a calm word on storage; and, right above the next
// deal's form where the players look, the entry they must decide on beside the other
// phone's, with the choices game/record.js offers, each saying what it does to which
// deal. Only drawing: sheet/page.js acts on the choice.

import { plural, refusalText, say } from "../shared/catalog.js";
import { h, replace } from "../shared/dom.js";
import { choices, waiting } from "../game/record.js";
import { nextNumber } from "../engine/game-log.js";
import { enteredText } from "./view.js";

export const REMOTE_SHOWN = 15000; // ms "another phone changed this game" stays on the sheet

/** What this page has drawn of the sync: the held entry shown (brought into view once),
 * and whether the word on storage was said (it is said once, while it applies). */
const shown = { held: null, storage: "unsaid" };

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

/** Each choice's words: what it is, and what it does to which deal. ``offered``: all the
 * choices; a lone "forget" (nothing else can be done) is worded plainly. */
function label(choice, entry, view, offered) {
  const { number, kind } = entry;
  const plain = entry.state === "refused" || offered.length === 1;
  switch (choice) {
    case "same": return say("choose_same", { number });
    case "next": return say("choose_next", { number: nextNumber(view.before) });
    case "correct": return say("choose_correct", { number });
    case "theirs": return say("keep_theirs", { number });
    case "mine": return say("keep_mine", { number });
    case "forget": return plain ? say("forget") : say(`forget_${kind}`, { number });
    default: return plain ? say("again") : say(`again_${kind}`, { number });
  }
}

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

/** The question: the safest choice (what the other phone left stands) first, and drawn as
 * the one to tap; the others beside it. */
function conflictBox(record, view, entry, choose) {
  const offered = choices(record, entry, view.before);
  const theirs = view.before.deals.find((row) => row.number === entry.number)?.entry;
  const values = ["deal", "correction"].includes(entry.kind) && entry.state !== "refused";
  return h("div", { className: "conflict", id: "conflict", role: "alert", dataset: { clientId: entry.client_id } },
    h("p", { className: "conflict-title" }, title(entry, offered)),
    values ? compare(record.settings, entry, theirs)
      : h("p", { className: "queue-deal" }, described(record, entry)), // what was not taken
    h("div", { className: "actions" }, offered.map((choice, index) => h("button", {
      type: "button", className: index ? "secondary" : null,
      dataset: { choice }, onclick: () => choose(entry.client_id, choice),
    }, label(choice, entry, view, offered)))));
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

/** The word on storage: said once on this page, while something lives only on the phone
 * and the browser did not promise to keep it, and never over a question to the players. */
function storageWord(record, view, persisted) {
  const applies = (record.id === null || waiting(record).count > 0) && persisted === false
    && !view.held.length;
  if (applies && shown.storage === "unsaid") shown.storage = "saying";
  if (!applies && shown.storage === "saying") shown.storage = "said";
  const note = document.getElementById("sync-storage");
  note.textContent = say("not_persisted");
  note.hidden = shown.storage !== "saying";
}

/** The notices: what settled on its own. */
function notices(record) {
  const words = { same: "same_deal", same_correction: "same_correction", dropped: "dropped" };
  replace("#sync-notices", h("ul", { className: "sync-notices", id: "sync-notices" },
    record.notices.map((notice) => h("li", {}, say(words[notice.kind], { number: notice.number })))));
}

/** The question for the players, right above the next deal's form, brought into view
 * when a new one comes (unless a player is typing a deal in the form just below it). */
function heldBox(record, view, choose, typing) {
  const [first, ...rest] = view.held;
  const box = replace("#sync-held", h("div", { className: "sync-held", id: "sync-held" },
    first ? conflictBox(record, view, first, choose) : null,
    rest.length ? h("ul", { className: "queue-list" }, rest.map((entry) => behind(record, entry))) : null));
  const key = first?.client_id ?? null;
  if (key && key !== shown.held && !typing) {
    box.scrollIntoView({ block: "start" }); // its title first, the choices below it
  }
  shown.held = key;
}

/** The sync box: its state line, the word on storage, what settled on its own, and what
 * waits for the players; ``typing``: something is typed in the deal form. */
export function drawSync({ record, view, persisted, choose, typing = false }) {
  const box = document.getElementById("sync");
  box.hidden = false;
  const line = [stateLine(record, view.held)];
  const remote = Date.now() - (record.remote || 0) < REMOTE_SHOWN;
  if (remote && !view.held.length) line.push(say("remote")); // a question says it already
  box.querySelector("#sync-state").textContent = line.join(" ");
  box.dataset.state = view.held.length ? "held" : waiting(record).count ? "waiting" : "saved";
  storageWord(record, view, persisted);
  notices(record);
  heldBox(record, view, choose, typing);
}
