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
