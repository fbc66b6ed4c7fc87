// Installs the service worker (the site opens without a connection) and says plainly
// when a page is the copy saved on this phone.

const script = document.querySelector("script[data-pwa]");

function remember(key, value) {
  try {
    const before = localStorage.getItem(key);
    localStorage.setItem(key, value);
    return before;
  } catch {
    return value; // storage refused: behave as if nothing changed
  }
}

async function register() {
  if (!("serviceWorker" in navigator) || !script) return;
  const first = !navigator.serviceWorker.controller;
  try {
    // Its scope is the folder the worker is served from: the whole site, under any prefix.
    await navigator.serviceWorker.register(script.dataset.worker);
  } catch {
    return; // not allowed here (private mode, plain http on another host): the site still works
  }
  const registration = await navigator.serviceWorker.ready;
  if (first) {
    // This page came from the network before the worker existed: have it stored too, so a
    // score sheet opened once opens again offline.
    const worker = navigator.serviceWorker.controller || await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange",
        () => resolve(navigator.serviceWorker.controller), { once: true });
    });
    const url = location.pathname + location.search;
    if (worker) worker.postMessage({ type: "store-page", url });
  }
  // The pages stored at install are in the language of that day: store them again after
  // the language was switched, so the offline copies speak the language chosen now.
  const language = document.documentElement.lang;
  const before = remember("pwa-language", language);
  if (!first && before !== language && navigator.onLine && registration.active) {
    registration.active.postMessage({ type: "refresh-pages" });
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

register();
showOffline();
window.addEventListener("online", showOffline);
window.addEventListener("offline", showOffline);
