# SPDX-License-Identifier: MIT
"""Numbers shared by the Pocket-Tactics modules: phases, action kinds, places, abilities."""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


RULESET_ID = const(1)
MAX_TILES = const(12)
MAX_UNITS = const(16)  # per player
HAND_SIZE = const(5)
NONE = const(255)  # "no tile / no unit / no feature" in byte arrays
GRID_W = const(23)  # the map is drafted inside a 23 x 23 axial rhombus around the centre
CENTRE = const(11 * 23 + 11)

# Where a unit is (RULES A2 reserves, A5 captives, A8 destroyed by a hazard).
MAP = const(0)
RESERVE = const(1)
CAPTIVE = const(2)  # held by the other player
DESTROYED = const(3)

# The state's ``setup`` bytes: what the setup (A2.4-A2.9) decides and its draft in progress.
SU_ROLL = const(0)  # 2 bytes: the roll-off's dice (A2.5)
SU_OWN = const(2)  # 2 bytes: each player's own feature tile (A2.7), NONE before it is placed
SU_FIRST = const(4)  # the player who won the roll-off and sets up first (A2.5)
SU_DRAWN = const(5)  # the terrain drawn and to be placed (A2.6), NONE
SU_COUNT = const(6)  # units deployed in the current setup deployment (A2.8)
SU_LAST = const(7)  # the player who deployed last (A2.9), NONE
SETUP_BYTES = b"\x00\x00\xff\xff\x00\xff\x00\xff"  # a new game's

# Phases; the state's ``phase`` indexes the handler table in state.py.
PH_CENTRE = const(0)  # chance: draw the centre tile (A2.4)
PH_ROLLOFF = const(1)  # chance: both players roll, ties re-roll (A2.5)
PH_DRAW_TILE = const(2)  # chance: draw a tile from the bag (A2.6)
PH_PLACE_TILE = const(3)  # player places the drawn tile (A2.6)
PH_FEATURE = const(4)  # player places their own feature (A2.7)
PH_SETUP_DEPLOY = const(5)  # player deploys up to three units (A2.8)
PH_DRAW_SPELL = const(6)  # chance: draw a spell card (A9)
PH_TURN = const(7)  # player picks the turn's action (A3)
PH_HAZARD = const(8)  # chance: DEF dice of a hazard test (A8)
PH_ROLL = const(9)  # chance: assault dice (A5.1)
PH_BUMP = const(10)  # player: bump or stop (A5.2)
PH_REROLL = const(11)  # player: re-roll or stop (A5.3)
PH_REROLL_DIE = const(12)  # chance: the re-rolled die (A5.3)
PH_SPELL_ROLL = const(13)  # chance: dice of an attack spell (A9)
PH_HASTE = const(14)  # player: the hasted ally's move, or stop (A9)
PH_OVER = const(15)

# Action kinds: action = kind << 20 | x << 10 | y.
K_PLACE = const(1)  # x = grid hex
K_FEATURE = const(2)  # x = tile
K_DEPLOY = const(3)  # x = unit, y = tile
K_MOVE = const(4)  # x = unit, y = tile
K_ASSAULT = const(5)  # x = unit, y = target unit
K_RETURN = const(6)  # x = unit
K_CAST = const(7)  # x = caster, y = spell << 6 | target (unit or tile)
K_BUMP = const(8)  # x = bump slot, y = die slot
K_REROLL = const(9)  # x = die slot
K_STOP = const(10)  # decline: end deployment, stop bumping/re-rolling, skip a haste move
K_PASS = const(11)  # no legal action this turn (A3 ruling)

# Dice slots in the assault scratch: attacker OFF 0-2, attacker DEF 3-5,
# defender OFF 6-8, defender DEF 9-11.
A_OFF = const(0)
A_DEF = const(3)
D_OFF = const(6)
D_DEF = const(9)

# Abilities (ids fixed with data/pocket_tactics; docs/DATA.md describes them).
AB_LEADER = const(1)
AB_MEDIC = const(2)
AB_SABOTEUR = const(3)
AB_AMPHIBIOUS = const(4)
AB_FURY = const(5)
AB_STEADFAST = const(6)
AB_SHARPSHOOTER = const(7)
AB_DREAD = const(8)
AB_INFILTRATE = const(9)
AB_BANE = const(10)
AB_ARCHIVIST = const(11)
AB_ARCANE = const(12)
AB_PSIONIC = const(13)
AB_SUPPRESS = const(14)
AB_WITHER = const(15)

# Spell effects.
SP_FIREBALL = const(1)
SP_LIGHTNING = const(2)
SP_TELEPORT = const(3)
SP_RESCUE = const(4)
SP_HASTE = const(5)
SP_WARD = const(6)
SP_WEAKEN = const(7)
SP_RECALL = const(8)

# Unit records in tables.UNITS: UNIT_SIZE bytes per unit type, at these offsets.
UNIT_SIZE = const(20)
U_FACTION = const(0)
U_TYPES = const(1)  # types mask, low byte then high byte
U_POINTS = const(3)
U_OFF = const(4)
U_DEF = const(5)
U_OFF_BUMPS = const(6)  # three bytes, 0 = no bump
U_DEF_BUMPS = const(9)  # three bytes, 0 = no bump
U_SWIFT = const(12)
U_FLYING = const(13)
U_RANGED = const(14)
U_FAVORED = const(15)
U_ABILITY = const(16)
U_ABILITY_N = const(17)
U_ABILITY_TYPE = const(18)
FAVORED_FEATURE = const(32)  # favored >= 32: feature id + 32; 1..31: terrain id + 1

# Spell records in tables.SPELLS: SPELL_SIZE bytes per spell id.
SPELL_SIZE = const(4)
S_POINTS = const(0)
S_EFFECT = const(1)
S_RANGE = const(2)
S_N = const(3)

# Status bits on a unit (A9 spells): WARD value in bits 0-1, WEAKEN value in bits 2-3.
ST_WARD_MASK = const(0x03)
ST_WEAK_SHIFT = const(2)
ST_WEAK_MASK = const(0x0C)


def action(kind, x=0, y=0):
    return (kind << 20) | (x << 10) | y


def kind_of(a):
    return a >> 20


def x_of(a):
    return (a >> 10) & 0x3FF


def y_of(a):
    return a & 0x3FF
