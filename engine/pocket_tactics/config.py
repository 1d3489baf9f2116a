# SPDX-License-Identifier: MIT
"""What a game is set up with (RULES A2.1-A2.3): forces, tile choices, features, limits.

A Config is checked by ``validate()`` before a game starts (the checks are in forces.py);
a force over its point limit or with a unit from another faction is refused with a message
naming the rule.
"""

from . import tables as T

TILES_PER_PLAYER = 6  # RULES A2.2
DEFAULT_MAX_TURNS = 150  # RULINGS: turn limit (A10 addition)


class ConfigError(ValueError):
    pass


class Config:
    def __init__(self, factions, units, spells, tiles, central, features, limit=50,
                 max_turns=DEFAULT_MAX_TURNS):
        self.factions = tuple(factions)
        self.units = (tuple(units[0]), tuple(units[1]))
        self.spells = (tuple(spells[0]), tuple(spells[1]))
        self.tiles = (tuple(tiles[0]), tuple(tiles[1]))
        self.central = central
        self.features = tuple(features)
        self.limit = limit
        self.max_turns = max_turns
        # the unit records a game reads (units.stat), by unit type id: the data's; a
        # scenario may give a position its own, with records of changed cards after them
        # (scenario.py; not part of a saved game or record)
        self.cards = T.UNITS

    def validate(self):
        """Refuse a config the rules do not allow (ConfigError); returns self. The checks are
        in forces.py, which a battle lets go once its State is made."""
        from .forces import check_config

        check_config(self)
        return self

    def encode(self, w):
        """Write the config into codec Writer ``w`` (read back by decode_config)."""
        w.u8(self.limit)
        w.u16(self.max_turns)
        w.u8(self.central)
        for p in (0, 1):
            w.u8(self.factions[p])
            w.u8(self.features[p])
            w.raw(bytes(self.units[p]))
            w.raw(bytes(self.spells[p]))
            w.raw(bytes(self.tiles[p]))


def decode_config(r):
    """A Config from codec Reader ``r``; checked by Config.validate() when a State is made."""
    limit = r.u8()
    max_turns = r.u16()
    central = r.u8()
    f = []
    feat = []
    units = []
    spells = []
    tiles = []
    for _ in (0, 1):
        f.append(r.u8())
        feat.append(r.u8())
        units.append(tuple(r.raw()))
        spells.append(tuple(r.raw()))
        tiles.append(tuple(r.raw()))
    return Config(f, units, spells, tiles, central, feat, limit, max_turns)
