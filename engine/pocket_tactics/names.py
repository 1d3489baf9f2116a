# SPDX-License-Identifier: MIT
"""The names shown to players (terrains, features, unit types, spells), read one at a time
from names.bin beside this module, which tools/build_data.py writes from
data/pocket_tactics/: a battle holds none of them as objects (as a tuple of strings the
28 unit names and the rest took about 2 KB of its heap), only the line it is showing.

names.bin holds a name a record of WIDTH bytes, space-padded ASCII: a head record ("NM",
the version, the number of names of each kind), then the terrains, the features, the unit
types and the spells, each in the order of its ids (tables.py). A kind below is the pair
(its first record, its number of names).

    name(UNIT, ty)   -> "Cyber Grunt"
    names(TERRAIN)   -> ("Grid", "Wasteland", ...)   (lists, tools and tests: one read)
"""
from . import tables as T

MAGIC = b"NM"
VERSION = 1
WIDTH = 16  # bytes a name (tools/build_data.py refuses a longer one)
TERRAIN = (1, T.N_TERRAINS)
FEATURE = (1 + T.N_TERRAINS, T.N_FEATURES)
UNIT = (1 + T.N_TERRAINS + T.N_FEATURES, T.N_UNITS)
SPELL = (1 + T.N_TERRAINS + T.N_FEATURES + T.N_UNITS, T.N_SPELLS)
PATH = __file__.replace("\\", "/").rsplit("/", 1)[0] + "/names.bin"


def names(kind, first=0, n=-1):
    """The names of ``kind`` (TERRAIN, FEATURE, UNIT, SPELL) from id ``first`` on, ``n`` of
    them (all by default), as a tuple; IndexError for an id the kind does not have."""
    start, count = kind
    if n < 0:
        n = count - first
    if first < 0 or first + n > count:
        raise IndexError("no name %d..%d of %d" % (first, first + n - 1, count))
    f = open(PATH, "rb")
    try:
        f.seek((start + first) * WIDTH)
        b = f.read(n * WIDTH)
    finally:
        f.close()
    return tuple(b[i:i + WIDTH].decode().rstrip() for i in range(0, n * WIDTH, WIDTH))


def name(kind, i):
    """The name of id ``i`` of ``kind`` (TERRAIN, FEATURE, UNIT, SPELL)."""
    return names(kind, i, 1)[0]
