// Service worker of the 6 nimmt! table companion (rendered by scorekeeper/web/pwa.py).
// Pages and games: network first; the stored copy only when the network fails (or a page
// is slow and a copy exists), so nothing stale is shown online. Hashed static files: from
// the cache. Writes are never stored: the score sheet keeps offline deals in IndexedDB
// itself (static/js/offline-queue.js, offline-store.js, offline-sync.js) and sends them
// when the connection is back; a game started offline lives on /games/offline (stored at
// install) and in IndexedDB until static/js/offline-game.js has sent it.

// The caches of this site: another site of the same origin (another prefix) has its own.
const FAMILY = {{ cache_family | tojson }};
const CACHE = {{ cache_name | tojson }};
const PRECACHE = {{ precache | tojson }};
const PAGES = {{ pages | tojson }};
const OFFLINE = {{ offline_url | tojson }};
const START = {{ start_url | tojson }}; // the start form: without a connection, start on the phone
const PAGE_TIMEOUT = 5000; // ms before a stored copy stands in for a slow network
const STATIC = {{ static_prefix | tojson }}; // static files, under the site's prefix
const GAMES_API = {{ url_for("games_api.create") | tojson }};
const PASS_THROUGH = /\.(pdf|csv|json|webmanifest|js)$/; // downloads and the worker itself
// The checker answers offline (static/js/check.js): its page is stored once per language,
// and a link opened offline gets the copy in the link's language, else the last one used.
const CHECK = {{ url_for("check.page") | tojson }};
const LANGUAGES = {{ LANGUAGES | list | tojson }};
const LANGUAGE = {{ (url_for("games.index") ~ "sw/language") | tojson }}; // cache entry: the language of the last page shown

async function plain(answer) {
  // A redirected answer cannot stand in for a navigation: store a clean copy.
  if (!answer.redirected) return answer;
  return new Response(await answer.blob(), { status: answer.status, headers: answer.headers });
}

async function store(cache, url) {
  const answer = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  await cache.put(url, await plain(answer));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // One request at a time: the install runs beside the page and must not crowd it out.
    for (const url of PRECACHE) await store(cache, url);
    for (const code of LANGUAGES) await storeChecker(cache, code).catch(() => null);
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

function isPage(answer) {
  return answer.status === 200 && answer.type === "basic"
    && (answer.headers.get("Content-Type") || "").startsWith("text/html");
}

async function storeChecker(cache, code) {
  // Without cookies: the copy takes its language from the address and changes no setting.
  const url = `${CHECK}?lang=${code}`;
  const answer = await fetch(url, { credentials: "omit", cache: "no-cache" });
  if (isPage(answer)) await cache.put(url, answer);
}

// Writes of the remembered language run one after another: a page stored in the
// background must not overwrite, after an await, a language chosen meanwhile.
let languageWrites = Promise.resolve();

function setLanguage(code, { onlyIfUnset = false } = {}) {
  languageWrites = languageWrites.then(async () => {
    const cache = await caches.open(CACHE);
    if (onlyIfUnset && (await cache.match(LANGUAGE))) return;
    await cache.put(LANGUAGE, new Response(code));
  }).catch(() => null);
  return languageWrites;
}

async function rememberLanguage(answer, options) {
  const match = /<html lang="([a-z]+)"/.exec((await answer.text()).slice(0, 200));
  if (match) await setLanguage(match[1], options);
}

async function checker(cache, address) {
  const url = new URL(address);
  if (url.pathname !== CHECK) return null;
  let code = url.searchParams.get("lang");
  if (LANGUAGES.includes(code)) {
    await setLanguage(code); // the language chosen last, offline too
  } else {
    const last = await cache.match(LANGUAGE);
    code = last ? await last.text() : null;
  }
  return LANGUAGES.includes(code) ? cache.match(`${CHECK}?lang=${code}`, { ignoreVary: true }) : null;
}

async function storePage(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const answer = await fetch(url, { credentials: "same-origin" });
  if (!isPage(answer)) return;
  const cache = await caches.open(CACHE);
  // The first page's language, unless a page shown since has set one.
  await rememberLanguage(answer.clone(), { onlyIfUnset: true });
  await cache.put(url.href, answer);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "refresh-pages") {
    // The language changed: store the shell pages again, now in the new language.
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      for (const url of PAGES) await store(cache, url).catch(() => null);
    })());
  } else if (data.type === "store-page" && typeof data.url === "string") {
    // The page that installed the worker was loaded without it: store it as well.
    event.waitUntil(storePage(data.url).catch(() => null));
  }
});


async function page(event) {
  const cache = await caches.open(CACHE);
  // Checker links and searches carry their question in the query: not worth keeping.
  const keep = [...new URL(event.request.url).searchParams.keys()].every((k) => k === "lang");
  const network = fetch(event.request).then(async (answer) => {
    if (isPage(answer)) event.waitUntil(rememberLanguage(answer.clone()).catch(() => null));
    if (keep && isPage(answer)) await cache.put(event.request.url, answer.clone());
    return answer;
  });
  event.waitUntil(network.catch(() => null));
  const copy = await cache.match(event.request.url, { ignoreVary: true });
  const late = new Promise((resolve) => {
    if (copy) setTimeout(() => resolve(copy), PAGE_TIMEOUT);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    // Offline: the checker in the link's language (or the last one used); another page as
    // stored, else the same page without its query, else a notice.
    return (await checker(cache, event.request.url)) || copy
      || (await cache.match(event.request.url, { ignoreVary: true, ignoreSearch: true }))
      || (await cache.match(OFFLINE, { ignoreVary: true })) || Response.error();
  }
}

async function sent(event) {
  // A form sent without a connection: explain instead of the browser's error page. The
  // start form goes back to its page with its fields, which starts the game on the phone
  // (static/js/game-start.js); the CSRF token stays behind.
  const copy = event.request.clone();
  try {
    return await fetch(event.request);
  } catch {
    if (START && new URL(copy.url).pathname === START) {
      const fields = new URLSearchParams(await copy.formData().catch(() => []));
      fields.delete("csrf_token");
      return Response.redirect(`${copy.url}#offline-start&${fields}`, 303);
    }
    const cache = await caches.open(CACHE);
    return (await cache.match(OFFLINE, { ignoreVary: true })) || Response.error();
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

function isGame(path) {
  // A game, whatever its id looks like: the games API's path and one part more.
  const id = path.startsWith(`${GAMES_API}/`) ? path.slice(GAMES_API.length + 1) : "";
  return id !== "" && !id.includes("/");
}

async function game(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.status === 200) await cache.put(request.url, answer.clone());
    return answer;
  } catch {
    const copy = await cache.match(request.url, { ignoreVary: true });
    if (!copy) return Response.error();
    // Marked, so the sheet never mistakes the stored copy for news from another phone.
    const headers = new Headers(copy.headers);
    headers.set("X-Offline-Copy", "1");
    return new Response(await copy.blob(), { status: 200, headers });
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (request.mode === "navigate") event.respondWith(sent(event));
    return;
  }
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(asset(request, url));
  } else if (isGame(url.pathname)) {
    event.respondWith(game(request));
  } else if (request.mode === "navigate" && !PASS_THROUGH.test(url.pathname)) {
    event.respondWith(page(event));
  }
});
