# SPDX-License-Identifier: MIT
"""The record of a game in play, as the battle's Saver keeps it (engine/ui/saving/saver.py):
a module of its own, so that the write path (slotwrite.py, crc.py) is loaded only for the
moment of a save (engine/core/lazy.py) while the record stays."""
try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


ROOM = const(64)  # an ActionLog grows by this many bytes


def _varint(buf, i, x):
    while x >= 0x80:
        buf[i] = (x & 0x7F) | 0x80
        x >>= 7
        i += 1
    buf[i] = x
    return i + 1


class ActionLog:
    """A game's actions as a game in play keeps them for its save: the varints of the
    saved record (7 bits a byte: 1 or 2 bytes an action), ``count`` of them in
    ``buf[0:n]``, which grows by ROOM bytes; a list of the actions would take 4 bytes an
    action and double when full."""

    def __init__(self, actions=()):
        self.buf = bytearray(ROOM)
        self.n = 0
        self.count = 0
        for a in actions:
            self.add(a)

    def add(self, a):
        if self.n + 5 > len(self.buf):
            self.buf.extend(bytes(ROOM))
        self.n = _varint(self.buf, self.n, a)
        self.count += 1

    def walk(self, f, upto=-1, i=0):
        """Calls ``f(a)`` with each action in order from byte ``i`` of ``buf`` (where an
        action begins), at most ``upto`` of them (all: -1); returns the byte where the walk
        stopped."""
        buf = self.buf
        x = s = k = 0
        while i < self.n and k != upto:
            b = buf[i]
            i += 1
            x |= (b & 0x7F) << s
            s += 7
            if b < 0x80:
                f(x)
                k += 1
                x = s = 0
        return i

    def list(self):
        """The actions as a list (made for the moment: a replay, a record)."""
        out = []
        self.walk(out.append)
        return out
