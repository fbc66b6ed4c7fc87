// Installs the service worker (the site opens without a connection; it keeps public pages
// only, one copy per language), tells it the language this page is in (so a page opened
// offline later is in the language the player chose, even if no page has yet passed
// through the worker), says plainly when a page is the copy saved on this phone, and runs
// the sync loop, so what the phone keeps reaches the server from any page.

import { keepsGames } from "./game/database.js";

const script = document.querySelector("script[data-pwa]");

async function register() {
  if (!("serviceWorker" in navigator) || !script) return;
  try {
    // Its scope is the folder the worker is served from: the whole site, under any prefix.
    await navigator.serviceWorker.register(script.dataset.worker);
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ language: document.documentElement.lang });
  } catch {
    // not allowed here (private mode, plain http on another host): the site still works
  }
}

function showOffline() {
  const main = document.getElementById("main");
  if (!script || !main || document.body.classList.contains("offline-page")) return;
  let note = document.getElementById("offline-note");
  if (navigator.onLine) {
    if (note) note.hidden = true;
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.id = "offline-note";
    note.className = "notice offline-note";
    note.setAttribute("role", "status");
    const checker = location.pathname === script.dataset.checker;
    note.textContent = checker
      ? `${script.dataset.offline} ${script.dataset.offlineCheck}` : script.dataset.offline;
    main.prepend(note);
  }
  note.hidden = false;
}

/** Entries kept on this phone go to the server from every page of the site, not only from
 * a sheet: a deal saved on a bad line lands while the players read the rules. A page
 * whose script runs the loop itself (a sheet) joins this one (game/sync.js). */
async function syncFromEveryPage() {
  if (!script?.dataset.urls || !(await keepsGames())) return;
  const { startSync } = await import("./game/sync.js");
  startSync({ urls: JSON.parse(script.dataset.urls), lang: document.documentElement.lang });
}

// The worker's first install fetches every file of the offline shell: begun once the page
// has loaded, it leaves the network and the phone's processor to the page until then. On
// a bad line a page's last file may never come, and the page never "loads": the worker is
// registered after a few seconds all the same, or this phone would never open offline.
const LOAD_WAIT = 4000; // ms
let registered = false;
const registerOnce = () => {
  if (registered) return;
  registered = true;
  register();
};
if (document.readyState === "complete") registerOnce();
else {
  window.addEventListener("load", registerOnce, { once: true });
  setTimeout(registerOnce, LOAD_WAIT);
}
showOffline();
syncFromEveryPage();
window.addEventListener("online", showOffline);
window.addEventListener("offline", showOffline);
