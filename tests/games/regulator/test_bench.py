"""bench/perft.py runs, states its method, compares with python-chess and the interpreted path,
and skips missing games."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "bench" / "perft.py"


def test_bench_prints_method_speeds_ratio_and_skips() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--nodes",
            "500",
            "--repeat",
            "1",
            "--games",
            "regulator,nosuch",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("this process: ")  # which path: compiled or interpreted
    assert lines[1].startswith("method: perft with push/pop over legal moves")
    regulator = next(line for line in lines if line.startswith("regulator (start)"))
    # 710 leaves at depth 3 is the first count reaching 500 (8, 64, 710).
    assert "depth 3, 710 leaves" in regulator and "ratio" in regulator
    assert "interpreted (depth 2)" in regulator  # the same perft on the other path
    assert any(line.startswith("nosuch: skipped") for line in lines)
