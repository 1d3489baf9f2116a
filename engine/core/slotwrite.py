# SPDX-License-Identifier: MIT
"""Writing saves: a saved game's blob (gamesave.py has its format and the reading side)
and the save slot record around it (savestore.py has the slots' format, the power-cut
analysis and the reading side). This is all a game in play needs to autosave, with few
names of its own and no reading code: on MicroPython every name and string a module
brings stays interned for good, so a battle loads only this module and the CRC.

``Image`` is one save's record: the game's blob is written straight into it
(``pack_game``), then sealed and written where it leaves the newest save as it is, so a save
allocates no copy of its blob and no copy of the newest. It is dropped after the save: a
game in play autosaves at quiet moments (a person is to decide), so the buffer costs heap
only then.
"""
from .actionlog import _varint
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
GAME_VERSION = 2  # 2: seven play bytes (1: six, without the settings byte)
RECORD_MAGIC = b"GR"  # a game record's blob (record.py)
RECORD_VERSION = 1
PLAY_BYTES = const(7)


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
    """One save's record for ``store``, written where it leaves the store's newest record
    as it is (``commit``): only the new record is in ``buf`` (the chip's write keeps every
    other byte of the block), so a save holds one record's bytes, never the newest's too.
    ``newest`` = (offset, length, seq) of the store's newest record (length 0: it came from
    the copy file; None: an empty store). A save writes its payload to ``buf[at:end]`` for
    at most ``bound`` bytes, then ``commit(end)``; the image is made for one save and
    dropped, so between saves it holds no heap. ``copy_path``: the file that gets each
    record first (savestore.py, "With the copy"), through ``files`` (savecopy.Files when
    None)."""

    def __init__(self, store, newest, bound, copy_path=None, files=None):
        self.store = store
        self.newest = newest
        self.copy_path = copy_path
        self.files = files
        self.seq = 0 if newest is None else newest[2]
        self.buf = bytearray(bound + OVERHEAD + 2)  # the record, then the chain's end
        self.at = HEAD
        self.kept = False  # after commit: the newest record is still in the store

    def commit(self, end):
        """Writes the payload placed up to ``end`` as the next record after the newest, in
        ONE store.write (one erase cycle): in the half of the store the newest does not
        touch, followed by two erased bytes that end a walk of the records there. Returns
        (offset, length, seq) of the new record and the copy's error or None. ValueError,
        before anything is written, for a payload that does not fit the store."""
        buf = self.buf
        n = end - HEAD
        size = self.store.size
        if n + OVERHEAD > size or n > 0xFFFF:
            raise ValueError("a save of %d bytes does not fit the store" % n)
        seq = (self.seq + 1) & SEQ_MASK
        seal(buf, 0, seq, n)
        rec = n + OVERHEAD
        buf[rec] = 0xFF
        buf[rec + 1] = 0xFF
        # where: in the half of the store the newest record does not touch, so that it
        # stays as it is and load finds it (a walk of the records begins at 0 and at the
        # middle), and after a cut nothing older than it can load; else alone at 0 (a
        # record of more than half the store, or the first save after an older layout's
        # two records side by side from 0)
        off = 0
        new = self.newest
        half = size // 2
        self.kept = False
        if new is not None and new[1] > 0:
            if new[0] == 0 and new[1] <= half and rec <= size - half:
                off = half
                self.kept = True
            else:
                self.kept = new[0] == half and rec + 2 <= half
        error = None
        if self.copy_path is not None:
            from .savecopy import Files, write_copy

            error = write_copy(self.files or Files(), self.copy_path, self.copy_path + ".new",
                               memoryview(buf)[0:rec])
        self.store.write(off, memoryview(buf)[0:min(rec + 2, size - off)])
        return (off, rec, seq), error


def save_game(store, newest, copy_path, play, ruleset, config, seed, log, rng_state):
    """One save of a game (pack_game's fields) after the store's ``newest`` record, written
    by an Image: ((offset, length, seq) of the new record, the copy's error or None);
    OSError or ValueError when it could not be written."""
    image = Image(store, newest, game_bound(config, log), copy_path)
    return image.commit(pack_game(image.buf, image.at, play, ruleset, config, seed, log,
                                  rng_state))


def record_of(ruleset, config, seed, log):
    """The game record's bytes (pack_record) of the ActionLog ``log``."""
    buf = bytearray(game_bound(config, log))
    return memoryview(buf)[0:pack_record(buf, 0, ruleset, config, seed, log)]
