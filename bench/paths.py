"""The interpreted path beside the compiled one, in one benchmark run.

A benchmark measures the compiled engines in its own process and asks `interpreted()` for
the same figures from a fresh interpreter with REGALIA_PURE_PYTHON=1: the script run again
with `--json`, printing one JSON object on its last line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from regalia import native


def interpreted(script: str, *args: str) -> Any:
    """`script --json *args` run on the interpreted path; its JSON answer."""
    env = dict(os.environ, REGALIA_PURE_PYTHON="1")
    done = subprocess.run(
        [sys.executable, str(Path(script).resolve()), "--json", *args],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def header() -> str:
    """Which path this process runs, for the first line of a benchmark."""
    return f"this process: {native.path()}; the interpreted column: REGALIA_PURE_PYTHON=1"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.1f}x" if b else "-"
