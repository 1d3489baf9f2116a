# SPDX-License-Identifier: MIT
"""Assault odds for the CPU player (RULES A5, A6): the chance that the defender falls and
the chance that the attacker falls, when both sides use their bumps and re-rolls well.

The numbers are in ``odds.bin`` beside this module, solved exactly at build time by
tools/build_odds.py (docs/DATA.md, "The assault odds table") and read a byte at a time, so
the table costs the heap nothing but an open file: a lookup is a seek and a one-byte read
(an evaluation of the "hard" CPU makes a few dozen). The table holds *contests*: one side's
OFF dice and OFF bumps against the other side's DEF dice and DEF bumps, with both sides'
re-rolls. The dice, bumps and re-rolls of an assault come from ``assault.prepare``, the
code the assault itself uses (Weaken, Wither, Suppress, sight, features, Fury, Steadfast,
Medics, Ward, support, Leader, Bane, Psionic, ...).

- The defender falls: the attacker's OFF dice against the defender's DEF dice, the
  attacker moving first. The attacker falls: the defender's OFF dice (none when it cannot
  strike back, A6) against the attacker's DEF dice. With no strike-back the assault is one
  contest and its odds are exact; otherwise the two are taken as independent, each side's
  re-rolls counted in both.
- Fallback outside the table: only the two largest bumps of each kind count (and a pair of
  values the data never gives counts as the strongest tabulated pair it covers); re-rolls
  above the table's maximum count as the maximum; dice beyond the table's range as its
  largest count.

The file (all numbers one byte): "OD" | version | N_OFF N_DEF N_OP N_DP N_R (OFF dice
1..N_OFF, DEF dice 1..N_DEF, OFF and DEF bump profiles, re-rolls 0..N_R - 1) | the OFF
profile number by b1 * 4 + b2, the side's two largest bumps of that kind (16 bytes) | the
same for DEF (16) | the contests: round(255 * P(OFF defeats DEF)) at (((((first * N_OFF +
off - 1) * N_OP + off profile) * N_DEF + def - 1) * N_DP + def profile) * N_R + off
re-rolls) * N_R + def re-rolls, first 0 when the OFF side moves first.

Allocates nothing per call (the scratch arrays are the module's own); all ints are small.
"""
from .assault import DEF_KIND, prepare

MAGIC = b"OD"
VERSION = 1
HEAD = 40  # magic, version, five sizes, two profile maps of 16
PATH = __file__.replace("\\", "/").rsplit("/", 1)[0] + "/odds.bin"

_head = bytearray(HEAD)  # the file's head, read once
_one = bytearray(1)
_file = []  # the open table, once a lookup has opened it
_nd = bytearray(4)
_bumps = bytearray(16)
_rerolls = bytearray(2)


def _open(path=PATH):
    """The table file, its head checked and read into _head."""
    f = open(path, "rb")
    if f.readinto(_head) != HEAD or _head[0:2] != MAGIC or _head[2] != VERSION:
        f.close()
        raise ValueError("%s is not an odds table of this build" % path)
    _file.append(f)
    return f


def _pair(bumps, base, kind):
    """``b1 * 4 + b2``: the two largest bumps of ``kind`` (0 or DEF_KIND) among the eight
    slots at ``bumps[base:]`` (0 = none)."""
    b1 = 0
    b2 = 0
    for i in range(base, base + 8):
        v = bumps[i]
        if v and (v & DEF_KIND) == kind:
            v &= 0x7F
            if v > b1:
                b2 = b1
                b1 = v
            elif v > b2:
                b2 = v
    return b1 * 4 + b2


def contest(n_off, off_pair, n_def, def_pair, r_off, r_def, def_first):
    """Chance in 255 that ``n_off`` OFF dice defeat ``n_def`` DEF dice (RULES A5.4 tally)
    after the bump and re-roll phases. ``off_pair`` / ``def_pair``: the OFF side's two
    largest OFF bumps and the DEF side's two largest DEF bumps as ``b1 * 4 + b2``;
    ``r_off`` / ``r_def``: their re-rolls; ``def_first``: 1 if the DEF side is the
    attacker (it moves first in both phases, A5.2 and A5.3), else 0."""
    if not n_off:
        return 0  # no OFF dice never defeat
    if not n_def:
        return 255  # an OFF die with no DEF die to meet it defeats
    f = _file[0] if _file else _open()
    h = _head
    top_off = h[3]
    top_def = h[4]
    nr = h[7]
    if n_off > top_off:
        n_off = top_off
    if n_def > top_def:
        n_def = top_def
    if r_off >= nr:
        r_off = nr - 1
    if r_def >= nr:
        r_def = nr - 1
    i = (def_first * top_off + n_off - 1) * h[5] + h[8 + off_pair]
    i = (i * top_def + n_def - 1) * h[6] + h[24 + def_pair]
    f.seek(HEAD + (i * nr + r_off) * nr + r_def)
    f.readinto(_one)
    return _one[0]


def assault_odds(st, att, dfd, out):
    """Odds of an assault by ``att`` on ``dfd`` in the position ``st`` (not changed):
    ``out[0]`` = chance in 255 that the defender falls, ``out[1]`` that the attacker falls.
    Returns ``out`` (any array of two ints, e.g. a bytearray(2))."""
    nd = _nd
    b = _bumps
    r = _rerolls
    prepare(st, att, dfd, nd, b, r)
    # nd: attacker OFF, DEF, defender OFF, DEF; bump slots 0-7 attacker, 8-15 defender
    out[0] = contest(nd[0], _pair(b, 0, 0), nd[3], _pair(b, 8, DEF_KIND), r[0], r[1], 0)
    out[1] = contest(nd[2], _pair(b, 8, 0), nd[1], _pair(b, 0, DEF_KIND), r[1], r[0], 1)
    return out
