"""Research interfaces: PettingZoo AEC environments and an OpenSpiel-style API.

Needs the optional extra: `pip install regalia[env]` (pettingzoo, gymnasium, numpy).
The core, the games and the server never import this package.

    from regalia.env import regulator_v0, regicide_v0, regicida_v0   # PettingZoo
    from regalia.env.openspiel import load_game                      # OpenSpiel-style

See docs/env.md for the observation planes and the action numbering of each game.
"""
