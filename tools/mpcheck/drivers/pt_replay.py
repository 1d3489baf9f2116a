# SPDX-License-Identifier: MIT
"""MicroPython check driver: replay a game record made on CPython.

arg: the record as hex. Each step() applies one action; at the end prints
"END <state hex>" so the host can compare with the CPython bytes.
"""
import binascii
import gc

from engine.core.record import Record
from engine.pocket_tactics.saves import replay

_rec = None
_st = None
_i = 0


def _hex(b):
    return binascii.hexlify(b).decode()


def setup(arg):
    global _rec, _st, _i
    data = bytes(int(arg[i:i + 2], 16) for i in range(0, len(arg), 2))
    _rec = Record.decode(data)
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
