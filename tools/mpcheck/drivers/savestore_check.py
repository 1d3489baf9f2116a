# SPDX-License-Identifier: MIT
"""MicroPython check driver: the save slots (engine/core/savestore.py) saving and loading
through the power-cut models of tests/powercut.py (given to the harness as an extra file).

arg: "seed,saves". Each step() makes one save of a blob of 300..3000 deterministic bytes.
Before it, the same save is tried with the power failing: in the NVM write without the copy
(inside the erase, after pages 0, 2, 5 and 15), and in the file copy (opening it, after 10
and half of its bytes, closing it, between the FAT remove and rename), each followed by a
load as after a restart. Prints one "LOAD" line per cut (outcome, length and CRC-16 of what loaded,
the reason), one "SAVE" line per save, and at the end "END <store hex> <copy hex>", so the
test can compare every line with the same driver run on CPython. On MicroPython only, a
last line "ALLOC <bytes>" gives the heap one save of 3000 bytes allocates as the autosave
writes it (savestore.save_after: slotwrite.Image) beside a newest record of 3000 bytes, into
a store that allocates nothing itself.
"""
import binascii
import gc
import sys

from engine.core.codec import crc16
from engine.core.rng import Rng
from engine.core.savestore import OVERHEAD, SaveSlots, save_after

from powercut import ERASE, FlashModel, MemoryFiles, PowerCut

COPY = "/save.bin"
NVM_CUTS = (ERASE, 0, 2, 5, 15)

_rng = None
_flash = None
_files = None
_left = 0
_prev = None


def setup(arg):
    global _rng, _flash, _files, _left
    seed, saves = arg.split(",")
    _rng = Rng(int(seed))
    _flash = FlashModel()
    _files = MemoryFiles("garbage")
    _left = int(saves)
    gc.collect()


def _blob():
    n = 300 + _rng.below(2701)
    return bytes(_rng.below(256) for _ in range(n))


def _show(what, got, new):
    blob, reason = got
    if blob is None:
        tag = "none"
    elif blob == new:
        tag = "new"
    elif blob == _prev:
        tag = "previous"
    else:
        tag = "OTHER"
    n = 0 if blob is None else len(blob)
    c = 0 if blob is None else crc16(blob)
    print("LOAD %s %s %d %04x %s" % (what, tag, n, c, reason))


_scratch = []  # the flash model each try works on (made once: no 16 KB block per try)


def _try(blob, cut=None, budget=None):
    if not _scratch:
        _scratch.append(FlashModel())
    flash = _flash.copy(_scratch[0])
    files = _files.copy() if budget is not None else None
    s = SaveSlots(flash, COPY if files else None, fs=files)
    s.load()
    flash.cut = cut
    if files:
        files.budget = budget
    try:
        s.save(blob)
    except PowerCut:
        pass
    return SaveSlots(flash, COPY if files else None, fs=files).load()


class _Ram:
    """A store that allocates nothing when written."""

    def __init__(self, size):
        self.size = size
        self.data = bytearray(b"\xff" * size)

    def read(self, offset, n):
        return bytes(self.data[offset:offset + n])

    def write(self, offset, data):
        self.data[offset:offset + len(data)] = data


def _alloc_of_one_save():
    store = _Ram(8192)
    blobs = [bytes([i]) * 3000 for i in range(3)]
    newest = save_after(store, None, blobs[0])[0]
    newest = save_after(store, newest, blobs[1])[0]
    blob = blobs[2]
    gc.collect()
    before = gc.mem_alloc()
    save_after(store, newest, blob)
    return gc.mem_alloc() - before


def step():
    global _left, _prev
    if _left == 0:
        data = _files.files.get(COPY, b"")
        print("END %s %s" % (binascii.hexlify(_flash.data).decode(),
                             binascii.hexlify(data).decode()))
        if sys.implementation.name == "micropython":
            print("ALLOC %d" % _alloc_of_one_save())
        return False
    blob = _blob()
    for cut in NVM_CUTS:
        _show("nvm-%d" % cut, _try(blob, cut=cut), blob)
    n = len(blob) + OVERHEAD
    if _prev is not None:
        for budget in (0, 11, 1 + n // 2, 1 + n, 3 + n):
            _show("file-%d" % budget, _try(blob, budget=budget), blob)
    info = SaveSlots(_flash, COPY, fs=_files).save(blob)
    print("SAVE %d %d %d %d %04x" % (info.seq, info.kept_previous, info.store_bytes,
                                     info.copy_written, crc16(_flash.data)))
    _prev = blob
    _left -= 1
    return True
