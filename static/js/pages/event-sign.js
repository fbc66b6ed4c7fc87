// A club event's table signs its result on its score sheet (events/signing.py). The
// server draws the sign's part with the page; this script fetches it again when the sheet
// shows the game ending (or re-opening), and every few seconds while the server's part
// has not caught up with the sheet or the result waits for its sign, so the phone that
// entered the last deal sees another phone's sign without a reload. Without a connection
// it simply tries again; without this script the part is as the page was loaded. The part
// is drawn again only when its state changed (``data-state``).
const EVERY = 4000;
let busy = false;

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
    // no connection: the next turn tries again
  } finally {
    busy = false;
  }
}

document.addEventListener("sheet:drawn", () => {
  const section = part();
  if (section && section.dataset.finished === "1" !== sheetFinished()) refresh();
});
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
setInterval(() => { const section = part(); if (section && stale(section)) refresh(); }, EVERY);
