"""Table slips of a club event: fifty tables' slips as one PDF, as a ratio to a one-line
WeasyPrint document.

Each slip carries its table's game link as a QR code (segno, a PNG ``data:`` URL) and as
text, six slips to an A4 page (nine pages). Both are rendered in this process after a
warm-up, alternating, and timed in CPU seconds, so the ratio cancels out the machine.

Run: ``.venv/bin/python benchmarks/bench_slips.py``
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.events.paper import Slip, slips_pdf

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

            def one_line() -> None:
                HTML(string="<p>6 nimmt!</p>").write_pdf()

            one_line(), slips_pdf("Clubavond", 3, slips[:2], "nl", "a4")  # warm-up
            runs = [(timed(one_line), timed(fifty)) for _ in range(repeats)]
    ratios = sorted(slips_time / line for line, slips_time in runs)
    print(f"{TABLES} table slips: median {statistics.median(s for _, s in runs) * 1000:.0f} ms,"
          f" one-line document {statistics.median(o for o, _ in runs) * 1000:.1f} ms;"
          f" ratio median {statistics.median(ratios):.0f}x (range {ratios[0]:.0f}-"
          f"{ratios[-1]:.0f}x, {repeats} pairs)")


if __name__ == "__main__":
    main()
