# SPDX-License-Identifier: MIT
"""Writing saves: a saved game's blob (gamesave.py has its format and the reading side)
and the save slot record around it (savestore.py has the slots' format, the power-cut
analysis and the reading side). This is all a game in play needs to autosave, with few
names of its own and no reading code: on MicroPython every name and string a module
brings stays interned for good, so a battle loads only this module and the CRC.

``Image`` is one save's image of the store, the newest record at its front: the game's
blob is written straight into it (``pack_game``), then sealed and written, so a save
allocates no copy of its blob. It is dropped after the save: a game in play autosaves at
quiet moments (a person is to decide), so the buffer costs heap only then.
"""
from .crc import crc16

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


MAGIC = b"SV"
VERSION = 1
OVERHEAD = const(12)  # header 9 + CRC 2 + end mark 1
HEAD = const(9)
END = const(0x5A)
SEQ_MASK = const(0x3FFFFFFF)
GAME_MAGIC = b"GS"  # the saved game's blob (gamesave.py)
GAME_VERSION = 1
RECORD_MAGIC = b"GR"  # a game record's blob (record.py)
RECORD_VERSION = 1
PLAY_BYTES = const(6)
ROOM = const(64)  # an ActionLog grows by this many bytes


def seal(buf, at, seq, n):
    """Makes the ``n`` payload bytes at ``buf[at + HEAD:]`` the record of sequence number
    ``seq`` (len(payload) + OVERHEAD bytes from ``at``)."""
    buf[at] = MAGIC[0]
    buf[at + 1] = MAGIC[1]
    buf[at + 2] = VERSION
    buf[at + 3] = seq >> 24
    buf[at + 4] = (seq >> 16) & 0xFF
    buf[at + 5] = (seq >> 8) & 0xFF
    buf[at + 6] = seq & 0xFF
    buf[at + 7] = n >> 8
    buf[at + 8] = n & 0xFF
    e = at + HEAD + n
    c = crc16(memoryview(buf)[at:e])
    buf[e] = c >> 8
    buf[e + 1] = c & 0xFF
    buf[e + 2] = END


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

    def clear(self):
        self.n = self.count = 0

    def list(self):
        """The actions as a list (made for the moment: an undo, a replay, a record)."""
        out = []
        buf = self.buf
        x = s = 0
        for i in range(self.n):
            b = buf[i]
            x |= (b & 0x7F) << s
            s += 7
            if b < 0x80:
                out.append(x)
                x = s = 0
        return out


def _u32(buf, i, x):
    buf[i] = (x >> 24) & 0xFF
    buf[i + 1] = (x >> 16) & 0xFF
    buf[i + 2] = (x >> 8) & 0xFF
    buf[i + 3] = x & 0xFF
    return i + 4


def game_bound(config, log):
    """The bytes pack_game (or pack_record) writes for a game of ``config`` bytes and the
    ActionLog ``log``, or a few more."""
    return 32 + len(config) + log.n


def put_head(buf, at, magic, version):
    buf[at] = magic[0]
    buf[at + 1] = magic[1]
    buf[at + 2] = version
    return at + 3


def put_game(buf, i, ruleset, config, seed):
    buf[i] = ruleset
    i = _varint(buf, i + 1, len(config))
    buf[i:i + len(config)] = config
    return _u32(buf, i + len(config), seed)


def put_actions(buf, at, i, log):
    """The ActionLog ``log`` from ``i``, then the CRC of everything from ``at``; returns the
    end."""
    i = _varint(buf, i, log.count)
    buf[i:i + log.n] = memoryview(log.buf)[0:log.n]
    i += log.n
    c = crc16(memoryview(buf)[at:i])
    buf[i] = c >> 8
    buf[i + 1] = c & 0xFF
    return i + 2


def pack_record(buf, at, ruleset, config, seed, log):
    """Writes the game record's blob (record.py: ruleset, ``config`` bytes, ``seed``, the
    ActionLog ``log``) into ``buf`` from ``at`` (room for game_bound() bytes); returns its
    end."""
    i = put_head(buf, at, RECORD_MAGIC, RECORD_VERSION)
    return put_actions(buf, at, put_game(buf, i, ruleset, config, seed), log)


def pack_game(buf, at, play, ruleset, config, seed, log, rng_state):
    """Writes the saved game's blob (gamesave.py) into ``buf`` from ``at``, which has room
    for game_bound() bytes: ``play`` (PLAY_BYTES), the record's fields (``config`` bytes,
    ``seed``, the ActionLog ``log``) and the state's PRNG ``(z, w)``. Returns where it
    ends."""
    if len(play) != PLAY_BYTES:
        raise ValueError("play settings of %d bytes, not %d" % (len(play), PLAY_BYTES))
    i = put_head(buf, at, GAME_MAGIC, GAME_VERSION)
    buf[i:i + PLAY_BYTES] = play
    i = put_game(buf, i + PLAY_BYTES, ruleset, config, seed)
    i = _u32(buf, _u32(buf, i, rng_state[0]), rng_state[1])
    return put_actions(buf, at, i, log)


class Image:
    """One save's image of ``store``: the store's newest record at ``buf[0:kept]``, then
    room for ``bound`` payload bytes from ``at``. ``newest`` = (offset, length, seq) of the
    store's newest record (length 0: it came from the copy file; None: an empty store, or
    one not to keep). A save writes its payload to ``buf[at:end]``, then ``commit(end)``;
    the image is made for one save and dropped, so between saves it holds no heap.
    ``copy_path``: the file that gets each record first (savestore.py, "With the copy")."""

    def __init__(self, store, newest, bound, copy_path=None):
        self.store = store
        self.copy_path = copy_path
        self.seq = 0 if newest is None else newest[2]
        kept = 0
        if newest is not None and newest[1] > OVERHEAD and bound > 0 and \
                newest[1] + bound + OVERHEAD <= store.size:
            kept = newest[1]  # kept when both fit (a clear's empty record is not kept)
        self.buf = bytearray(kept + bound + OVERHEAD)
        if kept:
            self.buf[0:kept] = store.read(newest[0], kept)
        self.kept = kept
        self.at = kept + HEAD

    def commit(self, end):
        """Writes the payload placed up to ``end`` as the next record after the kept one,
        in ONE store.write: the kept record first, when the newest and ``bound`` bytes
        fit the store together, else the new one alone (and always alone when ``bound``
        is 0: a clear, so that no older save can come back). Returns (offset, length, seq)
        of the new record and the copy's error or None. ValueError, before anything is
        written, for a payload that does not fit the store."""
        buf = self.buf
        start = self.kept
        n = end - self.at
        if n + OVERHEAD > self.store.size or n > 0xFFFF:
            raise ValueError("a save of %d bytes does not fit the store" % n)
        seq = (self.seq + 1) & SEQ_MASK
        seal(buf, start, seq, n)
        e = start + n + OVERHEAD
        error = None
        if self.copy_path is not None:
            from .savecopy import Files, write_copy

            error = write_copy(Files(), self.copy_path, self.copy_path + ".new",
                               memoryview(buf)[start:e])
        self.store.write(0, memoryview(buf)[0:e])
        return (start, e - start, seq), error
