# SPDX-License-Identifier: MIT
"""What a game is set up with (RULES A2.1-A2.3): forces, tile choices, features, limits.

A Config is its values and its bytes (``encode``); the code that checks one
(config_check.py ``validate``: a force over its point limit or with a unit from another
faction is refused with a message naming the rule) and reads it back is in
config_check.py, which a battle loads for its start only (state.py ``start``). The sheets'
suggested builds are in forces.py (the title's).
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
        self.n_units = len(self.units[0]) + len(self.units[1])  # a game's unit ids: 0 .. n - 1
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

    def encode(self, w):
        """Write the config into codec Writer ``w`` (read back by config_check.py)."""
        w.u8(self.limit)
        w.u16(self.max_turns)
        w.u8(self.central)
        for p in (0, 1):
            w.u8(self.factions[p])
            w.u8(self.features[p])
            w.raw(bytes(self.units[p]))
            w.raw(bytes(self.spells[p]))
            w.raw(bytes(self.tiles[p]))
