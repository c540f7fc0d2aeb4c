"""The examples in the module docstrings run as written."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from regalia.games.regulator import fen, notation, position, record


@pytest.mark.parametrize("module", [position, fen, notation, record])
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0
