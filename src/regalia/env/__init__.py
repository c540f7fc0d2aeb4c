"""Research interfaces: PettingZoo AEC environments and the games as OpenSpiel games.

Needs the optional extra: `pip install regalia[env]` (pettingzoo, gymnasium, numpy,
open_spiel). The core, the games and the server never import this package.

    from regalia.env import regulator_v0, regicide_v0, regicida_v0   # PettingZoo
    import regalia.env.openspiel   # registers regalia_regulator, … with pyspiel.load_game

See docs/env.md for the parameters, the observation planes and the action numbering.
"""
