from typer.testing import CliRunner

from regalia.cli import build


def test_serve_is_a_root_command_with_its_options() -> None:
    result = CliRunner().invoke(build(), ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--data-dir", "--database-url"):
        assert option in result.output
