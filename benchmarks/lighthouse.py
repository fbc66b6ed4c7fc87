"""Lighthouse scores of the main pages against a real server (``make lighthouse``).

Starts ``python -m scorekeeper`` (as ``make run`` does) with a temporary database, starts a
game through the API so a score sheet exists, and runs Lighthouse 12 (installed by
``make lighthouse`` into ``.lighthouse/``, not committed) with Debian's Chromium on ``/``,
``/check``, ``/rules``, that score sheet and ``/tournament``, as a phone on a throttled
network (Lighthouse's default). Prints the four scores of each page and every audit that
cost points; exits 1 when a page misses the goal: 100 in accessibility, best practices
and SEO, at least 98 in performance. ``LIGHTHOUSE_REPORTS=folder`` keeps the JSON reports.
The performance score depends on the machine: run it on a quiet one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from soak import ROOT, Phone, Server, Stats

LIGHTHOUSE = ROOT / ".lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
GOALS = {"performance": 98, "accessibility": 100, "best-practices": 100, "seo": 100}
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --no-first-run"


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


def main() -> int:
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run `make lighthouse`", file=sys.stderr)
        return 2
    failed = False
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        server = Server(Path(tmp) / "lighthouse.sqlite")
        server.start()
        try:
            phone = Phone(server.url, Stats())
            phone.sign_in()
            _, game, _ = phone.until_answered("POST", "/api/v1/games",
                                              {"players": ["Ann", "Bob", "Cas"]})
            phone.until_answered("POST", f"/api/v1/games/{game['id']}/deals",
                                 {"number": 1, "bullheads": {"Ann": 5, "Bob": 3, "Cas": 6}})
            pages = ["/", "/check", "/rules", f"/games/{game['id']}", "/tournament"]
            print(f"{'page':<34}" + "".join(f"{c:>16}" for c in CATEGORIES))
            keep = Path(os.environ.get("LIGHTHOUSE_REPORTS", tmp))  # where reports stay
            keep.mkdir(parents=True, exist_ok=True)
            for number, path in enumerate(pages):
                result = audit(server.url + path, keep / f"report-{number}.json")
                scores = {c: round(result["categories"][c]["score"] * 100) for c in CATEGORIES}
                print(f"{path:<34}" + "".join(f"{scores[c]:>16}" for c in CATEGORIES))
                for line in lost_points(result):
                    print(line)
                failed |= any(scores[c] < goal for c, goal in GOALS.items())
        finally:
            server.stop()
    print("goal missed" if failed else "every page meets the goal")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
