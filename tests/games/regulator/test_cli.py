"""The CLI: `regalia perft regulator` and `regalia play regulator`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli import build


def invoke(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(build(), list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_perft_last_line_is_the_count() -> None:
    code, out, _ = invoke("perft", "regulator", "--depth", "2")
    assert code == 0
    assert out.strip().splitlines()[-1] == "64"


def test_perft_divide_lists_root_moves_above_the_total() -> None:
    code, out, _ = invoke("perft", "regulator", "--depth", "2", "--divide")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[-1] == "64"
    rows = dict(line.split(": ") for line in lines[:-1])
    assert set(rows) == {"a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "b1a3", "b1c3", "e1d3"}
    assert sum(int(v) for v in rows.values()) == 64


def test_R9_perft_from_a_fen() -> None:
    # The seed's note position: exd4 and five king moves (see test_rules).
    code, out, _ = invoke(
        "perft", "regulator", "--depth", "1", "--fen", "4k/5/5/3p1/2n1P/P1K2/5 w 5 0 1"
    )
    assert (code, out.strip()) == (0, "6")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--depth", "x"), "--depth 'x' is not a whole number"),
        (("--depth", "-1"), "--depth -1 is outside 0 or more"),
        (("--depth", "1", "--fen", "5/5/5 w 1 0 1"), "found 3 ranks; a position is 7 ranks"),
        (("--depth", "1", "--fen", "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 0 0 1"), "regulator '0'"),
        (("--depth", "1", "--fen", "bnkbn/ppppp/5/5/5/PPPPP/BN1BN w 1 0 1"), "0 kings"),
        (("--depth", "1", "--fen", "bnkbn/ppppp/5/5/5/PPPPP/PNKBN w 1 0 1"), "back rank"),
        (("--depth", "0", "--divide"), "--divide needs --depth 1"),
        ((), "--depth is required"),
    ],
)
def test_bad_perft_input_is_one_line_with_exit_code_2(args: tuple[str, ...], words: str) -> None:
    code, out, err = invoke("perft", "regulator", *args)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_play_hot_seat_from_stdin() -> None:
    code, out, _ = invoke(
        "play", "regulator", "--white", "human", "--black", "human", stdin="c3\nb5\nquit\n"
    )
    assert code == 0
    assert "Last move: b5. White to move." in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--regulator", "8"), "--regulator: 8 is outside 1..7"),
        (("--option", "regulator=8"), "--option regulator: 8 is outside 1..7"),
        (("--option", "speed=3"), "Regulator Chess has no option 'speed' (it has regulator)"),
        (("--black", "grandmaster"), "unknown bot level 'grandmaster'"),
        (("--seats", "human,random,random"), "--seats: Regulator Chess takes 2–2 players"),
        (("--fen", "bnkbn w 1 0 1"), "found 1 rank; a position is 7 ranks"),
        (("--position", "bnkbn w 1 0 1"), "found 1 rank; a position is 7 ranks"),
        (("--fen", "k4/5/1K3/5/5/5/4Q w 1 0 1", "--regulator", "3"), "leave out its options"),
        (("--load", "/nonexistent/game.pgn"), "cannot read --load /nonexistent/game.pgn"),
        (("--seed", "x"), "--seed: 'x' is not a whole number"),
        (("--think", "soon"), "--think: 'soon' is not a number of seconds"),
        (("--think", "0"), "--think: 0 is outside"),
        (("--yellow", "random"), "regulator takes no option --yellow; it takes --players"),
        (("--black",), "--black needs a value"),
    ],
)
def test_bad_play_options_are_one_line_with_exit_code_2(args: tuple[str, ...], words: str) -> None:
    code, _, err = invoke("play", "regulator", *args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


def test_play_loads_a_record(tmp_path: Path) -> None:
    record = tmp_path / "g.pgn"
    record.write_text("1. c3 b5 *\n")
    code, out, _ = invoke(
        "play", "regulator", "--load", str(record), "--black", "human", stdin="quit\n"
    )
    assert code == 0 and "Last move: b5." in out


def test_play_from_a_fen_with_per_seat_flags() -> None:
    code, out, _ = invoke(
        "play", "regulator", "--fen", "k4/5/1K3/5/5/5/4Q w 1 0 1", "--black=human", stdin="Qe7\n"
    )
    assert code == 0
    assert "Game over: checkmate: Black is mated. Winner: White." in out


def test_play_regulator_help_names_its_seats_and_option() -> None:
    code, out, _ = invoke("play", "regulator", "--help")
    assert code == 0
    for words in ("--white LEVEL", "--black LEVEL", "--regulator VALUE", "strong", "--seats"):
        assert words in out, words
