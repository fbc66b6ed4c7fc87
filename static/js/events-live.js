// The live standings refresh themselves: every few seconds this page is fetched again and
// its content swapped in place, so a big screen follows the tables without a reload
// flashing. Without a connection it simply tries again next time; without this script the
// page has a plain reload link.
const root = document.getElementById("live");
const seconds = Number(root?.dataset.refresh) || 15;

async function refresh() {
  try {
    const answer = await fetch(location.href, { cache: "no-store", headers: { Accept: "text/html" } });
    if (answer.ok) {
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.getElementById("live");
      if (fresh) {
        root.replaceChildren(...fresh.childNodes);
        root.dataset.refreshed = String(Date.now());
      }
    }
  } catch {
    // The network is away for a moment; the next refresh tries again.
  }
  setTimeout(refresh, seconds * 1000);
}

if (root) setTimeout(refresh, seconds * 1000);
