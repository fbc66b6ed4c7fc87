// Service worker of the 6 nimmt! table companion (rendered by scorekeeper/web/pwa.py).
//
// It keeps only what is no one's in particular: the app shell (the hashed static files and
// the pages' catalogs of sentences, from the cache) and public pages, each fetched WITHOUT
// cookies, once per language: the start page (its form, no one's list), the empty shells
// of the score sheet and the evening, the checker, the rules and the offline page. No page
// a visitor's cookies shaped is ever stored (the server marks those `private, no-store`),
// so clearing the cookies leaves nothing of another device's behind. The games this phone
// keeps live in IndexedDB, written by the pages themselves (static/js/game/storage.js),
// and a shell draws them: without a connection, a game's address opens the sheet's shell,
// its evening the evening's shell. Pages come from the network first; a stored copy stands
// in only when the network fails or is slow. The API is never touched:
// static/js/game/sync.js talks to it.

// The caches of this site: another site of the same origin (another prefix) has its own.
const FAMILY = {{ cache_family | tojson }};
const CACHE = {{ cache_name | tojson }};
const PRECACHE = {{ precache | tojson }};
const SHELLS = {{ shells | tojson }};
const PUBLIC = {{ public | tojson }};
const STATIC = {{ static_prefix | tojson }}; // static files, under the site's prefix
const CATALOGS = {{ catalogs_prefix | tojson }}; // the pages' sentences, kept as static files are
const GAMES = {{ games | tojson }}; // a game's sheet is GAMES/<token>, its evening .../evening
const LANGUAGES = {{ LANGUAGES | list | tojson }};
const ROOT = {{ shells.get("start", "/") | tojson }}; // the site's root; ROOT + "nl/" is its Dutch start
const LANGUAGE = {{ (shells.get("start", "/") ~ "sw/language") | tojson }}; // cache entry: the language last shown
const PAGE_TIMEOUT = 4000; // ms before a stored copy stands in for a slow network
const PASS_THROUGH = /\.(pdf|csv|json|webmanifest|js)$/; // downloads and the worker itself
const TOKEN = /^[0-9a-f]{20}$/;

/** Fetch ``url`` without cookies and keep it under ``key`` (its own address by default). */
async function keep(cache, url, key = url) {
  const answer = await fetch(url, { credentials: "omit", cache: "no-cache" });
  if (!answer.ok || answer.redirected) throw new Error(`${url} answered ${answer.status}`);
  await cache.put(key, answer);
}

const shellUrl = (name, code) => `${SHELLS[name]}?lang=${code}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One request at a time: the install runs beside the page and must not crowd it out.
    for (const url of PRECACHE) await keep(cache, url);
    for (const url of PUBLIC) await keep(cache, url).catch(() => null);
    for (const name of Object.keys(SHELLS)) {
      for (const code of LANGUAGES) await keep(cache, shellUrl(name, code)).catch(() => null);
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(FAMILY) && n !== CACHE)
      .map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

// --- The language of the stored pages: the one shown last ---

let languageWrites = Promise.resolve(); // one after another: the last choice wins

function setLanguage(code) {
  if (!LANGUAGES.includes(code)) return languageWrites;
  languageWrites = languageWrites.then(async () => {
    const cache = await caches.open(CACHE);
    await cache.put(LANGUAGE, new Response(code));
  }).catch(() => null);
  return languageWrites;
}

/** The language an address names by its first segment (ROOT + "nl/…"), or null. */
function pathLanguage(path) {
  const first = path.startsWith(ROOT) ? path.slice(ROOT.length).split("/")[0] : "";
  return LANGUAGES.includes(first) ? first : null;
}

async function language(url) {
  const asked = url.searchParams.get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const named = pathLanguage(url.pathname);
  if (named) return named;
  const last = await (await caches.open(CACHE)).match(LANGUAGE);
  return last ? last.text() : LANGUAGES[0];
}

// Every page says its language once the worker runs (static/js/pwa.js): a page loaded
// before the worker controlled it, or the language switch's answer, never passed through
// the worker, which would stand in offline with the language seen last, or English.
self.addEventListener("message", (event) => {
  if (event.data?.language) event.waitUntil(setLanguage(event.data.language));
});

async function rememberLanguage(answer) {
  const match = /<html lang="([a-z]+)"/.exec((await answer.text()).slice(0, 200));
  if (match) await setLanguage(match[1]);
}

// --- Which stored page stands in for an address ---

/** The shell that answers ``path`` without the network, by its name, or null. */
function shellFor(path) {
  if (GAMES && path.startsWith(`${GAMES}/`)) {
    const [token, rest] = path.slice(GAMES.length + 1).split(/\/(.*)/s);
    if (TOKEN.test(token) && !rest) return "sheet";
    if (TOKEN.test(token) && rest === "evening") return "evening";
  }
  const named = pathLanguage(path);
  if (named && path === `${ROOT}${named}/`) return "start"; // /nl/: the start page in Dutch
  return Object.keys(SHELLS).find((name) => SHELLS[name] === path) || null;
}

async function stored(url) {
  const cache = await caches.open(CACHE);
  const name = shellFor(url.pathname);
  const code = await language(url);
  if (name) return cache.match(shellUrl(name, code), { ignoreVary: true });
  return cache.match(url.href, { ignoreVary: true, ignoreSearch: true });
}

/** The offline page, in the language of ``url`` (else the one shown last). */
async function offline(url) {
  const cache = await caches.open(CACHE);
  return (await cache.match(shellUrl("offline", await language(url)), { ignoreVary: true }))
    || Response.error();
}

async function fallback(url) {
  return (await stored(url)) || offline(url);
}

// --- Answers ---

const refreshed = new Set(); // shells stored again in this worker's life, once each

function isPage(answer) {
  return answer.status === 200 && answer.type === "basic"
    && (answer.headers.get("Content-Type") || "").startsWith("text/html");
}

/** A page that came from the network: remember its language, refresh its shell once. */
function seen(event, url, answer) {
  if (!isPage(answer)) return;
  event.waitUntil(rememberLanguage(answer.clone()).catch(() => null));
  const name = shellFor(url.pathname);
  if (!name || name === "sheet" || name === "evening") return;
  event.waitUntil((async () => {
    const code = await language(url);
    if (refreshed.has(`${name} ${code}`)) return;
    refreshed.add(`${name} ${code}`);
    await keep(await caches.open(CACHE), shellUrl(name, code)).catch(() => null);
  })());
}

async function page(event) {
  const url = new URL(event.request.url);
  const network = fetch(event.request).then((answer) => {
    seen(event, url, answer);
    return answer;
  });
  event.waitUntil(network.catch(() => null));
  const copy = await stored(url);
  const late = new Promise((resolve) => {
    if (copy) setTimeout(() => resolve(copy), PAGE_TIMEOUT);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return copy || offline(url); // no stored copy (looked up above): the offline page
  }
}

async function sent(event) {
  // A form posted while the server cannot be reached (a page whose scripts did not run):
  // the offline page explains, instead of the browser's error.
  try {
    return await fetch(event.request);
  } catch {
    return fallback(new URL(event.request.url));
  }
}

async function asset(request, url) {
  const cache = await caches.open(CACHE);
  if (url.searchParams.has("v")) {
    const copy = await cache.match(request.url, { ignoreVary: true });
    if (copy) return copy;
    const answer = await fetch(request);
    if (answer.ok) await cache.put(request.url, answer.clone());
    return answer;
  }
  try {
    return await fetch(request);
  } catch {
    return (await cache.match(request.url, { ignoreVary: true, ignoreSearch: true }))
      || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.mode !== "navigate") {
    if (url.origin === self.location.origin && request.method === "GET"
        && (url.pathname.startsWith(STATIC) || url.pathname.startsWith(CATALOGS))) {
      event.respondWith(asset(request, url));
    }
    return;
  }
  if (request.method !== "GET") {
    event.respondWith(sent(event));
  } else if (!PASS_THROUGH.test(url.pathname)) {
    event.respondWith(page(event));
  }
});
