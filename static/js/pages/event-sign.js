// A club event's table signs its result on its score sheet (events/signing.py). The
// server draws the sign's part with the page; this script fetches it again after the
// sheet's sync loop (sync.js) has had the server's answer about the game
// (``sync:answered``): once the sheet shows the game ending (or re-opening), once the page
// is shown again, and at most every few seconds while the server's part has not caught up
// with the sheet or the result waits for its sign, so the phone that entered the last
// deal sees another phone's sign without a reload. A sign lives beside the game, not in
// it (the game's tag does not move when a table signs), so it is asked for on its own,
// but only on a round trip the sync loop has just made: while the server is out of reach
// the loop gets no answer and the sign asks nothing. Without this script the part is as
// the page was loaded. The part is drawn again only when its state changed
// (``data-state``).
const EVERY = 4000; // ms at least from one ask to the next while the result waits
let busy = false;
let due = false; // the part should be asked for on the next answer, whatever it shows
let asked = 0;

function part() {
  return document.getElementById("table-sign");
}

/** Whether the sheet shows the game ended (its status line, drawn by the server and the
 * phone alike: an event's table offers no next game to tell it by). */
function sheetFinished() {
  return document.querySelector("#status.finished") !== null;
}

/** Whether the part should be asked for again: the sheet and the part disagree on the
 * game's end, or the result is over but not yet signed. */
function stale(section) {
  const finished = section.dataset.finished === "1";
  if (finished !== sheetFinished()) return true;
  return finished && section.dataset.signed !== "1";
}

async function refresh() {
  const section = part();
  if (!section || busy || document.hidden) return;
  busy = true;
  due = false;
  asked = Date.now();
  try {
    const answer = await fetch(section.dataset.url, { credentials: "same-origin" });
    if (answer.ok) {
      const holder = document.createElement("div");
      holder.innerHTML = await answer.text();
      const fresh = holder.querySelector("#table-sign");
      // Only a new state is drawn: a button under a finger stays where it is.
      if (fresh && fresh.dataset.state !== section.dataset.state) section.replaceWith(fresh);
    }
  } catch {
    due = true; // no connection after all: the sync loop's next answer tries again
  } finally {
    busy = false;
  }
}

document.addEventListener("sheet:drawn", () => {
  const section = part();
  if (section && section.dataset.finished === "1" !== sheetFinished()) due = true;
});
document.addEventListener("visibilitychange", () => { if (!document.hidden) due = true; });
document.addEventListener("sync:answered", () => {
  const section = part();
  if (section && (due || (stale(section) && Date.now() - asked >= EVERY))) refresh();
});
