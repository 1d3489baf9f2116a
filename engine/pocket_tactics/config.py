# SPDX-License-Identifier: MIT
"""What a game is set up with (RULES A2.1-A2.3): forces, tile choices, features, limits,
and the checks of them.

A Config is checked by ``validate()`` before a game starts; a force over its point limit
or with a unit from another faction is refused with a message naming the rule. The sheets'
suggested builds are in forces.py (the title's), which a battle never loads.
"""
from . import tables as T
from .consts import MAX_UNITS, S_POINTS, U_FACTION, U_POINTS
from .units import spell_stat, type_mask, type_stat

TILES_PER_PLAYER = 6  # RULES A2.2
DEFAULT_MAX_TURNS = 150  # RULINGS: turn limit (A10 addition)


class ConfigError(ValueError):
    pass


def force_points(units, spells):
    total = 0
    for u in units:
        total += type_stat(u, U_POINTS)
    for s in spells:
        total += spell_stat(s, S_POINTS)
    return total


def check_force(faction, units, spells, limit):
    """Raise ConfigError unless the force is legal (RULES A2.1)."""
    if not 0 <= faction < T.N_FACTIONS:
        raise ConfigError("unknown faction %d" % faction)
    if not units:
        raise ConfigError("a force needs at least one unit (RULES A2.1)")
    if len(units) > MAX_UNITS:
        raise ConfigError("at most %d units in a force (device limit)" % MAX_UNITS)
    mage = False
    for u in units:
        if not 0 <= u < T.N_UNITS:
            raise ConfigError("unknown unit %d" % u)
        if type_stat(u, U_FACTION) != faction:
            from .factions import FACTION_NAMES  # the message only
            from .names import UNIT_NAMES

            raise ConfigError("%s is not in %s's army (RULES A11)" % (
                UNIT_NAMES[u], FACTION_NAMES[faction]))
        if type_mask(u) & T.MAGE_MASK:
            mage = True
    for s in spells:
        if not 0 <= s < T.N_SPELLS:
            raise ConfigError("unknown spell %d" % s)
    if spells and not mage:
        raise ConfigError("spell cards need a Mage-type unit to cast them (RULES A9)")
    pts = force_points(units, spells)
    if pts > limit:
        raise ConfigError("force costs %d points, over the limit of %d (RULES A2.1)" % (
            pts, limit))


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

    def validate(self):
        """Refuse a config the rules do not allow (ConfigError); returns self."""
        if not 1 <= self.limit <= 250:
            raise ConfigError("point limit must be 1..250")
        for p in (0, 1):
            check_force(self.factions[p], self.units[p], self.spells[p], self.limit)
            if len(self.tiles[p]) != TILES_PER_PLAYER:
                raise ConfigError("each player chooses %d tiles (RULES A2.2)" %
                                  TILES_PER_PLAYER)
            for t in self.tiles[p]:
                if not 0 <= t < T.N_TERRAINS:
                    raise ConfigError("unknown terrain %d" % t)
            if not 0 <= self.features[p] < T.N_FEATURES:
                raise ConfigError("unknown feature %d" % self.features[p])
        if not 0 <= self.central < T.N_FEATURES:
            raise ConfigError("unknown central feature %d" % self.central)
        if not 0 <= self.max_turns <= 2000:
            raise ConfigError("turn limit must be 0..2000 (0 = none)")
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
