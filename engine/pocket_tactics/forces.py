# SPDX-License-Identifier: MIT
"""What a force may be (RULES A2.1, A9, A11) and the checks of a whole Config (A2.2, A2.3),
with the sheets' suggested builds. Config.validate() imports this module; a battle lets it
go (engine/ui/lazy.py) once its State is made, as its code is not needed during play."""
from . import tables as T
from .config import DEFAULT_MAX_TURNS, TILES_PER_PLAYER, Config, ConfigError
from .consts import MAX_UNITS, S_POINTS, U_FACTION, U_POINTS
from .factions import FACTION_NAMES, FACTIONS
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
        raise ConfigError("force costs %d points, over the limit of %d (RULES A2.1)" % (pts, limit))


def check_config(cfg):
    """Raise ConfigError unless Config ``cfg`` is one the rules allow."""
    if not 1 <= cfg.limit <= 250:
        raise ConfigError("point limit must be 1..250")
    for p in (0, 1):
        check_force(cfg.factions[p], cfg.units[p], cfg.spells[p], cfg.limit)
        if len(cfg.tiles[p]) != TILES_PER_PLAYER:
            raise ConfigError("each player chooses %d tiles (RULES A2.2)" % TILES_PER_PLAYER)
        for t in cfg.tiles[p]:
            if not 0 <= t < T.N_TERRAINS:
                raise ConfigError("unknown terrain %d" % t)
        if not 0 <= cfg.features[p] < T.N_FEATURES:
            raise ConfigError("unknown feature %d" % cfg.features[p])
    if not 0 <= cfg.central < T.N_FEATURES:
        raise ConfigError("unknown central feature %d" % cfg.central)
    if not 0 <= cfg.max_turns <= 2000:
        raise ConfigError("turn limit must be 0..2000 (0 = none)")


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
    return Config((f0, f1), units, spells, tiles, central, feats, limit, max_turns).validate()
