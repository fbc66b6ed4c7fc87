// A game's view link (templates/games/view.html): the sheet follows new deals. While the
// page is visible it asks its own address again, sending back in If-None-Match the very
// ETag the server last answered (never a tag made from the version: whatever the server
// makes its tag of, it answers 304 after one read of the game's row while nothing moved),
// and swaps in the sheet the server drew when the game changed. The first look has no tag
// to send (a page's own headers are out of a script's reach): its 200 brings one. It sends
// nothing but these reads.

const EVERY = 2000; // ms between two looks while the page is visible
const TIMEOUT = 8000; // ms an answer may take

/** The ETag the server last answered (a 200's, or a 304's), sent back with the next look. */
let tag = null;

/** The sheet the server drew anew, or null while nothing changed (or nothing answered). */
async function fresh() {
  const controller = new AbortController();
  const late = setTimeout(() => controller.abort(), TIMEOUT);
  try {
    const answer = await fetch(window.location.href, {
      credentials: "same-origin", cache: "no-store", signal: controller.signal,
      headers: tag ? { "If-None-Match": tag } : {},
    });
    if (answer.status === 304 && tag && answer.headers.get("ETag")) {
      tag = answer.headers.get("ETag"); // nothing moved, perhaps under a tag spelled anew
    }
    if (answer.status !== 200) return null;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const sheet = page.getElementById("watched");
    if (sheet) tag = answer.headers.get("ETag");
    return sheet;
  } catch {
    return null; // no connection now: the next look tries again
  } finally {
    clearTimeout(late);
  }
}

let timer = 0;
let busy = false;

/** One look at the server, then the next in EVERY ms (one loop: a wake-up joins it). */
async function look() {
  if (busy) return;
  busy = true;
  clearTimeout(timer);
  const shown = document.getElementById("watched");
  if (shown && document.visibilityState === "visible") {
    const asked = tag; // a 200 to a tag is news; the first look's only if the version moved
    const next = await fresh();
    const news = asked || next?.dataset.version !== shown.dataset.version;
    if (next && news) shown.replaceWith(next);
  }
  busy = false;
  timer = setTimeout(look, EVERY);
}

timer = setTimeout(look, EVERY);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") look();
});
