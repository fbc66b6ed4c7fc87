"""PDF speed: five prefilled tournament sheets, as a ratio to a one-line WeasyPrint document.

Measured twice: one hand per page (the API's default) and two hands per page
(``per_page: 2``, three pages for five hands), which must not cost more per hand.

Both are rendered in this process, after a warm-up, so the ratio cancels out the machine
and WeasyPrint's fixed cost per document (fonts, user-agent stylesheet). The sheets are
timed through the real endpoint, ``POST /api/v1/tournament/sheets`` (validation, template,
restricted fetcher, PDF); the time of rendering the template alone is shown for scale.

Run: ``.venv/bin/python benchmarks/bench_pdf.py``
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app

PLAYERS = ["Ann", "Bob", "Cas", "Dirk", "Eve"]
BODY = {
    "players": PLAYERS,
    "hands": {name: list(range(1 + 10 * i, 11 + 10 * i)) for i, name in enumerate(PLAYERS)},
    "lang": "de",
    "paper": "a4",
    "event": "Clubavond", "date": "2025-03-14", "table": "3",
}


def timed(action) -> float:
    """CPU seconds of this process: steadier than wall time on a machine shared with
    other work (rendering is CPU-bound and single-threaded, so the two agree otherwise)."""
    start = time.process_time()
    action()
    return time.process_time() - start


def measure(repeats: int = 21) -> dict:
    """Baseline and sheets alternate, and each pair gives one ratio: a busy machine slows
    both alike, so the median ratio stays steady where single timings do not."""
    from weasyprint import HTML

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        client = app.test_client()

        def five_sheets(per_page: int = 1) -> None:
            response = client.post("/api/v1/tournament/sheets",
                                   json={**BODY, "per_page": per_page})
            assert response.status_code == 200 and response.data.startswith(b"%PDF")

        def one_line() -> None:
            HTML(string="<p>6 nimmt!</p>").write_pdf()

        one_line(), five_sheets(), five_sheets(2)  # warm-up: imports, fonts, caches
        runs = [(timed(one_line), timed(five_sheets), timed(lambda: five_sheets(2)))
                for _ in range(repeats)]
    return {
        "baseline_ms": statistics.median(base for base, _, _ in runs) * 1000,
        "sheets_ms": statistics.median(one for _, one, _ in runs) * 1000,
        "ratio": statistics.median(one / base for base, one, _ in runs),
        "two_ms": statistics.median(two for _, _, two in runs) * 1000,
        "two_ratio": statistics.median(two / base for base, _, two in runs),
        "two_vs_one": statistics.median(two / one for _, one, two in runs),
    }


def main() -> None:
    result = measure()
    print(f"one-line document: {result['baseline_ms']:.1f} ms (median)")
    print(f"5-sheet PDF via POST /api/v1/tournament/sheets: {result['sheets_ms']:.1f} ms")
    print(f"ratio 5-sheet PDF / one-line document: {result['ratio']:.2f} (median of pairs)")
    print(f"5 sheets, two per page (3 pages): {result['two_ms']:.1f} ms, "
          f"ratio {result['two_ratio']:.2f}")
    print(f"two per page / one per page, same 5 hands: {result['two_vs_one']:.2f} "
          "(at most 1.00: not slower per hand)")


if __name__ == "__main__":
    main()
