"""Table slips of a club event: fifty tables' slips as one PDF, as a ratio to a one-line
WeasyPrint document; and the same slips followed by a paper score sheet for each table
(what the director's page prints by default), as a ratio to the slips alone.

Each slip carries its table's game link as a QR code (segno, a PNG ``data:`` URL) and as
text, six slips to an A4 page (nine pages); the score sheets go two to a page (25 more
pages of 12 deal lines). All are rendered in this process after a warm-up, alternating,
and timed in CPU seconds, so the ratios cancel out the machine.

Run: ``.venv/bin/python benchmarks/bench_slips.py``
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.events.paper import SHEET_DEALS, Slip, slips_pdf

TABLES = 50


def timed(action) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def main(repeats: int = 5) -> None:
    from weasyprint import HTML

    slips = [Slip(n, tuple(f"Speler {n}{seat}" for seat in "abcd"),
                  f"http://127.0.0.1:5000/games/{n:020x}") for n in range(1, TABLES + 1)]
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                          "DATABASE": str(Path(folder) / "bench.sqlite")})
        with app.test_request_context():
            def fifty() -> None:
                slips_pdf("Clubavond", 3, slips, "nl", "a4")

            def with_sheets() -> None:
                slips_pdf("Clubavond", 3, slips, "nl", "a4", deals=SHEET_DEALS)

            def one_line() -> None:
                HTML(string="<p>6 nimmt!</p>").write_pdf()

            one_line(), slips_pdf("Clubavond", 3, slips[:2], "nl", "a4", deals=12)  # warm-up
            runs = [(timed(one_line), timed(fifty), timed(with_sheets))
                    for _ in range(repeats)]
    ratios = sorted(slips_time / line for line, slips_time, _ in runs)
    print(f"{TABLES} table slips: median {statistics.median(s for _, s, _ in runs) * 1000:.0f}"
          f" ms, one-line document {statistics.median(o for o, _, _ in runs) * 1000:.1f} ms;"
          f" ratio median {statistics.median(ratios):.0f}x (range {ratios[0]:.0f}-"
          f"{ratios[-1]:.0f}x, {repeats} pairs)")
    sheets = sorted(both / alone for _, alone, both in runs)
    print(f"{TABLES} table slips with their paper score sheets: median "
          f"{statistics.median(b for _, _, b in runs) * 1000:.0f} ms; ratio to the slips "
          f"alone median {statistics.median(sheets):.1f}x (range {sheets[0]:.1f}-"
          f"{sheets[-1]:.1f}x)")


if __name__ == "__main__":
    main()
