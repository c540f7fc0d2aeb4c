import pytest
from typer.testing import CliRunner

from regalia.cli import build, main


def test_help_lists_every_command_group() -> None:
    result = CliRunner().invoke(build(), ["--help"])
    assert result.exit_code == 0
    for group in ("perft", "play", "regicida", "engine"):
        assert group in result.output


def test_usage_errors_are_one_line_with_exit_code_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["bogus"],
        ["perft", "regulator", "--dept", "3"],
        ["perft", "regulator", "--depth"],
        ["play", "chess"],
        ["play", "regulator", "--seed"],
        ["play", "regulator", "--green", "strong"],
        ["play", "regicide", "--seats", "human"],
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(argv)
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_no_arguments_shows_help_and_succeeds(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 0
    assert "perft" in capsys.readouterr().out


def test_play_help_lists_every_game_and_the_flags_they_add() -> None:
    result = CliRunner().invoke(build(), ["play", "--help"])
    assert result.exit_code == 0
    for words in ("regulator", "regicide", "regicida", "GAME", "--seats", "per game option"):
        assert words in result.output, words
    result = CliRunner().invoke(build(), ["play", "regicide", "--help"])
    assert result.exit_code == 0
    for flag in ("--yellow LEVEL", "--green LEVEL", "--red LEVEL", "--blue LEVEL", "--think"):
        assert flag in result.output, flag


def test_play_errors_name_the_game_or_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "chess"])
    assert exit_info.value.code == 2
    assert "unknown game 'chess'; choose one of regulator, regicide, regicida" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "regulator", "--green", "strong"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "regulator takes no option --green; it takes --players" in err
    assert "--white, --black, --regulator" in err
