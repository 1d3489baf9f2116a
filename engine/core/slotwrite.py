# SPDX-License-Identifier: MIT
"""Writing save records: the part of the save slots (savestore.py, which has the format
and the power-cut analysis) that a game in play needs to autosave, apart from the reading
and checking code, with few names of its own. On MicroPython every name and string a
module brings is interned for good, even after the module is let go, so the battle loads
only this module (and the CRC) to save.
"""
from .codec import crc16
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


def put(buf, at, seq, payload):
    """Writes the record of ``payload`` with sequence number ``seq`` into ``buf`` at
    ``at`` (len(payload) + OVERHEAD bytes)."""
    n = len(payload)
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
    buf[at + HEAD:e] = payload
    c = crc16(memoryview(buf)[at:e])
    buf[e] = c >> 8
    buf[e + 1] = c & 0xFF
    buf[e + 2] = END


def write_copy(fs, path, tmp, rec):
    """Writes record ``rec`` to the file ``path`` whole: to ``tmp`` then renamed over it
    when ``fs.rename`` exists (else in place). None, or why it failed."""
    rename = getattr(fs, "rename", None)
    name = tmp if rename else path
    try:
        f = fs.open(name, "wb")
        try:
            f.write(rec)
            f.flush()
        finally:
            f.close()
        if rename:
            rename(name, path)
    except OSError as e:
        return "copy not written: %s" % e
    return None


class Files:
    """The running Python's files: the built-in open, and os.replace or else os.rename
    (CircuitPython's rename replaces the target on FAT by deleting it first). Without
    either, ``rename`` is None and the copy is written in place."""

    def __init__(self):
        import os

        self.open = open
        self.rename = getattr(os, "replace", None) or getattr(os, "rename", None)


def save_after(store, newest, blob, copy_path=None):
    """Saves ``blob`` as the next record after ``newest`` = (offset, length, seq) of the
    store's newest record (None: an empty store, or one not to keep), in ONE store.write:
    the newest record first, kept when both fit, then the new one. The copy (when
    ``copy_path``) is written first, as SaveSlots.save does. Returns (offset, length, seq)
    of the new record and the copy's error or None. ValueError, before anything is
    written, for a blob that does not fit. An empty blob clears (alone in the store, so
    that no older save can come back)."""
    n = len(blob)
    size = store.size
    if n + OVERHEAD > size or n > 0xFFFF:
        raise ValueError("a save of %d bytes does not fit the store" % n)
    start = 0
    seq = 1
    if newest is not None:
        seq = (newest[2] + 1) & SEQ_MASK
        if n and newest[1] + n + OVERHEAD <= size:
            start = newest[1]
    buf = bytearray(start + n + OVERHEAD)
    if start:
        buf[0:start] = store.read(newest[0], start)
    put(buf, start, seq, blob)
    error = None
    if copy_path is not None:
        error = write_copy(Files(), copy_path, copy_path + ".new",
                           memoryview(buf)[start:])
    store.write(0, buf)
    return (start, n + OVERHEAD, seq), error
