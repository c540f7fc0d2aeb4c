"""The examples in the module docstrings run as written."""

import doctest
from types import ModuleType

import pytest

from regalia.games.regicide import notation, position, record, validity


@pytest.mark.parametrize("module", [position, notation, record, validity])
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0
