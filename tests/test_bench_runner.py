"""``make bench`` (``benchmarks/run.py``) runs every benchmark to its end, even when one
exits as a script does (``bench_heavy.py`` exits with whether its goal was met)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import run  # noqa: E402  (a script of benchmarks/, not a package)


def test_a_benchmark_that_exits_does_not_end_the_others(tmp_path, monkeypatch, capsys):
    exits = "import sys\nprint('{0} ran')\nif __name__ == '__main__':\n    sys.exit({1})\n"
    (tmp_path / "bench_a.py").write_text(exits.format("a", 0))
    (tmp_path / "bench_b.py").write_text(exits.format("b", 1))
    (tmp_path / "bench_c.py").write_text("print('c ran')\n")
    (tmp_path / "helper.py").write_text("print('helper ran')\n")
    monkeypatch.setattr(run, "HERE", tmp_path)
    assert run.main() == 1
    out = capsys.readouterr().out
    assert [line for line in out.splitlines() if line.endswith(" ran")] == [
        "a ran", "b ran", "c ran"]
    assert "missed their goal: bench_b.py" in out
    (tmp_path / "bench_b.py").unlink()
    assert run.main() == 0
