"""Which path the engines run on is what `regalia --version` and `regalia doctor` say."""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia import native
from regalia.cli import build


def test_a_module_runs_compiled_exactly_when_its_extension_is_built_and_not_refused() -> None:
    for name, compiled in native.status().items():
        folder = Path(native.__file__).parent.parent.joinpath(*name.split(".")[:-1])
        leaf = name.rpartition(".")[2]
        built = any(
            (folder / (leaf + suffix)).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES
        )
        assert compiled == (built and not native.pure_requested()), name


def test_version_and_doctor_name_the_path() -> None:
    result = CliRunner().invoke(build(), ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("regalia ") and native.path() in result.output
    result = CliRunner().invoke(build(), ["doctor"])
    assert result.exit_code == 0
    for name in native.COMPILED:
        assert name in result.output


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_the_variable_asks_for_the_interpreted_path(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(native.PURE_VARIABLE, value)
    assert native.pure_requested()
    monkeypatch.setenv(native.PURE_VARIABLE, "0")
    assert not native.pure_requested()


def test_the_source_finder_reads_engine_modules_from_their_sources() -> None:
    name = native.COMPILED[0]
    package = importlib.import_module(name.rpartition(".")[0])
    spec = native.SourceFinder().find_spec(name, package.__path__)
    assert spec is not None and spec.origin is not None and spec.origin.endswith(".py")
    assert native.SourceFinder().find_spec("regalia.core.game", package.__path__) is None
