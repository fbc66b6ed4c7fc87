// The live standings for a big screen. Every few seconds the page is fetched again and its
// content swapped in place, so the screen follows the tables without a reload flashing,
// and "Updated" says when it last succeeded. On a big screen each list marked
// [data-pager] (the seating, the standings) shows as many of its [data-item]s as fit and
// turns the page every few seconds, so every player appears within one cycle; a phone
// simply scrolls. Without a connection it tries again next time; without this script
// the page has a plain reload link and shows every row.
const root = document.getElementById("live");
const refreshSeconds = Number(root?.dataset.refresh) || 15;
const pageSeconds = Number(root?.dataset.page) || 10;
const big = window.matchMedia("(min-width: 60rem) and (min-height: 30rem)");
// The page's language, not the browser's: "21:57:34" on a Dutch, German or English page
// (a club's big screen in Europe: no AM/PM).
const clock = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
  { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
let turn = 0; // how many times the pages have turned; each list shows turn % its pages

function pagesOf(box) {
  // Cut the items into pages that fit the box's height, measured with all items shown;
  // what stands above the first item (a table's head) stays on every page.
  const items = [...box.querySelectorAll("[data-item]")];
  items.forEach((item) => { item.hidden = false; });
  if (!big.matches || !items.length) return [items];
  const boxTop = box.getBoundingClientRect().top;
  const head = items[0].getBoundingClientRect().top - boxTop;
  const room = box.clientHeight - head;
  const pages = [];
  let page = [];
  let pageTop = head;
  for (const item of items) {
    const edges = item.getBoundingClientRect();
    if (page.length && edges.bottom - boxTop - pageTop > room) {
      pages.push(page);
      page = [];
      pageTop = edges.top - boxTop;
    }
    page.push(item);
  }
  pages.push(page);
  return pages;
}

function show() {
  let most = 1, shown = 1;
  for (const box of root.querySelectorAll("[data-pager]")) {
    const pages = pagesOf(box);
    const current = turn % pages.length;
    pages.forEach((page, index) => page.forEach((item) => { item.hidden = index !== current; }));
    if (pages.length > most) { most = pages.length; shown = current + 1; }
  }
  const words = root.dataset.pageWords || "";
  const label = document.getElementById("live-page");
  if (label) label.textContent = most > 1 ? words.replace("{page}", shown).replace("{pages}", most) : "";
}

function stamp() {
  const time = document.getElementById("live-updated");
  const moment = new Date(time?.getAttribute("datetime"));
  if (time && !Number.isNaN(moment.getTime())) time.textContent = clock.format(moment);
}

async function refresh() {
  try {
    const answer = await fetch(location.href, { cache: "no-store", headers: { Accept: "text/html" } });
    if (answer.ok) {
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.getElementById("live");
      if (fresh) {
        root.replaceChildren(...fresh.childNodes);
        root.dataset.refreshed = String(Date.now());
        stamp();
        show();
      }
    }
  } catch {
    // The network is away for a moment: "Updated" keeps its time; the next refresh tries again.
  }
  setTimeout(refresh, refreshSeconds * 1000);
}

if (root) {
  stamp();
  show();
  setInterval(() => { turn += 1; show(); }, pageSeconds * 1000);
  big.addEventListener("change", show);
  window.addEventListener("resize", show);
  setTimeout(refresh, refreshSeconds * 1000);
}
