# SPDX-License-Identifier: MIT
"""The checks of a Config (config.py) and its bytes: whether the rules allow it (RULES
A2.1-A2.3, A9, A11), and reading its bytes (engine/core/codec.py). A battle needs this
at its start only: state.py ``start`` reads and checks its config by code loaded for that
moment (engine/core/lazy.py)."""
from . import tables as T
from .config import TILES_PER_PLAYER, Config, ConfigError
from .consts import MAX_UNITS, S_POINTS, U_FACTION, U_POINTS
from .units import spell_stat, type_mask, type_stat


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
            from .names import UNIT, name

            raise ConfigError("%s is not in %s's army (RULES A11)" % (
                name(UNIT, u), FACTION_NAMES[faction]))
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


def validate(cfg):
    """Refuse a config the rules do not allow (ConfigError); returns cfg."""
    if not 1 <= cfg.limit <= 250:
        raise ConfigError("point limit must be 1..250")
    for p in (0, 1):
        check_force(cfg.factions[p], cfg.units[p], cfg.spells[p], cfg.limit)
        if len(cfg.tiles[p]) != TILES_PER_PLAYER:
            raise ConfigError("each player chooses %d tiles (RULES A2.2)" %
                              TILES_PER_PLAYER)
        for t in cfg.tiles[p]:
            if not 0 <= t < T.N_TERRAINS:
                raise ConfigError("unknown terrain %d" % t)
        if not 0 <= cfg.features[p] < T.N_FEATURES:
            raise ConfigError("unknown feature %d" % cfg.features[p])
    if not 0 <= cfg.central < T.N_FEATURES:
        raise ConfigError("unknown central feature %d" % cfg.central)
    if not 0 <= cfg.max_turns <= 2000:
        raise ConfigError("turn limit must be 0..2000 (0 = none)")
    return cfg


def decode_config(r):
    """A Config from codec Reader ``r`` (Config.encode wrote it), not checked yet."""
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


def read(data):
    """The Config of ``data`` (a record's or a save's config bytes), checked; DecodeError
    (damaged bytes) or ConfigError (a config the rules refuse): both are ValueErrors."""
    from engine.core.codec import Reader

    r = Reader(data)
    cfg = decode_config(r)
    r.done()
    return validate(cfg)
