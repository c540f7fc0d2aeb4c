"""The referee for physical tables: `regalia regicida rank|verdict`, through Typer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli import build

from .support import BOARD_TEXT

CENTRAL = ["--objective", "central", "--succession", "1 2 3 4 5 6"]
EXAMPLE = ["--identities", "Ana=4,Bruno=3,Caio=5,Duda=2"]
EXAMPLE_VOTES = ["--votes", "Ana=Bruno,Bruno=Caio,Caio=Ana,Duda=Caio"]


@pytest.fixture
def board(tmp_path: Path) -> str:
    path = tmp_path / "board.txt"
    path.write_text(BOARD_TEXT)
    return str(path)


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(build(), ["regicida", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_H7_rank_prints_the_coronation(board: str) -> None:
    code, out, _ = run("rank", *CENTRAL, board)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Objective: Central concentration"
    assert lines[2].split() == ["1", "5", "Na'Ghar", "5", "5"]
    assert lines[5].split() == ["4", "2", "Halvern", "3", "2"]  # after Bearth on light tokens


def test_H7_rank_json_in_rank_order(board: str) -> None:
    code, out, _ = run(
        "rank", "--objective", "borders", "--succession", "1 2 3 4 5 6", board, "--json"
    )
    assert code == 0
    ranking = json.loads(out)
    assert [r["house"] for r in ranking] == [1, 6, 2, 3, 4, 5]
    assert [(r["score"], r["light_score"]) for r in ranking[:2]] == [(6, 5), (5, 4)]


def test_H11_board_read_from_stdin() -> None:
    code, out, _ = run("rank", *CENTRAL, "-", "--json", stdin=BOARD_TEXT)
    assert code == 0 and json.loads(out)[0]["house"] == 5


def test_H10_verdict_of_the_worked_example(board: str) -> None:
    code, out, _ = run("verdict", *CENTRAL, *EXAMPLE, *EXAMPLE_VOTES, board, "--json")
    assert code == 0
    verdict = json.loads(out)
    assert verdict["regent"] == 5 and verdict["target"] == "Caio"
    assert verdict["votes_for_target"] == 2 and verdict["assassinated"] is True
    assert verdict["winners"] == ["Bruno"]
    code, out, _ = run("verdict", *CENTRAL, *EXAMPLE, *EXAMPLE_VOTES, board)
    assert "Winners: Bruno" in out and "Assassination: succeeded" in out


def test_H9_verdict_neutral_regent_everyone_loses(board: str) -> None:
    args = ["--identities", "Ana=4,Bruno=3,Caio=1", "--votes", "Ana=Neutral,Bruno=Ana,Caio=Ana"]
    # Three players: the one vote for the Neutral Player (holding House 5) is enough.
    code, out, _ = run("verdict", *CENTRAL, *args, board, "--json")
    verdict = json.loads(out)
    assert code == 0 and verdict["target"] == "Neutral" and verdict["assassinated"] is True
    assert verdict["winners"] == ["Ana"]
    args[-1] = "Ana=Bruno,Bruno=Ana,Caio=Ana"
    code, out, _ = run("verdict", *CENTRAL, *args, board, "--json")
    verdict = json.loads(out)
    assert verdict["votes_for_target"] == 0 and verdict["winners"] == []
    code, out, _ = run("verdict", *CENTRAL, *args, board)
    assert "everyone loses" in out


def test_H9_verdict_target_survives(board: str) -> None:
    votes = ["--votes", "Ana=Bruno,Bruno=Ana,Caio=Ana,Duda=Caio"]
    _, out, _ = run("verdict", *CENTRAL, *EXAMPLE, *votes, board, "--json")
    verdict = json.loads(out)
    assert verdict["assassinated"] is False and verdict["winners"] == ["Caio"]


BAD_BOARDS = {
    "five lines": ("\n".join(BOARD_TEXT.splitlines()[:5]), "has 5"),
    "short line": (BOARD_TEXT.replace("1L 4L 2L 5L 3L 6L", "1L 4L 2L 5L 3L"), "line 2 has 5"),
    "bad cell": (BOARD_TEXT.replace("4L 4L 5L", "4L 4Q 5L"), "line 3, cell 2"),
    "seven of a House": (BOARD_TEXT.replace("1L 4L", "1L 1L"), "House 1 has 7"),
}


@pytest.mark.parametrize("case", BAD_BOARDS)
def test_H11_malformed_board_one_line_error(tmp_path: Path, case: str) -> None:
    text, message = BAD_BOARDS[case]
    path = tmp_path / "bad.txt"
    path.write_text(text)
    code, out, err = run("rank", *CENTRAL, str(path))
    assert code == 2 and out == ""
    assert err.startswith("error: board file") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


BAD_INPUTS = {
    "unknown objective": (["--objective", "wealth"], "--objective"),
    "short succession": (["--succession", "1 2 3 4 5"], "--succession"),
    "repeated House in succession": (["--succession", "1 2 3 4 5 5"], "--succession"),
    "unknown voter": (
        ["--votes", "Ana=Bruno,Bruno=Caio,Caio=Ana,Eva=Caio"],
        "unknown player 'Eva'",
    ),
    "unknown target": (
        ["--votes", "Ana=Zed,Bruno=Caio,Caio=Ana,Duda=Caio"],
        "unknown player 'Zed'",
    ),
    "self-vote": (["--votes", "Ana=Ana,Bruno=Caio,Caio=Ana,Duda=Caio"], "Ana votes for themselves"),
    "missing vote": (["--votes", "Ana=Bruno,Bruno=Caio,Caio=Ana"], "no vote from Duda"),
    "double vote": (["--votes", "Ana=Bruno,Ana=Caio,Caio=Ana,Duda=Caio"], "Ana votes twice"),
    "malformed vote": (["--votes", "Ana:Bruno"], "NAME=VALUE"),
    "shared House": (["--identities", "Ana=4,Bruno=4,Caio=5,Duda=2"], "House 4"),
    "bad House": (["--identities", "Ana=9,Bruno=3,Caio=5,Duda=2"], "not a House"),
    "one player": (["--identities", "Ana=4"], "2-6"),
}


@pytest.mark.parametrize("case", BAD_INPUTS)
def test_H8_bad_referee_input_one_line_error(board: str, case: str) -> None:
    override, message = BAD_INPUTS[case]
    args = {"--objective": "central", "--succession": "1 2 3 4 5 6"}
    args.update({EXAMPLE[0]: EXAMPLE[1], EXAMPLE_VOTES[0]: EXAMPLE_VOTES[1]})
    args.update(dict(zip(override[::2], override[1::2], strict=True)))
    flat = [x for pair in args.items() for x in pair]
    code, out, err = run("verdict", *flat, board)
    assert code == 2 and out == ""
    assert err.startswith("error:") and message in err, err
    assert len(err.strip().splitlines()) == 1


def test_H8_no_neutral_vote_with_six_players(board: str) -> None:
    identities = ["--identities", "A=1,B=2,C=3,D=4,E=5,F=6"]
    votes = ["--votes", "A=Neutral,B=A,C=A,D=A,E=A,F=A"]
    code, _, err = run("verdict", *CENTRAL, *identities, *votes, board)
    assert code == 2 and "no Neutral Player" in err
    votes = ["--votes", "A=E,B=A,C=E,D=A,E=A,F=A"]
    code, out, _ = run("verdict", *CENTRAL, *identities, *votes, board, "--json")
    verdict = json.loads(out)  # E holds the Regent House 5; A (House 1) and C (House 3) vote E
    assert verdict["target"] == "E" and verdict["winners"] == ["C"]


def test_missing_board_file_one_line_error(tmp_path: Path) -> None:
    code, _, err = run("rank", *CENTRAL, str(tmp_path / "none.txt"))
    assert code == 2 and err.startswith("error: cannot read board file")


def test_missing_options_and_board_one_line_error(board: str) -> None:
    for args, message in (
        (["rank", "--succession", "1 2 3 4 5 6", board], "--objective is required"),
        (["rank", "--objective", "united", board], "--succession is required"),
        (["rank", *CENTRAL], "BOARD_FILE is required"),
        (["verdict", *CENTRAL, *EXAMPLE, board], "--votes is required"),
        (["verdict", *CENTRAL, *EXAMPLE_VOTES, board], "--identities is required"),
    ):
        code, out, err = run(*args)
        assert code == 2 and out == "" and err.startswith("error:"), args
        assert message in err and len(err.strip().splitlines()) == 1
