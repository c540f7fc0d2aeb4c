"""Compiles Regalia's engines; everything else about the package is in pyproject.toml.

Cython compiles each module of `regalia.native.COMPILED` from its `.py` (pure Python mode:
the C types are in the `.pxd` beside it) into a C extension that sits beside the source and
is imported in its place. `pip install -e .` builds them in place, as `build_ext --inplace`.

Compiling is optional: without Cython or a working C compiler the package installs anyway
and runs the same modules interpreted, after one notice line. It is all or nothing: one
module that fails to compile removes the others (compiled modules reach into each other's C
fields, so a mix would not run).
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
COMPILED: tuple[str, ...] = runpy.run_path(str(HERE / "src" / "regalia" / "native.py"))["COMPILED"]

# Python semantics throughout: floor division and modulo keep Python's rounding (cdivision
# off), Python sequences keep their index checks. The hot code indexes C arrays, which have
# no checks anyway.
DIRECTIVES = {
    "language_level": 3,
    "cdivision": False,
    "annotation_typing": False,
    "embedsignature": True,
}


def notice(text: str) -> None:
    print(f"regalia: {text}", file=sys.stderr)


def remove_in_place() -> None:
    """Delete extensions built in place earlier: they would no longer match the sources."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for name in COMPILED:
        built = HERE.joinpath("src", *name.split(".")).with_name(name.split(".")[-1] + suffix)
        built.unlink(missing_ok=True)


def extensions() -> list[Extension]:
    modules = [
        Extension(name, [str(Path("src", *name.split(".")).with_suffix(".py"))])
        for name in COMPILED
    ]
    try:
        from Cython.Build import cythonize
    except ImportError:
        notice("Cython is not installed: the engines will run interpreted (slower)")
        remove_in_place()
        return []
    try:
        return list(
            cythonize(
                modules,
                compiler_directives=DIRECTIVES,
                quiet=True,
                build_dir="build/cython",
                nthreads=os.cpu_count() or 1,
            )
        )
    except Exception as exc:  # a Cython error: install anyway, interpreted
        notice(f"Cython could not translate the engines ({exc}): they will run interpreted")
        remove_in_place()
        return []


class OptionalBuildExt(build_ext):
    """Builds every extension or none, and never fails the installation."""

    def finalize_options(self) -> None:
        super().finalize_options()
        # A compiler per core (pip's install asks for no --parallel): eighteen modules one
        # after another were most of a fresh install's time.
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            remove_in_place()
            reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            reason = reason if len(reason) <= 80 else reason[:77] + "..."
            notice(f"the engines could not be compiled ({reason}): they will run interpreted")


if os.environ.get("REGALIA_NO_COMPILE") == "1":  # build nothing, as without a compiler
    remove_in_place()
setup(
    ext_modules=[] if os.environ.get("REGALIA_NO_COMPILE") == "1" else extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
)
