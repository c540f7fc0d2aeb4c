"""Which path the engines run on: compiled extensions, or the same modules interpreted.

The modules in `COMPILED` are ordinary Python files. When Regalia is installed on a machine
with a C compiler, Cython also compiles each of them (pure Python mode: the C types are
declared in the `.pxd` file beside each `.py`) into an extension module that sits beside its
source. Python imports an extension in preference to the `.py` of the same name, so that is
the path in use by default; the sources stay the one definition of the rules and the search.

`REGALIA_PURE_PYTHON=1` forces the interpreted path: `regalia/__init__.py` imports this
module before any engine module loads, and it puts an import hook first in `sys.meta_path`
that reads every module of `COMPILED` from its `.py`. All of them go one way: a compiled
module reaches into the C fields of another compiled one.

`regalia --version` and `regalia doctor` report `path()` and `status()`.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

# Dependencies first: Cython's cross-module declarations (cimport) import them in this order.
COMPILED = (
    "regalia.games.regulator.position",
    "regalia.games.regulator.perft",
    "regalia.games.regicide.position",
    "regalia.games.regicide.perft",
    "regalia.games.regicida.rules",
    "regalia.ai.search.table",
    "regalia.ai.search.native",
    "regalia.ai.search.core",
    "regalia.ai.regulator.evaluation",
    "regalia.ai.regulator.domain",
    "regalia.ai.regulator.retrograde",
    "regalia.ai.regicide.evaluation",
    "regalia.ai.regicide.domain",
    "regalia.env.kernel",
    "regalia.env.adapters.regulator_planes",
    "regalia.env.adapters.regulator_vector",
    "regalia.env.adapters.regicide_vector",
    "regalia.env.adapters.regicida_vector",
)

PURE_VARIABLE = "REGALIA_PURE_PYTHON"


def pure_requested() -> bool:
    """Whether the environment asks for the interpreted path."""
    return os.environ.get(PURE_VARIABLE, "").strip().lower() not in ("", "0", "false", "no")


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds each module of `COMPILED` as its `.py` source, never as an extension."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for entry in path if path is not None else sys.path:
            candidate = os.path.join(entry, leaf)
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


def install() -> None:
    """Put the source finder first when the interpreted path is asked for (idempotent)."""
    if pure_requested() and not any(isinstance(f, SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceFinder())


def c_only(*args: object) -> Any:
    """What the interpreted path binds to the names of C functions (`free`, `memcpy` …) that a
    module of `COMPILED` calls only under `if cython.compiled:`, so that its source reads
    whole to Python, ruff and mypy; never called."""
    raise NotImplementedError("a C function of a compiled module")


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was loaded from an extension (a compiled file) rather than source."""
    origin = getattr(module, "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def status() -> dict[str, bool]:
    """Each module of `COMPILED` (imported if need be): True when it runs compiled."""
    return {name: is_compiled(importlib.import_module(name)) for name in COMPILED}


def path() -> str:
    """One line: which path the engines run on, and why."""
    found = status()
    compiled = sum(found.values())
    if compiled == len(found):
        return f"compiled ({compiled} Cython extension modules)"
    if pure_requested():
        return f"interpreted ({PURE_VARIABLE}=1)"
    if compiled == 0:
        return "interpreted (no compiled extensions: built without a C compiler or Cython)"
    return f"mixed: {compiled} of {len(found)} modules compiled (reinstall to rebuild them)"


install()
