"""PDF speed: five prefilled tournament sheets, as a ratio to a one-line WeasyPrint document.

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
}


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(repeats: int = 21) -> dict:
    """Baseline and sheets alternate, and each pair gives one ratio: a busy machine slows
    both alike, so the median ratio stays steady where single timings do not."""
    from weasyprint import HTML

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        client = app.test_client()

        def five_sheets() -> None:
            response = client.post("/api/v1/tournament/sheets", json=BODY)
            assert response.status_code == 200 and response.data.startswith(b"%PDF")

        def one_line() -> None:
            HTML(string="<p>6 nimmt!</p>").write_pdf()

        one_line(), five_sheets()  # warm-up: imports, font discovery, caches
        pairs = [(timed(one_line), timed(five_sheets)) for _ in range(repeats)]
    return {
        "baseline_ms": statistics.median(base for base, _ in pairs) * 1000,
        "sheets_ms": statistics.median(sheets for _, sheets in pairs) * 1000,
        "ratio": statistics.median(sheets / base for base, sheets in pairs),
    }


def main() -> None:
    result = measure()
    print(f"one-line document: {result['baseline_ms']:.1f} ms (median)")
    print(f"5-sheet PDF via POST /api/v1/tournament/sheets: {result['sheets_ms']:.1f} ms")
    print(f"ratio 5-sheet PDF / one-line document: {result['ratio']:.2f} (median of pairs)")


if __name__ == "__main__":
    main()
