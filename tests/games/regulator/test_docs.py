"""The examples in the module docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from regalia.games.regulator import fen, notation, position, record, validity


@pytest.mark.parametrize("module", [position, fen, notation, record, validity])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0
