# SPDX-License-Identifier: MIT
"""The long texts (unit, ability, spell, terrain, feature and faction texts, type and
ability names) and the cards made of them, read one at a time from texts.bin beside this
module.

A card is one text of the file, laid out in lines when the data are compiled; reading it
costs a few dozen bytes of heap, where importing the texts as a module and laying out the
card on the device cost about 8 KB while a card was drawn. tools/build_data.py writes the file from data/pocket_tactics/ (pack_texts):

  "TX" | version | number of sections S | S + 1 first-entry numbers (u16) |
  N + 1 text offsets (u16, from the start of the texts) | the texts (printable ASCII)

All numbers are big-endian; section s holds entries first[s] .. first[s + 1] - 1.
"""

MAGIC = b"TX"
VERSION = 1

# Sections, in the file's order.
UNIT_TEXT = 0  # by unit type id
ABILITY_TEXT = 1  # by ability id; "{n}" stands for the unit's ability number
TYPES = 2  # type names: type id i is bit (1 << i) of a unit's types mask
ABILITIES = 3  # ability names by ability id
SPELL_TEXT = 4
TERRAIN_TEXT = 5
FEATURE_TEXT = 6
FACTION_TEXT = 7
UNIT_CARD = 8  # the unit card's lines, joined by "\n" (the UI puts "A1 " before the first)
TERRAIN_CARD = 9  # a terrain's text in the lines of its card, joined by "\n"
FEATURE_CARD = 10  # the same for a feature
SPELL_CARD = 11  # a spell card's lines (name, cost and range, text), joined by "\n"
N_SECTIONS = 12

PATH = __file__.replace("\\", "/").rsplit("/", 1)[0] + "/texts.bin"


def _u16(b, i):
    return (b[i] << 8) | b[i + 1]


def open_texts(path=PATH):
    """The texts file, opened for text(); close it when the card is written."""
    f = open(path, "rb")
    head = f.read(4)
    if len(head) != 4 or head[0:2] != MAGIC or head[2] != VERSION or head[3] != N_SECTIONS:
        f.close()
        raise ValueError("%s is not a texts file of this build" % path)
    return f


def _count(f, section):
    """(first entry, entries) of ``section``."""
    f.seek(4 + 2 * section)
    b = f.read(4)
    first = _u16(b, 0)
    return first, _u16(b, 2) - first


def text(f, section, i):
    """Text ``i`` of ``section`` (a str) from the open texts file ``f``; IndexError when
    the section has no such text."""
    first, n = _count(f, section)
    if not 0 <= i < n:
        raise IndexError("no text %d in section %d" % (i, section))
    total = _count(f, N_SECTIONS - 1)
    total = total[0] + total[1]
    f.seek(6 + 2 * N_SECTIONS + 2 * (first + i))
    b = f.read(4)
    base = 6 + 2 * N_SECTIONS + 2 * (total + 1)
    f.seek(base + _u16(b, 0))
    return f.read(_u16(b, 2) - _u16(b, 0)).decode()


def section(s, path=PATH):
    """Every text of section ``s``, as a tuple (tools and tests; a card reads one)."""
    f = open_texts(path)
    try:
        return tuple(text(f, s, i) for i in range(_count(f, s)[1]))
    finally:
        f.close()


def card(section, i, path=PATH):
    """The lines of card ``i`` of ``section`` (UNIT_CARD, TERRAIN_CARD or FEATURE_CARD)."""
    f = open_texts(path)
    try:
        return text(f, section, i).split("\n")
    finally:
        f.close()
