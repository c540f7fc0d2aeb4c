"""The analysis API with the Regulator Chess endgame tables built in the data directory:
the exact verdict beside the engine's (issue 31), and nothing where the tables say nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.ai.regulator import tablebase
from tests.server.conftest import make_client

# A lone knight wins by driving the king into a stalemate or a mate (R10): 43 plies.
KNIGHT_WINS = "5/5/5/2k2/5/5/N1K2 w 1 0 1"
# White in check takes the undefended rook: bare kings, a draw.
ROOK_HANGS = "4k/5/5/5/5/5/1rK2 w 1 0 1"


def test_the_analysis_board_gives_the_tables_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tablebase.save(tablebase.build(), tablebase.directory(tmp_path))
    # The server's workers read the tables where `regalia serve` points them.
    monkeypatch.setenv("REGALIA_TABLEBASES", str(tablebase.directory(tmp_path)))
    with make_client(tmp_path) as client:

        def post(position: str) -> dict[str, object]:
            body = {"game": "regulator", "position": position, "seconds": 0.05}
            response = client.post("/api/analysis", json=body)
            assert response.status_code == 200, response.text
            answer: dict[str, object] = response.json()
            return answer

        won = post(KNIGHT_WINS)
        assert won["endgame"] == {"result": "win", "moves": 22, "plies": 43, "clock": False}
        assert won["evaluation"] == {"cp": None, "mate": 22}  # the search reads them too
        lost = post(KNIGHT_WINS.replace(" w ", " b "))["endgame"]
        assert isinstance(lost, dict) and lost["result"] == "loss"
        drawn = post(ROOK_HANGS)["endgame"]
        assert drawn == {"result": "draw", "moves": None, "plies": None, "clock": False}
        assert post("2k2/5/5/3b1/5/2N2/2K2 w 1 0 1")["endgame"] is None  # four men
