"""A policy for `regalia bot --policy tests.server.bot_policy:first_legal`: it is handed the
PettingZoo env's observation and answers the first legal action's number."""

from __future__ import annotations

from typing import Any

import numpy as np


def first_legal(observation: dict[str, Any]) -> int:
    assert observation["observation"].dtype == np.float32
    return int(np.flatnonzero(observation["action_mask"])[0])
