"""The interpreted path beside the compiled one: the same code run as Python source.

`run_interpreted(call)` runs `call` (a "module:function" of the tests and its arguments) in a
fresh interpreter with REGALIA_PURE_PYTHON=1 and returns what it returned (as JSON), so a
test can compare it with the same call made here, on the compiled path.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from regalia import native

ROOT = Path(__file__).resolve().parents[2]


def compiled_here() -> bool:
    """Whether this process runs every engine module compiled."""
    return all(native.status().values())


needs_compiled = pytest.mark.skipif(
    not compiled_here(),
    reason="the engines run interpreted here (no extensions built, or REGALIA_PURE_PYTHON=1)",
)


def run_interpreted(ref: str, *args: Any, timeout: float = 600) -> Any:
    """`ref(*args)` computed on the interpreted path, in a subprocess; JSON-round-tripped."""
    module, _, name = ref.partition(":")
    code = (
        "import json, sys\n"
        "from regalia import native\n"
        "assert not any(native.status().values()), native.path()\n"
        f"from {module} import {name} as call\n"
        "args = json.loads(sys.argv[1])\n"
        "print(json.dumps(call(*args)))\n"
    )
    env = dict(os.environ, REGALIA_PURE_PYTHON="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(args)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def same_here(ref: str, *args: Any) -> Any:
    """`ref(*args)` computed in this process, JSON-round-tripped like `run_interpreted`."""
    module, _, name = ref.partition(":")
    call = getattr(__import__(module, fromlist=[name]), name)
    return json.loads(json.dumps(call(*args)))
