"""Lighthouse scores of the pages against a real server (``make lighthouse``): a check.

Starts the app (as ``make run`` does) with a temporary database, makes through the API a
score sheet, a club event with its first round seated, a series holding that event and a
championship season with a qualifier, exports the static rules site (``make site``) into a
temporary folder and serves it as a static host does (gzip for text), and runs
Lighthouse 12 (installed by ``make lighthouse`` into ``.lighthouse/``, not committed) with
Debian's Chromium as a phone on a throttled network (Lighthouse's default: simulated
throttling) on every page of :func:`made_pages`: ``/``, ``/check``, ``/rules``,
``/nl/rules/``, ``/de/rules/``, the sheet (in en, nl and de), ``/tournament``, the
series, the event and its live page, the season, pages in Dutch and German, and the
static site's rules in the three languages.

Each page is asked for once (:func:`warm`), then measured ``LIGHTHOUSE_RUNS`` times (3
unless set); the table shows the median of each score and of the first contentful paint,
the largest contentful paint, the cumulative layout shift and the total blocking time,
and the audits that cost points in the median run. Exits 1 when a median misses
:data:`GOALS`, :data:`MOST_FCP` or :data:`MOST_CLS`. ``LIGHTHOUSE_PAGES=/check,sheet``
measures only the pages so named, a path by its whole name and a word wherever it is in
a name (``sheet``: the sheet in every language); ``LIGHTHOUSE_REPORTS=folder`` keeps the
JSON reports. The performance score depends on the machine: simulated throttling
multiplies the CPU time Chromium observed, so a loaded machine scores lower; the load
average is printed before and after.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

from soak import ROOT, Phone, Server, Stats

LIGHTHOUSE = ROOT / ".lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
GOALS = {"performance": 100, "accessibility": 100, "best-practices": 100, "seo": 100}
MOST_FCP = 900.0
"""Milliseconds to the first contentful paint on Lighthouse's throttled phone."""
MOST_CLS = 0.01
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"
PLAYERS = ["Ann", "Bob", "Cas", "Dirk", "Eva", "Fay", "Gijs", "Hanna"]


def audit(url: str, report: Path) -> dict:
    """Lighthouse's JSON report of ``url``."""
    chrome = shutil.which("chromium") or "/usr/bin/chromium"
    subprocess.run(
        [str(LIGHTHOUSE), url, f"--chrome-flags={CHROME_FLAGS}",
         f"--only-categories={','.join(CATEGORIES)}", "--output=json",
         f"--output-path={report}", "--quiet"],
        check=True, env={**os.environ, "CHROME_PATH": chrome}, timeout=300)
    return json.loads(report.read_text())


def lost_points(result: dict) -> list[str]:
    """The audits of the four categories that did not score full marks."""
    lines = []
    for category in CATEGORIES:
        for ref in result["categories"][category]["auditRefs"]:
            found = result["audits"][ref["id"]]
            if ref["weight"] and found["score"] is not None and found["score"] < 1:
                shown = found.get("displayValue", "")
                lines.append(f"    {category}: {found['id']} ({found['score']:.2f}) "
                             f"{found['title']} {shown}".rstrip())
    return lines


METRICS = {"fcp": "first-contentful-paint", "lcp": "largest-contentful-paint",
           "cls": "cumulative-layout-shift", "tbt": "total-blocking-time"}


def figures(result: dict) -> dict[str, float]:
    """The four scores (0–100), the paints and blocking time (ms) and the layout shift."""
    found = {c: round(result["categories"][c]["score"] * 100) for c in CATEGORIES}
    for key, audit_id in METRICS.items():
        found[key] = result["audits"][audit_id]["numericValue"]
    return found


def warm(url: str) -> None:
    """Ask for a page once before Lighthouse does, as a club's server has been asked before
    a phone comes: a started server's first answer of a page also compiles its templates
    (165 ms for /check here, against 15 ms after), and Lighthouse adds the time its document
    waited for the server to every paint it simulates, so the first of a page's runs was
    measured on a colder server than the others."""
    with urllib.request.urlopen(urllib.request.Request(
            url, headers={"Accept-Encoding": "gzip"}), timeout=30) as answer:
        answer.read()


def load() -> str:
    return "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())


def made_pages(phone: Phone) -> dict[str, str]:
    """A sheet, an event with round 1 seated, a series holding it and a season with a
    qualifier, through the API; answers each page's name and path."""
    _, game, _ = phone.until_answered("POST", "/api/v1/games",
                                      {"players": ["Ann", "Bob", "Cas"]})
    phone.until_answered("POST", f"/api/v1/games/{game['id']}/deals",
                         {"number": 1, "bullheads": {"Ann": 5, "Bob": 3, "Cas": 6}})
    _, series, _ = phone.until_answered("POST", "/api/v1/series", {"name": "Clubcompetitie"})
    status, event = phone.call("POST", "/api/v1/events", {
        "name": "Clubavond", "players": PLAYERS, "rounds": 2, "seed": 7,
        "series": series["id"]}, keys={"X-Series-Key": series["director_key"]})
    assert status == 201, event
    status, seated = phone.call("POST", f"/api/v1/events/{event['id']}/rounds",
                                keys={"X-Director-Key": event["director_key"]})
    assert status == 201, seated
    sheet = f"/games/{game['id']}"
    return {"/": "/", "/check": "/check", "/rules": "/rules", "/nl/rules/": "/nl/rules/",
            "/de/rules/": "/de/rules/", "sheet": sheet, "sheet nl": f"{sheet}?lang=nl",
            "sheet de": f"{sheet}?lang=de", "/tournament": "/tournament",
            "series": f"/series/{series['id']}", "event": f"/events/{event['id']}",
            "event live": f"/events/{event['id']}/live", "season": made_season(phone),
            # /nl/ answers with a redirect to this, which Lighthouse warns of and times
            "/ nl": "/?lang=nl", "/check de": "/check?lang=de",
            "event de": f"/events/{event['id']}?lang=de"}


def made_season(phone: Phone) -> str:
    """A season with a venue and a qualifier of 8 players seated there; answers its path."""
    status, season = phone.call("POST", "/api/v1/seasons",
                                {"name": "Kampioenschap", "qualify": {"per_event": 3}})
    assert status == 201, season
    status, venue = phone.call("POST", f"/api/v1/seasons/{season['id']}/venues",
                               {"name": "De Kroeg"},
                               keys={"X-Organiser-Key": season["organiser_key"]})
    assert status == 201, venue
    status, event = phone.call("POST", "/api/v1/events", {
        "name": "Voorronde", "players": PLAYERS, "rounds": 2, "seed": 7,
        "season": season["id"], "venue": venue["id"], "kind": "qualifier"},
        keys={"X-Venue-Key": venue["venue_key"]})
    assert status == 201, event
    status, seated = phone.call("POST", f"/api/v1/events/{event['id']}/rounds",
                                keys={"X-Director-Key": event["director_key"]})
    assert status == 201, seated
    return f"/seasons/{season['id']}"


class StaticHost(http.server.SimpleHTTPRequestHandler):
    """A folder served as a static host serves it: text gzipped for a browser that takes
    it (every host the site would be put on does; Python's own server does not)."""

    TEXT = (".html", ".css", ".js", ".json", ".svg", ".webmanifest")

    def send_head(self):  # type: ignore[no-untyped-def]
        path = Path(self.translate_path(self.path))
        if (not path.is_file() or not path.name.endswith(self.TEXT)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


class Site:
    """``make site``'s static rules, exported into ``folder`` and served on 127.0.0.1."""

    def __init__(self, folder: Path) -> None:
        subprocess.run([str(Path(sys.executable).parent / "flask"), "--app", "scorekeeper",
                        "freeze-rules", str(folder)], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        handler = functools.partial(StaticHost, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def measure(name: str, url: str, runs: int, keep: Path) -> bool:
    """Print the page's medians over ``runs`` runs; answers whether it meets the goals."""
    results = [audit(url, keep / f"{name.strip('/').replace('/', '-') or 'home'}-{n}.json")
               for n in range(runs)]
    each = [figures(result) for result in results]
    median = {key: statistics.median(f[key] for f in each) for key in each[0]}
    middle = sorted(range(runs), key=lambda n: each[n]["performance"])[runs // 2]
    print(f"{name:<15}{median['performance']:>5g}{median['fcp'] / 1000:>7.2f} s"
          f"{median['lcp'] / 1000:>7.2f} s{median['cls']:>7.3f}{median['tbt']:>7.0f} ms"
          + "".join(f"{median[c]:>6g}" for c in CATEGORIES[1:])
          + f"   (performance {', '.join(str(f['performance']) for f in each)})", flush=True)
    for line in lost_points(results[middle]):
        print(line)
    return (all(median[c] >= goal for c, goal in GOALS.items())
            and median["fcp"] <= MOST_FCP and median["cls"] <= MOST_CLS)


def main() -> int:
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `make lighthouse`", file=sys.stderr)
        return 2
    runs = int(os.environ.get("LIGHTHOUSE_RUNS", "3"))
    wanted = [w for w in os.environ.get("LIGHTHOUSE_PAGES", "").split(",") if w]
    failed = False
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        server = Server(Path(tmp) / "lighthouse.sqlite", Path(tmp) / "never")
        server.start()
        site = Site(Path(tmp) / "site")
        try:
            phone = Phone(server.url, Stats())
            phone.sign_in()
            urls = {name: server.url + path for name, path in made_pages(phone).items()}
            for lang in ("en", "nl", "de"):
                urls[f"site {lang} rules"] = f"{site.url}/{lang}/rules/index.html"
            urls = {n: u for n, u in urls.items() if not wanted or any(
                w == n or (not w.startswith("/") and w in n) for w in wanted)}
            for url in urls.values():
                warm(url)
            keep = Path(os.environ.get("LIGHTHOUSE_REPORTS", tmp))  # where reports stay
            keep.mkdir(parents=True, exist_ok=True)
            print(f"{runs} runs a page, medians; {load()}")
            print(f"goals: performance, accessibility, best practices, SEO 100; FCP at most "
                  f"{MOST_FCP / 1000:.1f} s; CLS at most {MOST_CLS}")
            print(f"{'page':<15}{'perf':>5}{'FCP':>9}{'LCP':>9}{'CLS':>7}{'TBT':>10}"
                  f"{'a11y':>6}{'bp':>6}{'seo':>6}")
            for name, url in urls.items():
                failed |= not measure(name, url, runs, keep)
        finally:
            site.stop()
            server.stop()
    print(load())
    print("goal missed" if failed else "every page meets the goal")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
