"""Four clients asking for PDFs for 20 s leave the rest of the site answering: ``/healthz``
p95 at most 100 ms (``benchmarks/bench_heavy.py``, the worker's run, on a smaller series;
the benchmark's own run prints the figures with the largest). On a machine so busy with
other work that ``/healthz`` alone has a p95 over 50 ms, the goal is twice that
(``bench_heavy.goal``, tested below)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_heavy  # noqa: E402  (a script of benchmarks/, not a package)

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench_heavy.py"


def test_four_clients_on_pdfs_for_twenty_seconds_leave_healthz_under_100_ms():
    run = subprocess.run([sys.executable, str(BENCH), "--evenings", "5", "--seconds", "20",
                          "--runs", "worker"], capture_output=True, text=True, timeout=600)
    out = run.stdout
    assert re.search(r"PDFs: \d+ x 200", out), out + run.stderr  # PDFs were made meanwhile
    assert re.search(r"goal: /healthz p95 under load <= 100 ms with the worker: met", out), out
    assert run.returncode == 0, out + run.stderr


def run(alone: float, loaded: float) -> dict:
    return {"alone": {"p95": alone}, "loaded": {"p95": loaded}}


def test_the_goal_is_100_ms_and_twice_the_machines_own_only_on_a_busy_machine():
    assert bench_heavy.goal(run(10, 99))[0] and not bench_heavy.goal(run(10, 101))[0]
    assert not bench_heavy.goal(run(49, 101))[0]  # a calm machine: 100 ms
    assert bench_heavy.goal(run(96, 190))[0] and not bench_heavy.goal(run(96, 193))[0]
    assert not bench_heavy.goal(run(51, 74355))[0]  # PDFs in the serving threads
