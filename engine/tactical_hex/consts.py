# SPDX-License-Identifier: MIT
"""Tactical Hex's small numbers: the phases of the state, the flags of a counter, and the
actions, each one small int ``kind << 24 | x << 16 | y << 8 | z``."""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


RULESET_ID = const(2)
JAPAN = const(0)
RUSSIA = const(1)
NONE = const(255)  # no unit, no hex
OFF = const(254)  # u_hex of an eliminated counter
ALONG = const(65536)  # geometry.crossing: the line runs along the edge of its two hexes

# phases (state.PHASES rows)
PH_DEPLOY = const(0)  # B2: the side to act places its next counter
PH_INIT = const(1)  # B3.1: Japan's initiative die (chance)
PH_INIT2 = const(2)  # B3.1: Russia's initiative die (chance)
PH_ACT = const(3)  # B3.2/4: the phasing player activates a unit or ends the activations
PH_MOVE = const(4)  # B4: the moving unit takes another step or stops
PH_OPFIRE = const(5)  # B6: Japan may fire an MG at the Russian unit that entered a hex
PH_FIRE = const(6)  # B6: the fire's die (chance)
PH_SUSTAIN = const(7)  # B6: the MG's sustained-fire die (chance)
PH_COMBAT = const(8)  # B7: the phasing player groups an engagement
PH_MELEE = const(9)  # B7: the engagement's die (chance)
PH_HITS = const(10)  # B8: the owner chooses the unit that takes the next hit
PH_RESET = const(11)  # B3.7: restore one counter, switch MG/cavalry counters
PH_OVER = const(12)  # B9

# counter flags (State.u_flag)
F_SPENT = const(1)  # B3 ruling: moved, fired or fought this turn
F_MOVED = const(2)  # moved in this impulse: it attacks in the combat step (B4, B7)
F_ATT = const(4)  # attacks in the engagement being formed
F_DEF = const(8)  # is attacked in the engagement being formed
F_FOUGHT = const(16)  # took part in an engagement of this combat step (B7 ruling)
F_SWITCHED = const(32)  # switched side in this reset (B3.7)

# action kinds
K_DEPLOY = const(1)  # x hex, y side up (0 front, 1 back: the MG/cavalry counters)
K_STEP = const(2)  # x unit, y the next hex
K_STOP = const(3)  # the moving unit ends its move where it stands
K_FIRE = const(4)  # x firer, y target, z second firer or NONE (B5)
K_END = const(5)  # no more activations in this impulse (B3.2)
K_OPFIRE = const(6)  # x the MG (B6)
K_HOLD = const(7)  # no (more) opportunity fire at this hex
K_DEF = const(8)  # x: an enemy joins the engagement as a defender (B7)
K_ATT = const(9)  # x: a unit joins the engagement as an attacker
K_RESOLVE = const(10)  # roll for the engagement
K_CLEAR = const(11)  # empty the engagement being formed
K_HIT = const(12)  # x takes the next hit (B8 ruling)
K_RESTORE = const(13)  # x flips back to its front (B3.7)
K_SWITCH = const(14)  # x turns to its other side (B3.7)
K_DONE = const(15)  # no more reset choices


def action(kind, x=0, y=0, z=0):
    return (kind << 24) | (x << 16) | (y << 8) | z


def kind_of(a):
    return a >> 24


def x_of(a):
    return (a >> 16) & 255


def y_of(a):
    return (a >> 8) & 255


def z_of(a):
    return a & 255
