# SPDX-License-Identifier: MIT
"""Small binary codec: unsigned varints, fixed-width ints, a CRC-16 frame.

A framed blob is ``magic (2 bytes) | version (1 byte) | payload | crc16 (2 bytes, big end)``.
``unframe`` refuses anything that does not check out with a DecodeError, before any of it
is used, so a corrupt save is never half-loaded.
"""
from .crc import crc16
from .protocol import DecodeError  # noqa: F401  (one class, however often this is loaded)


class Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, x):
        if not 0 <= x < 256:
            raise ValueError("u8 out of range: %d" % x)
        self.buf.append(x)

    def u16(self, x):
        self.buf.append((x >> 8) & 0xFF)
        self.buf.append(x & 0xFF)

    def u32(self, x):
        self.u16((x >> 16) & 0xFFFF)
        self.u16(x & 0xFFFF)

    def varint(self, x):
        if x < 0:
            raise ValueError("varint must be >= 0")
        while x >= 0x80:
            self.buf.append((x & 0x7F) | 0x80)
            x >>= 7
        self.buf.append(x)

    def raw(self, data):
        self.varint(len(data))
        self.buf.extend(data)

    def text(self, s):
        self.raw(s.encode())


class Reader:
    def __init__(self, data, pos=0, end=None):
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def _need(self, n):
        if self.pos + n > self.end:
            raise DecodeError("data ends too early")

    def u8(self):
        self._need(1)
        x = self.data[self.pos]
        self.pos += 1
        return x

    def u16(self):
        self._need(2)
        d = self.data
        p = self.pos
        self.pos = p + 2
        return (d[p] << 8) | d[p + 1]

    def u32(self):
        hi = self.u16()
        return (hi << 16) | self.u16()

    def varint(self):
        x = 0
        shift = 0
        while True:
            b = self.u8()
            x |= (b & 0x7F) << shift
            if not b & 0x80:
                return x
            shift += 7
            if shift > 28:
                raise DecodeError("varint too long")

    def varints(self):
        """A count, then that many varints: a list made at its size (appending would
        double its room as it grows)."""
        n = self.varint()
        if n > self.end - self.pos:
            raise DecodeError("more values than bytes")
        out = [0] * n
        for i in range(n):
            out[i] = self.varint()
        return out

    def raw(self):
        n = self.varint()
        self._need(n)
        p = self.pos
        self.pos = p + n
        return bytes(self.data[p:p + n])

    def text(self):
        try:
            return self.raw().decode()
        except UnicodeError:
            raise DecodeError("text is not UTF-8")

    def done(self):
        if self.pos != self.end:
            raise DecodeError("%d unexpected bytes at the end" % (self.end - self.pos))


def frame(magic, version, payload):
    out = bytearray(magic)
    out.append(version)
    out.extend(payload)
    c = crc16(out)
    out.append(c >> 8)
    out.append(c & 0xFF)
    return bytes(out)


def unframe(magic, version, blob, oldest=None):
    """The payload of a framed blob as a Reader; DecodeError if anything is wrong. A
    version from ``oldest`` (default: ``version`` alone) to ``version`` is read; the
    caller reads it at ``blob[2]``."""
    if not isinstance(blob, (bytes, bytearray)):
        raise DecodeError("expected bytes")
    if len(blob) < 5:
        raise DecodeError("too short to be a saved %s" % magic.decode())
    if blob[0:2] != magic:
        raise DecodeError("not a %s blob (wrong magic)" % magic.decode())
    if not (version if oldest is None else oldest) <= blob[2] <= version:
        raise DecodeError("format version %d, this build reads version %d" % (blob[2], version))
    n = len(blob) - 2
    if crc16(blob[0:n]) != (blob[n] << 8) | blob[n + 1]:
        raise DecodeError("checksum mismatch: the data is damaged")
    return Reader(blob, 3, n)
