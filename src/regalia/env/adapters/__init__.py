"""The adapter of each game, by game name; each loads lazily, with its game."""

from __future__ import annotations

import importlib

from regalia.core.errors import BadNotation
from regalia.env.adapter import Adapter

ADAPTERS = {
    "regulator": "regalia.env.adapters.regulator:RegulatorAdapter",
    "regicide": "regalia.env.adapters.regicide:RegicideAdapter",
    "regicida": "regalia.env.adapters.regicida:RegicidaAdapter",
}


def make_adapter(name: str, players: int | None = None, **options: object) -> Adapter:
    key = name.strip().lower()
    if key not in ADAPTERS:
        raise BadNotation(f"unknown game {name!r}; choose one of {', '.join(ADAPTERS)}")
    module, _, cls = ADAPTERS[key].partition(":")
    adapter: Adapter = getattr(importlib.import_module(module), cls)(players, **options)
    return adapter
