// A game's view link (templates/games/view.html): the sheet follows new deals. While the
// page is visible it asks its own address again with the version it shows (the server
// answers 304 after one read of the game's row while nothing moved) and swaps in the
// sheet the server drew when the game changed. It sends nothing but these reads.

const EVERY = 2000; // ms between two looks while the page is visible
const TIMEOUT = 8000; // ms an answer may take

/** The sheet the server drew anew, or null while nothing changed (or nothing answered). */
async function fresh(version) {
  const controller = new AbortController();
  const late = setTimeout(() => controller.abort(), TIMEOUT);
  try {
    const answer = await fetch(window.location.href, {
      credentials: "same-origin", cache: "no-store", signal: controller.signal,
      headers: { "If-None-Match": `"${version}"` },
    });
    if (answer.status !== 200) return null;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    return page.getElementById("watched");
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
    const next = await fresh(shown.dataset.version);
    if (next && next.dataset.version !== shown.dataset.version) shown.replaceWith(next);
  }
  busy = false;
  timer = setTimeout(look, EVERY);
}

timer = setTimeout(look, EVERY);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") look();
});
