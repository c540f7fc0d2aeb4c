"""`regalia perft regicide` and `regalia play regicide` from the command line."""

from pathlib import Path

from typer.testing import CliRunner

from regalia.cli import build
from regalia.games.regicide.text import START_TEXT

from .helpers import text


def run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(build(), list(args), input=stdin)


def test_perft_last_line_is_the_count() -> None:
    result = run("perft", "regicide", "--depth", "3")
    assert result.exit_code == 0
    assert result.stdout.strip().splitlines()[-1] == "7960"


def test_perft_divide_lists_root_moves_then_the_total() -> None:
    result = run("perft", "regicide", "--depth", "2", "--moves", "b4d4", "--divide")
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "379"  # hand count: Green's 19 replies x 20 Red moves, minus l2-l4's 1
    rows = dict(line.split(": ") for line in lines[:-1])
    assert len(rows) == 19 and rows["l2l4"] == "19" and "d2d4" not in rows
    assert sum(int(n) for n in rows.values()) == 379


def test_perft_from_a_position_and_with_passes() -> None:
    kingless = text(turn="G", G="Nd4", Y="Ka7,Pe6")
    result = run("perft", "regicide", "--depth", "1", "--position", kingless)
    assert result.stdout.strip() == "2"  # d4xe6 or pass
    result = run("perft", "regicide", "--depth", "1", "--position", kingless, "--moves", "pass")
    assert result.exit_code == 0
    won = text(G="Nd4", B="Ne14")  # both dark kings are gone: no children
    for depth in ("1", "2"):
        assert run("perft", "regicide", "--depth", depth, "--position", won).stdout.strip() == "0"
    assert run("perft", "regicide", "--depth", "0").stdout.strip() == "1"


def test_perft_bad_input_is_one_line_and_exit_2() -> None:
    for args in (
        ["--depth", "2", "--moves", "b4d4 b4b9"],
        ["--depth", "-1"],
        ["--depth", "abc"],
        [],
        ["--depth", "1", "--position", START_TEXT.replace("Ka7", "Kz7")],
    ):
        result = run("perft", "regicide", *args)
        assert result.exit_code == 2, args
        assert result.stdout == ""
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert "Traceback" not in result.stderr
    assert (
        "move 2 (b4b9)" in run("perft", "regicide", "--depth", "2", "--moves", "b4d4 b4b9").stderr
    )


def test_play_with_scripted_stdin(tmp_path: Path) -> None:
    record = tmp_path / "g.rec"
    result = run(
        "play",
        "regicide",
        "--seed",
        "4",
        "--green",
        "random",
        stdin=f"b4d4\nsave {record}\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Yellow plays YP-d4" in result.stdout
    assert record.exists()
    again = run("play", "regicide", "--load", str(record), stdin="quit\n")
    assert again.exit_code == 0 and "last move" in again.stdout


def test_play_bad_options_are_one_line_errors() -> None:
    result = run("play", "regicide", "--red", "grandmaster", stdin="quit\n")
    assert result.exit_code == 2 and result.stderr.startswith("error: unknown bot level")
    result = run("play", "regicide", "--seed", "x")
    assert result.exit_code == 2 and result.stderr == "error: --seed: 'x' is not a whole number\n"
    result = run("play", "regicide", "--load", "/nonexistent/x.rec")
    assert result.exit_code == 2 and "cannot read" in result.stderr


def test_play_load_of_a_binary_file_is_a_one_line_error(tmp_path: Path) -> None:
    binary = tmp_path / "game.rec"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    result = run("play", "regicide", "--load", str(binary))
    assert result.exit_code == 2
    assert result.stderr == f"error: cannot read --load {binary}: not a UTF-8 text file\n"
