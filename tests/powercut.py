# SPDX-License-Identifier: MIT
"""Models of storage that loses power in the middle of a write, for the save slots tests
(tests/test_savestore.py) and the MicroPython check (tools/mpcheck/drivers/savestore_check.py):
plain Python of the CircuitPython subset, so it runs on both interpreters.

FlashModel: ``microcontroller.nvm`` of a SAMD51 as CircuitPython writes it. The whole 8 KB is
one erase block: every write erases all of it, then programs it in 512-byte pages in order
0..15 with the modified image (unchanged bytes are programmed again with their old value).
Set ``cut`` before a write to make the power fail in it: ``ERASE`` (at the end of the erase:
everything reads 0xFF), ``partial_erase(k)`` (inside the erase, which goes page by page:
pages before k read 0xFF, page k holds stray bits, its old bytes with some bits erased to
1, the pages after it are as they were) or ``k`` (after page k is programmed: pages < k + 1
hold the new image, the rest reads 0xFF). The write then raises PowerCut. ``cut = 15``
leaves the whole new image (the power fails just after the write).

MemoryFiles: a file system in memory with ``open(path, mode)`` and ``rename(old, new)`` like
the ones SaveSlots uses. Every step costs one unit: opening a file for writing, each byte
written, closing it, removing a file, renaming one. Set ``budget`` to the number of steps
that may complete; the next one raises PowerCut, leaving the files as a cut would. A file
being written holds, after a cut (``tear``):

- "truncated": the bytes written so far;
- "padded": the bytes written so far, then 0xFF up to the length of the write in progress
  (the size was recorded but the data never reached the medium);
- "garbage": the same with stale bytes instead of 0xFF (what freed clusters held before);
- "empty": nothing (the directory entry was never updated).

With ``fat_rename`` (CircuitPython's FAT), renaming onto an existing file deletes it first:
two steps, so a cut can fall between them.
"""

ERASE = -1
_PARTIAL = -100
TEARS = ("truncated", "padded", "garbage", "empty")


def partial_erase(page):
    """The cut inside the erase, at ``page`` (FlashModel)."""
    return _PARTIAL - page


class PowerCut(Exception):
    """The power failed; the model holds what the medium holds at that moment."""


def _check(size, offset, n):
    if offset < 0 or n < 0 or offset + n > size:
        raise ValueError("store range %d+%d outside 0..%d" % (offset, n, size))


_image = []  # the image a write programs, shared by every model (one 8 KB block)


class FlashModel:
    def __init__(self, size=8192, page=512):
        self.size = size
        self.page = page
        self._erased = b"\xff" * page
        self.data = bytearray(size)
        for k in range(size // page):
            self.data[k * page:(k + 1) * page] = self._erased
        self.cut = None
        self.erase_cycles = 0
        self.bytes_written = 0

    def read(self, offset, n):
        _check(self.size, offset, n)
        return self.data[offset:offset + n]  # a new bytearray, as the device's NvmStore

    def write(self, offset, data):
        n = len(data)
        _check(self.size, offset, n)
        if not _image or len(_image[0]) != self.size:
            _image[:] = [bytearray(self.size)]
        image = _image[0]
        image[:] = self.data
        image[offset:offset + n] = data
        self.erase_cycles += 1
        self.bytes_written += n
        cut = self.cut
        self.cut = None
        d = self.data
        p = self.page
        if cut is not None and cut <= _PARTIAL:
            at = _PARTIAL - cut
            for k in range(at):
                d[k * p:(k + 1) * p] = self._erased
            x = 40503 + at
            for i in range(at * p, (at + 1) * p):  # stray bits: some erased, some not yet
                x = (x * 75 + 74) % 65537
                d[i] |= x & 0xFF
            raise PowerCut("inside the erase, at page %d" % at)
        for k in range(self.size // p):
            d[k * p:(k + 1) * p] = self._erased
        if cut == ERASE:
            raise PowerCut("inside the erase")
        for k in range(self.size // p):
            d[k * p:(k + 1) * p] = image[k * p:(k + 1) * p]
            if cut == k:
                raise PowerCut("after page %d" % k)

    def copy(self, into=None):
        """A model holding the same bytes (``into``, a model of the same size, is reused:
        the CircuitPython tier runs this in the device's heap)."""
        f = into if into is not None else FlashModel(self.size, self.page)
        f.data[:] = self.data
        f.cut = None
        return f


def stale_bytes(n, seed):
    """``n`` deterministic bytes standing for what a reused cluster held."""
    out = bytearray(n)
    x = seed & 0xFFFF
    for i in range(n):
        x = (x * 75 + 74) % 65537
        out[i] = x & 0xFF
    return bytes(out)


class _Reader:
    def __init__(self, data):
        self._data = data

    def read(self, n=-1):
        return self._data if n < 0 else self._data[:n]

    def close(self):
        pass


class _Writer:
    def __init__(self, fs, path):
        self._fs = fs
        self._path = path
        self._buf = bytearray()

    def write(self, data):
        fs = self._fs
        n = len(data)
        if fs.budget is not None and fs.budget < n:
            self._tear(bytes(data[0:fs.budget]), n)
        fs.spend(n)
        self._buf.extend(data)
        return n

    def _tear(self, part, n):
        fs = self._fs
        got = bytes(self._buf) + part
        if fs.tear == "empty":
            got = b""
        elif fs.tear == "padded":
            got += b"\xff" * (len(self._buf) + n - len(got))
        elif fs.tear == "garbage":
            got += stale_bytes(len(self._buf) + n - len(got), len(got))
        fs.files[self._path] = got
        fs.budget = None
        raise PowerCut("writing %s after %d bytes" % (self._path, len(part)))

    def flush(self):
        pass

    def close(self):
        if self._fs.budget == 0:
            self._tear(b"", 0)
        self._fs.spend(1)
        self._fs.files[self._path] = bytes(self._buf)


class MemoryFiles:
    def __init__(self, tear="truncated", fat_rename=True):
        self.files = {}
        self.tear = tear
        self.fat_rename = fat_rename
        self.budget = None
        self.steps = 0
        self.read_only = False

    def spend(self, n, what="a step"):
        if self.budget is not None:
            if self.budget < n:
                self.budget = None
                raise PowerCut(what)
            self.budget -= n
        self.steps += n

    def open(self, path, mode):
        if "r" in mode:
            if path not in self.files:
                raise OSError(2, "No such file or directory")
            return _Reader(self.files[path])
        if self.read_only:
            raise OSError(30, "Read-only filesystem")
        self.spend(1, "opening " + path)
        self.files[path] = b""
        return _Writer(self, path)

    def rename(self, old, new):
        if self.read_only:
            raise OSError(30, "Read-only filesystem")
        if old not in self.files:
            raise OSError(2, "No such file or directory")
        if self.fat_rename and new in self.files:
            self.spend(1, "removing " + new)
            del self.files[new]
        self.spend(1, "renaming " + old)
        self.files[new] = self.files.pop(old)

    def copy(self):
        m = MemoryFiles(self.tear, self.fat_rename)
        m.files = dict(self.files)
        m.read_only = self.read_only
        return m
