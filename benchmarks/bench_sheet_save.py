"""From the tap on Save to the updated score sheet, in headless Chromium (goal: 50 ms).

The sheet keeps the game on the phone: a save is written to IndexedDB and the sheet drawn
again from the game's log before anything goes to the server. This measures that path as
a player feels it: ``performance.now()`` just before the click on "Save deal n" and again
when the sheet's totals row shows the new totals (a MutationObserver on the page's game;
the sheet is drawn in one go). A game of four players is started on the server ``make run``
starts (waitress, ``python -m scorekeeper``), its sheet opened, and ``--saves`` deals are
saved one after the other; the sync sends each to the server in the background.

Run: ``.venv/bin/python benchmarks/bench_sheet_save.py`` (about half a minute).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PLAYERS = ["Ann", "Bob", "Cas", "Dirk"]
DEAL = (6, 6, 6, 6)  # 24: the fewest four players hand out

#: Type the deal, then click Save and wait for the totals row to change: milliseconds.
SAVE = """async ([number, values]) => {
  values.forEach((value, seat) => {
    const field = document.getElementById(`bh-${seat}`);
    field.value = String(value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
  const button = document.getElementById("save-deal");
  if (!button.textContent.includes(String(number))) throw new Error(button.textContent);
  const before = document.querySelector("#sheet tfoot")?.textContent ?? "";
  const game = document.getElementById("game"); // the sheet's section is drawn anew
  return new Promise((resolve) => {
    let start = 0;
    const seen = new MutationObserver(() => {
      const now = document.querySelector("#sheet tfoot")?.textContent ?? "";
      if (now !== before) { seen.disconnect(); resolve(performance.now() - start); }
    });
    seen.observe(game, { childList: true, subtree: true, characterData: true });
    start = performance.now();
    button.click();
  });
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(database: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT, env={**os.environ, "SCOREKEEPER_DATABASE": str(database),
                       "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer /healthz")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_server(Path(tmp) / "bench.sqlite")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
                page = browser.new_page(viewport={"width": 360, "height": 740})
                page.goto(base + "/?lang=en")
                token = page.request.get(base + "/pwa/csrf-token").json()["csrf_token"]
                game = page.request.post(base + "/api/v1/games", headers={
                    "X-CSRFToken": token}, data={"players": PLAYERS, "threshold": 1000})
                game_id = game.json()["id"]
                page.goto(f"{base}/games/{game_id}?lang=en")
                page.locator("#sync-state").filter(has_text="All saved.").wait_for()
                times = []
                for number in range(1, args.saves + 1):
                    times.append(page.evaluate(SAVE, [number, list(DEAL)]))
                    page.wait_for_timeout(150)  # a player's pause; the sync sends it
                page.locator("#sync-state").filter(has_text="All saved.").wait_for()
                kept = page.request.get(f"{base}/api/v1/games/{game_id}").json()
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    assert len(kept["deals"]) == args.saves, kept["deals"]
    print(json.dumps({"saves": len(times), "median_ms": round(percentile(times, 0.5), 1),
                      "p95_ms": round(percentile(times, 0.95), 1),
                      "max_ms": round(max(times), 1), "goal_ms": 50,
                      "on_the_server": len(kept["deals"])}))


if __name__ == "__main__":
    main()
