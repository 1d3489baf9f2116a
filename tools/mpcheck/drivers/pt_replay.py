# SPDX-License-Identifier: MIT
"""MicroPython check driver: replay a game record made on CPython.

arg: the record as hex, of either ruleset (its ruleset id picks the replay function).
Each step() applies one action; at the end prints "END <state hex>" so the host can compare
with the CPython bytes.
"""
import binascii
import gc

from engine.core.record import Record

_rec = None
_st = None
_i = 0


def _hex(b):
    return binascii.hexlify(b).decode()


def setup(arg):
    global _rec, _st, _i
    data = binascii.unhexlify(arg)
    _rec = Record.decode(data)
    if _rec.ruleset == 2:
        from engine.tactical_hex.saves import replay
    else:
        from engine.pocket_tactics.saves import replay
    _st = replay(_rec, 0)
    _i = 0
    gc.collect()


def step():
    global _i
    if _i >= len(_rec.actions):
        print("END %s" % _hex(_st.encode()))
        return False
    _st.apply(_rec.actions[_i])
    _i += 1
    return True
