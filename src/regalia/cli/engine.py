"""`regalia engine regulator`: the Regulator Chess engine over a UCI-like protocol."""

from __future__ import annotations

import sys

from regalia.cli import Groups


def register_engine(groups: Groups) -> None:
    """Add the engine commands to `groups.engine`."""

    @groups.engine.command("regulator")
    def regulator() -> None:
        """Speak a UCI subset on stdin/stdout (see docs/engine.md); `quit` ends it."""
        from regalia.ai.regulator.uci import UciSession

        session = UciSession(sys.stdout)
        try:
            session.run(sys.stdin)
        except KeyboardInterrupt:
            session.stop()  # Ctrl-C ends the session as `quit` would, without a traceback
