"""Regalia: play, referee, study and research three games of kings."""

__version__ = "0.1.0"

# Before any engine module loads: REGALIA_PURE_PYTHON=1 must see every one of them (native.py).
from regalia import native as _native  # noqa: F401
