"""CLI command `regalia bot`: a BOT on a server, played by an engine, a policy or a level."""

from __future__ import annotations

import logging

import typer

from regalia.cli import Groups
from regalia.cli.common import fail


def register(groups: Groups) -> None:
    @groups.root.command("bot")
    def bot(
        server: str = typer.Option(..., "--server", help="The server, e.g. http://127.0.0.1:8000."),
        token: str = typer.Option(
            ...,
            "--token",
            envvar="REGALIA_BOT_TOKEN",
            help="An API token with the bot:play scope (POST /api/players/me/tokens); "
            "its player is upgraded to a BOT if it is not one yet.",
        ),
        engine: str | None = typer.Option(
            None,
            "--engine",
            help="A command speaking the engine protocol of regalia engine GAME (docs/engine.md).",
        ),
        policy: str | None = typer.Option(
            None,
            "--policy",
            help="module:function, called with the env's observation "
            "({observation, action_mask}); it answers an action number.",
        ),
        builtin: str | None = typer.Option(
            None,
            "--builtin",
            help="A built-in level; it thinks with what its seat sees (Regicida: its view).",
        ),
        games: str = typer.Option(
            "", "--games", help="Games whose challenges it accepts, comma-separated (all)."
        ),
        clock: str = typer.Option("any", "--clock", help="Challenges: any, timed or untimed."),
        rated: str = typer.Option("any", "--rated", help="Challenges: any, rated or casual."),
        max_games: int = typer.Option(4, "--max-games", help="Games at once, at most."),
        movetime: int = typer.Option(
            500, "--movetime", help="An engine's milliseconds a move where no clock says."
        ),
    ) -> None:
        """Connect an engine, a Python policy or a built-in level to a server as a BOT:
        accept challenges by these rules, play many games at once, reconnect with backoff."""
        from regalia import bridge as bridges

        chosen = [x for x in (engine, policy, builtin) if x]
        if len(chosen) != 1:
            raise fail("give one of --engine, --policy or --builtin")
        if clock not in ("any", "timed", "untimed") or rated not in ("any", "rated", "casual"):
            raise fail("--clock is any, timed or untimed; --rated is any, rated or casual")

        def make_player() -> bridges.Player:
            if engine:
                return bridges.EnginePlayer(engine, movetime)
            if policy:
                return bridges.PolicyPlayer(policy)
            return bridges.BuiltinPlayer(str(builtin))

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
        logging.getLogger("httpx").setLevel(logging.WARNING)  # not a line per request
        wanted = frozenset(g.strip() for g in games.split(",") if g.strip())
        rules = bridges.Rules(wanted, clock, rated, max_games)
        bridge = bridges.Bridge(server, token, make_player, rules)
        try:
            bridges.run_forever(bridge)
        except KeyboardInterrupt:
            bridge.stop.set()
