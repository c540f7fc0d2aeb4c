"""Regulator Chess's ladder levels below the full search: its own `strong` search, shallow and
read with a noisy eye (regalia.ai.ladder.CHESS_LEVELS); the game's descriptor names them."""

from __future__ import annotations

from regalia.ai.ladder import chess_levels
from regalia.ai.regulator.agent import StrongAgent

level1, level2, level3, level4 = chess_levels(StrongAgent)
