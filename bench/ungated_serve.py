"""`regalia serve` with post-game reports taking bot workers like any analysis, without
`BotPool.background`'s wait for an idle worker: what `bot_latency.py --ungated` compares with.

    .venv/bin/python bench/ungated_serve.py serve --port 8001 --bot-workers 1
"""

from __future__ import annotations

import sys

if __name__ == "__main__":  # the bot workers import this module again: only the server runs
    from regalia.cli import main
    from regalia.tables import bots

    bots.BotPool.background = bots.BotPool.analyse  # type: ignore[method-assign]
    sys.argv = ["regalia", *sys.argv[1:]]
    main()
