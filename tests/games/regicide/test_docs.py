"""The examples in the module docstrings run as written."""

import doctest
from types import ModuleType

import pytest

from regalia.games.regicide import notation, position, record


@pytest.mark.parametrize("module", [position, notation, record])
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0
