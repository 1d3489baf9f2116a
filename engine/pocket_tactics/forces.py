# SPDX-License-Identifier: MIT
"""The sheets' suggested builds (RULES A11): a new game's forces, tiles and features.
The checks of a force and of a whole Config are config_check.py's."""
from .config import DEFAULT_MAX_TURNS, Config, ConfigError
from .config_check import validate
from .factions import FACTIONS


def suggested(f0, f1, limit=50, central=None, max_turns=DEFAULT_MAX_TURNS):
    """The sheets' suggested builds, tiles and features for two factions (RULES A11)."""
    units = []
    spells = []
    tiles = []
    feats = []
    for f in (f0, f1):
        fac = FACTIONS[f]
        build = None
        for b in fac[4]:
            if b[0] == limit:
                build = b
        if build is None:
            raise ConfigError("faction %d has no suggested %d-point build" % (f, limit))
        units.append(build[1])
        spells.append(build[2])
        tiles.append(fac[2])
        feats.append(fac[3][0])
    if central is None:
        central = feats[0]
    return validate(Config((f0, f1), units, spells, tiles, central, feats, limit, max_turns))
