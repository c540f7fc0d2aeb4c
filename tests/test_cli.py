from typer.testing import CliRunner

from regalia.cli import build


def test_help_lists_every_command_group() -> None:
    result = CliRunner().invoke(build(), ["--help"])
    assert result.exit_code == 0
    for group in ("perft", "play", "regicida", "engine"):
        assert group in result.output
