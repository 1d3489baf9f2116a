# SPDX-License-Identifier: MIT
"""Save slots: opaque save blobs in a small byte store, so that a power cut at any moment
never loads garbage (autosave: "never lose a game").

The store is a board's ``store`` (``size``, ``read(offset, n)``, ``write(offset, data)``):
``microcontroller.nvm`` on the device (8 KB, ONE erase block: every write erases all of it
and programs its 16 pages of 512 bytes again, in order), a file on the host, memory in
tests. Optionally a second copy of each save goes to a file (on the device a file on
CIRCUITPY, which the game can write only when boot.py remounted the drive for it).

Record (big-endian), ``OVERHEAD`` = 12 bytes around the payload::

    "SV"  version  sequence (4 bytes, 30 bits)  length (2)  payload  CRC-16 (2)  0x5A

The CRC-16 (engine/core/codec.py, CCITT-FALSE) covers everything before it. The last byte
is a fixed end mark that is never 0xFF: flash is programmed in order, so a save cut short
always ends in erased bytes (0xFF) and is refused by its end mark whatever its checksum.
Other damage (a torn file, flipped bits) must pass the magic, version, length, end mark and
the CRC, which detects all errors of 1 to 3 bits in records up to 4 KB, and any odd number
of flipped bits and every burst of up to 16 bits at any size. Reading refuses anything that
does not check, with a reason.

Layout: the store is two halves. Each save writes ONE record, in ONE ``store.write`` (one
erase cycle), into the half the newest record does not touch, followed by two erased bytes
(0xFF) that end a walk of the records there; the chip's write keeps every other byte of the
block, so the newest record stays where it is and the save holds only the new record in
RAM. A record longer than half the store is written alone at 0, and so is the first save
after an older layout (previous and new side by side from 0: keeping its newest would let
a cut load the one before it). Load walks the records from
0 and, whatever that walk met, from the middle (where an older layout, previous and new side
by side from 0, may have left the middle of a record: there, what does not begin with the
magic is no record) and takes the valid one with the highest sequence number (wrap-safe)
among the store and the file copy.

What a power cut does (the chip erases the whole block, then programs pages 0..15):

- once the pages holding the new record are programmed: the new save;
- once the pages holding the previous record are programmed, the new one's not: the
  previous save;
- inside the erase, or before the pages of whichever record comes first are programmed
  again: the store holds no complete record. Without the file copy, load answers "no saved
  game" (cleanly: nothing half-loaded). For a first record of P bytes that window is the cut
  inside the erase plus the cuts after page k for k + 1 < ceil(P / 512): 3 of the 17 cut
  points for a typical record of about 1 KB, 6 of 17 for a 3 KB one. No layout can shrink it
  to the erase alone for a save larger than a page: once the block is erased the old save
  exists only in RAM (the chip's) until its pages are programmed again.

With the copy, the file is written completely (to ``path + ".new"``, then renamed over
``path``; CircuitPython's FAT rename deletes the old file first, so load reads both names;
without os.rename the file is written in place) before the store is touched: a cut while
writing the file leaves the store's previous save, a cut during the store write leaves the
new save in the file. No cut loses the previous save. If the file cannot be written (a
read-only drive) the save goes on in the store only and ``SaveInfo.copy_error`` says why. A
copy that stopped being written stays readable and is used only when the store holds
nothing newer.

When the new record does not fit beside the newest (more than half the store), it is
written alone (``SaveInfo.kept_previous`` is False): a cut during that write can then lose
both. A save that does not fit alone is refused with ValueError before anything is written.

Wear: a blob equal to the newest save is not written; ``erase_cycles`` (store.write calls),
``bytes_written`` and ``copy_bytes_written`` count what was (tools/bench/save_bench.py).
Memory: a save holds the new record once (slotwrite.Image), never the newest beside it.
"""
from .slotwrite import END as _END
from .slotwrite import HEAD as _HEAD
from .slotwrite import MAGIC, OVERHEAD, SEQ_MASK, VERSION, Image, seal
from .crc import crc16

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_SEQ_HALF = const(0x20000000)
_PAGE = const(512)  # what _erased reads at a time
_ERASED = "erased"  # _header's reasons for bytes where no record begins
_NO_MAGIC = "not a save (wrong magic)"
STORE = "store"  # where a loaded save came from (else the copy's file name)


def newer(a, b):
    """True when sequence number ``a`` comes after ``b`` (modulo 2**30, wrap-safe while
    they are less than 2**29 saves apart)."""
    d = (a - b) & SEQ_MASK
    return 0 < d < _SEQ_HALF


def save_after(store, newest, blob, copy_path=None, files=None):
    """Saves ``blob`` as the next record after ``newest`` = (offset, length, seq) of the
    store's newest record in ONE store.write, as the autosave does (slotwrite.Image);
    returns ((offset, length, seq) of the new record, the copy's error or None, whether
    the newest record was kept beside it)."""
    image = Image(store, newest, len(blob), copy_path, files)
    at = image.at
    image.buf[at:at + len(blob)] = blob
    got, error = image.commit(at + len(blob))
    return got, error, image.kept


def record(seq, payload):
    """The record bytes of ``payload`` saved with sequence number ``seq``."""
    buf = bytearray(len(payload) + OVERHEAD)
    buf[_HEAD:_HEAD + len(payload)] = payload
    seal(buf, 0, seq & SEQ_MASK, len(payload))
    return bytes(buf)


def _header(d, room):
    """Payload length of the record header ``d`` (9 bytes or more) with ``room`` bytes from
    its start to the end of its medium, or the reason it is not one (a str)."""
    if room < OVERHEAD:
        return "too short for a save"
    if d[0] != MAGIC[0] or d[1] != MAGIC[1]:
        if d[0] == 0xFF and d[1] == 0xFF:
            return _ERASED
        return _NO_MAGIC
    if d[2] != VERSION:
        return "format version %d, this build reads version %d" % (d[2], VERSION)
    if d[3] & 0xC0:
        return "bad sequence number"
    n = (d[7] << 8) | d[8]
    if n + OVERHEAD > room:
        return "length %d runs past the end" % n
    return n


def _seq(d):
    return (d[3] << 24) | (d[4] << 16) | (d[5] << 8) | d[6]


def _crc_ok(rec, n):
    e = _HEAD + n
    return crc16(memoryview(rec)[0:e]) == (rec[e] << 8) | rec[e + 1]


class SaveInfo:
    """What one ``save()`` or ``clear()`` did."""

    def __init__(self, written, seq, kept_previous=False, store_bytes=0, copy_written=False,
                 copy_error=None):
        self.written = written  # False: the blob equals the newest save, nothing written
        self.seq = seq  # sequence number of the newest save
        self.kept_previous = kept_previous  # the previous save is still beside the new one
        self.store_bytes = store_bytes  # bytes in the store.write call (0: none)
        self.copy_written = copy_written
        self.copy_error = copy_error  # why the copy was not written (None: no error)


class SaveSlots:
    """Save and load one game's blobs in ``store``, with an optional copy in the file
    ``copy_path``. ``fs`` (tests) replaces the file functions: an object with
    ``open(path, mode)`` and ``rename(old, new)`` raising OSError like the built-ins.
    Saves are written as the autosave writes them (slotwrite.Image): one writer.

    ``save(blob)`` -> SaveInfo; ValueError (nothing written) for an empty blob or one that
    does not fit the store; errors of the store itself propagate, those of the copy do not.
    ``load()`` -> (blob, reason) or (None, reason): never raises for bad data; afterwards
    ``damaged`` tells whether it met anything but saves, erased flash and missing files.
    ``clear()`` -> SaveInfo: load() answers "no saved game" until the next save.
    """

    def __init__(self, store, copy_path=None, fs=None):
        self.store = store
        self.copy_path = copy_path
        self._tmp = None if copy_path is None else copy_path + ".new"
        if fs is None and copy_path is not None:
            from .savecopy import Files

            fs = Files()
        self._fs = fs
        self._blob = None  # the newest save's blob (b"": a clear), None before any
        self._scanned = False
        self.erase_cycles = 0  # store.write calls: each erases the whole flash block
        self.bytes_written = 0
        self.copy_bytes_written = 0
        self.skipped = 0  # saves not written: blob equal to the newest
        self.damaged = False  # load() met something that is neither a save nor erased
        # after load(): (store offset, length, seq) of the newest record, the offset and
        # length 0 when it came from the copy; None when there is none (save_after,
        # slotwrite.Image)
        self.newest = None

    # -- loading

    def load(self):
        """The newest valid save: (blob, "save #N from ...") or (None, "no saved game
        (...)") with the reasons the store and the copy had nothing."""
        cands = []  # (seq, n, where, store offset or record bytes)
        why = []
        self._walk_store(cands, why)
        if self.copy_path is not None:
            for path in (self.copy_path, self._tmp):
                self._read_copy(path, cands, why)
        self._scanned = True
        self.damaged = False
        for w in why:
            if w != "store: erased" and not w.endswith(": no file"):
                self.damaged = True
        refused = None
        while cands:
            best = 0
            for i in range(1, len(cands)):
                if newer(cands[i][0], cands[best][0]):
                    best = i
            seq, n, where, rec = cands.pop(best)
            self.newest = (0, 0, seq)
            if where == STORE:
                self.newest = (rec, n + OVERHEAD, seq)
                rec = self.store.read(rec, n + OVERHEAD)
            if not _crc_ok(rec, n):
                self.damaged = True
                if refused is None:
                    refused = "newer save #%d in %s refused: checksum mismatch" % (seq, where)
                why.append("%s: checksum mismatch (damaged)" % where)
                continue
            self._blob = bytes(memoryview(rec)[_HEAD:_HEAD + n])
            if n == 0:
                self.damaged = False  # what lies after a clear is older than it
                return None, "no saved game (cleared)"
            text = "save #%d from %s" % (seq, where)
            if refused is not None:
                text += " (%s)" % refused
            return self._blob, text
        self._blob = None
        self.newest = None
        if not self.damaged and not self._erased(0, self.store.size):
            self.damaged = True  # a cut inside an erase leaves stray bits and no record
            why.append("store: neither erased nor a save (damaged)")
        return None, "no saved game (%s)" % "; ".join(why)

    def _erased(self, start, end):
        """Whether the store reads 0xFF from ``start`` to ``end`` (a page at a time)."""
        store = self.store
        for at in range(start, end, _PAGE):
            n = min(_PAGE, end - at)
            if store.read(at, n) != b"\xff" * n:
                return False
        return True

    def _walk_store(self, cands, why):
        seen = []  # offsets walked: the walk from the middle stops where the first went
        self._walk(0, cands, why, seen)
        k = len(cands)
        w = len(why) - 1
        self._walk(self.store.size // 2, cands, why, seen)
        if k == 0 and w >= 0 and why[w] == "store: erased" and len(cands) > k:
            # saves are written from 0 first and the newest is never erased to write one in
            # the middle: an erased start before a save there is a save's erase cut short
            why[w] = "store: erased at 0 before a save in the middle (damaged)"

    def _walk(self, off, cands, why, seen):
        """Adds the records found from ``off`` on, one after the other, to ``cands``. Both
        halves are walked whatever the other held (a flipped bit in a length must not hide
        the other half's save). From the middle of the store, what does not begin with the
        magic is no record and no damage: an older layout may have left the middle of a
        record there."""
        store = self.store
        size = store.size
        first = off
        while off + OVERHEAD <= size and off not in seen:
            seen.append(off)
            head = store.read(off, _HEAD)
            n = _header(head, size - off)
            if isinstance(n, str):
                # after a record only erased bytes end a walk quietly; where the middle's
                # walk begins, no magic at all is no record either
                if off != first:
                    quiet = n == _ERASED
                else:
                    quiet = off > 0 and n in (_ERASED, _NO_MAGIC)
                if not quiet:
                    why.append("store: " + n)
                return
            if store.read(off + _HEAD + n + 2, 1)[0] != _END:
                why.append("store: incomplete write (no end mark)")
            else:
                cands.append((_seq(head), n, STORE, off))
            off += n + OVERHEAD
        if off == 0:
            why.append("store: too small")

    def _read_copy(self, path, cands, why):
        try:
            f = self._fs.open(path, "rb")
        except OSError:
            if path == self.copy_path:
                why.append("%s: no file" % path)
            return
        try:
            try:
                rec = f.read(self.store.size + 1)
            finally:
                f.close()
        except OSError as e:
            why.append("%s: unreadable (%s)" % (path, e))
            return
        n = _header(rec, len(rec))
        if isinstance(n, str):
            why.append("%s: %s" % (path, "file ends early" if len(rec) < OVERHEAD else n))
        elif len(rec) != n + OVERHEAD:
            why.append("%s: file length does not match the save" % path)
        elif rec[_HEAD + n + 2] != _END:
            why.append("%s: incomplete write (no end mark)" % path)
        else:
            cands.append((_seq(rec), n, path, rec))

    # -- saving

    def save(self, blob):
        """Saves ``blob`` (bytes) as the newest save; see the module docstring."""
        n = len(blob)
        size = self.store.size
        if n == 0:
            raise ValueError("nothing to save (empty blob)")
        if n + OVERHEAD > size or n > 0xFFFF:
            raise ValueError("a save of %d bytes does not fit the store (%d bytes, %d of them "
                             "for the record)" % (n, size, OVERHEAD))
        if not self._scanned:
            self.load()
        if self._blob == blob:
            self.skipped += 1
            return SaveInfo(False, self.newest[2])
        return self._write(blob)

    def clear(self):
        """Forgets the saved game: an empty record becomes the newest save (in the copy too),
        so an older copy left in a file cannot come back."""
        if not self._scanned:
            self.load()
        if self._blob is None or self._blob == b"":
            return SaveInfo(False, None if self.newest is None else self.newest[2])
        return self._write(b"")

    def _write(self, blob):
        try:
            got, error, kept = save_after(self.store, self.newest, blob, self.copy_path,
                                          self._fs)
        except Exception:
            # what the store (or the copy) holds now is not known: the next save looks
            # again, so it never writes a sequence number that is there with other bytes
            self._scanned = False
            raise
        self.newest = got
        self._blob = bytes(blob)
        if self.copy_path is not None and error is None:
            self.copy_bytes_written += got[1]
        n = min(got[1] + 2, self.store.size - got[0])  # the record and the erased two after
        self.erase_cycles += 1
        self.bytes_written += n
        return SaveInfo(True, got[2], kept, n, self.copy_path is not None and not error,
                        error)
