"""Run every benchmark in this folder (``make bench``) and print the measured ratios."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Every benchmark, each to its end: one that exits (``bench_heavy.py`` says whether its
    goal was met by its exit code) does not end the others. Answers 1 if any missed."""
    sys.path.insert(0, str(HERE.parent))
    missed = []
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}")
        try:
            runpy.run_path(str(script), run_name="__main__")
        except SystemExit as end:
            if end.code:
                missed.append(script.name)
    if missed:
        print(f"missed their goal: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
